/**
 * Idempotency (Stripe's model) for every POST that creates an object or moves money:
 * - `Idempotency-Key` (1-255 printable ASCII characters) is required: 400 without it;
 * - the first request with a key runs and its answer is stored for 24 hours, per merchant
 *   environment, in the store (so replays survive a restart and every API node sees them);
 * - the same key with the same request (method, path, canonical JSON body) replays the stored
 *   answer, status and body, with `Idempotent-Replayed: true`;
 * - the same key with another request is 422 idempotency_key_reused;
 * - while the first is still running, 409 idempotency_key_in_use (Retry-After: 1);
 * - answers that decided nothing are not stored, so a retry runs again: 400 (invalid request),
 *   401/403/429/503 (never ran) and 5xx. Decided refusals (402, 404, 409, 422) are stored. A
 *   400 frees the key; any other failure keeps its first use, so the retry takes over the same
 *   object-level key (below) and needs the same body.
 * Below this layer, every object created under a key exists once per (scope, kind, key and the
 * time the key was first used) in the store itself, so even a request that died half-way cannot
 * create a second object when a retry takes it over.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonicalJson.js';
import { ApiError, errors } from '../errors.js';
import type { RouteContext } from '../routes/route.js';
import { iso, type PaymentsContext } from './core.js';
import type { Scope, StoredResponse } from '../../store/payments/model.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAY_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A running request holds its key this long; after it another request with the key takes over. */
export const IDEMPOTENCY_HOLD_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The key of the request: required, 1-255 printable ASCII. */
export function idempotencyKeyOf(ctx: RouteContext): string {
  const key = ctx.get(IDEMPOTENCY_HEADER);
  if (!key) throw errors.validation(`The header ${IDEMPOTENCY_HEADER} is required on this request (any unique string, e.g. a UUID, reused only to retry it)`, { [IDEMPOTENCY_HEADER]: 'is required' });
  if (!KEY_PATTERN.test(key)) throw errors.validation(`Invalid ${IDEMPOTENCY_HEADER}`, { [IDEMPOTENCY_HEADER]: 'must be 1 to 255 printable ASCII characters without spaces' });
  return key;
}

const STORED_STATUSES = new Set([402, 404, 409, 422]);

/**
 * The path as the router reads it: any case, and a trailing slash or none, are one route, so
 * they are one request for the key too (with the raw path, a retry to /v1/payins/ of a POST to
 * /v1/payins was refused as the key reused with another request).
 */
export function canonicalPath(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '') || '/';
}

/**
 * Runs `work` once per idempotency key and answers through ctx: the work's answer, a replay of
 * the stored one, or a refusal. `body` is the parsed request body (hashed with method and path).
 */
export async function idempotent(ctx: RouteContext, pc: PaymentsContext, scope: Scope, key: string, body: unknown, work: (objectKey: string) => Promise<StoredResponse>): Promise<void> {
  const requestHash = createHash('sha256').update(`${ctx.method} ${canonicalPath(ctx.path)} ${canonicalJson(body)}`).digest('hex');
  const now = pc.now();
  const begun = await pc.store.idempotency.begin(
    { ...scope, key, requestHash, state: 'running', lockedUntil: iso(now + IDEMPOTENCY_HOLD_MS), response: null, createdAt: iso(now), expiresAt: iso(now + IDEMPOTENCY_TTL_MS) },
    iso(now),
  );
  if (begun.status === 'mismatch') {
    throw new ApiError('idempotency_key_reused', `This ${IDEMPOTENCY_HEADER} was already used with a different request; use a new key for a new request`, { key });
  }
  if (begun.status === 'in_progress') {
    throw new ApiError('idempotency_key_in_use', `A request with this ${IDEMPOTENCY_HEADER} is still running; retry when it has finished`, { key }, { 'Retry-After': '1' });
  }
  if (begun.status === 'replay') {
    ctx.set(REPLAY_HEADER, 'true');
    ctx.status = begun.response.status;
    ctx.body = begun.response.body;
    return;
  }
  let response: StoredResponse;
  try {
    // The object-level key: this key's generation (a key reused after its 24 hours is a new one).
    response = await work(`${key} ${begun.createdAt}`);
  } catch (err) {
    if (err instanceof ApiError && STORED_STATUSES.has(err.status)) {
      await pc.store.idempotency.complete(scope, key, { status: err.status, body: err.toBody() });
    } else if (err instanceof ApiError && err.status === 400) {
      // Refused before anything was written (the request is invalid): the key is free again.
      await pc.store.idempotency.abandon(scope, key).catch(() => undefined);
    } else {
      // Failed, perhaps half-way (a fault, the store away): the key keeps its first use, so the
      // retry works under the same object-level key and completes what was written, never twice.
      await pc.store.idempotency.release(scope, key, iso(pc.now())).catch(() => undefined);
    }
    throw err;
  }
  await pc.store.idempotency.complete(scope, key, response);
  ctx.status = response.status;
  ctx.body = response.body;
}
