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

/** The payments limit's answer: whether the request may go, and the numbers for RateLimit headers. */
export interface RateDecision {
  allowed: boolean;
  /**
   * The quota of the policy closest to exhaustion (the one with fewer requests left; the minute
   * on a tie), which `remaining` and `resetMs` describe: the RateLimit-* headers' one policy.
   */
  limit: number;
  /** Requests left now under that policy (the lower of the two windows), after this one. */
  remaining: number;
  /** When refused: milliseconds until one more is allowed. */
  retryAfterMs: number;
  /** Milliseconds until every request counted in that policy's window has left it. */
  resetMs: number;
}

/**
 * The payments limit per merchant environment (payments-api.md section 8: 120 requests per
 * minute, bursts of 20 per second): at most `perMinute` in any 60 s and `perSecond` in any
 * second, both sliding (a token bucket of 20 refilled at 2 a second admitted 140 in one minute).
 * Refused requests are not counted. Time is the caller's clock (`nowMs`), so every adapter
 * answers the same for the same sequence and tests can drive it; nodes' clocks agree within NTP.
 */
export interface RateWindows {
  take(key: string, nowMs: number): Promise<RateDecision>;
}

export interface RateShape {
  perMinute: number;
  perSecond: number;
}

export const PAYMENTS_RATE: RateShape = { perMinute: 120, perSecond: 20 };
export const MINUTE_MS = 60_000;
export const SECOND_MS = 1_000;

/**
 * The decision both adapters make, from the key's latest admitted times (newest first, at most
 * `perMinute` of them): the Redis adapter runs the same steps in Lua.
 */
export function rateDecision(shape: RateShape, latest: readonly number[], now: number): RateDecision {
  const waitFor = (max: number, windowMs: number) => {
    const t = latest[max - 1];
    return t === undefined ? 0 : Math.max(0, t + windowMs - now);
  };
  const wait = Math.max(waitFor(shape.perMinute, MINUTE_MS), waitFor(shape.perSecond, SECOND_MS));
  // The RateLimit numbers count this request when it is admitted.
  const counted = wait === 0 ? [now, ...latest] : latest;
  let minute = 0;
  let second = 0;
  for (const t of counted) {
    if (t > now - MINUTE_MS) minute++;
    if (t > now - SECOND_MS) second++;
  }
  // One policy is reported, the one closest to exhaustion: a burst refusal says 20 and resets
  // within the second, as its Retry-After does, instead of pairing 20 with the minute's reset.
  const byMinute = shape.perMinute - minute <= shape.perSecond - second;
  const windowMs = byMinute ? MINUTE_MS : SECOND_MS;
  const newest = counted[0];
  return {
    allowed: wait === 0,
    limit: byMinute ? shape.perMinute : shape.perSecond,
    remaining: Math.max(0, Math.min(shape.perMinute - minute, shape.perSecond - second)),
    retryAfterMs: wait,
    resetMs: newest === undefined ? 0 : Math.max(0, newest + windowMs - now),
  };
}
