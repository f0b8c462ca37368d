/**
 * The payments store in MongoDB (distributed deployment). Every rule is a single-document atomic
 * operation or a unique index; the money rules are in store/mongo/paymentsObjects.ts. The same
 * contract suite as LMDB runs against it whenever MONGODB_URL is set.
 */
import type { Collection, Db } from 'mongodb';
import type { IdempotencyRecord, Merchant, MerchantKey, Rate, RequestLogEntry, WebhookDelivery, WebhookEndpoint } from '../payments/model.js';
import type { PaymentsStore } from '../payments/ports.js';
import { StoreConflict } from '../ports.js';
import { isDuplicate, plain } from './index.js';
import { mongoObjects, objectIndexes, type AccountDoc, type EventDoc, type ObjectDoc } from './paymentsObjects.js';

type WithId<T> = T & { _id: string };

export async function mongoPayments(db: Db): Promise<PaymentsStore> {
  const merchants: Collection<WithId<Merchant>> = db.collection('payMerchants');
  const keys: Collection<WithId<MerchantKey>> = db.collection('payKeys');
  const rates: Collection<WithId<Rate>> = db.collection('payRates');
  const objects: Collection<ObjectDoc> = db.collection('payObjects');
  const accounts: Collection<AccountDoc> = db.collection('payAccounts');
  const events: Collection<EventDoc> = db.collection('payEvents');
  const endpoints: Collection<WithId<WebhookEndpoint>> = db.collection('payWebhookEndpoints');
  /** How many endpoints each merchant environment holds (`_id` merchant:environment): the cap's one document. */
  const endpointCounts: Collection<{ _id: string; count: number }> = db.collection('payWebhookEndpointCounts');
  const deliveries: Collection<WithId<WebhookDelivery>> = db.collection('payWebhookDeliveries');
  const idempotency: Collection<WithId<IdempotencyRecord>> = db.collection('payIdempotency');
  const requests: Collection<WithId<RequestLogEntry>> = db.collection('payRequestLog');

  await Promise.all([
    keys.createIndex({ hash: 1 }, { unique: true }),
    keys.createIndex({ merchantId: 1, createdAt: 1 }),
    objectIndexes(objects, events),
    endpoints.createIndex({ merchantId: 1, environment: 1, id: 1 }),
    deliveries.createIndex({ status: 1, nextAttemptAt: 1 }),
    deliveries.createIndex({ endpointId: 1, id: -1 }),
    deliveries.createIndex({ eventId: 1 }),
    idempotency.createIndex({ expiresAt: 1 }),
    requests.createIndex({ merchantId: 1, at: -1 }),
  ]);

  const idemId = (r: { merchantId: string; environment: string; key: string }) => `${r.merchantId}:${r.environment}:${r.key}`;
  const strip = <T>(d: WithId<T> | null) => plain<T>(d);
  const insertKey = async (k: MerchantKey) => {
    try {
      await keys.insertOne({ _id: k.id, ...k });
    } catch (err) {
      if (isDuplicate(err)) throw new StoreConflict('merchant key exists');
      throw err;
    }
  };
  const strictEvent = (d: EventDoc | null) => {
    if (!d) return undefined;
    const { _id, dispatched: _d, ...e } = d;
    return e;
  };

  return {
    requests: {
      async append(entry, keep) {
        await requests.insertOne({ _id: entry.id, ...entry });
        // The newest `keep` stay: anything older than the keep-th newest goes.
        const edge = await requests.find({ merchantId: entry.merchantId }).sort({ at: -1, _id: -1 }).skip(keep - 1).limit(1).next();
        if (edge) await requests.deleteMany({ merchantId: entry.merchantId, $or: [{ at: { $lt: edge.at } }, { at: edge.at, _id: { $lt: edge._id } }] });
      },
      async recent(merchantId, limit) {
        return (await requests.find({ merchantId }).sort({ at: -1, _id: -1 }).limit(limit).toArray()).map((d) => strip<RequestLogEntry>(d)!);
      },
    },
    merchants: {
      async create(m) {
        try {
          await merchants.insertOne({ _id: m.id, ...m });
        } catch (err) {
          if (isDuplicate(err)) throw new StoreConflict(`merchant ${m.id} exists`);
          throw err;
        }
      },
      async get(id) {
        return strip(await merchants.findOne({ _id: id }));
      },
      async list() {
        return (await merchants.find().sort({ _id: 1 }).toArray()).map((d) => strip(d)!);
      },
    },
    keys: {
      // Insert, then count: if concurrent inserts pushed the merchant over the limit, this one
      // withdraws. Never over the limit; at worst two racing inserts both withdraw.
      async insert(k, maxActive) {
        await insertKey(k);
        // Active: neither revoked nor rolled (an expiry is set only by a roll).
        if ((await keys.countDocuments({ merchantId: k.merchantId, environment: k.environment, revokedAt: null, expiresAt: null })) > maxActive) {
          await keys.deleteOne({ _id: k.id });
          return false;
        }
        return true;
      },
      async get(id) {
        return strip(await keys.findOne({ _id: id }));
      },
      async findByHash(hash) {
        return strip(await keys.findOne({ hash }));
      },
      async listByMerchant(merchantId) {
        return (await keys.find({ merchantId }).sort({ createdAt: 1, _id: 1 }).toArray()).map((d) => strip(d)!);
      },
      // The new key first, then the old one's expiry: never a moment without a working key.
      // When the old key turns out not to be active, the new one is withdrawn.
      async roll(oldId, key, oldExpiresAt, at) {
        const old = strip(await keys.findOne({ _id: oldId }));
        if (!old) return { status: 'not_found' };
        if (old.revokedAt || old.expiresAt) return { status: 'not_active', old };
        await insertKey(key);
        const rolled = await keys.findOneAndUpdate({ _id: oldId, revokedAt: null, expiresAt: null }, { $set: { expiresAt: oldExpiresAt, rolledTo: key.id, updatedAt: at } }, { returnDocument: 'after' });
        if (!rolled) {
          await keys.deleteOne({ _id: key.id });
          return { status: 'not_active', old: strip(await keys.findOne({ _id: oldId }))! };
        }
        return { status: 'rolled', old: strip(rolled)!, key };
      },
      async revoke(id, at) {
        await keys.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: at, updatedAt: at } });
        return strip(await keys.findOne({ _id: id }));
      },
      async setAllowlist(id, allowlist, at) {
        return strip(await keys.findOneAndUpdate({ _id: id }, { $set: { allowlist, updatedAt: at } }, { returnDocument: 'after' }));
      },
      async touch(id, at) {
        await keys.updateOne({ _id: id }, { $set: { lastUsedAt: at } });
      },
    },
    rates: {
      async set(rate) {
        await rates.replaceOne({ _id: `${rate.from}:${rate.to}` }, { ...rate }, { upsert: true });
      },
      async get(from, to) {
        return strip(await rates.findOne({ _id: `${from}:${to}` }));
      },
      async list() {
        return (await rates.find().sort({ _id: 1 }).toArray()).map((d) => strip(d)!);
      },
    },
    objects: mongoObjects(objects, accounts, events),
    events: {
      async get(scope, id) {
        return strictEvent(await events.findOne({ _id: id, merchantId: scope.merchantId, environment: scope.environment }));
      },
      async list(scope, q) {
        const filter: Record<string, unknown> = { merchantId: scope.merchantId, environment: scope.environment, createdAt: { $gte: q.createdGte } };
        if (q.startingAfter) filter.id = { $lt: q.startingAfter };
        if (q.type) filter.type = q.type;
        if (q.objectId) filter.objectId = q.objectId;
        return (await events.find(filter).sort({ id: -1 }).limit(q.limit).toArray()).map((d) => strictEvent(d)!);
      },
      async undispatched(limit) {
        return (await events.find({ dispatched: false }).sort({ id: 1 }).limit(limit).toArray()).map((d) => strictEvent(d)!);
      },
      async dispatch(eventId, list) {
        for (const d of list) {
          try {
            await deliveries.insertOne({ _id: d.id, ...d });
          } catch (err) {
            if (!isDuplicate(err)) throw err;
          }
        }
        await events.updateOne({ _id: eventId }, { $set: { dispatched: true } });
      },
      async purge(before, limit) {
        const old = await events.find({ createdAt: { $lt: before } }, { projection: { _id: 1 } }).limit(limit).toArray();
        if (old.length === 0) return 0;
        const ids = old.map((d) => d._id);
        // Deliveries first: a crash in between leaves the events, which the next pass removes.
        await deliveries.deleteMany({ eventId: { $in: ids } });
        return (await events.deleteMany({ _id: { $in: ids } })).deletedCount;
      },
    },
    webhooks: {
      // Race-free without a transaction: a place is taken by one conditional $inc on the scope's
      // counter document (count < max), which MongoDB applies to one document atomically, so of
      // requests racing for the last place one matches and the rest do not; only then is the
      // endpoint inserted (a failed insert gives the place back). A deletion gives its place back
      // after the delete. A crash between the two writes leaves the count one high: the cap errs
      // strict, never loose.
      async createEndpoint(e, max) {
        const _id = `${e.merchantId}:${e.environment}`;
        const take = async () => (await endpointCounts.updateOne({ _id, count: { $lt: max } }, { $inc: { count: 1 } })).modifiedCount === 1;
        let taken = await take();
        if (!taken && !(await endpointCounts.findOne({ _id }))) {
          // No counter yet (no endpoint so far, or all registered before counting): it starts at what the
          // scope holds. Endpoints are inserted only after a place is taken, so none can be added between
          // this count and the counter's creation; of racing creations one insert wins, the rest are duplicates.
          const held = await endpoints.countDocuments({ merchantId: e.merchantId, environment: e.environment });
          try {
            await endpointCounts.insertOne({ _id, count: held });
          } catch (err) {
            if (!isDuplicate(err)) throw err;
          }
          taken = await take();
        }
        if (!taken) return false;
        try {
          await endpoints.insertOne({ _id: e.id, ...e });
        } catch (err) {
          await endpointCounts.updateOne({ _id, count: { $gt: 0 } }, { $inc: { count: -1 } });
          throw err;
        }
        return true;
      },
      async getEndpoint(scope, id) {
        return strip(await endpoints.findOne({ _id: id, merchantId: scope.merchantId, environment: scope.environment }));
      },
      async listEndpoints(scope) {
        return (await endpoints.find({ merchantId: scope.merchantId, environment: scope.environment }).sort({ id: 1 }).toArray()).map((d) => strip(d)!);
      },
      async updateEndpoint(scope, id, patch, at) {
        return strip(await endpoints.findOneAndUpdate({ _id: id, merchantId: scope.merchantId, environment: scope.environment }, { $set: { ...patch, updatedAt: at } }, { returnDocument: 'after' }));
      },
      async deleteEndpoint(scope, id) {
        const gone = (await endpoints.deleteOne({ _id: id, merchantId: scope.merchantId, environment: scope.environment })).deletedCount === 1;
        // Only the request that deleted it gives its place back (see createEndpoint).
        if (gone) await endpointCounts.updateOne({ _id: `${scope.merchantId}:${scope.environment}`, count: { $gt: 0 } }, { $inc: { count: -1 } });
        return gone;
      },
      async getDelivery(id) {
        return strip(await deliveries.findOne({ _id: id }));
      },
      async listDeliveries(scope, endpointId, q) {
        const filter: Record<string, unknown> = { endpointId, merchantId: scope.merchantId, environment: scope.environment };
        if (q.startingAfter) filter.id = { $lt: q.startingAfter };
        return (await deliveries.find(filter).sort({ id: -1 }).limit(q.limit).toArray()).map((d) => strip(d)!);
      },
      async dueDeliveries(now, limit) {
        const docs = await deliveries
          .find({ status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ lockedUntil: null }, { lockedUntil: { $lte: now } }] })
          .sort({ nextAttemptAt: 1 })
          .limit(limit)
          .toArray();
        return docs.map((d) => strip(d)!);
      },
      async claimDelivery(id, now, lockedUntil) {
        return strip(
          await deliveries.findOneAndUpdate(
            { _id: id, status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ lockedUntil: null }, { lockedUntil: { $lte: now } }] },
            { $set: { lockedUntil, updatedAt: now } },
            { returnDocument: 'after' },
          ),
        );
      },
      async recordAttempt(id, attempt, outcome) {
        return strip(
          await deliveries.findOneAndUpdate(
            { _id: id },
            { $push: { attempts: attempt }, $set: { status: outcome.status, nextAttemptAt: outcome.nextAttemptAt, lockedUntil: null, updatedAt: attempt.at } },
            { returnDocument: 'after' },
          ),
        );
      },
    },
    idempotency: {
      async begin(record, now) {
        const _id = idemId(record);
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            await idempotency.insertOne({ _id, ...record });
            return { status: 'started', createdAt: record.createdAt };
          } catch (err) {
            if (!isDuplicate(err)) throw err;
          }
          const cur = await idempotency.findOne({ _id });
          if (!cur) continue;
          const live = cur.expiresAt > now;
          if (live && cur.requestHash !== record.requestHash) return { status: 'mismatch' };
          if (live && cur.state === 'done' && cur.response) return { status: 'replay', response: cur.response };
          if (live && cur.lockedUntil > now) return { status: 'in_progress' };
          // Expired, or running with its hold lapsed: take it over, unless someone else just did.
          const next = live ? { ...record, createdAt: cur.createdAt, expiresAt: cur.expiresAt } : record;
          const taken = await idempotency.findOneAndReplace({ _id, state: cur.state, lockedUntil: cur.lockedUntil, expiresAt: cur.expiresAt }, { ...next });
          if (taken) return { status: 'started', createdAt: next.createdAt };
        }
        return { status: 'in_progress' };
      },
      async complete(scope, key, response) {
        await idempotency.updateOne({ _id: idemId({ ...scope, key }) }, { $set: { state: 'done', response } });
      },
      async abandon(scope, key) {
        await idempotency.deleteOne({ _id: idemId({ ...scope, key }), state: 'running' });
      },
      async release(scope, key, now) {
        await idempotency.updateOne({ _id: idemId({ ...scope, key }), state: 'running' }, { $set: { lockedUntil: now } });
      },
      async get(scope, key) {
        return strip(await idempotency.findOne({ _id: idemId({ ...scope, key }) }));
      },
      async purge(now, limit) {
        const old = await idempotency.find({ expiresAt: { $lte: now } }, { projection: { _id: 1 } }).limit(limit).toArray();
        if (old.length === 0) return 0;
        return (await idempotency.deleteMany({ _id: { $in: old.map((d) => d._id) }, expiresAt: { $lte: now } })).deletedCount;
      },
    },
  };
}
