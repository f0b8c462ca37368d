/**
 * The Lua both sliding-window adapters share (store/redis/limits.ts, store/redis/rateWindows.ts):
 * a key's latest times in a list, newest first. The script defines `now` (ms) before it.
 * `wait(key, max, window)`: milliseconds until fewer than `max` of them lie in the window (0: now);
 * `push(key, max, window)`: records now, keeps the latest `max`, expires the list a window later.
 */
export const SLIDING_LUA = `local function wait(key, max, window)
  local oldest = redis.call('LINDEX', key, max - 1)
  if not oldest then return 0 end
  local w = tonumber(oldest) + window - now
  if w > 0 then return w end
  return 0
end
local function push(key, max, window)
  redis.call('LPUSH', key, now)
  redis.call('LTRIM', key, 0, max - 1)
  redis.call('PEXPIRE', key, window)
end
`;
