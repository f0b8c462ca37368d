/**
 * Money over real HTTP: amounts in minor units (what is not representable is 400), the currency
 * table, quotes (exact rates, rounding against the merchant, fees, 5-minute lock, single use) and
 * conversions (both balances at once; 402 when short, 409 when expired or used), and the live
 * rail: live objects wait until the operator records what the bank did.
 */
import { expect } from 'chai';
import { setRate } from '../../../api/payments/fx.js';
import { failPayin, receivePayin } from '../../../api/payments/payins.js';
import { markPayout } from '../../../api/payments/payouts.js';
import { balanceOf, createTestMerchant, pay, payoutBody, startPaymentsServer, topUp, type PaymentsServer, type TestMerchant } from '../../support/payments.js';

describe('payments money: amounts, currencies, quotes, conversions, the live rail', () => {
  let server: PaymentsServer;
  let m: TestMerchant;
  const ctx = () => server.payments.ctx;
  before(async () => {
    server = await startPaymentsServer();
    m = await createTestMerchant(server);
    const at = server.clock.now();
    await setRate(server.store.payments, { from: 'EUR', to: 'USD', mid: '1.0825', markupBps: 50 }, at);
    await setRate(server.store.payments, { from: 'EUR', to: 'JPY', mid: '161.37', markupBps: 0 }, at);
    await setRate(server.store.payments, { from: 'JPY', to: 'EUR', mid: '0.0062', markupBps: 0 }, at);
    await setRate(server.store.payments, { from: 'EUR', to: 'KWD', mid: '0.3315', markupBps: 0 }, at);
    await setRate(server.store.payments, { from: 'EUR', to: 'GBP', mid: '2.5', markupBps: 0 }, at);
    await setRate(server.store.payments, { from: 'EUR', to: 'CHF', mid: '0.95', markupBps: 0, fee: 30 }, at);
  });
  after(async () => server.stop());

  const quote = async (body: Record<string, unknown>) => pay(server, '/v1/quotes', { key: m.sandbox, body });

  it('GET /v1/currencies is public and gives ISO 4217 exponents (JPY 0, EUR 2, KWD 3)', async () => {
    const res = await pay(server, '/v1/currencies', {});
    expect(res.status).to.equal(200);
    const by = Object.fromEntries(res.body.data.map((c: { code: string; exponent: number }) => [c.code, c.exponent]));
    expect(by).to.include({ JPY: 0, EUR: 2, USD: 2, KWD: 3, BHD: 3, ISK: 0 });
  });

  it('amounts that are not representable in minor units are 400, never rounded', async () => {
    for (const [amount, why] of [[10.5, /not representable/], [0, /at least 1/], [-5, /at least 1/], ['100', /integer/], [1e13, /at most/]] as const) {
      const res = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: { amount, currency: 'EUR', payment_method: { type: 'bank_transfer' } } });
      expect(res.status, String(amount)).to.equal(400);
      expect(res.body.error.details.fields.amount).to.match(why);
    }
    const jpy = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: { amount: 12.5, currency: 'JPY', payment_method: { type: 'bank_transfer' } } });
    expect(jpy.status).to.equal(400);
    // A fraction too small for a double: JSON parsing alone would read it as 100 and accept it.
    for (const written of ['100.0000000000000001', '2500.0000000000000000000001', '1.00000000000000000001e2']) {
      const res = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, headers: { 'Content-Type': 'application/json' }, rawBody: `{"amount":${written},"currency":"EUR","payment_method":{"type":"bank_transfer"},"description":"1.5 and \\"2.0000000000000000001\\" in a string are text"}` });
      expect(res.status, written).to.equal(400);
      expect(res.body.error.message, written).to.include(written);
    }
    // Whole numbers however written are whole: 100.0, 1e2 and 10000e-2 are 100.
    for (const written of ['100.0', '1e2', '10000e-2']) {
      const res = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, headers: { 'Content-Type': 'application/json' }, rawBody: `{"amount":${written},"currency":"EUR","payment_method":{"type":"bank_transfer"},"description":"x 2.0000000000000000001"}` });
      expect(res.status, written).to.equal(201);
      expect(res.body.amount, written).to.equal(100);
    }
    for (const currency of ['usd', 'XXX', 'EURO']) {
      const res = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: { amount: 1, currency, payment_method: { type: 'bank_transfer' } } });
      expect(res.status, currency).to.equal(400);
      expect(res.body.error.details.fields).to.have.property('currency');
    }
  });

  it('quotes: rate = mid less the markup, exact; buy amounts rounded down (the merchant receives them) at each exponent', async () => {
    const q = await quote({ sell_currency: 'EUR', buy_currency: 'USD', sell_amount: 10_000 });
    expect(q.status).to.equal(201);
    // 1.0825 * (1 - 0.0050) = 1.0770875; 10000 cents * 1.0770875 = 10770.875 cents -> 10770
    expect(q.body).to.include({ status: 'open', sell_amount: 10_000, buy_amount: 10_770, rate: '1.0770875', mid_market_rate: '1.0825', markup_bps: 50 });
    expect(q.body.fee).to.deep.equal({ amount: 0, currency: 'EUR' });
    expect(q.body.expires_at).to.equal(new Date(server.clock.now() + 5 * 60_000).toISOString());
    // Down, ties too: 1 * 2.5 = 2.5 -> 2; 3 * 2.5 = 7.5 -> 7; 5 * 2.5 = 12.5 -> 12; 4 * 2.5 = 10 exactly
    for (const [sell, buy] of [[1, 2], [3, 7], [5, 12], [7, 17], [4, 10]]) expect((await quote({ sell_currency: 'EUR', buy_currency: 'GBP', sell_amount: sell })).body.buy_amount, `${sell}`).to.equal(buy);
    // EUR (2) -> JPY (0): 1000 cents * 161.37 / 100 = 1613.7 yen -> 1613
    expect((await quote({ sell_currency: 'EUR', buy_currency: 'JPY', sell_amount: 1_000 })).body.buy_amount).to.equal(1_613);
    // JPY (0) -> EUR (2): 1000 yen * 0.0062 * 100 = 620 cents
    expect((await quote({ sell_currency: 'JPY', buy_currency: 'EUR', sell_amount: 1_000 })).body.buy_amount).to.equal(620);
    // EUR (2) -> KWD (3): 10000 cents * 0.3315 * 10 = 33150 fils
    expect((await quote({ sell_currency: 'EUR', buy_currency: 'KWD', sell_amount: 10_000 })).body.buy_amount).to.equal(33_150);
  });

  it('quotes for a buy amount, and the fee in the sell currency', async () => {
    // The sell amount the merchant pays rounds up: 10771 / 1.0770875 = 10000.116... -> 10001 cents; 10770 / 1.0770875 = 9999.19 -> 10000
    expect((await quote({ sell_currency: 'EUR', buy_currency: 'USD', buy_amount: 10_771 })).body).to.include({ sell_amount: 10_001, buy_amount: 10_771 });
    expect((await quote({ sell_currency: 'EUR', buy_currency: 'USD', buy_amount: 10_770 })).body).to.include({ sell_amount: 10_000, buy_amount: 10_770 });
    // fee 30: (10000 - 30) * 0.95 = 9471.5 -> 9471 (down); buying 9472 costs 9472 / 0.95 = 9970.5... -> 9971 (up), + 30
    const withFee = await quote({ sell_currency: 'EUR', buy_currency: 'CHF', sell_amount: 10_000 });
    expect(withFee.body).to.include({ buy_amount: 9_471 });
    expect(withFee.body.fee).to.deep.equal({ amount: 30, currency: 'EUR' });
    expect((await quote({ sell_currency: 'EUR', buy_currency: 'CHF', buy_amount: 9_472 })).body.sell_amount).to.equal(10_001);
    expect((await quote({ sell_currency: 'EUR', buy_currency: 'CHF', sell_amount: 30 })).status, 'does not cover the fee').to.equal(400);
  });

  it('quotes: exactly one amount, two different currencies, a rate that exists (422 rate_unavailable)', async () => {
    expect((await quote({ sell_currency: 'EUR', buy_currency: 'USD', sell_amount: 1, buy_amount: 1 })).status).to.equal(400);
    expect((await quote({ sell_currency: 'EUR', buy_currency: 'USD' })).status).to.equal(400);
    expect((await quote({ sell_currency: 'EUR', buy_currency: 'EUR', sell_amount: 1 })).status).to.equal(400);
    const none = await quote({ sell_currency: 'USD', buy_currency: 'EUR', sell_amount: 100 });
    expect(none.status).to.equal(422);
    expect(none.body.error.code).to.equal('rate_unavailable');
  });

  it('a conversion moves both balances at the quoted amounts at once; the quote is single use (409 quote_used)', async () => {
    await topUp(server, m.sandbox, 20_000);
    const before = { eur: await balanceOf(server, m.sandbox, 'EUR'), usd: await balanceOf(server, m.sandbox, 'USD') };
    const q = await quote({ sell_currency: 'EUR', buy_currency: 'USD', sell_amount: 10_000 });
    const c = await pay(server, '/v1/conversions', { key: m.sandbox, idem: true, body: { quote: q.body.id } });
    expect(c.status).to.equal(201);
    expect(c.body).to.include({ object: 'conversion', status: 'completed', quote: q.body.id, sell_amount: 10_000, buy_amount: 10_770, rate: '1.0770875' });
    expect((await balanceOf(server, m.sandbox, 'EUR')).available).to.equal(before.eur.available - 10_000);
    expect((await balanceOf(server, m.sandbox, 'USD')).available).to.equal(before.usd.available + 10_770);
    expect((await pay(server, `/v1/quotes/${q.body.id}`, { key: m.sandbox })).body).to.include({ status: 'used', conversion: c.body.id });
    const again = await pay(server, '/v1/conversions', { key: m.sandbox, idem: true, body: { quote: q.body.id } });
    expect(again.status).to.equal(409);
    expect(again.body.error.code).to.equal('quote_used');
    const events = (await pay(server, `/v1/events?object=${c.body.id}`, { key: m.sandbox })).body.data;
    expect(events.map((e: { type: string }) => e.type)).to.deep.equal(['conversion.completed']);
    expect((await pay(server, `/v1/conversions/${c.body.id}`, { key: m.live })).status).to.equal(404);
  });

  it('a quote is locked 5 minutes: at its expiry 409 quote_expired', async () => {
    await topUp(server, m.sandbox, 1_000);
    const q = await quote({ sell_currency: 'EUR', buy_currency: 'USD', sell_amount: 100 });
    server.clock.advance(5 * 60_000);
    const late = await pay(server, '/v1/conversions', { key: m.sandbox, idem: true, body: { quote: q.body.id } });
    expect(late.status).to.equal(409);
    expect(late.body.error.code).to.equal('quote_expired');
    expect((await pay(server, `/v1/quotes/${q.body.id}`, { key: m.sandbox })).body.status).to.equal('expired');
    const fresh = await quote({ sell_currency: 'EUR', buy_currency: 'USD', sell_amount: 100 });
    server.clock.advance(5 * 60_000 - 1);
    expect((await pay(server, '/v1/conversions', { key: m.sandbox, idem: true, body: { quote: fresh.body.id } })).status, 'its last millisecond').to.equal(201);
  });

  it('402 insufficient_funds when the sell balance is short: nothing moves and the quote stays usable', async () => {
    const shop = await createTestMerchant(server, { name: 'Short' });
    await topUp(server, shop.sandbox, 500);
    const q = (await pay(server, '/v1/quotes', { key: shop.sandbox, body: { sell_currency: 'EUR', buy_currency: 'USD', sell_amount: 1_000 } })).body;
    const short = await pay(server, '/v1/conversions', { key: shop.sandbox, idem: true, body: { quote: q.id } });
    expect(short.status).to.equal(402);
    expect(short.body.error).to.deep.include({ code: 'insufficient_funds', details: { currency: 'EUR', available: 500, required: 1_000 } });
    expect(await balanceOf(server, shop.sandbox, 'USD')).to.include({ available: 0 });
    await topUp(server, shop.sandbox, 500);
    expect((await pay(server, '/v1/conversions', { key: shop.sandbox, idem: true, body: { quote: q.id } })).status).to.equal(201);
    expect(await balanceOf(server, shop.sandbox, 'EUR')).to.include({ available: 0 });
  });

  it('a payout over the available balance is 402 and creates nothing', async () => {
    const shop = await createTestMerchant(server, { name: 'Empty' });
    await topUp(server, shop.sandbox, 1_000);
    const res = await pay(server, '/v1/payouts', { key: shop.sandbox, idem: true, body: payoutBody('000123456789', 976) });
    expect(res.status, '976 + 25 fee > 1000').to.equal(402);
    expect((await pay(server, '/v1/payouts', { key: shop.sandbox })).body.data).to.deep.equal([]);
    expect((await pay(server, '/v1/events?type=payout.created', { key: shop.sandbox })).body.data).to.deep.equal([]);
    expect((await pay(server, '/v1/payouts', { key: shop.sandbox, idem: true, body: payoutBody('000123456789', 975) })).status).to.equal(201);
    expect(await balanceOf(server, shop.sandbox)).to.include({ available: 0, reserved: 1_000 });
  });

  it("a payout's bank country must be an ISO 3166-1 country (or XK, Kosovo's IBAN code): ZZ, EU, UK and lower case are 400 naming bank_account.country (ZZ was accepted)", async () => {
    const shop = await createTestMerchant(server, { name: 'Countries' });
    await topUp(server, shop.sandbox, 10_000);
    for (const country of ['ZZ', 'EU', 'UK', 'de']) {
      const body = { ...payoutBody('000123456789', 100), bank_account: { account_holder_name: 'Holder', country, account_number: '000123456789' } };
      const res = await pay(server, '/v1/payouts', { key: shop.sandbox, idem: true, body });
      expect(res.status, country).to.equal(400);
      expect(res.body.error.details.fields['bank_account.country'], country).to.equal('must be the ISO 3166-1 alpha-2 code of a country (upper case, e.g. DE; XK for Kosovo)');
    }
    for (const country of ['SS', 'XK', 'GB']) {
      const ok = { ...payoutBody('000123456789', 100), bank_account: { account_holder_name: 'Holder', country, account_number: '000123456789' } };
      expect((await pay(server, '/v1/payouts', { key: shop.sandbox, idem: true, body: ok })).status, country).to.equal(201);
    }
  });

  it('50 concurrent payouts against one balance over HTTP: exactly as many as it covers, never negative', async () => {
    const shop = await createTestMerchant(server, { name: 'Crowd' });
    await topUp(server, shop.sandbox, 1_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(server, '/v1/payouts', { key: shop.sandbox, idem: true, body: payoutBody('000123456789', 5) })));
    expect(answers.filter((a) => a.status === 201)).to.have.length(33); // floor(1000 / (5 + 25 fee))
    expect(answers.filter((a) => a.status === 402)).to.have.length(17);
    expect(await balanceOf(server, shop.sandbox)).to.include({ available: 10, reserved: 990 });
    expect((await pay(server, '/v1/payouts?limit=100', { key: shop.sandbox })).body.data).to.have.length(33);
  });

  it('live: objects wait for the operator, who records what the bank did (payin receive / fail, payout mark)', async () => {
    const shop = await createTestMerchant(server, { name: 'Live' });
    const p = await pay(server, '/v1/payins', { key: shop.live, idem: true, body: { amount: 50_000, currency: 'EUR', payment_method: { type: 'bank_transfer' } } });
    server.clock.advance(60_000);
    await server.tick();
    expect((await pay(server, `/v1/payins/${p.body.id}`, { key: shop.live })).body.status, 'no simulator in live').to.equal('pending');
    const received = await receivePayin(ctx(), p.body.id);
    expect(received.status).to.equal('succeeded');
    expect(await balanceOf(server, shop.live)).to.include({ available: 50_000, pending: 0 });
    let err: any;
    await receivePayin(ctx(), p.body.id).catch((e) => (err = e));
    expect(err?.code, 'succeeded is final').to.equal('invalid_transition');

    const declined = await pay(server, '/v1/payins', { key: shop.live, idem: true, body: { amount: 10, currency: 'EUR', payment_method: { type: 'card', token: 'tok_live_0a9f3c77e1' } } });
    expect((await failPayin(ctx(), declined.body.id, 'card_declined')).failureCode).to.equal('card_declined');

    const po = await pay(server, '/v1/payouts', { key: shop.live, idem: true, body: payoutBody('DE89370400440532013000', 10_000) });
    expect(po.body.status).to.equal('pending');
    server.clock.advance(3_600_000);
    await server.tick();
    expect((await pay(server, `/v1/payouts/${po.body.id}`, { key: shop.live })).body.status).to.equal('pending');
    expect(await balanceOf(server, shop.live)).to.include({ available: 39_975, reserved: 10_025 });
    expect((await markPayout(ctx(), po.body.id, 'paid')).status).to.equal('paid');
    expect(await balanceOf(server, shop.live)).to.include({ available: 39_975, reserved: 0 });
    expect((await markPayout(ctx(), po.body.id, 'returned', 'no_account')).failureCode).to.equal('no_account');
    expect(await balanceOf(server, shop.live)).to.include({ available: 49_975, reserved: 0 });
    const types = (await pay(server, `/v1/events?object=${po.body.id}`, { key: shop.live })).body.data.map((e: { type: string }) => e.type).reverse();
    expect(types).to.deep.equal(['payout.created', 'payout.processing', 'payout.paid', 'payout.returned']);
    const top = await pay(server, '/v1/sandbox/balances/top_up', { key: shop.live, idem: true, body: { currency: 'EUR', amount: 1 } });
    expect(top.status, 'no top-ups in live').to.equal(404);
  });

  it('lists page newest first with next_cursor and filter by status, currency and creation time', async () => {
    const shop = await createTestMerchant(server, { name: 'Pages' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      server.clock.advance(1_000);
      const body = { amount: 100 + i, currency: i % 2 ? 'USD' : 'EUR', payment_method: { type: 'card', token: i === 4 ? 'tok_sandbox_declined' : 'tok_sandbox_success' } };
      ids.push((await pay(server, '/v1/payins', { key: shop.sandbox, idem: true, body })).body.id);
    }
    const first = await pay(server, '/v1/payins?limit=2', { key: shop.sandbox });
    expect(first.body.data.map((p: { id: string }) => p.id)).to.deep.equal([ids[4], ids[3]]);
    expect(first.body).to.include({ has_more: true, next_cursor: ids[3] });
    const second = await pay(server, `/v1/payins?limit=10&starting_after=${ids[3]}`, { key: shop.sandbox });
    expect(second.body.data.map((p: { id: string }) => p.id)).to.deep.equal([ids[2], ids[1], ids[0]]);
    expect(second.body).to.include({ has_more: false, next_cursor: null });
    expect((await pay(server, '/v1/payins?status=failed', { key: shop.sandbox })).body.data.map((p: { id: string }) => p.id)).to.deep.equal([ids[4]]);
    expect((await pay(server, '/v1/payins?currency=USD', { key: shop.sandbox })).body.data.map((p: { id: string }) => p.id)).to.deep.equal([ids[3], ids[1]]);
    const since = (await pay(server, `/v1/payins/${ids[2]}`, { key: shop.sandbox })).body.created_at;
    expect((await pay(server, `/v1/payins?created_gte=${since}`, { key: shop.sandbox })).body.data).to.have.length(3);
    expect((await pay(server, '/v1/payins?limit=0', { key: shop.sandbox })).status).to.equal(400);
    expect((await pay(server, '/v1/payins?status=done', { key: shop.sandbox })).status).to.equal(400);
    expect((await pay(server, '/v1/payins?colour=red', { key: shop.sandbox })).status).to.equal(400);
    // A time that is no time is refused, not rolled over (2026-02-30 read as 2 March).
    for (const bad of ['2026-02-30T00:00:00Z', '2026-13-01T00:00:00Z', '2026-01-31T24:00:00Z', '2026-01-31T10:60:00Z']) {
      const res = await pay(server, `/v1/payins?created_gte=${encodeURIComponent(bad)}`, { key: shop.sandbox });
      expect(res.status, bad).to.equal(400);
      expect(res.body.error.details.fields.created_gte, bad).to.match(/^must be an ISO 8601 time with a zone/);
    }
    expect((await pay(server, `/v1/payins?created_lt=${encodeURIComponent('2028-02-29T23:59:59+02:00')}`, { key: shop.sandbox })).status, 'a leap day').to.equal(200);
  });
});
