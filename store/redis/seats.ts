/**
 * Floating seats shared by every API node. One pool per (company, module) is a Redis hash
 * `member -> "<since ms>:<refreshed ms>"`; one Lua script does the whole acquire atomically on
 * Redis' own clock (TIME), so concurrent calls from any number of connections can never admit
 * more than `capacity` holders, and API nodes with skewed clocks still agree on who is stale.
 * Same rules as store/memory/seats.ts.
 */
import type { Redis } from 'ioredis';
import { SEAT_RELEASE_MS, type SeatHolder, type SeatHolding, type Seats } from '../governance.js';
import { luaScript } from './script.js';
import { REDIS_TIMEOUT_MS, withinDeadline } from './unavailable.js';

export interface RedisSeatsOptions {
  /** Milliseconds after its last refresh that a seat is free again. Default SEAT_RELEASE_MS (3 minutes). */
  releaseMs?: number;
  /** Prefix of the pool keys `<prefix><company>:<module>` (both URI-encoded). Default 'engcalc:seat:'. */
  keyPrefix?: string;
  /** Milliseconds one call may wait for Redis before rejecting with RedisUnavailable. Default 2000; 0 = no deadline. */
  timeoutMs?: number;
}

// KEYS[1] pool; ARGV[1] member, ARGV[2] capacity, ARGV[3] releaseMs.
// Returns {1} when the member holds a seat afterwards, else {0, member, since, member, since, ...}.
// Script effects replication (the only mode since Redis 7) makes TIME safe before writes.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local releaseMs = tonumber(ARGV[3])
local entries = redis.call('HGETALL', KEYS[1])
local mine = nil
local refused = {0}
for i = 1, #entries, 2 do
  local since, refreshed = string.match(entries[i + 1], '^(%d+):(%d+)$')
  if not refreshed or now - tonumber(refreshed) >= releaseMs then
    redis.call('HDEL', KEYS[1], entries[i])
  elseif entries[i] == ARGV[1] then
    mine = since
  else
    refused[#refused + 1] = entries[i]
    refused[#refused + 1] = since
  end
end
if mine or (#refused - 1) / 2 < tonumber(ARGV[2]) then
  local stamp = string.format('%.0f', now)
  redis.call('HSET', KEYS[1], ARGV[1], (mine or stamp) .. ':' .. stamp)
  -- The newest refresh is the last to go stale, so the pool vanishes once idle for releaseMs.
  redis.call('PEXPIRE', KEYS[1], releaseMs)
  return {1}
end
return refused
`;
const acquireScript = luaScript(ACQUIRE);

/** `redis` is the caller's connection; use `enableOfflineQueue: false` so calls fail at once while it is down. */
export function redisSeats(redis: Redis, options: RedisSeatsOptions = {}): Seats {
  const releaseMs = options.releaseMs ?? SEAT_RELEASE_MS;
  if (!Number.isInteger(releaseMs) || releaseMs < 1) throw new RangeError(`releaseMs must be a positive integer (got ${releaseMs})`);
  const prefix = options.keyPrefix ?? 'engcalc:seat:';
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;

  const run = (key: string, args: string[]) => acquireScript(redis, [key], args);

  return {
    async acquire(companyId, module, memberId, capacity) {
      if (!Number.isFinite(capacity)) throw new RangeError(`capacity must be a finite number (got ${capacity})`);
      const key = `${prefix}${encodeURIComponent(companyId)}:${encodeURIComponent(module)}`;
      const reply = await withinDeadline('seats', timeoutMs, () => run(key, [memberId, String(capacity), String(releaseMs)]));
      if (!Array.isArray(reply)) throw new TypeError('unexpected reply from the seat script');
      if (reply[0] === 1) return { ok: true };
      const holders: SeatHolder[] = [];
      for (let i = 1; i < reply.length; i += 2) holders.push({ member: String(reply[i]), since: new Date(Number(reply[i + 1])).toISOString() });
      // ISO strings of one format sort by time; ties (same millisecond) by member, for a stable answer.
      holders.sort((a, b) => a.since.localeCompare(b.since) || a.member.localeCompare(b.member));
      return { ok: false, holders };
    },
    async holders(companyId, module) {
      const key = `${prefix}${encodeURIComponent(companyId)}:${encodeURIComponent(module)}`;
      // Read-only: stale entries are skipped here and removed by the next acquire. Redis' clock, as in the script.
      const [entries, time] = await withinDeadline('seats', timeoutMs, () => Promise.all([redis.hgetall(key), redis.time()]));
      const now = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
      const live: SeatHolding[] = [];
      for (const [member, value] of Object.entries(entries)) {
        const m = /^(\d+):(\d+)$/.exec(value);
        if (!m || now - Number(m[2]) >= releaseMs) continue;
        live.push({ member, since: new Date(Number(m[1])).toISOString(), releasesAt: new Date(Number(m[2]) + releaseMs).toISOString() });
      }
      return live.sort((a, b) => a.since.localeCompare(b.since) || a.member.localeCompare(b.member));
    },
  };
}
