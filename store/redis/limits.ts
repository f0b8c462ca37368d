/**
 * Request limits shared by every API node, the same sliding windows as store/memory/limits.ts
 * (at most `perKey` requests of a key and `failedPerAddress` failed key attempts of an address in
 * any 60 seconds) with each key's or address's latest times in a Redis list, newest first, trimmed
 * to the limit. Every decision is one Lua script on Redis's own clock (TIME), so any number of
 * nodes share it exactly whatever their clocks say.
 *
 * A list holds at most `max` times of up to 16 bytes: ~2 KB for a key at 120. It expires a
 * window after its latest time.
 */
import type { Redis } from 'ioredis';
import { FAILED_ATTEMPTS_PER_MINUTE, KEY_REQUESTS_PER_MINUTE, LIMIT_WINDOW_MS, type LimitDecision, type RequestLimits } from '../governance.js';
import { luaScript } from './script.js';
import { SLIDING_LUA } from './slidingLua.js';
import { REDIS_TIMEOUT_MS, withinDeadline } from './unavailable.js';

export interface RedisRequestLimitsOptions {
  /** Requests per key in any 60 s. Default KEY_REQUESTS_PER_MINUTE (120). */
  perKey?: number;
  /** Failed key attempts per client address in any 60 s. Default FAILED_ATTEMPTS_PER_MINUTE (20). */
  failedPerAddress?: number;
  /** Prefix of every Redis key; times live at `<prefix>keylog:<keyId>` and `<prefix>faillog:<address>`. Default 'engcalc:rl:'. */
  keyPrefix?: string;
  /** Milliseconds one call may wait for Redis before rejecting with RedisUnavailable. Default 2000; 0 = no deadline. */
  timeoutMs?: number;
  /** The window (default 60 s; tests shorten it). */
  windowMs?: number;
}

/** The scripts' start: `now` from Redis's clock (ms), then wait() and push() (./slidingLua.ts). */
const LIB = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
${SLIDING_LUA}`;

/** KEYS: the list. ARGV: max, window ms, mode ('check' | 'admit' | 'add'). Returns the wait in ms (0: allowed; admit and add then recorded). */
const step = luaScript(`${LIB}local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local w = wait(KEYS[1], max, window)
if ARGV[3] == 'add' or (ARGV[3] == 'admit' and w == 0) then push(KEYS[1], max, window) end
return w`);

/** A reserved attempt given back: the latest time leaves the list. */
const removeLatest = luaScript(`redis.call('LPOP', KEYS[1])
return 0`);

/**
 * The address check, a guard counter and the key's request as one script: one round trip for a
 * cached key. KEYS: address list, guard counter, key list. ARGV: failed max, guard value, key max,
 * window ms. Returns {1, wait} address refused; {2} guard moved; {0, wait} the key's answer (0: counted).
 */
const checkAndConsumeScript = luaScript(`${LIB}local window = tonumber(ARGV[4])
local f = wait(KEYS[1], tonumber(ARGV[1]), window)
if f > 0 then return {1, f} end
if (tonumber(redis.call('GET', KEYS[2]) or '0') or -1) ~= tonumber(ARGV[2]) then return {2} end
local max = tonumber(ARGV[3])
local w = wait(KEYS[3], max, window)
if w == 0 then push(KEYS[3], max, window) end
return {0, w}`);

const decision = (waitMs: number): LimitDecision => ({ allowed: waitMs === 0, retryAfterMs: waitMs });

/** `redis` is the caller's connection; use `enableOfflineQueue: false` so calls fail at once while it is down. */
export function redisRequestLimits(redis: Redis, options: RedisRequestLimitsOptions = {}): RequestLimits {
  const prefix = options.keyPrefix ?? 'engcalc:rl:';
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  const failedMax = String(options.failedPerAddress ?? FAILED_ATTEMPTS_PER_MINUTE);
  const keyMax = options.perKey ?? KEY_REQUESTS_PER_MINUTE;
  const windowMs = String(options.windowMs ?? LIMIT_WINDOW_MS);
  // Not the fixed windows' names (`key:`, `fail:`, strings): a node of the old kind beside a new one meets no key of the wrong type.
  const keyList = (keyId: string) => `${prefix}keylog:${keyId}`;
  const failedList = (address: string) => `${prefix}faillog:${address}`;
  /** One script call, failing at once unless the connection is ready (a call never waits in an offline queue). */
  const run = <T>(body: () => Promise<T>): Promise<T> =>
    withinDeadline('request limits', timeoutMs, async () => {
      if (redis.status !== 'ready') throw new Error('Redis connection is not ready');
      return body();
    });
  const failedStep = async (address: string, mode: 'check' | 'admit' | 'add') => decision(Number(await step(redis, [failedList(address)], [failedMax, windowMs, mode])));

  return {
    perKeyPerMinute: keyMax,
    consumeKeyRequest(keyId) {
      return run(async () => decision(Number(await step(redis, [keyList(keyId)], [String(keyMax), windowMs, 'admit']))));
    },
    checkAddress(address) {
      return run(() => failedStep(address, 'check'));
    },
    checkAndConsume(address, keyId, guard) {
      return run(async () => {
        const res = (await checkAndConsumeScript(redis, [failedList(address), guard.key, keyList(keyId)], [failedMax, String(guard.value), String(keyMax), windowMs])) as number[];
        if (res[0] === 1) return { address: decision(Math.max(1, res[1]!)) };
        if (res[0] === 2) return { changed: true };
        return { key: decision(res[1]!) };
      });
    },
    reserveFailedAttempt(address) {
      // Checked and recorded in one script: every node's reservations of an address are counted in one order.
      return run(() => failedStep(address, 'admit'));
    },
    releaseFailedAttempt(address) {
      return run(async () => {
        await removeLatest(redis, [failedList(address)], []);
      });
    },
    recordFailedAttempt(address) {
      return run(async () => {
        await failedStep(address, 'add');
      });
    },
  };
}
