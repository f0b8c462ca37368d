/**
 * A Lua script run by EVALSHA, with EVAL on NOSCRIPT (which also reloads it after a Redis
 * restart). Plain commands on the caller's connection: no `defineCommand`, whose every command
 * ioredis copies into each auto-pipelined batch, and no MULTI, which builds a pipeline object.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export type LuaScript = (redis: Redis, keys: string[], args: string[]) => Promise<unknown>;

export function luaScript(lua: string): LuaScript {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (redis, keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('NOSCRIPT')) return redis.eval(lua, keys.length, ...keys, ...args);
      throw err;
    }
  };
}
