import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { openLmdbStore } from '../../../store/lmdb/index.js';
import type { PaymentEvent, WebhookDelivery } from '../../../store/payments/model.js';
import { paymentsStoreContract } from './contract.js';

paymentsStoreContract('LMDB', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'engcalc-pay-'));
  const store = openLmdbStore({ path: dir });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('payments store (LMDB): deliveries by event in a store written before that index', () => {
  it('the index is built when the store is opened, so the 30-day purge takes deliveries dispatched before it existed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engcalc-pay-old-'));
    try {
      const at = '2026-01-01T00:00:00.000Z';
      const event: PaymentEvent = { id: 'evt_old', merchantId: 'mch_a', environment: 'sandbox', type: 'top_up.succeeded', objectId: 'topup_1', createdAt: at, data: {} };
      const delivery: WebhookDelivery = { id: 'whd_old', merchantId: 'mch_a', environment: 'sandbox', endpointId: 'we_1', eventId: event.id, eventType: event.type, status: 'succeeded', attempts: [], nextAttemptAt: null, lockedUntil: null, createdAt: at, updatedAt: at };
      // Written as a store before the index: the records and their other index entries only.
      const root = open({ path: dir, maxDbs: 64, encoding: 'msgpack' });
      const db = root.openDB({ name: 'payments' });
      await root.transaction(() => {
        db.put(['evt', 'mch_a', 'sandbox', event.id], event);
        db.put(['evtt', event.createdAt, event.id], ['mch_a', 'sandbox']);
        db.put(['whd', delivery.id], delivery);
        db.put(['whdep', delivery.endpointId, delivery.id], 1);
      });
      await root.close();

      const store = openLmdbStore({ path: dir });
      try {
        expect((await store.payments.webhooks.getDelivery('whd_old'))?.id).to.equal('whd_old');
        expect(await store.payments.events.purge('2026-02-01T00:00:00.000Z', 100)).to.equal(1);
        expect(await store.payments.webhooks.getDelivery('whd_old')).to.equal(undefined);
        expect(await store.payments.webhooks.listDeliveries({ merchantId: 'mch_a', environment: 'sandbox' }, 'we_1', { limit: 10 })).to.deep.equal([]);
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
