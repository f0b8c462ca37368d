/**
 * Token buckets shared by every API node: one Lua script per request (read, refill, take, write,
 * expire), atomic in Redis, with the same integral arithmetic as store/governance.ts bucketStep
 * (thousandths of a token). The hash expires once the bucket would be full again.
 */
import type { Redis } from 'ioredis';
import { decisionOf, PAYMENTS_BUCKET, type BucketShape, type TokenBuckets } from '../governance.js';
import { REDIS_TIMEOUT_MS, withinDeadline } from './unavailable.js';

const TAKE = `
local full = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local v = redis.call('HMGET', KEYS[1], 'milli', 'at')
local milli = tonumber(v[1])
local at = tonumber(v[2])
if milli == nil or at == nil then milli = full; at = now end
local elapsed = now - at
if elapsed < 0 then elapsed = 0 end
milli = math.min(full, milli + elapsed * perMs)
local allowed = 0
if milli >= 1000 then milli = milli - 1000; allowed = 1 end
if now > at then at = now end
redis.call('HSET', KEYS[1], 'milli', milli, 'at', at)
redis.call('PEXPIRE', KEYS[1], math.ceil(full / perMs) + 1000)
return {allowed, milli}
`;

export interface RedisTokenBucketsOptions {
  /** Prefix of every Redis key; a bucket lives at `<prefix><key>`. Default 'engcalc:tb:'. */
  keyPrefix?: string;
  /** Milliseconds one call may wait for Redis before rejecting with RedisUnavailable. Default 2000. */
  timeoutMs?: number;
}

export function redisTokenBuckets(redis: Redis, shape: BucketShape = PAYMENTS_BUCKET, options: RedisTokenBucketsOptions = {}): TokenBuckets {
  const prefix = options.keyPrefix ?? 'engcalc:tb:';
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  return {
    take(key, nowMs) {
      return withinDeadline('token buckets', timeoutMs, async () => {
        if (redis.status !== 'ready') throw new Error(`connection is ${redis.status}`);
        const [allowed, milli] = (await redis.eval(TAKE, 1, prefix + key, shape.capacity * 1000, shape.refillPerSecond, Math.floor(nowMs))) as [number, number];
        return decisionOf(shape, Number(milli), allowed === 1);
      });
    },
  };
}
