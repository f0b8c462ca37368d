/**
 * Every scenario of the sandbox test-credentials catalogue (GET /v1/sandbox/test_credentials)
 * drives its documented outcome over real HTTP: each card token, the bank transfer, each test
 * bank account (paid, failed with each code, returned later, stuck until advanced). The clock is
 * moved by the documented timings and the scheduler ticked; balances are checked at each step.
 */
import { expect } from 'chai';
import { PAYOUT_PENDING_MS, PAYOUT_PROCESSING_MS, PAYOUT_RETURN_MS, SLOW_CARD_MS } from '../../../api/payments/sandbox.js';
import { balanceOf, card, createTestMerchant, pay, payoutBody, startPaymentsServer, topUp, type PaymentsServer, type TestMerchant } from '../../support/payments.js';

interface CardEntry { token: string; outcome: string; failure_code: string | null; processing_seconds: number; example: unknown }
interface AccountEntry { account_number: string; outcome: string; failure_code: string | null; example: unknown }

describe('sandbox test credentials: every scenario in the catalogue', () => {
  let server: PaymentsServer;
  let m: TestMerchant;
  let catalogue: { cards: CardEntry[]; bank_accounts: AccountEntry[]; bank_transfer: { example: unknown } };
  before(async () => {
    server = await startPaymentsServer();
    m = await createTestMerchant(server);
    const res = await pay(server, '/v1/sandbox/test_credentials', { key: m.sandbox });
    expect(res.status).to.equal(200);
    catalogue = res.body;
  });
  after(async () => server.stop());

  /** The events of an object, oldest first. */
  const eventsOf = async (id: string) => ((await pay(server, `/v1/events?object=${id}&limit=100`, { key: m.sandbox })).body.data as { type: string }[]).map((e) => e.type).reverse();
  const get = async (path: string) => (await pay(server, path, { key: m.sandbox })).body;

  it('lists six card tokens and a bank account per outcome and failure code; 404 with a live key', async () => {
    expect(catalogue.cards.map((c) => c.token)).to.deep.equal(['tok_sandbox_success', 'tok_sandbox_declined', 'tok_sandbox_insufficient_funds', 'tok_sandbox_expired_card', 'tok_sandbox_processing_error', 'tok_sandbox_slow_success']);
    expect(catalogue.bank_accounts.map((a) => a.outcome)).to.deep.equal(['paid', 'failed', 'failed', 'failed', 'failed', 'failed', 'returned', 'stuck']);
    expect(catalogue.bank_accounts.filter((a) => a.outcome === 'failed').map((a) => a.failure_code)).to.deep.equal(['account_closed', 'no_account', 'invalid_account_number', 'account_frozen', 'could_not_process']);
    const live = await pay(server, '/v1/sandbox/test_credentials', { key: m.live });
    expect(live.status).to.equal(404);
    for (const path of ['/v1/sandbox/balances/top_up', '/v1/sandbox/payins/payin_x/advance', '/v1/sandbox/payouts/payout_x/advance']) {
      expect((await pay(server, path, { key: m.live, idem: true, body: { currency: 'EUR', amount: 1 } })).status, path).to.equal(404);
    }
  });

  it('each card token: its example ends in the documented status and failure code, and balances follow', async () => {
    for (const c of catalogue.cards) {
      const before = await balanceOf(server, m.sandbox);
      const res = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: c.example });
      expect(res.status, c.token).to.equal(201); // a decline is an object in state failed, not an HTTP error
      const amount = (c.example as { amount: number }).amount;
      if (c.processing_seconds > 0) {
        expect(res.body.status, c.token).to.equal('processing');
        expect(await balanceOf(server, m.sandbox)).to.include({ available: before.available, pending: before.pending + amount });
        server.clock.advance(c.processing_seconds * 1000 - 1);
        await server.tick();
        expect((await get(`/v1/payins/${res.body.id}`)).status, 'not before its time').to.equal('processing');
        server.clock.advance(1);
        await server.tick();
      }
      const after = await get(`/v1/payins/${res.body.id}`);
      expect(after.status, c.token).to.equal(c.outcome);
      expect(after.failure_code, c.token).to.equal(c.failure_code);
      const credited = c.outcome === 'succeeded' ? amount : 0;
      expect(await balanceOf(server, m.sandbox), c.token).to.include({ available: before.available + credited, pending: before.pending });
      expect(await eventsOf(res.body.id), c.token).to.deep.equal(['payin.created', 'payin.processing', `payin.${c.outcome}`]);
    }
  });

  it('the slow card can be advanced at once instead of waiting', async () => {
    const res = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: card('tok_sandbox_slow_success', 300) });
    const adv = await pay(server, `/v1/sandbox/payins/${res.body.id}/advance`, { key: m.sandbox, idem: true, method: 'POST' });
    expect(adv.status).to.equal(200);
    expect(adv.body.status).to.equal('succeeded');
    server.clock.advance(SLOW_CARD_MS);
    await server.tick();
    expect((await get(`/v1/payins/${res.body.id}`)).status, 'its timer went with the step').to.equal('succeeded');
  });

  it('a bank transfer waits pending, then advances pending -> processing -> succeeded; invalid steps are 409; unpaid, it expires after 7 days', async () => {
    const res = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: catalogue.bank_transfer.example });
    expect(res.body).to.include({ status: 'pending' });
    expect(res.body.payment_method.bank_transfer.reference).to.match(/^PI-[0-9A-Z]{10}$/);
    const amount = res.body.amount;
    const before = await balanceOf(server, m.sandbox);
    const bad = await pay(server, `/v1/sandbox/payins/${res.body.id}/advance`, { key: m.sandbox, idem: true, body: { to: 'succeeded' } });
    expect(bad.status).to.equal(409);
    expect(bad.body.error.code).to.equal('invalid_transition');
    expect(bad.body.error.details).to.deep.equal({ status: 'pending', requested: 'succeeded', allowed: ['processing', 'canceled', 'expired'] });
    expect((await pay(server, `/v1/sandbox/payins/${res.body.id}/advance`, { key: m.sandbox, idem: true, method: 'POST' })).body.status).to.equal('processing');
    expect(await balanceOf(server, m.sandbox)).to.include({ pending: before.pending + amount });
    expect((await pay(server, `/v1/payins/${res.body.id}/cancel`, { key: m.sandbox, idem: true, method: 'POST' })).status, 'processing cannot be canceled').to.equal(409);
    expect((await pay(server, `/v1/sandbox/payins/${res.body.id}/advance`, { key: m.sandbox, idem: true, method: 'POST' })).body.status).to.equal('succeeded');
    expect(await balanceOf(server, m.sandbox)).to.include({ available: before.available + amount, pending: before.pending });

    const failing = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: catalogue.bank_transfer.example });
    await pay(server, `/v1/sandbox/payins/${failing.body.id}/advance`, { key: m.sandbox, idem: true, method: 'POST' });
    const failed = await pay(server, `/v1/sandbox/payins/${failing.body.id}/advance`, { key: m.sandbox, idem: true, body: { to: 'failed' } });
    expect(failed.body).to.include({ status: 'failed', failure_code: 'transfer_rejected' });

    const idle = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: catalogue.bank_transfer.example });
    const canceled = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: catalogue.bank_transfer.example });
    expect((await pay(server, `/v1/payins/${canceled.body.id}/cancel`, { key: m.sandbox, idem: true, method: 'POST' })).body.status).to.equal('canceled');
    server.clock.advance(7 * 24 * 3_600_000);
    await server.tick();
    expect((await get(`/v1/payins/${idle.body.id}`)).status).to.equal('expired');
    expect((await get(`/v1/payins/${canceled.body.id}`)).status).to.equal('canceled');
    expect(await eventsOf(idle.body.id)).to.deep.equal(['payin.created', 'payin.expired']);
  });

  it('each test bank account: its example payout ends as documented, with the reserve, release, payment and return on the balance', async () => {
    await topUp(server, m.sandbox, 100_000);
    for (const a of catalogue.bank_accounts) {
      const before = await balanceOf(server, m.sandbox);
      const res = await pay(server, '/v1/payouts', { key: m.sandbox, idem: true, body: a.example });
      expect(res.status, a.account_number).to.equal(201);
      const total = res.body.amount + res.body.fee;
      expect(res.body.fee).to.equal(25);
      expect(res.body.bank_account).to.deep.equal({ account_holder_name: 'Test Holder', country: 'DE', last4: a.account_number.slice(-4), routing_number: null });
      expect(JSON.stringify(res.body), 'the full number is write-only').not.to.include(a.account_number);
      expect(await balanceOf(server, m.sandbox)).to.include({ available: before.available - total, reserved: before.reserved + total });

      server.clock.advance(PAYOUT_PENDING_MS);
      await server.tick();
      expect((await get(`/v1/payouts/${res.body.id}`)).status, a.account_number).to.equal('processing');
      server.clock.advance(PAYOUT_PROCESSING_MS);
      await server.tick();
      const settled = await get(`/v1/payouts/${res.body.id}`);
      const b = await balanceOf(server, m.sandbox);
      if (a.outcome === 'stuck') {
        expect(settled.status).to.equal('processing');
        server.clock.advance(3_600_000);
        await server.tick();
        expect((await get(`/v1/payouts/${res.body.id}`)).status, 'stuck until advanced').to.equal('processing');
        const adv = await pay(server, `/v1/sandbox/payouts/${res.body.id}/advance`, { key: m.sandbox, idem: true, body: { to: 'paid' } });
        expect(adv.body.status).to.equal('paid');
        expect(await balanceOf(server, m.sandbox)).to.include({ available: before.available - total, reserved: before.reserved });
        continue;
      }
      if (a.outcome === 'failed') {
        expect(settled).to.include({ status: 'failed', failure_code: a.failure_code });
        expect(b, 'released').to.include({ available: before.available, reserved: before.reserved });
        expect(await eventsOf(res.body.id)).to.deep.equal(['payout.created', 'payout.processing', 'payout.failed']);
        continue;
      }
      expect(settled.status).to.equal('paid');
      expect(b, 'the reserve left the balance').to.include({ available: before.available - total, reserved: before.reserved });
      server.clock.advance(PAYOUT_RETURN_MS);
      await server.tick();
      const later = await get(`/v1/payouts/${res.body.id}`);
      if (a.outcome === 'returned') {
        expect(later).to.include({ status: 'returned', failure_code: a.failure_code });
        expect(await balanceOf(server, m.sandbox), 'amount back, fee kept').to.include({ available: before.available - res.body.fee, reserved: before.reserved });
        expect(await eventsOf(res.body.id)).to.deep.equal(['payout.created', 'payout.processing', 'payout.paid', 'payout.returned']);
      } else {
        expect(later.status).to.equal('paid');
      }
    }
  });

  it('advance validates the payout state machine (409) and its body (400); a pending payout can be canceled, releasing the reserve', async () => {
    await topUp(server, m.sandbox, 10_000);
    const before = await balanceOf(server, m.sandbox);
    const res = await pay(server, '/v1/payouts', { key: m.sandbox, idem: true, body: payoutBody('000999999991', 1_000) });
    const jump = await pay(server, `/v1/sandbox/payouts/${res.body.id}/advance`, { key: m.sandbox, idem: true, body: { to: 'paid' } });
    expect(jump.status).to.equal(409);
    expect(jump.body.error.details.allowed).to.deep.equal(['processing', 'canceled']);
    expect((await pay(server, `/v1/sandbox/payouts/${res.body.id}/advance`, { key: m.sandbox, idem: true, body: {} })).status).to.equal(400);
    expect((await pay(server, `/v1/sandbox/payouts/${res.body.id}/advance`, { key: m.sandbox, idem: true, body: { to: 'sent' } })).status).to.equal(400);
    const cancel = await pay(server, `/v1/payouts/${res.body.id}/cancel`, { key: m.sandbox, idem: true, method: 'POST' });
    expect(cancel.body.status).to.equal('canceled');
    expect(await balanceOf(server, m.sandbox)).to.include({ available: before.available, reserved: before.reserved });
    const again = await pay(server, `/v1/payouts/${res.body.id}/cancel`, { key: m.sandbox, idem: true, method: 'POST' });
    expect(again.status, 'canceled is final').to.equal(409);
    expect(await balanceOf(server, m.sandbox), 'released once').to.include({ available: before.available, reserved: before.reserved });

    const f = await pay(server, '/v1/payouts', { key: m.sandbox, idem: true, body: payoutBody('000999999991', 1_000) });
    await pay(server, `/v1/sandbox/payouts/${f.body.id}/advance`, { key: m.sandbox, idem: true, body: { to: 'processing' } });
    const failed = await pay(server, `/v1/sandbox/payouts/${f.body.id}/advance`, { key: m.sandbox, idem: true, body: { to: 'failed', failure_code: 'account_frozen' } });
    expect(failed.body).to.include({ status: 'failed', failure_code: 'account_frozen' });
    expect((await pay(server, `/v1/sandbox/payouts/${f.body.id}/advance`, { key: m.sandbox, idem: true, body: { to: 'returned' } })).status, 'failed is final').to.equal(409);
    expect(await balanceOf(server, m.sandbox)).to.include({ available: before.available, reserved: before.reserved });
  });
  it("one record's timed action that fails (not a state refusal) is said and skipped: the other merchants' actions, events and housekeeping go on (a throw stopped every pass)", async () => {
    const other = await createTestMerchant(server, { name: 'Other Shop' });
    await topUp(server, m.sandbox, 10_000);
    await topUp(server, other.sandbox, 10_000);
    const stuck = await pay(server, '/v1/payouts', { key: m.sandbox, idem: true, body: payoutBody('000999999991', 1_000) });
    const moving = await pay(server, '/v1/payouts', { key: other.sandbox, idem: true, body: payoutBody('000999999991', 1_000) });
    expect(stuck.status).to.equal(201);
    expect(moving.status).to.equal(201);
    // A fault on one record only, as a balance past its range would be.
    const objects = server.store.payments.objects;
    const get = objects.get.bind(objects);
    objects.get = (async (kind: Parameters<typeof get>[0], scope: Parameters<typeof get>[1], id: string) => {
      if (id === stuck.body.id) throw new Error('injected: this record cannot be moved');
      return get(kind, scope, id);
    }) as typeof objects.get;
    try {
      server.clock.advance(PAYOUT_PENDING_MS);
      await server.tick();
    } finally {
      objects.get = get;
    }
    expect((await pay(server, `/v1/payouts/${moving.body.id}`, { key: other.sandbox })).body.status).to.equal('processing');
    expect(server.logLines.some((l) => l.includes('payments timed action failed') && l.includes(stuck.body.id))).to.equal(true);
    // Its own action is tried again at the next pass.
    await server.tick();
    expect((await pay(server, `/v1/payouts/${stuck.body.id}`, { key: m.sandbox })).body.status).to.equal('processing');
  });
});
