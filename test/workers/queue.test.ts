/**
 * The queue's own Redis scripts (workers/queue/scripts.ts) against a real redis-server: admission
 * is exact under concurrency from several connections, the ticket hand-off lets exactly one of
 * claim and withdraw win, and the status check tells each state of a call apart.
 */
import { expect } from 'chai';
import { setTimeout as delay } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { apiRedis, redisOrSkip, type RedisServer } from '../support/redis.js';
import { JobState, QueueScripts } from '../../workers/queue/scripts.js';
import { JOB_KEY_PREFIX, KEYS } from '../../workers/queue/settings.js';

describe('engine queue scripts (workers/queue/scripts.ts)', function () {
  this.timeout(30_000);
  let redis: RedisServer;
  let clients: Redis[] = [];
  let scripts: QueueScripts[] = [];

  before(async function () {
    redis = await redisOrSkip(this);
    clients = await Promise.all([1, 2, 3, 4].map(() => apiRedis(redis.url)));
    scripts = clients.map((c) => new QueueScripts(c));
  });
  beforeEach(async () => {
    await clients[0]?.flushall();
  });
  after(async () => {
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });

  it('admits exactly the backlog limit when 200 calls arrive at once over four connections', async () => {
    await scripts[0]!.heartbeat('w1', 60_000, 2);
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => scripts[i % 4]!.admit(`job-${i}`, 60_000, 8, 16)));
    expect(outcomes.filter((o) => o.admitted)).to.have.length(8);
    expect(outcomes.filter((o) => !o.admitted && o.reason === 'full')).to.have.length(192);
    expect(await clients[0]!.zcard(KEYS.tickets)).to.equal(8);
  });

  it('counts a group as its calls: admits as many as there is room for; claim and withdraw take all its tickets', async () => {
    await scripts[0]!.heartbeat('w1', 60_000, 2);
    expect(await scripts[0]!.admit('g1', 60_000, 8, 16, 5)).to.deep.equal({ admitted: true, waiting: 5, limit: 8, calls: 5 });
    expect(await scripts[1]!.admit('g2', 60_000, 8, 16, 5)).to.deep.equal({ admitted: true, waiting: 8, limit: 8, calls: 3 });
    expect(await scripts[2]!.admit('x', 60_000, 8, 16)).to.deep.equal({ admitted: false, reason: 'full', waiting: 8, limit: 8 });
    expect(await scripts[0]!.withdraw('g2')).to.equal(true);
    expect(await clients[0]!.zcard(KEYS.tickets)).to.equal(5);
    await clients[0]!.hset(`${JOB_KEY_PREFIX}g1`, 'data', '{}'); // the job BullMQ would hold
    expect(await scripts[1]!.claim('g1', 'w1', '{}')).to.deep.equal({ calls: 5, canceled: false });
    expect(await clients[0]!.zcard(KEYS.tickets)).to.equal(0);
    expect(await scripts[0]!.withdraw('g1')).to.equal(false); // claimed first
  });

  it('tells the worker how many calls of a group were admitted, and whether its caller canceled it first', async () => {
    await scripts[0]!.heartbeat('w1', 60_000, 2);
    await scripts[0]!.admit('g1', 60_000, 8, 16, 6);
    await scripts[1]!.admit('g2', 60_000, 8, 16, 5); // room for 2 of its 5
    for (const id of ['g1', 'g2']) await clients[0]!.hset(`${JOB_KEY_PREFIX}${id}`, 'data', '{}');
    await scripts[2]!.cancel('g2', 60_000);
    expect(await scripts[3]!.claim('g2', 'w1', '{}')).to.deep.equal({ calls: 2, canceled: true });
    expect(await scripts[3]!.claim('g1', 'w1', '{}')).to.deep.equal({ calls: 6, canceled: false });
    expect(await scripts[3]!.claim('g1', 'w1', '{}')).to.deep.equal({ calls: 0, canceled: false }); // its tickets are gone
  });

  it('keeps a pushed outcome only briefly once a subscriber received it, and the full time when none did', async () => {
    const listener = await apiRedis(redis.url);
    try {
      const got: string[] = [];
      listener.on('message', (_c: string, m: string) => got.push(m));
      await listener.subscribe('reply-a');
      await scripts[0]!.putOutcome('heard', '{"ok":true}', 60_000, 'reply-a', 5_000);
      await scripts[0]!.putOutcome('unheard', '{"ok":true}', 60_000, 'reply-nobody', 5_000);
      await scripts[0]!.putOutcome('no-channel', '{"ok":true}', 60_000);
      const ttl = async (id: string) => clients[0]!.pttl(KEYS.out + id);
      expect(await ttl('heard')).to.be.within(1, 5_000);
      expect(await ttl('unheard')).to.be.within(5_001, 60_000);
      expect(await ttl('no-channel')).to.be.within(5_001, 60_000);
      for (let i = 0; i < 100 && got.length === 0; i++) await delay(10);
      expect(got).to.deep.equal(['heard\n{"ok":true}']);
    } finally {
      listener.disconnect();
    }
  });

  it('derives the limit from live worker threads when none is configured, and refuses with no live worker', async () => {
    expect(await scripts[0]!.admit('a', 60_000, -1, 16)).to.deep.equal({ admitted: false, reason: 'no_worker' });
    await scripts[0]!.heartbeat('w1', 60_000, 2);
    await scripts[1]!.heartbeat('w2', 60_000, 1);
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => scripts[i % 4]!.admit(`job-${i}`, 60_000, -1, 16)));
    expect(outcomes.filter((o) => o.admitted)).to.have.length(48); // 16 x 3 threads
    expect(await scripts[2]!.live()).to.deep.equal({ workers: 2, threads: 3 });
    await scripts[0]!.heartbeat('w1', 60_000, 0); // draining: offers no thread
    await scripts[1]!.deregister('w2');
    expect(await scripts[0]!.admit('b', 60_000, -1, 16)).to.deep.equal({ admitted: false, reason: 'no_worker' });
  });

  it('drops a worker whose heartbeat lapsed', async () => {
    await scripts[0]!.heartbeat('w1', 1, 4);
    await delay(20);
    expect(await scripts[0]!.live()).to.deep.equal({ workers: 0, threads: 0 });
    expect(await clients[0]!.hlen(KEYS.capacity)).to.equal(0);
  });

  it('lets exactly one of claim (worker) and withdraw (API) win for every ticket', async () => {
    await scripts[0]!.heartbeat('w1', 60_000, 1);
    const ids = Array.from({ length: 200 }, (_, i) => `race-${i}`);
    for (const id of ids) {
      await scripts[0]!.admit(id, 60_000, 1_000, 16);
      await clients[0]!.hset(JOB_KEY_PREFIX + id, 'data', '{"name":"x","input":{"big":1}}');
    }
    const results = await Promise.all(ids.map((id, i) => Promise.all([scripts[i % 2]!.claim(id, 'w1', '{"name":"x"}').then((c) => c.calls === 1), scripts[2 + (i % 2)]!.withdraw(id)])));
    for (const [claimed, withdrawn] of results) expect(claimed !== withdrawn, `claimed ${claimed}, withdrawn ${withdrawn}`).to.equal(true);
    const claimed = ids.filter((_, i) => results[i]![0]);
    for (const id of claimed) expect(await clients[0]!.hget(JOB_KEY_PREFIX + id, 'data')).to.equal('{"name":"x"}'); // input dropped
  });

  it('does not let a worker claim a lapsed ticket', async () => {
    await scripts[0]!.heartbeat('w1', 60_000, 1);
    await scripts[0]!.admit('late', 1, 10, 16);
    await clients[0]!.hset(JOB_KEY_PREFIX + 'late', 'data', '{}');
    await delay(20);
    expect((await scripts[0]!.claim('late', 'w1', '{}')).calls).to.equal(0);
  });

  it('settles a light job run before its claim: exactly one of settle (worker) and withdraw (API) wins, and only a winner publishes', async () => {
    await scripts[0]!.heartbeat('w1', 60_000, 1);
    const ids = Array.from({ length: 200 }, (_, i) => `light-${i}`);
    for (const id of ids) {
      await scripts[0]!.admit(id, 60_000, 1_000, 16);
      await clients[0]!.hset(JOB_KEY_PREFIX + id, 'data', '{}');
    }
    const results = await Promise.all(ids.map((id, i) => Promise.all([scripts[i % 2]!.settle(id, 'single', [`{"ok":true,"i":${i}}`], 60_000).then((k) => k === 1), scripts[2 + (i % 2)]!.withdraw(id)])));
    for (const [settled, withdrawn] of results) expect(settled !== withdrawn, `settled ${settled}, withdrawn ${withdrawn}`).to.equal(true);
    for (const [i, id] of ids.entries()) expect(await clients[0]!.get(KEYS.out + id)).to.equal(results[i]![0] ? `{"ok":true,"i":${i}}` : null);
    expect(await clients[0]!.zcard(KEYS.tickets)).to.equal(0);
  });

  it("publishes a settled group's admitted calls only, and nothing for a job withdrawn, void, gone or canceled", async () => {
    await scripts[0]!.heartbeat('w1', 60_000, 2);
    const listener = await apiRedis(redis.url);
    try {
      const got: string[] = [];
      listener.on('message', (_c: string, m: string) => got.push(m));
      await listener.subscribe('reply-s');
      await scripts[0]!.admit('full', 60_000, 8, 16, 6);
      await scripts[0]!.admit('part', 60_000, 8, 16, 5); // room for 2 of its 5
      for (const id of ['full', 'part', 'gone-ticketless', 'canceled', 'late']) await clients[0]!.hset(JOB_KEY_PREFIX + id, 'data', '{}');
      const outcomes = (n: number) => Array.from({ length: n }, (_, i) => `{"ok":true,"n":${i}}`);
      expect(await scripts[1]!.settle('part', 'group', outcomes(5), 60_000, 'reply-s', 5_000)).to.equal(2);
      expect(await scripts[1]!.settle('full', 'group', outcomes(6), 60_000, 'reply-s', 5_000)).to.equal(6);
      expect(await scripts[1]!.settle('full', 'group', outcomes(6), 60_000, 'reply-s', 5_000)).to.equal(0); // its tickets are gone
      expect(await scripts[1]!.settle('gone-ticketless', 'single', ['{"ok":true}'], 60_000, 'reply-s')).to.equal(0);
      await clients[0]!.del(KEYS.tickets);
      await scripts[0]!.admit('canceled', 60_000, 8, 16);
      await clients[0]!.set(KEYS.cancel + 'canceled', '1');
      expect(await scripts[1]!.settle('canceled', 'single', ['{"ok":true}'], 60_000, 'reply-s')).to.equal(0);
      await scripts[0]!.admit('late', 1, 8, 16);
      await scripts[0]!.admit('no-job', 60_000, 8, 16);
      await delay(20); // 'late' lapses
      expect(await scripts[1]!.settle('late', 'single', ['{"ok":true}'], 60_000, 'reply-s')).to.equal(0);
      expect(await scripts[1]!.settle('no-job', 'single', ['{"ok":true}'], 60_000, 'reply-s')).to.equal(0);
      for (let i = 0; i < 100 && got.length < 2; i++) await delay(10);
      expect(got).to.deep.equal([`part\n{"ok":true,"outcomes":[${outcomes(2).join(',')}]}`, `full\n{"ok":true,"outcomes":[${outcomes(6).join(',')}]}`]);
      for (const id of ['gone-ticketless', 'canceled', 'late', 'no-job']) expect(await clients[0]!.exists(KEYS.out + id)).to.equal(0);
      expect(await clients[0]!.pttl(KEYS.out + 'full')).to.be.within(1, 5_000); // heard: kept briefly
    } finally {
      listener.disconnect();
    }
  });

  it('sees a light job a worker took (BullMQ processedBy) as running while it still holds its tickets, and its worker lapsed once it dies', async () => {
    await scripts[0]!.heartbeat('alive', 60_000, 2);
    await scripts[0]!.heartbeat('dying', 1, 1);
    for (const id of ['taken', 'taken-by-dead', 'queued']) await scripts[0]!.admit(id, 60_000, 100, 16);
    await clients[0]!.hset(JOB_KEY_PREFIX + 'taken', 'data', '{}', 'pb', 'alive');
    await clients[0]!.hset(JOB_KEY_PREFIX + 'taken-by-dead', 'data', '{}', 'pb', 'dying');
    await clients[0]!.hset(JOB_KEY_PREFIX + 'queued', 'data', '{}');
    await delay(20); // 'dying' lapses
    const { states } = await scripts[1]!.status(['taken', 'taken-by-dead', 'queued']);
    expect(states).to.deep.equal([JobState.Running, JobState.WorkerLapsed, JobState.Waiting]);
  });

  it('tells waiting, running, done, worker lapsed and lost apart', async () => {
    await scripts[0]!.heartbeat('alive', 60_000, 2);
    await scripts[0]!.heartbeat('dying', 1, 1);
    for (const id of ['waiting', 'running', 'done', 'orphan']) {
      await scripts[0]!.admit(id, 60_000, 100, 16);
      await clients[0]!.hset(JOB_KEY_PREFIX + id, 'data', '{}');
    }
    expect((await scripts[0]!.claim('running', 'alive', '{}')).calls).to.equal(1);
    expect((await scripts[0]!.claim('orphan', 'dying', '{}')).calls).to.equal(1);
    await scripts[0]!.putOutcome('done', '{"ok":true}', 60_000);
    await delay(20); // 'dying' lapses
    const { liveThreads, states } = await scripts[1]!.status(['waiting', 'running', 'done', 'orphan', 'never-seen']);
    expect(liveThreads).to.equal(2);
    expect(states).to.deep.equal([JobState.Waiting, JobState.Running, JobState.Done, JobState.WorkerLapsed, JobState.Lost]);
    expect(await scripts[1]!.takeOutcome('done')).to.equal('{"ok":true}');
    expect(await scripts[1]!.takeOutcome('done')).to.equal(null);
  });

  it('sweeps lapsed tickets only', async () => {
    await scripts[0]!.heartbeat('w1', 60_000, 1);
    // 'fresh' first: an admission also drops lapsed tickets, so one after 'old' could take it first.
    await scripts[0]!.admit('fresh', 60_000, 100, 16);
    await scripts[0]!.admit('old', 1, 100, 16);
    await delay(20);
    expect(await scripts[0]!.sweep(100)).to.deep.equal({ tickets: 1, jobIds: ['old'] });
    expect(await clients[0]!.zrange(KEYS.tickets, '0', '-1')).to.deep.equal(['fresh']);
  });
});
