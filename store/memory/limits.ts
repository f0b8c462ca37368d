/**
 * In-process request limits (embedded default): at most `perKey` requests of a key and
 * `failedPerAddress` failed key attempts of an address in any 60 seconds (store/memory/slidingLog.ts;
 * the Redis adapter keeps the same times in Redis). Refused requests and refused reservations are
 * not recorded, so a caller that waits the Retry-After it was given gets in.
 */
import { FAILED_ATTEMPTS_PER_MINUTE, KEY_REQUESTS_PER_MINUTE, LIMIT_WINDOW_MS, type LimitDecision, type RequestLimits } from '../governance.js';
import { SlidingLog } from './slidingLog.js';

/** `windowMs`: the window (default 60 s; tests shorten it). */
export function memoryRequestLimits(options: { perKey?: number; failedPerAddress?: number; windowMs?: number } = {}): RequestLimits {
  const windowMs = options.windowMs ?? LIMIT_WINDOW_MS;
  const perKey = new SlidingLog(options.perKey ?? KEY_REQUESTS_PER_MINUTE, windowMs);
  const failed = new SlidingLog(options.failedPerAddress ?? FAILED_ATTEMPTS_PER_MINUTE, windowMs);
  const decision = (waitMs: number): LimitDecision => ({ allowed: waitMs === 0, retryAfterMs: waitMs });
  return {
    perKeyPerMinute: perKey.max,
    async consumeKeyRequest(keyId) {
      return decision(perKey.admit(keyId, Date.now()));
    },
    async checkAddress(address) {
      return decision(failed.waitMs(address, Date.now()));
    },
    async recordFailedAttempt(address) {
      failed.add(address, Date.now());
    },
    async reserveFailedAttempt(address) {
      // Checked and recorded in one synchronous step: attempts sent together are counted one by one.
      return decision(failed.admit(address, Date.now()));
    },
    async releaseFailedAttempt(address) {
      failed.removeLatest(address);
    },
  };
}
