/**
 * Ports for the counters that govern calls: request limits and floating seats. The memory
 * adapters (store/memory) serve one process; the Redis adapters serve every API node at once.
 */

export interface LimitDecision {
  allowed: boolean;
  /** When refused: milliseconds until the oldest counted request leaves the window (then one more is allowed). */
  retryAfterMs: number;
}

export interface RequestLimits {
  /** The per-key limit in force (requests per minute), for messages. */
  readonly perKeyPerMinute?: number;
  /** Counts one request of the key (REST and MCP together) against its per-minute limit. */
  consumeKeyRequest(keyId: string): Promise<LimitDecision>;
  /** Whether the client address may still try keys (false once it is over its failed attempts). */
  checkAddress(address: string): Promise<LimitDecision>;
  /** Counts one failed key attempt of the address. */
  recordFailedAttempt(address: string): Promise<void>;
  /**
   * For an attempt whose check is slow (a password's scrypt): counts it as failed before the
   * check, in one atomic step, refused while the address is at its limit, so attempts sent
   * together can never check more than the limit between them (a check then a count let them all
   * through). An attempt that turns out not to fail gives its count back (releaseFailedAttempt).
   */
  reserveFailedAttempt(address: string): Promise<LimitDecision>;
  /** Gives back one reserved attempt of the address (never below none, never into a new window). */
  releaseFailedAttempt(address: string): Promise<void>;
  /**
   * Optional, for a backend where every question is a network round trip (Redis): the address
   * check and the key's count in one atomic step, taken only while the shared counter `guard.key`
   * still holds `guard.value` (the auth version a cached key lookup was read at, so a revocation
   * made since is never counted past). `changed`: the counter moved, nothing was counted.
   */
  checkAndConsume?(address: string, keyId: string, guard: CounterGuard): Promise<GuardedDecision>;
}

/** A shared counter and the value a cached decision was made at. */
export interface CounterGuard {
  key: string;
  value: number;
}

/** checkAndConsume's answer: the address refused (nothing counted), the guard moved (nothing counted), or the key's count. */
export type GuardedDecision = { address: LimitDecision } | { changed: true } | { key: LimitDecision };

export interface SeatHolder {
  member: string;
  /** ISO time the holder took the seat. */
  since: string;
}

export type SeatOutcome = { ok: true } | { ok: false; holders: SeatHolder[] };

export interface Seats {
  /**
   * Takes or refreshes the member's seat of (company, module). A seat is released `releaseMs`
   * after the last call that refreshed it. Refused when `capacity` other members hold one.
   */
  acquire(companyId: string, module: string, memberId: string, capacity: number): Promise<SeatOutcome>;
  /** Who holds a seat of (company, module) now, oldest first, with when each seat frees (no refresh). */
  holders(companyId: string, module: string): Promise<SeatHolding[]>;
}

export interface SeatHolding extends SeatHolder {
  /** ISO time the seat frees unless a call refreshes it first. */
  releasesAt: string;
}

export const KEY_REQUESTS_PER_MINUTE = 120;
export const FAILED_ATTEMPTS_PER_MINUTE = 20;
/** The window of both: at most so many in any 60 seconds (a sliding window, not a counter reset each minute). */
export const LIMIT_WINDOW_MS = 60_000;
export const SEAT_RELEASE_MS = 3 * 60_000;

/** A token bucket's answer: whether the request may go, and the numbers for RateLimit headers. */
export interface BucketDecision {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** When refused: milliseconds until one token is back. */
  retryAfterMs: number;
  /** Milliseconds until the bucket is full again. */
  resetMs: number;
}

/**
 * Token buckets (the payments limit per merchant environment): `capacity` tokens, refilled at
 * `refillPerSecond`; a request takes one. Time is the caller's clock (`nowMs`), so every adapter
 * answers the same for the same sequence and tests can drive it; nodes' clocks agree within NTP.
 */
export interface TokenBuckets {
  take(key: string, nowMs: number): Promise<BucketDecision>;
}

export interface BucketShape {
  capacity: number;
  refillPerSecond: number;
}

/** Payments: bursts of 20, refilled at 2 per second = 120 per minute sustained. */
export const PAYMENTS_BUCKET: BucketShape = { capacity: 20, refillPerSecond: 2 };

/**
 * The arithmetic both adapters share, in thousandths of a token so it stays integral: a bucket
 * last seen at `at` with `milli` thousandths, seen again at `now`.
 */
export function bucketStep(shape: BucketShape, state: { milli: number; at: number } | null, now: number): { state: { milli: number; at: number }; decision: BucketDecision } {
  const full = shape.capacity * 1000;
  const prev = state ?? { milli: full, at: now };
  const elapsed = Math.max(0, now - prev.at);
  let milli = Math.min(full, prev.milli + elapsed * shape.refillPerSecond);
  const allowed = milli >= 1000;
  if (allowed) milli -= 1000;
  return { state: { milli, at: Math.max(now, prev.at) }, decision: decisionOf(shape, milli, allowed) };
}

export function decisionOf(shape: BucketShape, milli: number, allowed: boolean): BucketDecision {
  const perMs = shape.refillPerSecond; // thousandths of a token per millisecond
  return {
    allowed,
    remaining: Math.floor(milli / 1000),
    retryAfterMs: allowed ? 0 : Math.ceil((1000 - milli) / perMs),
    resetMs: Math.ceil((shape.capacity * 1000 - milli) / perMs),
  };
}
