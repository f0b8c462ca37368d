/**
 * Idempotency over real HTTP: the key is required on money POSTs; a retry replays the stored
 * answer (Idempotent-Replayed: true), another body with the same key is 422, a key still running
 * is 409; 10 concurrent retries of one payout create one payout and reserve once; replays
 * survive a restart of the server.
 */
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../api/canonicalJson.js';
import { createPayout } from '../../../api/payments/payouts.js';
import type { Scope } from '../../../store/payments/model.js';
import { balanceOf, createTestMerchant, newKey, pay, payoutBody, startPaymentsServer, topUp, type PaymentsServer, type TestMerchant } from '../../support/payments.js';

describe('payments idempotency', () => {
  let server: PaymentsServer;
  let m: TestMerchant;
  beforeEach(async () => {
    server = await startPaymentsServer();
    m = await createTestMerchant(server);
    await topUp(server, m.sandbox, 10_000);
  });
  afterEach(async () => server?.stop());

  it('is required on every POST that creates or moves money (400 naming the header)', async () => {
    const paths: [string, unknown][] = [
      ['/v1/payins', { amount: 100, currency: 'EUR', payment_method: { type: 'bank_transfer' } }],
      ['/v1/payouts', payoutBody('000123456789')],
      ['/v1/conversions', { quote: 'quote_01M83J7Q24753P8X0FJ0Z3BZ6T' }],
      ['/v1/sandbox/balances/top_up', { currency: 'EUR', amount: 1 }],
    ];
    for (const [path, body] of paths) {
      const res = await pay(server, path, { key: m.sandbox, body });
      expect(res.status, path).to.equal(400);
      expect(res.body.error.details.fields).to.have.property('Idempotency-Key');
    }
    expect((await balanceOf(server, m.sandbox)).available, 'nothing moved').to.equal(10_000);
  });

  it('the same key and body replays the first answer with Idempotent-Replayed; another body is 422; the payout exists once', async () => {
    const key = newKey();
    const first = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body: payoutBody('000123456789', 1_000) });
    expect(first.status).to.equal(201);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    const again = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body: payoutBody('000123456789', 1_000) });
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
    // Key order does not make another body.
    const reordered = { currency: 'EUR', bank_account: { account_number: '000123456789', country: 'DE', account_holder_name: 'Test Holder' }, amount: 1_000 };
    expect((await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body: reordered })).headers.get('idempotent-replayed')).to.equal('true');
    // Nor does another spelling of the same route (a trailing slash, another case).
    for (const path of ['/v1/payouts/', '/V1/Payouts']) {
      const spelt = await pay(server, path, { key: m.sandbox, idem: key, body: payoutBody('000123456789', 1_000) });
      expect(spelt.status, path).to.equal(201);
      expect(spelt.headers.get('idempotent-replayed'), path).to.equal('true');
    }
    const other = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body: payoutBody('000123456789', 2_000) });
    expect(other.status).to.equal(422);
    expect(other.body.error.code).to.equal('idempotency_key_reused');
    expect((await pay(server, '/v1/payouts', { key: m.sandbox })).body.data).to.have.length(1);
    expect(await balanceOf(server, m.sandbox)).to.include({ available: 10_000 - 1_025, reserved: 1_025 });
    // Keys are per environment: the same key in live is a new request.
    const live = await pay(server, '/v1/payouts', { key: m.live, idem: key, body: payoutBody('000123456789', 1_000) });
    expect(live.status).to.equal(402);
  });

  it('an idempotent payout retried 10 times concurrently creates exactly one payout and reserves once', async () => {
    const key = newKey('concurrent');
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body: payoutBody('000123456789', 3_000) })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length, JSON.stringify(statuses)).to.be.at.least(1);
    expect(statuses.every((s) => s === 201 || s === 409), JSON.stringify(statuses)).to.equal(true);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body.error.code).to.equal('idempotency_key_in_use');
      expect(a.headers.get('retry-after')).to.equal('1');
    }
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id));
    expect(ids.size).to.equal(1);
    expect((await pay(server, '/v1/payouts', { key: m.sandbox })).body.data).to.have.length(1);
    expect(await balanceOf(server, m.sandbox)).to.include({ available: 10_000 - 3_025, reserved: 3_025 });
    // After the running one finished, a retry replays it.
    const later = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body: payoutBody('000123456789', 3_000) });
    expect(later.status).to.equal(201);
    expect(later.body.id).to.equal([...ids][0]);
  });

  it('a refusal that decided something (402) is replayed too; an invalid request (400) is not stored', async () => {
    const key = newKey();
    const short = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body: payoutBody('000123456789', 50_000) });
    expect(short.status).to.equal(402);
    expect(short.body.error).to.deep.include({ code: 'insufficient_funds' });
    expect(short.body.error.details).to.deep.equal({ currency: 'EUR', available: 10_000, required: 50_025 });
    const replay = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body: payoutBody('000123456789', 50_000) });
    expect(replay.status).to.equal(402);
    expect(replay.headers.get('idempotent-replayed')).to.equal('true');

    const key2 = newKey();
    const invalid = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key2, body: { ...payoutBody('000123456789'), amount: 10.5 } });
    expect(invalid.status).to.equal(400);
    const fixed = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key2, body: payoutBody('000123456789') });
    expect(fixed.status, 'the key was not used up by the invalid request').to.equal(201);
  });

  it('replays survive a restart of the server', async () => {
    const key = newKey();
    const first = await pay(server, '/v1/payins', { key: m.sandbox, idem: key, body: { amount: 1234, currency: 'EUR', payment_method: { type: 'card', token: 'tok_sandbox_success' } } });
    expect(first.status).to.equal(201);
    const dataDir = server.dataDir;
    await server.stop({ keepData: true });
    server = await startPaymentsServer({ dataDir, clock: server.clock });
    const again = await pay(server, '/v1/payins', { key: m.sandbox, idem: key, body: { amount: 1234, currency: 'EUR', payment_method: { type: 'card', token: 'tok_sandbox_success' } } });
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
    expect((await pay(server, '/v1/payins', { key: m.sandbox })).body.data).to.have.length(1);
    expect((await balanceOf(server, m.sandbox)).available).to.equal(10_000 + 1234);
  });

  it('a request that died half-way (its hold lapsed) is completed by the retry, without a second payout or reserve', async () => {
    const key = newKey();
    const body = payoutBody('000123456789', 700);
    const scope: Scope = { merchantId: m.id, environment: 'sandbox' };
    const now = server.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    // The first request began and created its payout, then its process died before storing the answer.
    const requestHash = createHash('sha256').update(`POST /v1/payouts ${canonicalJson(body)}`).digest('hex');
    const begun = await server.store.payments.idempotency.begin({ ...scope, key, requestHash, state: 'running', lockedUntil: iso(now + 60_000), response: null, createdAt: iso(now), expiresAt: iso(now + 86_400_000) }, iso(now));
    expect(begun.status).to.equal('started');
    const { payout } = await createPayout(server.payments.ctx, scope, body, `${key} ${iso(now)}`);
    const early = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body });
    expect(early.status, 'while its hold lasts').to.equal(409);
    server.clock.advance(60_000);
    const retry = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body });
    expect(retry.status, 'the existing payout, not a new one').to.equal(200);
    expect(retry.body.id).to.equal(payout.id);
    expect((await pay(server, '/v1/payouts', { key: m.sandbox })).body.data).to.have.length(1);
    expect(await balanceOf(server, m.sandbox)).to.include({ available: 10_000 - 725, reserved: 725 });
    expect((await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body })).headers.get('idempotent-replayed')).to.equal('true');
  });

  it('a request that failed after it wrote (a 500) is completed by its retry, without a second payout or reserve', async () => {
    const key = newKey();
    const body = payoutBody('000123456789', 700);
    const before = (await pay(server, '/v1/payouts', { key: m.sandbox })).body.data.length;
    const held = await balanceOf(server, m.sandbox);
    // The store writes the payout, then the request fails (a fault after the write: the answer is lost).
    const objects = server.store.payments.objects;
    const create = objects.create.bind(objects);
    objects.create = async (...args: Parameters<typeof create>) => {
      objects.create = create;
      await create(...args);
      throw new Error('the disk went away after the write');
    };
    try {
      const failed = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body });
      expect(failed.status).to.equal(500);
    } finally {
      objects.create = create;
    }
    expect((await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body: { ...body, amount: 1 } })).status, 'another body: still this key').to.equal(422);
    const retry = await pay(server, '/v1/payouts', { key: m.sandbox, idem: key, body });
    expect(retry.status, JSON.stringify(retry.body)).to.be.oneOf([200, 201]);
    const listed = (await pay(server, '/v1/payouts', { key: m.sandbox })).body.data as { id: string }[];
    expect(listed).to.have.length(before + 1);
    expect(listed.map((x) => x.id)).to.include(retry.body.id);
    expect(await balanceOf(server, m.sandbox)).to.include({ available: held.available - 725, reserved: held.reserved + 725 });
  });

  it('a key is forgotten after 24 hours', async () => {
    const key = newKey();
    const body = { amount: 10, currency: 'EUR', payment_method: { type: 'bank_transfer' } };
    const first = await pay(server, '/v1/payins', { key: m.sandbox, idem: key, body });
    server.clock.advance(24 * 3_600_000 + 1);
    const other = await pay(server, '/v1/payins', { key: m.sandbox, idem: key, body: { ...body, amount: 11 } });
    expect(other.status, 'a new request, no longer a mismatch').to.equal(201);
    expect(other.body.id).not.to.equal(first.body.id);
  });
});
