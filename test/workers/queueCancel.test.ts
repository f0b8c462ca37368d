/**
 * Cancel across the queue, against a real redis-server: a real BullMQ worker (startConsumer, one
 * thread running the test thread module) and a real producer (QueueRunner). A canceled running
 * job has its worker's thread stopped, so the worker's next job starts at once; a canceled job no
 * worker has started is withdrawn and never runs.
 */
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { apiRedis, redisOrSkip, type RedisServer } from '../support/redis.js';
import { startConsumer, type Consumer } from '../../workers/queue/consumer.js';
import { QueueRunner } from '../../workers/queue/producer.js';
import { KEYS } from '../../workers/queue/settings.js';

const spinThread = new URL('../support/spinThread.js', import.meta.url).href;

describe('engine queue: cancel reaches the worker (workers/queue)', function () {
  this.timeout(60_000);
  let redis: RedisServer;
  let client: Redis;
  let consumer: Consumer;
  let producer: QueueRunner;

  before(async function () {
    redis = await redisOrSkip(this);
    client = await apiRedis(redis.url);
    await client.flushall();
    consumer = await startConsumer({ redisUrl: redis.url, threads: 1, timeoutMs: 600_000, threadFilename: spinThread });
    producer = new QueueRunner({ redisUrl: redis.url, timeoutMs: 600_000, maxBacklog: null, startBudgetMs: 30_000 });
    await producer.ready();
  });
  after(async () => {
    await producer?.close();
    await consumer?.close();
    client?.disconnect();
    await redis?.stop();
  });

  const started = () => {
    let hook!: () => void;
    const promise = new Promise<void>((resolve) => (hook = resolve));
    return { hook, promise };
  };

  it('stops the thread of a canceled running job, and drops a canceled waiting one before it runs', async () => {
    const spin = new AbortController();
    const spinStart = started();
    const spinning = producer.run({ name: 'test.spin', input: {} }, { signal: spin.signal, onStart: spinStart.hook });
    await spinStart.promise; // the worker's only thread runs the endless job

    const waitingCancel = new AbortController();
    let waitingStarted = false;
    const waiting = producer.run({ name: 'test.whoami', input: {} }, { signal: waitingCancel.signal, onStart: () => (waitingStarted = true) });
    // Its ticket is in Redis: admitted, not started (the worker's one slot is taken).
    for (let i = 0; i < 2_000 && (await client.zcard(KEYS.tickets)) === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await client.zcard(KEYS.tickets)).to.equal(1);
    waitingCancel.abort();
    expect(await waiting).to.deep.include({ ok: false, reason: 'canceled' });
    // Withdrawn (the caller is answered first, the withdrawal follows): no worker can run it now.
    for (let i = 0; i < 2_000 && (await client.zcard(KEYS.tickets)) !== 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await client.zcard(KEYS.tickets)).to.equal(0);

    const canceledAt = Date.now();
    spin.abort();
    expect(await spinning).to.deep.include({ ok: false, reason: 'canceled' });
    // The endless job no longer holds the worker: the next job runs, on the spare thread loaded before the cancel.
    const next = (await producer.run({ name: 'test.whoami', input: {} })) as unknown as { ok: boolean; result: { loadedAt: number } };
    expect(next.ok, JSON.stringify(next)).to.equal(true);
    expect(next.result.loadedAt).to.be.at.most(canceledAt); // whole ms: the same ms counts
    expect(consumer.pool.stats()).to.include({ busy: 0, timeouts: 0 });
    expect(waitingStarted).to.equal(false);
    // The canceled job's outcome was not stored for nobody; the next job's was delivered and its
    // key deleted (with the others received within OUTCOME_UNLINK_MS, so a moment after its answer).
    for (let i = 0; i < 500 && (await client.keys(`${KEYS.out}*`)).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await client.keys(`${KEYS.out}*`)).to.deep.equal([]);
  });

  it('answers an already canceled call without queueing it', async () => {
    expect(await producer.run({ name: 'test.whoami', input: {} }, { signal: AbortSignal.abort() })).to.deep.include({ reason: 'canceled' });
    expect(await client.zcard(KEYS.tickets)).to.equal(0);
  });
});
