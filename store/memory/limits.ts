/**
 * In-process request limits (embedded default) on rate-limiter-flexible's memory limiter, the
 * same library and fixed one-minute windows the Redis adapter uses, so both behave alike.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { FAILED_ATTEMPTS_PER_MINUTE, KEY_REQUESTS_PER_MINUTE, type LimitDecision, type RequestLimits } from '../governance.js';

export function memoryRequestLimits(options: { perKey?: number; failedPerAddress?: number } = {}): RequestLimits {
  const perKey = new RateLimiterMemory({ keyPrefix: 'key', points: options.perKey ?? KEY_REQUESTS_PER_MINUTE, duration: 60 });
  const failedMax = options.failedPerAddress ?? FAILED_ATTEMPTS_PER_MINUTE;
  const failed = new RateLimiterMemory({ keyPrefix: 'fail', points: failedMax, duration: 60 });
  return {
    perKeyPerMinute: options.perKey ?? KEY_REQUESTS_PER_MINUTE,
    async consumeKeyRequest(keyId) {
      return decide(() => perKey.consume(keyId));
    },
    async checkAddress(address) {
      const res = await failed.get(address);
      if (res && res.consumedPoints >= failedMax) return { allowed: false, retryAfterMs: res.msBeforeNext };
      return { allowed: true, retryAfterMs: 0 };
    },
    async recordFailedAttempt(address) {
      await failed.penalty(address, 1);
    },
    async reserveFailedAttempt(address) {
      // consume() counts and decides in one synchronous step of the memory store; refused past the limit.
      return decide(() => failed.consume(address));
    },
    async releaseFailedAttempt(address) {
      const res = await failed.get(address);
      if (res && res.consumedPoints > 0) await failed.reward(address, 1);
    },
  };
}

/** Maps rate-limiter-flexible's resolve/reject protocol to a decision; real errors propagate. */
export async function decide(consume: () => Promise<RateLimiterRes>): Promise<LimitDecision> {
  try {
    await consume();
    return { allowed: true, retryAfterMs: 0 };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterMs: rejection.msBeforeNext };
    throw rejection;
  }
}
