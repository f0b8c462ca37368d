/**
 * Every payments list over real HTTP: a cursor is an id of the listed object type (another
 * type's id compared as a string gave a wrong page; found by a black-box probe).
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
});
