/**
 * Light calls arriving together share a queue job (workers/queue/callGroups.ts), against a real
 * redis-server, a real BullMQ worker (startConsumer with the test thread module) and a real
 * producer: every call is answered as its own single call would be, one call's failure or
 * timeout stays its own, and a canceled call is answered at once without holding the others.
 */
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { apiRedis, redisOrSkip, type RedisServer } from '../support/redis.js';
import { startConsumer, type Consumer } from '../../workers/queue/consumer.js';
import { QueueRunner } from '../../workers/queue/producer.js';
import { CallGroups, MAX_GROUP } from '../../workers/queue/callGroups.js';
import type { EngineJob, RunOutcome } from '../../workers/runner.js';
import { findDefinition } from '../../engine/catalogue.js';
import { executeDefinition } from '../../engine/execute.js';
import { prepareCall } from '../../engine/call.js';
import { KEYS } from '../../workers/queue/settings.js';
import { JobState, QueueScripts } from '../../workers/queue/scripts.js';

const spinThread = new URL('../support/spinThread.js', import.meta.url).href;
const TIMEOUT_MS = 3_000;

describe('engine queue: light calls arriving together share a job (workers/queue/callGroups.ts)', function () {
  this.timeout(60_000);
  let redis: RedisServer;
  let client: Redis;
  let consumer: Consumer;
  let producer: QueueRunner;
  let jobs = 0;
  let callsRun = 0;

  before(async function () {
    redis = await redisOrSkip(this);
    client = await apiRedis(redis.url);
    await client.flushall();
    consumer = await startConsumer({ redisUrl: redis.url, threads: 1, timeoutMs: TIMEOUT_MS, threadFilename: spinThread, onJob: () => callsRun++ });
    consumer.worker.on('active', () => jobs++); // counted as each job starts, before its outcome is stored
    producer = new QueueRunner({ redisUrl: redis.url, timeoutMs: TIMEOUT_MS, maxBacklog: 100, startBudgetMs: 30_000, groupable: (name) => name.startsWith('pvt.') || name.startsWith('test.') });
    await producer.ready();
  });
  after(async () => {
    await producer?.close();
    await consumer?.close();
    client?.disconnect();
    await redis?.stop();
  });

  it(`answers ${MAX_GROUP + 4} calls made in one turn with 2 jobs, each exactly as its single call`, async () => {
    const def = findDefinition('pvt.zFactor')!;
    const bodies = Array.from({ length: MAX_GROUP + 4 }, (_, i) => ({ ppr: 0.5 + 0.4 * i, tpr: 1.6 }));
    const inputs = bodies.map((b) => {
      const p = prepareCall(def, b);
      if (!p.ok) throw new Error(p.message);
      return p.input;
    });
    jobs = 0;
    const outcomes = await Promise.all(inputs.map((input) => producer.run({ name: def.name, input })));
    expect(jobs).to.equal(2); // a full group of MAX_GROUP at once, the rest at the end of the turn
    outcomes.forEach((o, i) => expect(o).to.deep.equal(JSON.parse(JSON.stringify(executeDefinition(def, inputs[i]!, { units: 'field' })))));
  });

  it("answers a call by its worker's push on the node's reply channel, and leaves no outcome in Redis", async () => {
    const before = { ...producer.outcomes };
    const outcome = await producer.run({ name: 'test.whoami', input: {} });
    expect(outcome.ok).to.equal(true);
    expect(producer.outcomes.pushed - before.pushed).to.equal(1);
    expect(producer.outcomes.fetched - before.fetched).to.equal(0);
    // The copy kept for a lost message is deleted with the others received within OUTCOME_UNLINK_MS.
    for (let i = 0; i < 500 && (await client.keys(`${KEYS.out}*`)).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await client.keys(`${KEYS.out}*`)).to.deep.equal([]);
  });

  it('a node that missed the push (its subscriber away) reads the outcome from its key', async () => {
    const deaf = new QueueRunner({ redisUrl: redis.url, timeoutMs: TIMEOUT_MS, maxBacklog: 100, startBudgetMs: 30_000 });
    await deaf.ready();
    try {
      (deaf as unknown as { replies: Redis }).replies.disconnect();
      const outcome = await deaf.run({ name: 'test.whoami', input: {} });
      expect(outcome.ok, JSON.stringify(outcome)).to.equal(true);
      expect(deaf.outcomes).to.deep.equal({ pushed: 0, fetched: 1 });
      expect(await client.keys(`${KEYS.out}*`)).to.deep.equal([]); // read and deleted
    } finally {
      await deaf.close();
    }
  });

  it('counts a group against the backlog as its calls: those beyond the room left are refused as they would be alone', async () => {
    const small = new QueueRunner({ redisUrl: redis.url, timeoutMs: TIMEOUT_MS, maxBacklog: 3, startBudgetMs: 30_000, groupable: (name) => name.startsWith('test.') });
    await small.ready();
    try {
      const [jobsBefore, runBefore] = [jobs, callsRun];
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => small.run({ name: 'test.whoami', input: {} })));
      expect(outcomes.map((o) => (o.ok ? 'ok' : o.reason))).to.deep.equal(['ok', 'ok', 'ok', 'saturated', 'saturated']);
      expect(outcomes[3]).to.have.property('message').that.matches(/limit is 3/);
      // The job went with all five calls (admitted beside its add). Its worker ran them before its
      // claim (a light job, consumer.ts runLight) and published the answers of the three holding a
      // ticket only: the two refused calls' answers went nowhere.
      expect([jobs - jobsBefore, callsRun - runBefore]).to.deep.equal([1, 5]);
    } finally {
      await small.close();
    }
  });

  it('keeps a failure and a timeout to their own calls: the neighbours in the group are answered', async () => {
    jobs = 0;
    const [before, spun, failed, after] = await Promise.all([
      producer.run({ name: 'test.whoami', input: {} }),
      producer.run({ name: 'test.spin', input: {} }),
      producer.run({ name: 'pvt.noSuchFunction', input: {} }),
      producer.run({ name: 'test.whoami', input: {} }),
    ]);
    expect(jobs).to.equal(1);
    expect(before.ok, JSON.stringify([before, spun, failed, after])).to.equal(true);
    expect(spun).to.deep.include({ ok: false, reason: 'timeout', timeoutMs: TIMEOUT_MS });
    expect(failed).to.deep.include({ ok: false, reason: 'invalid_input' });
    expect(failed).to.not.have.property('reason', 'timeout');
    expect(after.ok).to.equal(true); // ran on the spare after the spinning call's thread was stopped
  });

  it('runs a light group before its claim: the node sees it running while its tickets are held, then gets its answers in one step', async () => {
    const scripts = new QueueScripts(client);
    const calls = [producer.run({ name: 'test.sleep', input: { ms: 1_500 } }), producer.run({ name: 'test.whoami', input: {} })];
    let jobId: string | undefined;
    for (let i = 0; i < 200 && !jobId; i++) {
      jobId = (await client.zrange(KEYS.tickets, '0', '-1')).find((t) => !t.includes('#'));
      if (!jobId) await new Promise((r) => setTimeout(r, 5));
    }
    expect(jobId, 'the group holds its tickets while it runs').to.be.a('string');
    let state: number | undefined;
    for (let i = 0; i < 200 && state !== JobState.Running; i++) {
      state = (await scripts.status([jobId!])).states[0];
      if (state !== JobState.Running) await new Promise((r) => setTimeout(r, 5));
    }
    expect(state).to.equal(JobState.Running); // BullMQ's processedBy names the worker, which is alive
    expect(await client.zcard(KEYS.tickets)).to.equal(2); // not claimed yet: the settle takes them with the answers
    const [slept, who] = await Promise.all(calls);
    expect([slept.ok, who.ok]).to.deep.equal([true, true]);
    expect(await client.zcard(KEYS.tickets)).to.equal(0);
  });

  it('answers a canceled call at once while its group still runs, and its neighbours after', async () => {
    const cancel = new AbortController();
    let groupStarted!: () => void;
    const started = new Promise<void>((resolve) => (groupStarted = resolve));
    const long = producer.run({ name: 'test.sleep', input: { ms: 2_000 } }, { onStart: groupStarted });
    const canceled = producer.run({ name: 'test.whoami', input: {} }, { signal: cancel.signal });
    const neighbour = producer.run({ name: 'test.whoami', input: {} });
    await started;
    cancel.abort();
    // Answered before the call ahead of it in the group has finished.
    expect(await Promise.race([canceled, long.then(() => 'long finished first')])).to.deep.include({ ok: false, reason: 'canceled' });
    expect(await long).to.deep.include({ ok: true });
    expect((await neighbour).ok).to.equal(true);
  });

  it('stops the group when every call in it is canceled, so the worker takes the next call', async () => {
    const a = new AbortController();
    const b = new AbortController();
    let groupStarted!: () => void;
    const started = new Promise<void>((resolve) => (groupStarted = resolve));
    const first = producer.run({ name: 'test.spin', input: {} }, { signal: a.signal, onStart: groupStarted });
    const second = producer.run({ name: 'test.spin', input: {} }, { signal: b.signal });
    await started;
    const before = consumer.pool.stats();
    a.abort();
    b.abort();
    expect(await first).to.deep.include({ reason: 'canceled' });
    expect(await second).to.deep.include({ reason: 'canceled' });
    // The worker's one thread was stopped by the cancel, not by the time limit: the next call runs.
    const next = await producer.run({ name: 'test.whoami', input: {} });
    expect(next.ok).to.equal(true);
    const after = consumer.pool.stats();
    expect([after.canceledStopped - before.canceledStopped, after.timeouts - before.timeouts]).to.deep.equal([1, 0]);
    for (let i = 0; i < 500 && (await client.zcard(KEYS.tickets)) !== 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await client.zcard(KEYS.tickets)).to.equal(0);
  });
});

describe('engine queue: calls gather while their node has jobs out (workers/queue/callGroups.ts window)', () => {
  /** CallGroups whose submissions are recorded and answered when the test says. */
  function recorded(maxOutstanding: number, windowMs: number) {
    const sent: { names: string[]; answer: () => void }[] = [];
    const answerOf = (call: EngineJob): RunOutcome => ({ ok: true, result: { name: call.name }, warnings: [] });
    const groups = new CallGroups(
      (call) => new Promise((resolve) => sent.push({ names: [call.name], answer: () => resolve(answerOf(call)) })),
      (calls) => new Promise((resolve) => sent.push({ names: calls.map((c) => c.name), answer: () => resolve({ ok: true, outcomes: calls.map(answerOf) }) })),
      maxOutstanding,
      windowMs,
    );
    return { groups, sent };
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const until = async (what: () => boolean) => {
    for (let i = 0; i < 500 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('sends a call at the end of its turn while fewer than the limit are out, then gathers calls from later turns until one is answered', async () => {
    const { groups, sent } = recorded(2, 60_000); // a window no test run reaches: only an answer releases them
    const answers = ['a', 'b'].map((name) => groups.add({ name, input: {} }, {}));
    await nextTurn();
    expect(sent.map((s) => s.names)).to.deep.equal([['a', 'b']]); // one turn, one group, as before
    const c = groups.add({ name: 'c', input: {} }, {});
    await nextTurn();
    expect(sent.map((s) => s.names)).to.deep.equal([['a', 'b'], ['c']]); // 1 out < 2: leaves at the end of its turn
    const later = [];
    for (const name of ['d', 'e', 'f']) {
      later.push(groups.add({ name, input: {} }, {}));
      await nextTurn();
    }
    expect(sent).to.have.length(2); // two out: d, e and f gather
    sent[0]!.answer();
    await until(() => sent.length === 3);
    expect(sent[2]!.names).to.deep.equal(['d', 'e', 'f']);
    sent[1]!.answer();
    sent[2]!.answer();
    expect((await Promise.all([...answers, c, ...later])).map((o) => (o.ok && 'result' in o ? o.result.name : o.ok ? 'presented' : o.reason))).to.deep.equal(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('sends gathered calls when the window ends even if nothing out is answered', async () => {
    const { groups, sent } = recorded(1, 20);
    const first = groups.add({ name: 'a', input: {} }, {});
    await nextTurn();
    const gathered = [groups.add({ name: 'b', input: {} }, {})];
    await nextTurn();
    gathered.push(groups.add({ name: 'c', input: {} }, {}));
    await until(() => sent.length === 2);
    expect(sent.map((s) => s.names)).to.deep.equal([['a'], ['b', 'c']]);
    sent.forEach((s) => s.answer());
    expect((await Promise.all([first, ...gathered])).every((o) => o.ok)).to.equal(true);
  });

  it('answers a canceled gathered call without sending it', async () => {
    const { groups, sent } = recorded(1, 60_000);
    const first = groups.add({ name: 'a', input: {} }, {});
    await nextTurn();
    const cancel = new AbortController();
    const canceled = groups.add({ name: 'b', input: {} }, { signal: cancel.signal });
    const kept = groups.add({ name: 'c', input: {} }, {});
    cancel.abort();
    sent[0]!.answer();
    await until(() => sent.length === 2);
    expect(sent[1]!.names).to.deep.equal(['c']);
    expect(await canceled).to.deep.include({ ok: false, reason: 'canceled' });
    sent[1]!.answer();
    expect((await Promise.all([first, kept])).every((o) => o.ok)).to.equal(true);
  });
});
