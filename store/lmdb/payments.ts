/**
 * The payments store in LMDB: one `payments` database whose keys are tuples led by a table tag,
 * so every lookup is a point read or a range scan inside one merchant environment, and every rule
 * that touches several records runs in one write transaction. Writes that decide something
 * (money, keys, idempotency, deliveries) are acknowledged once flushed to disk.
 *
 *   ['mch', id]  ['mk', id]  ['mkh', hash] -> id  ['mkm', merchant, id] -> id  ['rate', from, to]
 *   ['evt', merchant, env, id] -> event  ['evtq', id] -> [merchant, env] (not yet dispatched)
 *   ['evtt', createdAt, id] -> [merchant, env] (for the 30-day purge)
 *   ['whe', merchant, env, id] -> endpoint  ['whd', id] -> delivery
 *   ['whdue', nextAttemptAt, id] (pending deliveries)  ['whdep', endpointId, id]
 *   ['whdev', eventId, id] (purged with their event)  ['meta', 'whdev'] -> index version
 *   ['idk', merchant, env, key] -> record  ['idkx', expiresAt, merchant, env, key]
 *   ['req', merchant, at, id] -> request log entry (the newest few per merchant)
 * Objects and balances: store/lmdb/paymentsObjects.ts.
 */
import { absentWhenKeyTooLong } from './boundedKeys.js';
import type { RootDatabase } from 'lmdb';
import { merchantKeyState, type Environment, type IdempotencyRecord, type MerchantKey, type PaymentEvent, type WebhookDelivery, type WebhookEndpoint } from '../payments/model.js';
import type { PaymentsStore } from '../payments/ports.js';
import { StoreConflict } from '../ports.js';
import { lmdbObjects, type Key, type PaymentsDb } from './paymentsObjects.js';

const HIGH = '\uffff';
/** Version of the ['whdev'] index; a store without it has it built when opened. */
const DELIVERIES_BY_EVENT_VERSION = 1;

export function lmdbPayments(root: RootDatabase): PaymentsStore {
  const db: PaymentsDb = absentWhenKeyTooLong(root.openDB({ name: 'payments' }));
  const durable = async <T>(work: () => T): Promise<T> => {
    const result = await root.transaction(work);
    await root.flushed;
    return result;
  };
  const values = <T>(start: Key, end: Key, reverse = false, limit?: number): T[] => [...db.getRange({ start, end, reverse, limit })].map((e) => e.value as T);

  // Deliveries by event, so the 30-day purge takes an event's deliveries with it. A store written
  // before this index has it built once, from its deliveries, in one transaction.
  if (db.get(['meta', 'whdev']) !== DELIVERIES_BY_EVENT_VERSION) {
    root.transactionSync(() => {
      if (db.get(['meta', 'whdev']) === DELIVERIES_BY_EVENT_VERSION) return;
      for (const { value } of db.getRange({ start: ['whd'], end: ['whd', HIGH] })) {
        const d = value as WebhookDelivery;
        db.put(['whdev', d.eventId, d.id], 1);
      }
      db.put(['meta', 'whdev'], DELIVERIES_BY_EVENT_VERSION);
    });
  }
  /** Removes a delivery and every index entry of it (inside the caller's transaction). */
  const removeDelivery = (d: WebhookDelivery) => {
    db.remove(['whd', d.id]);
    db.remove(['whdep', d.endpointId, d.id]);
    if (d.nextAttemptAt) db.remove(['whdue', d.nextAttemptAt, d.id]);
    db.remove(['whdev', d.eventId, d.id]);
  };

  const putEvent = (e: PaymentEvent) => {
    db.put(['evt', e.merchantId, e.environment, e.id], e);
    db.put(['evtq', e.id], [e.merchantId, e.environment]);
    db.put(['evtt', e.createdAt, e.id], [e.merchantId, e.environment]);
  };
  const putDelivery = (before: WebhookDelivery | undefined, d: WebhookDelivery) => {
    if (before?.nextAttemptAt) db.remove(['whdue', before.nextAttemptAt, d.id]);
    db.put(['whd', d.id], d);
    if (d.status === 'pending' && d.nextAttemptAt) db.put(['whdue', d.nextAttemptAt, d.id], 1);
  };
  const updateKey = (id: string, change: (k: MerchantKey) => MerchantKey | undefined) =>
    durable(() => {
      const cur = db.get(['mk', id]) as MerchantKey | undefined;
      if (!cur) return undefined;
      const next = change(cur) ?? cur;
      db.put(['mk', id], next);
      return next;
    });

  return {
    requests: {
      // Not flushed: a request log entry lost to a crash costs nothing.
      async append(entry, keep) {
        await root.transaction(() => {
          db.put(['req', entry.merchantId, entry.at, entry.id], entry);
          const old = [...db.getKeys({ start: ['req', entry.merchantId, HIGH], end: ['req', entry.merchantId], reverse: true, offset: keep, limit: 100 })];
          for (const k of old) db.remove(k);
        });
      },
      async recent(merchantId, limit) {
        return values(['req', merchantId, HIGH], ['req', merchantId], true, limit);
      },
    },
    merchants: {
      async create(m) {
        const ok = await db.ifNoExists(['mch', m.id], () => db.put(['mch', m.id], m));
        if (!ok) throw new StoreConflict(`merchant ${m.id} exists`);
      },
      async get(id) {
        return db.get(['mch', id]);
      },
      async list() {
        return values(['mch'], ['mch', HIGH]);
      },
    },
    keys: {
      async insert(k, maxActive, nowMs) {
        return durable(() => {
          if (db.get(['mk', k.id]) || db.get(['mkh', k.hash])) throw new StoreConflict('merchant key exists');
          // Counted inside the write transaction: LMDB has one writer at a time, so no race.
          const active = values<string>(['mkm', k.merchantId], ['mkm', k.merchantId, HIGH])
            .map((id) => db.get(['mk', id]) as MerchantKey)
            .filter((x) => x.environment === k.environment && merchantKeyState(x, nowMs) === 'active').length;
          if (active >= maxActive) return false;
          db.put(['mk', k.id], k);
          db.put(['mkh', k.hash], k.id);
          db.put(['mkm', k.merchantId, k.id], k.id);
          return true;
        });
      },
      async get(id) {
        return db.get(['mk', id]);
      },
      async findByHash(hash) {
        const id = db.get(['mkh', hash]) as string | undefined;
        return id === undefined ? undefined : db.get(['mk', id]);
      },
      async listByMerchant(merchantId) {
        return values<string>(['mkm', merchantId], ['mkm', merchantId, HIGH]).map((id) => db.get(['mk', id]) as MerchantKey);
      },
      async roll(oldId, key, oldExpiresAt, at) {
        return durable(() => {
          const old = db.get(['mk', oldId]) as MerchantKey | undefined;
          if (!old) return { status: 'not_found' as const };
          if (old.revokedAt || old.expiresAt) return { status: 'not_active' as const, old };
          if (db.get(['mkh', key.hash])) throw new StoreConflict('merchant key exists');
          const rolled: MerchantKey = { ...old, expiresAt: oldExpiresAt, rolledTo: key.id, updatedAt: at };
          db.put(['mk', oldId], rolled);
          db.put(['mk', key.id], key);
          db.put(['mkh', key.hash], key.id);
          db.put(['mkm', key.merchantId, key.id], key.id);
          return { status: 'rolled' as const, old: rolled, key };
        });
      },
      async revoke(id, at) {
        return updateKey(id, (k) => (k.revokedAt ? undefined : { ...k, revokedAt: at, updatedAt: at }));
      },
      async setAllowlist(id, allowlist, at) {
        return updateKey(id, (k) => ({ ...k, allowlist, updatedAt: at }));
      },
      async touch(id, at) {
        await root.transaction(() => {
          const cur = db.get(['mk', id]) as MerchantKey | undefined;
          if (cur) db.put(['mk', id], { ...cur, lastUsedAt: at });
        });
      },
    },
    rates: {
      async set(rate) {
        await durable(() => db.put(['rate', rate.from, rate.to], rate));
      },
      async get(from, to) {
        return db.get(['rate', from, to]);
      },
      async list() {
        return values(['rate'], ['rate', HIGH]);
      },
    },
    objects: lmdbObjects(db, durable, putEvent),
    events: {
      async get(scope, id) {
        return db.get(['evt', scope.merchantId, scope.environment, id]);
      },
      async list(scope, q) {
        const prefix: Key = ['evt', scope.merchantId, scope.environment];
        const out: PaymentEvent[] = [];
        for (const { value } of db.getRange({ start: [...prefix, q.startingAfter ?? HIGH], end: prefix, reverse: true })) {
          const e = value as PaymentEvent;
          if (e.id === q.startingAfter) continue;
          if (e.createdAt < q.createdGte) break;
          if (q.type && e.type !== q.type) continue;
          if (q.objectId && e.objectId !== q.objectId) continue;
          out.push(e);
          if (out.length >= q.limit) break;
        }
        return out;
      },
      async undispatched(limit) {
        return [...db.getRange({ start: ['evtq'], end: ['evtq', HIGH], limit })]
          .map(({ key, value }) => db.get(['evt', (value as string[])[0], (value as string[])[1], (key as Key)[1]]) as PaymentEvent | undefined)
          .filter((e): e is PaymentEvent => e !== undefined);
      },
      async dispatch(eventId, deliveries) {
        await durable(() => {
          for (const d of deliveries) {
            if (db.get(['whd', d.id])) continue;
            putDelivery(undefined, d);
            db.put(['whdep', d.endpointId, d.id], 1);
            db.put(['whdev', d.eventId, d.id], 1);
          }
          db.remove(['evtq', eventId]);
        });
      },
      async purge(before, limit) {
        return durable(() => {
          let n = 0;
          for (const { key, value } of db.getRange({ start: ['evtt'], end: ['evtt', before], limit })) {
            const [, , id] = key as [string, string, string];
            const [m, env] = value as [string, Environment];
            db.remove(['evt', m, env, id]);
            db.remove(['evtq', id]);
            db.remove(key as Key);
            // Its deliveries go with it (finished long before: retries end 3 days after the event).
            for (const { key: byEvent } of db.getRange({ start: ['whdev', id], end: ['whdev', id, HIGH] })) {
              const d = db.get(['whd', (byEvent as Key)[2]]) as WebhookDelivery | undefined;
              if (d) removeDelivery(d);
              else db.remove(byEvent as Key);
            }
            n++;
          }
          return n;
        });
      },
    },
    webhooks: {
      async createEndpoint(e, max) {
        // The count and the insert share one write transaction: LMDB runs them one at a time.
        return durable(() => {
          const prefix = ['whe', e.merchantId, e.environment];
          if (db.getKeysCount({ start: prefix, end: [...prefix, HIGH] }) >= max) return false;
          db.put([...prefix, e.id], e);
          return true;
        });
      },
      async getEndpoint(scope, id) {
        return db.get(['whe', scope.merchantId, scope.environment, id]);
      },
      async listEndpoints(scope) {
        const prefix = ['whe', scope.merchantId, scope.environment];
        return values<WebhookEndpoint>(prefix, [...prefix, HIGH]);
      },
      async updateEndpoint(scope, id, patch, at) {
        return durable(() => {
          const cur = db.get(['whe', scope.merchantId, scope.environment, id]) as WebhookEndpoint | undefined;
          if (!cur) return undefined;
          const next = { ...cur, ...patch, updatedAt: at };
          db.put(['whe', scope.merchantId, scope.environment, id], next);
          return next;
        });
      },
      async deleteEndpoint(scope, id) {
        return durable(() => {
          if (!db.get(['whe', scope.merchantId, scope.environment, id])) return false;
          db.remove(['whe', scope.merchantId, scope.environment, id]);
          return true;
        });
      },
      async getDelivery(id) {
        return db.get(['whd', id]);
      },
      async listDeliveries(scope, endpointId, q) {
        const out: WebhookDelivery[] = [];
        for (const { key } of db.getRange({ start: ['whdep', endpointId, q.startingAfter ?? HIGH], end: ['whdep', endpointId], reverse: true })) {
          const id = (key as Key)[2] as string;
          if (id === q.startingAfter) continue;
          const d = db.get(['whd', id]) as WebhookDelivery | undefined;
          if (!d || d.merchantId !== scope.merchantId || d.environment !== scope.environment) continue;
          out.push(d);
          if (out.length >= q.limit) break;
        }
        return out;
      },
      async dueDeliveries(now, limit) {
        const out: WebhookDelivery[] = [];
        for (const { key } of db.getRange({ start: ['whdue'], end: ['whdue', now, HIGH] })) {
          const d = db.get(['whd', (key as Key)[2]]) as WebhookDelivery | undefined;
          if (d && d.status === 'pending' && (!d.lockedUntil || d.lockedUntil <= now)) out.push(d);
          if (out.length >= limit) break;
        }
        return out;
      },
      async claimDelivery(id, now, lockedUntil) {
        return durable(() => {
          const d = db.get(['whd', id]) as WebhookDelivery | undefined;
          if (!d || d.status !== 'pending' || !d.nextAttemptAt || d.nextAttemptAt > now) return undefined;
          if (d.lockedUntil && d.lockedUntil > now) return undefined;
          const held = { ...d, lockedUntil, updatedAt: now };
          db.put(['whd', id], held);
          return held;
        });
      },
      async recordAttempt(id, attempt, outcome) {
        return durable(() => {
          const d = db.get(['whd', id]) as WebhookDelivery | undefined;
          if (!d) return undefined;
          const next: WebhookDelivery = { ...d, attempts: [...d.attempts, attempt], status: outcome.status, nextAttemptAt: outcome.nextAttemptAt, lockedUntil: null, updatedAt: attempt.at };
          putDelivery(d, next);
          return next;
        });
      },
    },
    idempotency: {
      async begin(record, now) {
        const k: Key = ['idk', record.merchantId, record.environment, record.key];
        return durable(() => {
          const cur = db.get(k) as IdempotencyRecord | undefined;
          if (cur && cur.expiresAt > now) {
            if (cur.requestHash !== record.requestHash) return { status: 'mismatch' as const };
            if (cur.state === 'done' && cur.response) return { status: 'replay' as const, response: cur.response };
            if (cur.lockedUntil > now) return { status: 'in_progress' as const };
          }
          if (cur) db.remove(['idkx', cur.expiresAt, cur.merchantId, cur.environment, cur.key]);
          const next = cur && cur.expiresAt > now ? { ...record, createdAt: cur.createdAt, expiresAt: cur.expiresAt } : record;
          db.put(k, next);
          db.put(['idkx', next.expiresAt, next.merchantId, next.environment, next.key], 1);
          return { status: 'started' as const, createdAt: next.createdAt };
        });
      },
      async complete(scope, key, response) {
        await durable(() => {
          const cur = db.get(['idk', scope.merchantId, scope.environment, key]) as IdempotencyRecord | undefined;
          if (cur) db.put(['idk', scope.merchantId, scope.environment, key], { ...cur, state: 'done', response });
        });
      },
      async abandon(scope, key) {
        await durable(() => {
          const cur = db.get(['idk', scope.merchantId, scope.environment, key]) as IdempotencyRecord | undefined;
          if (!cur || cur.state !== 'running') return;
          db.remove(['idk', scope.merchantId, scope.environment, key]);
          db.remove(['idkx', cur.expiresAt, cur.merchantId, cur.environment, cur.key]);
        });
      },
      async release(scope, key, now) {
        await durable(() => {
          const k: Key = ['idk', scope.merchantId, scope.environment, key];
          const cur = db.get(k) as IdempotencyRecord | undefined;
          if (cur && cur.state === 'running') db.put(k, { ...cur, lockedUntil: now });
        });
      },
      async get(scope, key) {
        return db.get(['idk', scope.merchantId, scope.environment, key]);
      },
      async purge(now, limit) {
        return durable(() => {
          let n = 0;
          for (const { key } of db.getRange({ start: ['idkx'], end: ['idkx', now, HIGH], limit })) {
            const [, expiresAt, m, env, k] = key as [string, string, string, Environment, string];
            const cur = db.get(['idk', m, env, k]) as IdempotencyRecord | undefined;
            if (cur && cur.expiresAt === expiresAt) db.remove(['idk', m, env, k]);
            db.remove(key as Key);
            n++;
          }
          return n;
        });
      },
    },
  };
}
