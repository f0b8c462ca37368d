/**
 * Results presented where they are computed (workers/runner.ts EngineJob.presented): a job with
 * `presented` answers the envelope's `result` as JSON text, built by the engine thread (embedded)
 * or the worker (distributed), byte for byte what the API thread built before (presentResult,
 * then JSON.stringify); the REST route writes it as it is (api/engine/callEngine.ts callEngineText).
 */
import { expect } from 'chai';
import { findDefinition } from '../../engine/catalogue.js';
import { prepareCall, presentResult } from '../../engine/call.js';
import { EnginePool } from '../../workers/pool.js';
import { isLightCall } from '../../workers/lightCalls.js';
import { startConsumer, type Consumer } from '../../workers/queue/consumer.js';
import { QueueRunner } from '../../workers/queue/producer.js';
import type { EngineJob, EngineRunner } from '../../workers/runner.js';
import { redisOrSkip, type RedisServer } from '../support/redis.js';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';

/** A light function (sent in groups) and one that always travels alone, in both unit systems. */
const CASES = ['pvt.gasProperties', 'econ.metrics'].flatMap((name) => (['field', 'metric'] as const).map((units) => ({ name, units })));

function preparedJob(name: string, units: 'field' | 'metric'): EngineJob {
  const def = findDefinition(name)!;
  const prepared = prepareCall(def, { ...def.examples[0]!.input, ...(units === 'metric' ? { units: 'metric' } : {}) });
  if (!prepared.ok) throw new Error(prepared.message);
  expect(prepared.units).to.equal(units);
  return { name, input: prepared.input, units: prepared.units };
}

/** Each case run twice by `runner`, as data and presented: the text is JSON.stringify of presentResult of the data. */
async function expectSameAnswers(runner: EngineRunner): Promise<void> {
  for (const { name, units } of CASES) {
    const job = preparedJob(name, units);
    const [data, text] = await Promise.all([runner.run(job), runner.run({ ...job, presented: true })]);
    if (!data.ok || !('result' in data)) throw new Error(`${name}: ${JSON.stringify(data)}`);
    const expected = JSON.stringify(presentResult(findDefinition(name)!, data.result, data.warnings, units));
    expect(text, `${name} ${units}`).to.deep.equal({ ok: true, presented: expected });
    expect(JSON.parse(expected).units).to.equal(units);
  }
}

describe('results presented where they are computed (EngineJob.presented)', function () {
  this.timeout(60_000);

  it('an embedded pool answers the presented text of a light call (a group) and of a single call, field and metric', async () => {
    expect(isLightCall('pvt.gasProperties')).to.equal(true);
    expect(isLightCall('econ.metrics')).to.equal(false);
    const pool = new EnginePool({ threads: 2, timeoutMs: 30_000, maxQueue: 16, light: isLightCall });
    try {
      await expectSameAnswers(pool);
    } finally {
      await pool.close();
    }
  });

  describe('through the queue (a real redis-server and worker)', () => {
    let redis: RedisServer;
    let consumer: Consumer;
    let producer: QueueRunner;
    before(async function () {
      redis = await redisOrSkip(this);
      consumer = await startConsumer({ redisUrl: redis.url, threads: 1, timeoutMs: 30_000 });
      producer = new QueueRunner({ redisUrl: redis.url, timeoutMs: 30_000, maxBacklog: 100, startBudgetMs: 30_000, groupable: isLightCall });
      await producer.ready();
    });
    after(async () => {
      await producer?.close();
      await consumer?.close();
      await redis?.stop();
    });

    it('the worker answers the same presented text, grouped and alone', async () => {
      await expectSameAnswers(producer);
    });
  });

  describe('over REST', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ ENGINE_THREADS: '2' });
    });
    after(async () => server?.stop());

    for (const { name, units } of CASES) {
      it(`${name} (${units}): the envelope as JSON, its result what the engine presents`, async () => {
        const acct = await createAccount(server);
        const def = findDefinition(name)!;
        const body = { ...def.examples[0]!.input, ...(units === 'metric' ? { units: 'metric' } : {}) };
        const res = await fetch(`${server.url}/v1/engine/functions/${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${acct.key}`, 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        expect(res.status, text).to.equal(200);
        expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
        const envelope = JSON.parse(text) as { name: string; module: string; result: Record<string, unknown>; ms: number };
        expect(Object.keys(envelope)).to.deep.equal(['name', 'module', 'result', 'ms']);
        expect(envelope.name).to.equal(name);
        expect(envelope.module).to.equal(def.module);
        expect(envelope.ms).to.be.a('number').and.at.least(0);
        expect(text).to.equal(JSON.stringify(envelope)); // the bytes Koa's JSON body would have been
        const job = preparedJob(name, units);
        const pool = new EnginePool({ threads: 1, timeoutMs: 30_000, maxQueue: 4 });
        try {
          const data = await pool.run(job);
          if (!data.ok || !('result' in data)) throw new Error(JSON.stringify(data));
          expect(envelope.result).to.deep.equal(JSON.parse(JSON.stringify(presentResult(def, data.result, data.warnings, units))));
        } finally {
          await pool.close();
        }
        // An error still answers the error envelope.
        const bad = await call(server.url, `/v1/engine/functions/${name}`, { key: acct.key, body: { ...body, nonsense: 1 }, address: freshAddress() });
        expect(bad.status).to.equal(400);
        expect(bad.body.error.code).to.equal('validation_failed');
      });
    }
  });
});
