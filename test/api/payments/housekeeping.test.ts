/**
 * Payments housekeeping removes everything past its retention, however much there is: events
 * after 30 days, Idempotency-Key records after their 24 hours. It ran every 10 minutes and removed
 * at most 1,000 of each, so a sustained rate above 100 a minute (two merchant keys at their limit
 * of 120 a minute) grew the store without bound: the purge fell further behind every pass.
 */
import { expect } from 'chai';
import { EVENT_RETENTION_MS } from '../../../api/payments/scheduler.js';
import { createTestMerchant, pay, startPaymentsServer, type PaymentsServer } from '../../support/payments.js';

describe('payments housekeeping: one pass removes every expired event and Idempotency-Key record', () => {
  let server: PaymentsServer;
  before(async () => {
    server = await startPaymentsServer();
  });
  after(async () => server.stop());

  it('1,200 top-ups (each an Idempotency-Key record and an event) are all gone after one pass past their retention', async () => {
    const m = await createTestMerchant(server);
    const total = 1_200;
    let next = 0;
    const worker = async () => {
      while (next < total) {
        next++;
        const res = await pay(server, '/v1/sandbox/balances/top_up', { key: m.sandbox, idem: true, body: { currency: 'EUR', amount: 100 } });
        expect(res.status).to.equal(201);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const events = server.store.payments.events;
    const keys = server.store.payments.idempotency;
    // Past both retentions, then one scheduler pass (its housekeeping runs on the first pass).
    server.clock.advance(EVENT_RETENTION_MS + 60_000);
    await server.tick();
    const iso = new Date(server.clock.now()).toISOString();
    // What a second purge still finds is what the pass left behind.
    expect(await events.purge(new Date(server.clock.now() - EVENT_RETENTION_MS).toISOString(), 100_000), 'events left').to.equal(0);
    expect(await keys.purge(iso, 100_000), 'Idempotency-Key records left').to.equal(0);
  });
});
