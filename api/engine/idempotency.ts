/**
 * Idempotency-Key on batch and run creation: a retried request (same member, operation, key and
 * body) answers what the first did, from the store, so it survives a restart and any node answers it;
 * the same key with another body is 422 idempotency_key_reused; while the first is still being
 * answered, 409 idempotency_key_in_use with Retry-After: 1 (as payments answers).
 */
import { createHash } from 'node:crypto';
import { ApiError, errors } from '../errors.js';
import { canonicalJson } from '../canonicalJson.js';
import type { AuthContext } from '../state.js';
import type { RunStore } from '../../store/runs/ports.js';

/** How long an answer is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A request that never finished (its node died) frees its key after this long. */
const PENDING_TTL_MS = 10 * 60_000;

/**
 * What a key is scoped to: the function and the kind of request, written as its canonical path
 * whatever spelling the request used (the router takes any case and a trailing slash, and a
 * scope by the raw path let four spellings of one retried request create four runs). REST and
 * the MCP submit tool share it, so a key retried through either answers the same run.
 */
export function engineOperation(name: string, kind: 'runs' | 'batch'): string {
  return `/v1/engine/functions/${name}/${kind}`;
}

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export async function idempotent(runs: RunStore, auth: AuthContext, operation: string, header: string | undefined, body: unknown, work: () => Promise<Answer>): Promise<Answer & { replayed?: boolean }> {
  if (header === undefined || header === '') return work();
  if (header.length > 255) throw errors.validation('Idempotency-Key must be at most 255 characters', { 'Idempotency-Key': 'at most 255 characters' });
  const scope = `${auth.member.id}\n${operation}\n${header}`;
  // Key order does not make another request: a client re-serialising its retry may reorder keys.
  const hash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  const now = Date.now();
  const existing = await runs.remember(scope, { hash, status: 0, body: null, expiresAt: now + PENDING_TTL_MS });
  if (existing) {
    if (existing.hash !== hash) throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was used with another request body; use a new key for a new request');
    if (existing.status === 0) throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being answered; retry after it finishes', undefined, { 'Retry-After': '1' });
    return { status: existing.status, body: existing.body, headers: existing.headers, replayed: true };
  }
  let answer: Answer;
  try {
    answer = await work();
  } catch (err) {
    await runs.forget(scope).catch(() => undefined); // a refused request may be retried as it is
    throw err;
  }
  await runs.settle(scope, { hash, status: answer.status, body: answer.body, headers: answer.headers, expiresAt: Date.now() + IDEMPOTENCY_TTL_MS });
  return answer;
}
