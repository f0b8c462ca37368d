/**
 * A call's time limit in the distributed deployment is the API node's (the job carries it,
 * workers/queue/settings.ts EngineJobData.timeoutMs): a worker whose own ENGINE_TIMEOUT_MS
 * differs applies the node's, alone or in a group, so the caller is told the limit its node
 * states and never waits for a worker running past it. Real redis-server, BullMQ worker and
 * producers.
 */
import { expect } from 'chai';
import { redisOrSkip, type RedisServer } from '../support/redis.js';
import { callLimit, startConsumer, type Consumer } from '../../workers/queue/consumer.js';
import { QueueRunner } from '../../workers/queue/producer.js';

const spinThread = new URL('../support/spinThread.js', import.meta.url).href;
/** The worker's own limit; each producer below states another. */
const WORKER_LIMIT_MS = 300;

describe("engine queue: a call runs under its API node's time limit, not the worker's own", function () {
  this.timeout(60_000);
  let redis: RedisServer;
  let consumer: Consumer;
  const producers: QueueRunner[] = [];
  const producer = async (timeoutMs: number, grouped = false) => {
    const p = new QueueRunner({ redisUrl: redis.url, timeoutMs, maxBacklog: 100, startBudgetMs: 30_000, ...(grouped ? { groupable: (name: string) => name.startsWith('test.') } : {}) });
    producers.push(p);
    await p.ready();
    return p;
  };

  before(async function () {
    redis = await redisOrSkip(this);
    consumer = await startConsumer({ redisUrl: redis.url, threads: 1, timeoutMs: WORKER_LIMIT_MS, threadFilename: spinThread });
  });
  after(async () => {
    for (const p of producers) await p.close();
    await consumer?.close();
    await redis?.stop();
  });

  it("a node with a longer limit: a call past the worker's own limit finishes", async () => {
    const p = await producer(5_000);
    const outcome = await p.run({ name: 'test.sleep', input: { ms: 800 } });
    expect(outcome, JSON.stringify(outcome)).to.deep.equal({ ok: true, result: { slept: 800 }, warnings: [] });
  });

  it("a node with another limit: a call that never ends is stopped at the node's limit and answered timeout with it", async () => {
    const p = await producer(700);
    const outcome = await p.run({ name: 'test.spin', input: {} });
    expect(outcome).to.deep.include({ ok: false, reason: 'timeout', timeoutMs: 700 });
    expect(outcome).to.have.property('message').that.matches(/time limit of 700 ms/);
  });

  it("in a group: each call under the node's limit, the neighbours answered", async () => {
    const p = await producer(700, true);
    const [spun, slept, who] = await Promise.all([
      p.run({ name: 'test.spin', input: {} }),
      p.run({ name: 'test.sleep', input: { ms: 400 } }),
      p.run({ name: 'test.whoami', input: {} }),
    ]);
    expect(spun).to.deep.include({ ok: false, reason: 'timeout', timeoutMs: 700 });
    expect(slept, JSON.stringify(slept)).to.deep.include({ ok: true });
    expect(who.ok).to.equal(true);
  });

  it('a job limit that is not one ENGINE_TIMEOUT_MS could be, or equals the worker\'s own, leaves the worker\'s', () => {
    expect(callLimit(700, 300)).to.deep.equal({ timeoutMs: 700 });
    expect(callLimit(300, 300)).to.deep.equal({});
    for (const bad of [undefined, null, '700', 5, 3_600_001, 1.5e3 + 0.5, Number.NaN, Infinity, -1]) expect(callLimit(bad, 300), String(bad)).to.deep.equal({});
  });
});
