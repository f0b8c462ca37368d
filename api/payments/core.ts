/**
 * What every payments service shares: the context (store, clock, a nudge for the scheduler),
 * and the two ways an object changes — created, or moved along its state machine — each one
 * atomic store operation together with its balance movements and its event.
 */
import { ApiError, errors } from '../errors.js';
import type { DataKeys } from './dataKeys.js';
import { newPaymentId } from './ids.js';
import type { Movement, ObjectBase, ObjectKind, ObjectOf, PaymentEvent, Scope } from '../../store/payments/model.js';
import type { PaymentsStore } from '../../store/payments/ports.js';

export interface PaymentsContext {
  store: PaymentsStore;
  /** The clock (ms since the epoch); injectable so tests move time instead of waiting. */
  now(): number;
  /** Something wrote events or timers: the scheduler should look soon. */
  notify(): void;
  /** Webhook URLs may point at loopback, private and other non-public addresses (WEBHOOK_PRIVATE_TARGETS=true; default no). */
  privateWebhookTargets?: boolean;
  /** The keys sealing bank account numbers at rest (./sealed.ts). */
  dataKeys: DataKeys;
}

export const iso = (ms: number) => new Date(ms).toISOString();

export function newEvent(ctx: PaymentsContext, record: ObjectBase, type: string, view: Record<string, unknown>): PaymentEvent {
  const now = ctx.now();
  return { id: newPaymentId('event', now), merchantId: record.merchantId, environment: record.environment, type, objectId: record.id, createdAt: iso(now), data: view };
}

export function insufficient(out: { currency: string; available: number }, required: number): ApiError {
  return new ApiError('insufficient_funds', `The available ${out.currency} balance (${out.available}) does not cover ${required}`, { currency: out.currency, available: out.available, required });
}

/**
 * Creates an object with its movements and its creation event(s). Answers the object; when one
 * was already created under the same idempotency key, that one (nothing new happens).
 */
export async function createObject<K extends ObjectKind>(
  ctx: PaymentsContext,
  kind: K,
  record: ObjectOf[K],
  movements: Movement[],
  eventTypes: string[],
  view: (r: ObjectOf[K]) => Record<string, unknown>,
): Promise<{ record: ObjectOf[K]; created: boolean }> {
  const events = eventTypes.map((t) => newEvent(ctx, record, t, view(record)));
  const out = await ctx.store.objects.create(kind, record, { movements, events });
  if (out.status === 'insufficient_funds') throw insufficient(out, -(movements.find((m) => m.currency === out.currency)?.available ?? 0));
  if (events.length) ctx.notify();
  return { record: out.record, created: out.status === 'created' };
}

/**
 * Moves an object from the status it was read in to `to` (allowed by `transitions`), with the
 * movements of that change and the event `<kind>.<to>`. A concurrent change wins: this one is
 * then re-judged against the object's new status (409 invalid_transition when no longer allowed).
 */
export async function moveObject<K extends 'payin' | 'payout'>(
  ctx: PaymentsContext,
  kind: K,
  current: ObjectOf[K],
  to: ObjectOf[K]['status'],
  patch: Partial<ObjectOf[K]>,
  rules: { transitions: Record<string, readonly string[]>; movements: (r: ObjectOf[K], to: ObjectOf[K]['status']) => Movement[]; view: (r: ObjectOf[K]) => Record<string, unknown> },
): Promise<ObjectOf[K]> {
  let record = current;
  for (let attempt = 0; attempt < 3; attempt++) {
    const allowed = rules.transitions[record.status] ?? [];
    if (!allowed.includes(to)) {
      throw new ApiError('invalid_transition', `This ${kind} is ${record.status}; it cannot become ${to}${allowed.length ? ` (from ${record.status} it can become ${allowed.join(' or ')})` : ` (${record.status} is final)`}`, {
        status: record.status,
        requested: to,
        allowed,
      });
    }
    const next = { ...record, nextAction: null, ...patch, status: to, version: record.version + 1, updatedAt: iso(ctx.now()) } as ObjectOf[K];
    const event = newEvent(ctx, next, `${kind}.${to}`, rules.view(next));
    const scope: Scope = { merchantId: record.merchantId, environment: record.environment };
    const out = await ctx.store.objects.transition(kind, scope, record.id, record.version, next, { movements: rules.movements(record, to), events: [event] });
    if (out.status === 'done') {
      ctx.notify();
      return out.record;
    }
    if (out.status === 'not_found') throw errors.notFound(`No ${kind} ${record.id}`);
    if (out.status === 'insufficient_funds') throw insufficient(out, 0);
    record = out.record;
  }
  throw new ApiError('conflict', `This ${kind} is changing concurrently; retry`);
}

export async function getOrNotFound<K extends ObjectKind>(ctx: PaymentsContext, kind: K, scope: Scope, id: string): Promise<ObjectOf[K]> {
  const record = await ctx.store.objects.get(kind, scope, id);
  if (!record) throw errors.notFound(`No ${kind.replace('_', '-')} ${id.slice(0, 80)} in this environment`);
  return record;
}
