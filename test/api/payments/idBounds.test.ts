/**
 * Ids in paths and queries past their declared maxLength (api/app.ts): a path id names nothing
 * (404), a query value is refused (400), before any store lookup. Ids of a few KB once reached
 * LMDB, whose keys are bounded, and answered 500.
 */
import { expect } from 'chai';
import { createTestMerchant, pay, startPaymentsServer, type PaymentsServer, type TestMerchant } from '../../support/payments.js';

describe('payments: ids past their declared length', () => {
  let server: PaymentsServer;
  let m: TestMerchant;
  before(async () => {
    server = await startPaymentsServer();
    m = await createTestMerchant(server);
  });
  after(async () => server.stop());

  const long = 'a'.repeat(5_000);
  for (const [method, path] of [
    ['GET', `/v1/quotes/${long}`],
    ['GET', `/v1/payins/${long}`],
    ['GET', `/v1/payouts/${long}`],
    ['GET', `/v1/events/${long}`],
    ['GET', `/v1/webhook_endpoints/${long}`],
    ['POST', `/v1/payouts/${long}/cancel`],
  ] as const) {
    it(`${method} ${path.replace(long, '<5,000 characters>')} is 404 naming the bound`, async () => {
      const res = await pay(server, path, { key: m.sandbox, method, idem: method === 'POST' ? true : undefined, body: method === 'POST' ? {} : undefined });
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
      expect(res.body.error.message).to.match(/at most 80 characters/);
    });
  }

  it('an id at its bound is looked up (404 for one that does not exist); a query value past its bound is 400', async () => {
    const atBound = await pay(server, `/v1/payins/${'a'.repeat(80)}`, { key: m.sandbox });
    expect(atBound.status).to.equal(404);
    expect(atBound.body.error.message).to.not.match(/at most/);
    const query = await pay(server, `/v1/events?object=${long}`, { key: m.sandbox });
    expect(query.status).to.equal(400);
    expect(query.body.error.details.fields).to.have.property('object');
  });
});
