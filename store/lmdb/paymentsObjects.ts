/**
 * Pay-ins, payouts, quotes, conversions, top-ups and balances in LMDB. Every change of an object
 * runs in one write transaction with its balance movements, its events and its timer, and is
 * acknowledged only once flushed to disk: all of it, or none, across processes on one machine.
 *
 * Keys (one `payments` database, first element a table tag):
 *   ['obj', kind, merchant, env, id] -> record        ['objid', kind, id] -> [merchant, env]
 *   ['idem', kind, merchant, env, idempotencyKey] -> id
 *   ['due', at, kind, id] -> [merchant, env]           (nextAction timers)
 *   ['bal', merchant, env, currency] -> {available, pending, reserved}
 * and the event rows of store/lmdb/payments.ts, written in the same transaction.
 */
import type { Database } from 'lmdb';
import type { Balance, BalanceAmounts, Environment, Movement, ObjectBase, ObjectKind, ObjectOf, PaymentEvent, Quote, Scope } from '../payments/model.js';
import { BalanceOutOfRange, type Change, type InsufficientFunds, type ObjectStore } from '../payments/ports.js';

export type Key = (string | number)[];
export type PaymentsDb = Database<any, Key>;

const HIGH = '\uffff';
const ZERO: BalanceAmounts = { available: 0, pending: 0, reserved: 0 };

export function lmdbObjects(db: PaymentsDb, durable: <T>(work: () => T) => Promise<T>, putEvent: (e: PaymentEvent) => void): ObjectStore {
  const objKey = (kind: ObjectKind, scope: Scope, id: string): Key => ['obj', kind, scope.merchantId, scope.environment, id];

  /** Checks every movement against the balances, then writes them; nothing is written when one would go negative. */
  const applyMovements = (scope: Scope, movements: Movement[]): InsufficientFunds | null => {
    const next = new Map<string, BalanceAmounts>();
    for (const m of movements) {
      const cur = next.get(m.currency) ?? (db.get(['bal', scope.merchantId, scope.environment, m.currency]) as BalanceAmounts | undefined) ?? ZERO;
      const n = { available: cur.available + (m.available ?? 0), pending: cur.pending + (m.pending ?? 0), reserved: cur.reserved + (m.reserved ?? 0) };
      if (n.available < 0 || n.pending < 0 || n.reserved < 0) return { status: 'insufficient_funds', currency: m.currency, available: cur.available };
      if (![n.available, n.pending, n.reserved].every(Number.isSafeInteger)) throw new BalanceOutOfRange(m.currency);
      next.set(m.currency, n);
    }
    for (const [currency, amounts] of next) db.put(['bal', scope.merchantId, scope.environment, currency], amounts);
    return null;
  };

  const setTimer = (kind: ObjectKind, before: ObjectBase | undefined, after: ObjectBase) => {
    if (before?.nextAction) db.remove(['due', before.nextAction.at, kind, before.id]);
    if (after.nextAction) db.put(['due', after.nextAction.at, kind, after.id], [after.merchantId, after.environment]);
  };

  const write = (kind: ObjectKind, before: ObjectBase | undefined, record: ObjectBase, change: Change) => {
    const scope = { merchantId: record.merchantId, environment: record.environment };
    db.put(objKey(kind, scope, record.id), record);
    setTimer(kind, before, record);
    for (const e of change.events) putEvent(e);
  };

  return {
    async get(kind, scope, id) {
      return db.get(objKey(kind, scope, id));
    },
    async find(kind, id) {
      const where = db.get(['objid', kind, id]) as [string, Environment] | undefined;
      return where ? db.get(['obj', kind, where[0], where[1], id]) : undefined;
    },
    async list(kind, scope, q) {
      const prefix: Key = ['obj', kind, scope.merchantId, scope.environment];
      const out: ObjectOf[typeof kind][] = [];
      for (const { value } of db.getRange({ start: [...prefix, q.startingAfter ?? HIGH], end: prefix, reverse: true })) {
        const r = value as ObjectBase & { currency?: string; sellCurrency?: string; buyCurrency?: string };
        if (r.id === q.startingAfter) continue;
        if (q.createdLt && r.createdAt >= q.createdLt) continue;
        if (q.createdGte && r.createdAt < q.createdGte) break; // newest first: all the rest are older
        if (q.status && r.status !== q.status) continue;
        if (q.currency && r.currency !== q.currency && r.sellCurrency !== q.currency && r.buyCurrency !== q.currency) continue;
        out.push(value);
        if (out.length >= q.limit) break;
      }
      return out;
    },
    async create(kind, record, change) {
      const scope = { merchantId: record.merchantId, environment: record.environment };
      return durable(() => {
        if (record.idempotencyKey !== null) {
          const existing = db.get(['idem', kind, scope.merchantId, scope.environment, record.idempotencyKey]) as string | undefined;
          if (existing !== undefined) return { status: 'exists' as const, record: db.get(objKey(kind, scope, existing)) };
        }
        if (db.get(objKey(kind, scope, record.id))) throw new Error(`${kind} ${record.id} exists`);
        const short = applyMovements(scope, change.movements);
        if (short) return short;
        write(kind, undefined, record, change);
        db.put(['objid', kind, record.id], [scope.merchantId, scope.environment]);
        if (record.idempotencyKey !== null) db.put(['idem', kind, scope.merchantId, scope.environment, record.idempotencyKey], record.id);
        return { status: 'created' as const, record };
      });
    },
    async transition(kind, scope, id, expectedVersion, next, change) {
      return durable(() => {
        const current = db.get(objKey(kind, scope, id)) as ObjectBase | undefined;
        if (!current) return { status: 'not_found' as const };
        if (current.version !== expectedVersion) return { status: 'stale' as const, record: current as never };
        const short = applyMovements(scope, change.movements);
        if (short) return short;
        write(kind, current, next, change);
        return { status: 'done' as const, record: next };
      });
    },
    async convert(scope, quoteId, conversion, change, now) {
      return durable(() => {
        if (conversion.idempotencyKey !== null) {
          const existing = db.get(['idem', 'conversion', scope.merchantId, scope.environment, conversion.idempotencyKey]) as string | undefined;
          if (existing !== undefined) return { status: 'exists' as const, record: db.get(objKey('conversion', scope, existing)) };
        }
        const quote = db.get(objKey('quote', scope, quoteId)) as Quote | undefined;
        if (!quote) return { status: 'quote_not_found' as const };
        if (quote.usedBy) return { status: 'quote_used' as const, quote };
        if (quote.expiresAt <= now) return { status: 'quote_expired' as const, quote };
        const short = applyMovements(scope, change.movements);
        if (short) return short;
        const used: Quote = { ...quote, usedBy: conversion.id, version: quote.version + 1, updatedAt: now };
        db.put(objKey('quote', scope, quoteId), used);
        write('conversion', undefined, conversion, change);
        db.put(['objid', 'conversion', conversion.id], [scope.merchantId, scope.environment]);
        if (conversion.idempotencyKey !== null) db.put(['idem', 'conversion', scope.merchantId, scope.environment, conversion.idempotencyKey], conversion.id);
        return { status: 'created' as const, record: conversion };
      });
    },
    async due(now, limit) {
      const out = [];
      for (const { key, value } of db.getRange({ start: ['due'], end: ['due', now, HIGH], limit })) {
        const [, , kind, id] = key as [string, string, ObjectKind, string];
        const [merchantId, environment] = value as [string, Environment];
        out.push({ kind, id, scope: { merchantId, environment } });
      }
      return out;
    },
    async balances(scope) {
      const prefix = ['bal', scope.merchantId, scope.environment];
      return [...db.getRange({ start: prefix, end: [...prefix, HIGH] })].map(({ key, value }) => ({ currency: String((key as Key)[3]), ...(value as BalanceAmounts) }) satisfies Balance);
    },
  };
}
