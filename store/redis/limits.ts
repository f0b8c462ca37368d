/**
 * Request limits shared by every API node, on rate-limiter-flexible's RateLimiterRedis: the same
 * library and fixed one-minute windows as store/memory/limits.ts, with the counters in Redis.
 * Each count is one atomic Lua script (SET NX EX + INCRBY + PTTL), so any number of connections
 * to the same Redis share it exactly.
 *
 * Deliberately not used: `insuranceLimiter` (a local fallback would silently give every node its
 * own 120/min while Redis is down), `inMemoryBlockOnConsumed` (a node-local block outlives a
 * reset in Redis) and `execEvenly` (delays instead of refusing).
 */
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { FAILED_ATTEMPTS_PER_MINUTE, KEY_REQUESTS_PER_MINUTE, type RequestLimits } from '../governance.js';
import { decide } from '../memory/limits.js';
import { luaScript } from './script.js';
import { REDIS_TIMEOUT_MS, withinDeadline } from './unavailable.js';

export interface RedisRequestLimitsOptions {
  /** Requests per key per one-minute window. Default KEY_REQUESTS_PER_MINUTE (120). */
  perKey?: number;
  /** Failed key attempts per client address per one-minute window. Default FAILED_ATTEMPTS_PER_MINUTE (20). */
  failedPerAddress?: number;
  /** Prefix of every Redis key; counters live at `<prefix>key:<keyId>` and `<prefix>fail:<address>`. Default 'engcalc:rl:'. */
  keyPrefix?: string;
  /** Milliseconds one call may wait for Redis before rejecting with RedisUnavailable. Default 2000; 0 = no deadline. */
  timeoutMs?: number;
}

/**
 * The count of a window and the milliseconds left of it (RateLimiterRedis's GET + PTTL, as one
 * script rather than its MULTI: the address gate is asked on every request, and ioredis builds a
 * pipeline object for each MULTI). Null when the window does not exist.
 */
const readWindow = luaScript(`local v = redis.call('GET', KEYS[1])
if not v then return false end
return {v, redis.call('PTTL', KEYS[1])}`);

/**
 * The address check (readWindow), a guard counter and the key's count (rate-limiter-flexible's
 * own script: SET NX EX, INCRBY, PTTL) as one script: one round trip for a cached key instead of
 * three commands in two. KEYS: address window, guard counter, key window. ARGV: failed max, guard
 * value, window s. Returns {1, pttl} address refused; {2} guard moved; {0, count, pttl} counted.
 * The windows are the keys rate-limiter-flexible uses, so nodes on either path share them.
 */
const checkAndConsumeScript = luaScript(`local f = redis.call('GET', KEYS[1])
if f and tonumber(f) >= tonumber(ARGV[1]) then return {1, redis.call('PTTL', KEYS[1])} end
if (tonumber(redis.call('GET', KEYS[2]) or '0') or -1) ~= tonumber(ARGV[2]) then return {2} end
redis.call('SET', KEYS[3], 0, 'EX', ARGV[3], 'NX')
local consumed = redis.call('INCRBY', KEYS[3], 1)
local ttl = redis.call('PTTL', KEYS[3])
if ttl == -1 then
  redis.call('EXPIRE', KEYS[3], ARGV[3])
  ttl = 1000 * ARGV[3]
end
return {0, consumed, ttl}`);

/**
 * A reserved attempt given back: one off the address's window while it still exists and counts
 * any (DECR keeps its expiry), so a give-back never opens a new window below zero.
 */
const releaseScript = luaScript(`local v = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
if v > 0 then redis.call('DECR', KEYS[1]) end
return 0`);

/** `redis` is the caller's connection; use `enableOfflineQueue: false` so calls fail at once while it is down. */
export function redisRequestLimits(redis: Redis, options: RedisRequestLimitsOptions = {}): RequestLimits {
  const prefix = options.keyPrefix ?? 'engcalc:rl:';
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  const failedMax = options.failedPerAddress ?? FAILED_ATTEMPTS_PER_MINUTE;
  // rate-limiter-flexible joins keyPrefix and key with ':'. `useRedisPackage` stays unset: it is
  // a boolean for node-redis, and ioredis is detected by default. `rejectIfRedisNotReady` fails
  // at once unless the connection is 'ready', even for a client that keeps an offline queue.
  const common = { storeClient: redis, duration: 60, rejectIfRedisNotReady: true };
  const keyPoints = options.perKey ?? KEY_REQUESTS_PER_MINUTE;
  const perKey = new RateLimiterRedis({ ...common, keyPrefix: `${prefix}key`, points: keyPoints });
  const failed = new RateLimiterRedis({ ...common, keyPrefix: `${prefix}fail`, points: failedMax });
  const ready = () => {
    if (redis.status !== 'ready') throw new Error('Redis connection is not ready'); // as rejectIfRedisNotReady
  };

  return {
    perKeyPerMinute: keyPoints,
    consumeKeyRequest(keyId) {
      return withinDeadline('request limits', timeoutMs, () => decide(() => perKey.consume(keyId)));
    },
    checkAddress(address) {
      // A read (GET + PTTL of rate-limiter-flexible's key, `<keyPrefix>:<address>`): checking never counts as an attempt.
      return withinDeadline('request limits', timeoutMs, async () => {
        ready();
        const res = (await readWindow(redis, [failed.getKey(address)], [])) as [string, number] | null;
        if (res && Number.parseInt(res[0], 10) >= failedMax) return { allowed: false, retryAfterMs: Math.max(res[1], 1) };
        return { allowed: true, retryAfterMs: 0 };
      });
    },
    checkAndConsume(address, keyId, guard) {
      return withinDeadline('request limits', timeoutMs, async () => {
        ready();
        const args = [String(failedMax), String(guard.value), String(common.duration)];
        const res = (await checkAndConsumeScript(redis, [failed.getKey(address), guard.key, perKey.getKey(keyId)], args)) as number[];
        if (res[0] === 1) return { address: { allowed: false, retryAfterMs: Math.max(res[1]!, 1) } };
        if (res[0] === 2) return { changed: true };
        // As RateLimiterRedis.consume: refused once the count passes the points.
        return { key: res[1]! > keyPoints ? { allowed: false, retryAfterMs: Math.max(res[2]!, 0) } : { allowed: true, retryAfterMs: 0 } };
      });
    },
    reserveFailedAttempt(address) {
      // rate-limiter-flexible's consume: one script (SET NX EX, INCRBY, PTTL), so every node's
      // reservations of an address are counted in one order; refused once the count passes the limit.
      return withinDeadline('request limits', timeoutMs, () => decide(() => failed.consume(address)));
    },
    releaseFailedAttempt(address) {
      return withinDeadline('request limits', timeoutMs, async () => {
        ready();
        await releaseScript(redis, [failed.getKey(address)], []);
      });
    },
    recordFailedAttempt(address) {
      // penalty() counts without refusing, so the 21st failure still counts (as in memory).
      return withinDeadline('request limits', timeoutMs, async () => {
        await failed.penalty(address, 1);
      });
    },
  };
}
