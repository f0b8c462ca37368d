import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { expect } from 'chai';
import { memoryRateWindows } from '../../store/memory/rateWindows.js';
import { redisRateWindows } from '../../store/redis/rateWindows.js';
import { RedisUnavailable } from '../../store/redis/unavailable.js';
import { apiRedis, redisOrSkip, type RedisServer } from '../support/redis.js';
import { rateWindowContract } from './rateWindowContract.js';

rateWindowContract('memory', async () => memoryRateWindows());

describe('redis payment rate windows (store/redis/rateWindows.ts)', function () {
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

  // Alternate between two connections: two API nodes share one key's times exactly.
  let turn = 0;
  rateWindowContract(
    'redis (two nodes sharing it)',
    async () => {
      const nodes = clients.map((c) => redisRateWindows(c));
      return { take: (key, now) => nodes[turn++ % nodes.length]!.take(key, now) };
    },
    (label) => `${label}-${run}-${++serial}`,
  );

  it('rejects with RedisUnavailable while disconnected (the API answers 503)', async () => {
    const dead = await apiRedis(server.url);
    dead.disconnect();
    const err = await redisRateWindows(dead).take('x', Date.now()).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(RedisUnavailable);
  });
});
