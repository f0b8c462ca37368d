/**
 * The webhook queue (REDIS_URL) keeps a bounded number of finished jobs in Redis, whatever the
 * delivery rate: completed jobs were kept by age alone (an hour), ~0.9 KB each, so Redis grew
 * with the rate (found by a soak run: 4,242 completed webhook jobs, 12 MB of Redis, after 12
 * minutes of one merchant at ~1 payment call a second with two endpoints). A real redis-server.
 */
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { BullDeliveryQueue, WEBHOOK_QUEUE } from '../../../api/payments/webhookQueue.js';
import type { WebhookDelivery } from '../../../store/payments/model.js';
import { redisOrSkip, type RedisServer } from '../../support/redis.js';

describe('payments webhook queue: finished jobs kept in Redis are bounded by count', function () {
  let redis: RedisServer;
  let client: Redis;
  before(async function () {
    redis = await redisOrSkip(this);
    client = new Redis(redis.url);
  });
  after(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it('30 delivered attempts with a retention of 5: at most 5 completed jobs stay', async () => {
    let ran = 0;
    const queue = new BullDeliveryQueue(redis.url, async () => void ran++, Date.now, () => undefined, { completed: 5, failed: 5 });
    try {
      await queue.ready();
      const due = new Date().toISOString();
      for (let i = 0; i < 30; i++) {
        const d = { id: `whd_test_${i}`, attempts: [], nextAttemptAt: due } as unknown as WebhookDelivery;
        await queue.submit(d, 'new');
      }
      const key = (k: string) => `engcalc:${WEBHOOK_QUEUE}:${k}`;
      // Until every job has run and left the active list (a generous bound, for a busy machine).
      for (let i = 0; i < 600 && (ran < 30 || (await client.llen(key('active'))) > 0 || (await client.llen(key('wait'))) > 0); i++) await new Promise((r) => setTimeout(r, 100));
      expect(ran).to.equal(30);
      expect(await client.zcard(key('completed'))).to.be.at.most(5);
      const jobs = (await client.keys(key('whd_test_*'))).length;
      expect(jobs, 'job hashes left').to.be.at.most(5);
    } finally {
      await queue.close();
    }
  });
});
