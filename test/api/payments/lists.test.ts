/**
 * Every payments list over real HTTP: a cursor is an id of the listed object type (another
 * type's id compared as a string gave a wrong page), every list takes ?limit and pages, and a
 * currency filter names a currency of GET /v1/currencies (found by a black-box probe).
 */
import { expect } from 'chai';
import { newPaymentId, type IdKind } from '../../../api/payments/ids.js';
import { call } from '../../support/server.js';
import { card, createTestMerchant, pay, startPaymentsServer, type PaymentsServer, type TestMerchant } from '../../support/payments.js';

describe('payments lists: cursors, limits and filters', () => {
  let server: PaymentsServer;
  let m: TestMerchant;
  let endpointId: string;
  before(async () => {
    server = await startPaymentsServer();
    m = await createTestMerchant(server);
    endpointId = (await pay(server, '/v1/webhook_endpoints', { key: m.sandbox, body: { url: 'http://127.0.0.1:1/h' } })).body.id;
  });
  after(async () => server.stop());

  /** Each list and the id kind of its cursor. */
  const lists = (): [string, IdKind][] => [
    ['/v1/payins', 'payin'],
    ['/v1/payouts', 'payout'],
    ['/v1/conversions', 'conversion'],
    ['/v1/top_ups', 'top_up'],
    ['/v1/events', 'event'],
    ['/v1/webhook_endpoints', 'webhook_endpoint'],
    [`/v1/webhook_endpoints/${endpointId}/deliveries`, 'delivery'],
  ];
  const kinds: IdKind[] = ['payin', 'payout', 'quote', 'conversion', 'top_up', 'event', 'webhook_endpoint', 'delivery', 'merchant', 'key'];

  it('the lists here are every list of the OpenAPI document (a GET taking limit)', async () => {
    const doc = (await call(server.url, '/v1/payments/openapi.json')).body;
    const documented = Object.entries(doc.paths as Record<string, { get?: { parameters?: { name: string }[] } }>)
      .filter(([, ops]) => ops.get?.parameters?.some((p) => p.name === 'limit'))
      .map(([path]) => path.replace('{id}', endpointId));
    expect(documented.sort()).to.deep.equal(lists().map(([path]) => path).sort());
  });

  it('when starting_after is an id of another object type, then every list answers 400 in the error envelope, as for a garbage cursor', async () => {
    for (const [path, kind] of lists()) {
      for (const other of kinds.filter((k) => k !== kind)) {
        const cursor = newPaymentId(other, server.clock.now());
        const res = await pay(server, `${path}?starting_after=${cursor}`, { key: m.sandbox });
        expect(res.status, `${path} ${cursor}`).to.equal(400);
        expect(res.body.error.code).to.equal('validation_failed');
        expect(res.body.error.details.fields.starting_after, `${path} ${cursor}`).to.be.a('string');
      }
      for (const garbage of ['x', `${kind}_1`, newPaymentId(kind, server.clock.now()).toLowerCase(), `${newPaymentId(kind, server.clock.now())}0`]) {
        expect((await pay(server, `${path}?starting_after=${encodeURIComponent(garbage)}`, { key: m.sandbox })).status, `${path} ${garbage}`).to.equal(400);
      }
      const own = await pay(server, `${path}?starting_after=${newPaymentId(kind, server.clock.now() + 1)}`, { key: m.sandbox });
      expect(own.status, `${path} own kind`).to.equal(200);
    }
  });

  it('a payout id as the pay-in cursor no longer gives a page of pay-ins', async () => {
    const shop = await createTestMerchant(server, { name: 'Cursor' });
    await pay(server, '/v1/payins', { key: shop.sandbox, idem: true, body: card('tok_sandbox_success') });
    const res = await pay(server, `/v1/payins?starting_after=${newPaymentId('payout', server.clock.now() + 60_000)}`, { key: shop.sandbox });
    expect(res.status).to.equal(400);
    expect(res.body.error.details.fields.starting_after).to.match(/payin_/);
  });

  it('GET /v1/webhook_endpoints takes ?limit=1..100 and ?starting_after and pages newest first, like every list', async () => {
    const shop = await createTestMerchant(server, { name: 'Endpoints' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advance(1_000);
      ids.push((await pay(server, '/v1/webhook_endpoints', { key: shop.sandbox, body: { url: `http://127.0.0.1:1/h${i}` } })).body.id);
    }
    const all = await pay(server, '/v1/webhook_endpoints?limit=10', { key: shop.sandbox });
    expect(all.status, JSON.stringify(all.body)).to.equal(200);
    expect(all.body).to.include({ object: 'list', has_more: false, next_cursor: null });
    expect(all.body.data.map((e: { id: string }) => e.id)).to.deep.equal([...ids].reverse());
    for (const e of all.body.data) expect(e, 'never the secret').not.to.have.property('secret');
    const first = await pay(server, '/v1/webhook_endpoints?limit=2', { key: shop.sandbox });
    expect(first.body.data.map((e: { id: string }) => e.id)).to.deep.equal([ids[2], ids[1]]);
    expect(first.body).to.include({ has_more: true, next_cursor: ids[1] });
    const second = await pay(server, `/v1/webhook_endpoints?limit=2&starting_after=${ids[1]}`, { key: shop.sandbox });
    expect(second.body.data.map((e: { id: string }) => e.id)).to.deep.equal([ids[0]]);
    expect(second.body).to.include({ has_more: false, next_cursor: null });
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'created_gte=2026-01-01T00:00:00Z', 'currency=EUR']) {
      const res = await pay(server, `/v1/webhook_endpoints?${q}`, { key: shop.sandbox });
      expect(res.status, q).to.equal(400);
      expect(res.body.error.details.fields).to.have.property(q.split('=')[0]!);
    }
  });

  it('when the currency filter names no currency of GET /v1/currencies, then 400 like every other bad filter (it answered an empty list)', async () => {
    for (const path of ['/v1/payins', '/v1/payouts', '/v1/conversions', '/v1/top_ups']) {
      for (const bad of ['XXX', 'ABC', 'eur']) {
        const res = await pay(server, `${path}?currency=${bad}`, { key: m.sandbox });
        expect(res.status, `${path} ${bad}`).to.equal(400);
        expect(res.body.error.code).to.equal('validation_failed');
        expect(res.body.error.details.fields.currency, `${path} ${bad}`).to.match(/GET \/v1\/currencies/);
      }
      expect((await pay(server, `${path}?currency=JPY`, { key: m.sandbox })).status, path).to.equal(200);
    }
  });

  it('when the events object filter is not the id of a pay-in, payout, conversion or top-up, then 400 (a typo answered an empty list)', async () => {
    const shop = await createTestMerchant(server, { name: 'Event filter' });
    const payin = (await pay(server, '/v1/payins', { key: shop.sandbox, idem: true, body: card('tok_sandbox_success') })).body;
    expect(payin.id, JSON.stringify(payin)).to.match(/^payin_/);
    const bad = ['nonsense', payin.id.toLowerCase(), `${payin.id}0`, newPaymentId('event', server.clock.now()), newPaymentId('webhook_endpoint', server.clock.now()), newPaymentId('merchant', server.clock.now())];
    for (const object of bad) {
      const res = await pay(server, `/v1/events?object=${encodeURIComponent(object)}`, { key: shop.sandbox });
      expect(res.status, object).to.equal(400);
      expect(res.body.error.code).to.equal('validation_failed');
      expect(res.body.error.details.fields.object, object).to.match(/payin_\.\.\., payout_\.\.\., conv_\.\.\., topup_\.\.\./);
    }
    const own = await pay(server, `/v1/events?object=${payin.id}`, { key: shop.sandbox });
    expect(own.status).to.equal(200);
    expect(own.body.data.length).to.be.greaterThan(0);
    for (const e of own.body.data) expect(e.data.object.id).to.equal(payin.id);
    for (const kind of ['payout', 'conversion', 'top_up'] as const) {
      const res = await pay(server, `/v1/events?object=${newPaymentId(kind, server.clock.now())}`, { key: shop.sandbox });
      expect(res.status, kind).to.equal(200);
      expect(res.body.data, kind).to.deep.equal([]);
    }
  });
});
