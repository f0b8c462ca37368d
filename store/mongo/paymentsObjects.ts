/**
 * Pay-ins, payouts, quotes, conversions, top-ups and balances in MongoDB, without transactions
 * (standalone servers refuse them). What makes it safe:
 *
 * - Money lives in one document per merchant environment (`payAccounts`: `b.<CUR>.available /
 *   pending / reserved`), so every movement, a conversion's two currencies included, is ONE
 *   conditional `$inc`: the filter requires each debited field to cover the debit, so no
 *   balance can go negative, and requires the operation's marker (`ops.<opId>`) to be absent,
 *   so an operation is applied at most once however often it is retried.
 * - An object change is a compare-and-set on its own document (version, and no operation in
 *   flight) that records the operation it implies (`pendingOp`: movements, events). Then the
 *   movement is applied (marker-guarded), the events inserted (ids fixed in advance, duplicates
 *   ignored) and `pendingOp` cleared. A creation that debits (payout, conversion) is inserted
 *   hidden first and shown only once its money moved; when funds are short it is deleted.
 * - A process that dies between the steps leaves `pendingOp` behind; the next reader finishes
 *   it (any node: the steps are idempotent), and `due()` (called every second by the scheduler)
 *   finishes the ones older than RECOVER_AFTER_MS. Markers are kept for MARKER_TTL_MS, far
 *   beyond any request's life, so a stalled step cannot apply an operation twice.
 * The one weaker point: a conversion's quote is claimed before the conversion is created; if the
 * process dies in between, that quote stays used (it expires within 5 minutes anyway).
 */
import type { Collection, Document, Filter } from 'mongodb';
import type { BalanceAmounts, Environment, Movement, ObjectBase, ObjectKind, PaymentEvent, Quote, Scope } from '../payments/model.js';
import { BalanceOutOfRange, type Change, type CreateOutcome, type InsufficientFunds, type ObjectStore } from '../payments/ports.js';
import { isDuplicate } from './index.js';

export const RECOVER_AFTER_MS = 60_000;
export const MARKER_TTL_MS = 24 * 3_600_000;

interface PendingOp {
  id: string;
  at: string;
  movements: Movement[];
  events: PaymentEvent[];
  /** A creation (the document is hidden until its money moved). */
  create: boolean;
  /** For a transition: the record before, to put back when funds turn out short. */
  previous: ObjectBase | null;
}

export type ObjectDoc = ObjectBase & Record<string, unknown> & { _id: string; kind: ObjectKind; nextActionAt: string | null; hidden?: boolean; pendingOp?: PendingOp | null };
export type AccountDoc = { _id: string; merchantId: string; environment: Environment; b?: Record<string, BalanceAmounts>; ops?: Record<string, string> };
export type EventDoc = PaymentEvent & { _id: string; dispatched: boolean };

const FIELDS = ['available', 'pending', 'reserved'] as const;
const docId = (kind: ObjectKind, id: string) => `${kind}:${id}`;
const accountId = (scope: Scope) => `${scope.merchantId}:${scope.environment}`;

function recordOf<T>(doc: ObjectDoc | null): T | undefined {
  if (!doc || doc.hidden) return undefined;
  const { _id, kind: _k, nextActionAt: _n, hidden: _h, pendingOp: _p, ...record } = doc;
  return record as T;
}

function toDoc(kind: ObjectKind, record: ObjectBase, pendingOp: PendingOp | null, hidden: boolean): ObjectDoc {
  return { ...(record as ObjectBase & Record<string, unknown>), _id: docId(kind, record.id), kind, nextActionAt: record.nextAction?.at ?? null, pendingOp, ...(hidden ? { hidden: true } : {}) };
}

export function mongoObjects(objects: Collection<ObjectDoc>, accounts: Collection<AccountDoc>, events: Collection<EventDoc>, now: () => string = () => new Date().toISOString()): ObjectStore {
  /** Applies the movements once (marker-guarded); 'applied' also when an earlier try did. */
  const applyOp = async (scope: Scope, opId: string, movements: Movement[]): Promise<'applied' | InsufficientFunds> => {
    if (movements.length === 0) return 'applied';
    const _id = accountId(scope);
    try {
      await accounts.updateOne({ _id }, { $setOnInsert: { merchantId: scope.merchantId, environment: scope.environment } }, { upsert: true });
    } catch (err) {
      if (!isDuplicate(err)) throw err; // a concurrent first movement created it
    }
    const inc: Record<string, number> = {};
    for (const m of movements) for (const f of FIELDS) if (m[f]) inc[`b.${m.currency}.${f}`] = (inc[`b.${m.currency}.${f}`] ?? 0) + m[f]!;
    const filter: Record<string, unknown> = { _id, [`ops.${opId}`]: { $exists: false } };
    for (const [path, delta] of Object.entries(inc)) {
      if (delta < 0) filter[path] = { $gte: -delta };
      else filter[path] = { $not: { $gt: Number.MAX_SAFE_INTEGER - delta } }; // $not: a missing field matches
    }
    const res = await accounts.updateOne(filter as Filter<AccountDoc>, { $inc: inc, $set: { [`ops.${opId}`]: now() } });
    if (res.modifiedCount === 1) {
      if (Math.random() < 0.01) await dropOldMarkers(_id);
      return 'applied';
    }
    const doc = await accounts.findOne({ _id });
    if (doc?.ops?.[opId]) return 'applied';
    for (const [path, delta] of Object.entries(inc)) {
      const [, currency, field] = path.split('.') as [string, string, (typeof FIELDS)[number]];
      const have = doc?.b?.[currency]?.[field] ?? 0;
      if (delta < 0 && have < -delta) return { status: 'insufficient_funds', currency, available: doc?.b?.[currency]?.available ?? 0 };
      if (delta > 0 && have + delta > Number.MAX_SAFE_INTEGER) throw new BalanceOutOfRange(currency);
    }
    throw new Error(`balance movement ${opId} was not applied`);
  };

  const dropOldMarkers = async (_id: string) => {
    const doc = await accounts.findOne({ _id }, { projection: { ops: 1 } });
    const cutoff = new Date(Date.parse(now()) - MARKER_TTL_MS).toISOString();
    const old = Object.entries(doc?.ops ?? {}).filter(([, at]) => at < cutoff).map(([k]) => [`ops.${k}`, ''] as const);
    if (old.length) await accounts.updateOne({ _id }, { $unset: Object.fromEntries(old) });
  };

  const insertEvents = async (list: PaymentEvent[]) => {
    for (const e of list) {
      try {
        await events.insertOne({ ...e, _id: e.id, dispatched: false });
      } catch (err) {
        if (!isDuplicate(err)) throw err;
      }
    }
  };

  /** Steps after the compare-and-set: move money, write events, show the object. Idempotent. */
  const finish = async (doc: ObjectDoc): Promise<'done' | InsufficientFunds> => {
    const op = doc.pendingOp;
    if (!op) return 'done';
    const scope = { merchantId: doc.merchantId, environment: doc.environment };
    // Money that cannot move (short of funds, or a balance it would carry past 2^53) undoes the
    // change, as LMDB's transaction does: left pending, every read would retry it and throw.
    const undo = async () => {
      if (op.create) await objects.deleteOne({ _id: doc._id, 'pendingOp.id': op.id });
      else if (op.previous) await objects.replaceOne({ _id: doc._id, 'pendingOp.id': op.id }, toDoc(doc.kind, op.previous, null, false));
    };
    let applied: Awaited<ReturnType<typeof applyOp>>;
    try {
      applied = await applyOp(scope, op.id, op.movements);
    } catch (err) {
      if (err instanceof BalanceOutOfRange) await undo();
      throw err;
    }
    if (applied !== 'applied') {
      await undo();
      return applied;
    }
    await insertEvents(op.events);
    await objects.updateOne({ _id: doc._id, 'pendingOp.id': op.id }, { $set: { pendingOp: null }, $unset: { hidden: '' } });
    return 'done';
  };

  const store: ObjectStore = {
    async get(kind, scope, id) {
      let doc = await objects.findOne({ _id: docId(kind, id), merchantId: scope.merchantId, environment: scope.environment });
      if (doc?.pendingOp && !doc.pendingOp.create) {
        await finish(doc);
        doc = await objects.findOne({ _id: docId(kind, id) });
      }
      return recordOf(doc);
    },
    async find(kind, id) {
      return recordOf(await objects.findOne({ _id: docId(kind, id) }));
    },
    async list(kind, scope, q) {
      const filter: Record<string, unknown> = { kind, merchantId: scope.merchantId, environment: scope.environment, hidden: { $ne: true } };
      if (q.startingAfter) filter.id = { $lt: q.startingAfter };
      if (q.status) filter.status = q.status;
      if (q.currency) filter.$or = [{ currency: q.currency }, { sellCurrency: q.currency }, { buyCurrency: q.currency }];
      if (q.createdGte || q.createdLt) filter.createdAt = { ...(q.createdGte ? { $gte: q.createdGte } : {}), ...(q.createdLt ? { $lt: q.createdLt } : {}) };
      const docs = await objects.find(filter as Filter<ObjectDoc>).sort({ id: -1 }).limit(q.limit).toArray();
      return docs.map((d) => recordOf(d)!) as never;
    },
    async create(kind, record, change) {
      const op: PendingOp = { id: `${record.id}-v${record.version}`, at: now(), movements: change.movements, events: change.events, create: true, previous: null };
      const doc = toDoc(kind, record, op, true);
      try {
        await objects.insertOne(doc);
      } catch (err) {
        if (!isDuplicate(err) || record.idempotencyKey === null) throw err;
        const existing = await objects.findOne({ kind, merchantId: record.merchantId, environment: record.environment, idempotencyKey: record.idempotencyKey });
        if (!existing) throw err;
        if (existing.pendingOp) await finish(existing);
        const shown = recordOf<typeof record>(await objects.findOne({ _id: existing._id }));
        if (!shown) throw err;
        return { status: 'exists', record: shown } as CreateOutcome<typeof record>;
      }
      const outcome = await finish(doc);
      return (outcome === 'done' ? { status: 'created', record } : outcome) as never;
    },
    async transition(kind, scope, id, expectedVersion, next, change) {
      const _id = docId(kind, id);
      for (let attempt = 0; attempt < 2; attempt++) {
        const current = await objects.findOne({ _id, merchantId: scope.merchantId, environment: scope.environment });
        if (!current || current.hidden) return { status: 'not_found' };
        if (current.pendingOp) {
          await finish(current); // an earlier change left unfinished: complete it first
          continue;
        }
        if (current.version !== expectedVersion) return { status: 'stale', record: recordOf(current) as never };
        const op: PendingOp = { id: `${id}-v${next.version}`, at: now(), movements: change.movements, events: change.events, create: false, previous: recordOf(current)! };
        const replaced = await objects.findOneAndReplace({ _id, version: expectedVersion, pendingOp: null }, toDoc(kind, next, op, false), { returnDocument: 'after' });
        if (!replaced) continue;
        const outcome = await finish(replaced);
        return (outcome === 'done' ? { status: 'done', record: next } : outcome) as never;
      }
      const latest = await objects.findOne({ _id });
      return latest ? { status: 'stale', record: recordOf(latest) as never } : { status: 'not_found' };
    },
    async convert(scope, quoteId, conversion, change, at) {
      if (conversion.idempotencyKey !== null) {
        const existing = await objects.findOne({ kind: 'conversion', merchantId: scope.merchantId, environment: scope.environment, idempotencyKey: conversion.idempotencyKey, hidden: { $ne: true } });
        if (existing) return { status: 'exists', record: recordOf(existing)! };
      }
      const qid = docId('quote', quoteId);
      const claimed = await objects.findOneAndUpdate(
        { _id: qid, merchantId: scope.merchantId, environment: scope.environment, usedBy: null, expiresAt: { $gt: at } },
        { $set: { usedBy: conversion.id, updatedAt: at }, $inc: { version: 1 } } as Document,
        { returnDocument: 'after' },
      );
      if (!claimed) {
        const quote = recordOf<Quote>(await objects.findOne({ _id: qid, merchantId: scope.merchantId, environment: scope.environment }));
        if (!quote) return { status: 'quote_not_found' };
        return quote.usedBy ? { status: 'quote_used', quote } : { status: 'quote_expired', quote };
      }
      const created = await store.create('conversion', conversion, change);
      if (created.status !== 'created') {
        await objects.updateOne({ _id: qid, usedBy: conversion.id }, { $set: { usedBy: null }, $inc: { version: 1 } } as Document);
      }
      return created;
    },
    async due(at, limit) {
      await recover(at);
      const docs = await objects.find({ nextActionAt: { $lte: at }, hidden: { $ne: true } }, { projection: { kind: 1, id: 1, merchantId: 1, environment: 1 } }).sort({ nextActionAt: 1 }).limit(limit).toArray();
      return docs.map((d) => ({ kind: d.kind, id: d.id, scope: { merchantId: d.merchantId, environment: d.environment } }));
    },
    async balances(scope) {
      const doc = await accounts.findOne({ _id: accountId(scope) });
      return Object.entries(doc?.b ?? {})
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([currency, v]) => ({ currency, available: v.available ?? 0, pending: v.pending ?? 0, reserved: v.reserved ?? 0 }));
    },
  };

  /** Finishes operations a dead process left; a creation whose money never moved is withdrawn. */
  const recover = async (at: string) => {
    const before = new Date(Date.parse(at) - RECOVER_AFTER_MS).toISOString();
    const stuck = await objects.find({ 'pendingOp.at': { $lt: before } }).limit(100).toArray();
    for (const doc of stuck) {
      // One record that cannot be finished does not keep the others (or the caller's due list) waiting.
      await recoverOne(doc).catch(() => undefined);
    }
  };

  const recoverOne = async (doc: ObjectDoc) => {
    const op = doc.pendingOp!;
    const acct = await accounts.findOne({ _id: accountId({ merchantId: doc.merchantId, environment: doc.environment }) }, { projection: { [`ops.${op.id}`]: 1 } });
    if (op.create && op.movements.length > 0 && !acct?.ops?.[op.id]) {
      await objects.deleteOne({ _id: doc._id, 'pendingOp.id': op.id }); // the caller never heard of it
    } else {
      await finish(doc);
    }
  };

  return store;
}

/** Indexes the object store needs (created at start). */
export async function objectIndexes(objects: Collection<ObjectDoc>, events: Collection<EventDoc>): Promise<void> {
  await Promise.all([
    objects.createIndex({ kind: 1, merchantId: 1, environment: 1, id: -1 }),
    objects.createIndex(
      { kind: 1, merchantId: 1, environment: 1, idempotencyKey: 1 },
      { unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } as Document },
    ),
    objects.createIndex({ nextActionAt: 1 }, { partialFilterExpression: { nextActionAt: { $type: 'string' } } as Document }),
    objects.createIndex({ 'pendingOp.at': 1 }, { partialFilterExpression: { 'pendingOp.at': { $type: 'string' } } as Document }),
    events.createIndex({ merchantId: 1, environment: 1, id: -1 }),
    events.createIndex({ dispatched: 1, id: 1 }),
    events.createIndex({ createdAt: 1 }),
  ]);
}
