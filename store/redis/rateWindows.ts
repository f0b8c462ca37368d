/**
 * Payment rate windows shared by every API node: each key's latest admitted times in a Redis
 * list (newest first, trimmed to `perMinute`), decided and recorded by one Lua script, the same
 * steps as store/governance.ts rateDecision. The list expires a minute after its newest time.
 */
import type { Redis } from 'ioredis';
import { MINUTE_MS, PAYMENTS_RATE, SECOND_MS, type RateShape, type RateWindows } from '../governance.js';
import { luaScript } from './script.js';
import { SLIDING_LUA } from './slidingLua.js';
import { REDIS_TIMEOUT_MS, withinDeadline } from './unavailable.js';

/** ARGV: now, per minute, per second, minute ms, second ms. Returns {allowed, limit, remaining, retryAfterMs, resetMs} (rateDecision's). */
const TAKE = luaScript(`local now = tonumber(ARGV[1])
${SLIDING_LUA}local perMinute = tonumber(ARGV[2])
local perSecond = tonumber(ARGV[3])
local minute = tonumber(ARGV[4])
local second = tonumber(ARGV[5])
local waitMs = math.max(wait(KEYS[1], perMinute, minute), wait(KEYS[1], perSecond, second))
if waitMs == 0 then push(KEYS[1], perMinute, minute) end
local list = redis.call('LRANGE', KEYS[1], 0, perMinute - 1)
local inMinute, inSecond = 0, 0
for _, v in ipairs(list) do
  local t = tonumber(v)
  if t > now - minute then inMinute = inMinute + 1 end
  if t > now - second then inSecond = inSecond + 1 end
end
local remaining = math.max(0, math.min(perMinute - inMinute, perSecond - inSecond))
local limit, window = perSecond, second
if perMinute - inMinute <= perSecond - inSecond then limit, window = perMinute, minute end
local reset = 0
if list[1] then reset = math.max(0, tonumber(list[1]) + window - now) end
local allowed = 0
if waitMs == 0 then allowed = 1 end
return {allowed, limit, remaining, waitMs, reset}`);

export interface RedisRateWindowsOptions {
  /** Prefix of every Redis key; a key's times live at `<prefix><key>`. Default 'engcalc:rw:'. */
  keyPrefix?: string;
  /** Milliseconds one call may wait for Redis before rejecting with RedisUnavailable. Default 2000. */
  timeoutMs?: number;
}

export function redisRateWindows(redis: Redis, shape: RateShape = PAYMENTS_RATE, options: RedisRateWindowsOptions = {}): RateWindows {
  const prefix = options.keyPrefix ?? 'engcalc:rw:';
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  const args = (nowMs: number) => [String(Math.floor(nowMs)), String(shape.perMinute), String(shape.perSecond), String(MINUTE_MS), String(SECOND_MS)];
  return {
    take(key, nowMs) {
      return withinDeadline('rate windows', timeoutMs, async () => {
        if (redis.status !== 'ready') throw new Error(`connection is ${redis.status}`);
        const [allowed, limit, remaining, retryAfterMs, resetMs] = (await TAKE(redis, [prefix + key], args(nowMs))) as number[];
        return { allowed: allowed === 1, limit: limit!, remaining: remaining!, retryAfterMs: retryAfterMs!, resetMs: resetMs! };
      });
    },
  };
}
