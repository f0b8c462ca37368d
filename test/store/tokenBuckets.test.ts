import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { expect } from 'chai';
import { memoryTokenBuckets } from '../../store/memory/tokenBuckets.js';
import { redisTokenBuckets } from '../../store/redis/tokenBuckets.js';
import { RedisUnavailable } from '../../store/redis/unavailable.js';
import { apiRedis, redisOrSkip, type RedisServer } from '../support/redis.js';
import { tokenBucketContract } from './tokenBucketContract.js';

tokenBucketContract('memory', async () => memoryTokenBuckets());

describe('redis token buckets (store/redis/tokenBuckets.ts)', function () {
  let server: RedisServer;
  const clients: Redis[] = [];
  const run = randomUUID().slice(0, 8);
  let serial = 0;
  before(async function () {
    server = await redisOrSkip(this);
    for (let i = 0; i < 2; i++) clients.push(await apiRedis(server.url));
  });
  after(async () => {
    for (const c of clients) c.disconnect();
    await server?.stop();
  });

  // Alternate between two connections: two API nodes share one bucket exactly.
  let turn = 0;
  tokenBucketContract(
    'redis (two nodes sharing it)',
    async () => {
      const nodes = clients.map((c) => redisTokenBuckets(c));
      return { take: (key, now) => nodes[turn++ % nodes.length]!.take(key, now) };
    },
    (label) => `${label}-${run}-${++serial}`,
  );

  it('rejects with RedisUnavailable while disconnected (the API answers 503)', async () => {
    const dead = await apiRedis(server.url);
    dead.disconnect();
    const err = await redisTokenBuckets(dead).take('x', Date.now()).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(RedisUnavailable);
  });
});
