/**
 * MCP cancellation in the distributed deployment (issue 16), against a real redis-server: node A
 * (in this process, its engine calls on the BullMQ queue) runs the call on a real worker (one
 * thread, the test thread module); the client's `notifications/cancelled` reaches node B, a real
 * `web` process on the same Redis and store. B relays it over Redis, A cancels the job, and the
 * worker stops its thread: the worker's next call starts at once. A call to pvt_gasProperties at
 * the sentinel temperature runs as `test.spin`, which never returns, so only a cancellation can
 * free the worker.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { findDefinition } from '../../engine/catalogue.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { redisOrSkip, type RedisServer } from '../support/redis.js';
import { createAccount, freshAddress, startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { spawnServer, type Spawned } from '../support/processes.js';
import { startConsumer, type Consumer } from '../../workers/queue/consumer.js';
import { QueueRunner } from '../../workers/queue/producer.js';
import type { ChunkJob, EngineJob, EngineRunner, RunOptions } from '../../workers/runner.js';

const spinThread = new URL('../support/spinThread.js', import.meta.url).href;
const SENTINEL_TF = 250;
/** pvt_gasProperties at this temperature runs as `test.steps`: 3 steps, each waiting until the test saw it. */
const STEPS_TF = 251;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** The real queue runner; calls at the sentinel temperature run as the endless `test.spin`. */
class SpinningRunner implements EngineRunner {
  started = 0;
  onStarted: () => void = () => undefined;
  stepsDir = '';
  constructor(readonly queue: QueueRunner) {}
  run(job: EngineJob, options?: RunOptions) {
    const tf = job.input.TF;
    const at = (t: number) => job.name === 'pvt.gasProperties' && (tf === t || (Array.isArray(tf) && tf[0] === t));
    const substitute = at(SENTINEL_TF) ? { name: 'test.spin', input: {} } : at(STEPS_TF) ? { name: 'test.steps', input: { steps: 3, dir: this.stepsDir } } : job;
    return this.queue.run(substitute, {
      ...options,
      onStart: () => {
        options?.onStart?.();
        this.started++;
        this.onStarted();
      },
    });
  }
  runChunk(job: ChunkJob, options?: RunOptions) {
    return this.queue.runChunk(job, options);
  }
  capacity() {
    return this.queue.capacity();
  }
  close() {
    return this.queue.close();
  }
}

describe('MCP cancellation and progress across API nodes (issue 16), distributed', function () {
  this.timeout(90_000);
  let redis: RedisServer;
  let consumer: Consumer;
  let runner: SpinningRunner;
  let nodeA: TestServer;
  let nodeB: Spawned;
  let urlB: string;
  let acct: TestAccount;

  before(async function () {
    redis = await redisOrSkip(this);
    consumer = await startConsumer({ redisUrl: redis.url, threads: 1, timeoutMs: 600_000, threadFilename: spinThread });
    runner = new SpinningRunner(new QueueRunner({ redisUrl: redis.url, timeoutMs: 600_000, maxBacklog: null, startBudgetMs: 30_000 }));
    await runner.queue.ready();
    nodeA = await startTestServer({ REDIS_URL: redis.url, KEY_REQUESTS_PER_MINUTE: '100000', ENGINE_TIMEOUT_MS: '600000' }, { runner });
    nodeB = spawnServer({
      DATA_DIR: nodeA.dataDir, REDIS_URL: redis.url, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', LOG_LEVEL: 'info', SEED_DEMO: 'false',
      KEY_REQUESTS_PER_MINUTE: '100000', ENGINE_TIMEOUT_MS: '600000',
    });
    urlB = await nodeB.ready;
    acct = await createAccount(nodeA);
  });
  after(async () => {
    await nodeB?.stop();
    await nodeA?.stop();
    await consumer?.close();
    await redis?.stop();
  });

  it('the steps an engine function counts on a worker\'s thread arrive as progress with a total, increasing; nothing is left in Redis', async () => {
    runner.stepsDir = mkdtempSync(join(tmpdir(), 'engcalc-steps-'));
    const client = new Client({ name: 'progress-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/v1/mcp', nodeA.url), { requestInit: { headers: { Authorization: `Bearer ${acct.key}`, 'X-Forwarded-For': freshAddress() } } }));
    const inspect = new Redis(redis.url);
    try {
      const real: Progress[] = [];
      const result = await client.callTool({ name: 'pvt_gasProperties', arguments: { psia: [2000], TF: STEPS_TF, gasSG: 0.7 } }, undefined, {
        timeout: 80_000,
        onprogress: (p) => {
          if (p.total === undefined) return; // a heartbeat
          real.push(p);
          writeFileSync(join(runner.stepsDir, `go-${p.progress / 10}`), ''); // seen: the worker's thread takes its next step
        },
      });
      expect(result.isError ?? false, JSON.stringify(result)).to.equal(false);
      expect(result.structuredContent).to.deep.include({ steps: 3, listened: true });
      expect(real.map((p) => [p.progress, p.total])).to.deep.equal([
        [10, 30],
        [20, 30],
        [30, 30],
      ]);
      // No key of the job outlives its answer (job hash, outcome, ticket: the node deletes received
      // outcomes every OUTCOME_UNLINK_MS, 50 ms), and no listener per call.
      const left = async () => (await inspect.keys('*')).filter((k) => UUID.test(k));
      for (let i = 0; i < 500 && (await left()).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(await left()).to.deep.equal([]);
      expect(runner.queue.inFlight).to.equal(0);
    } finally {
      inspect.disconnect();
      await client.close();
      rmSync(runner.stepsDir, { recursive: true, force: true });
    }
  });

  it('the real phase envelope run on a worker reports its traced points, ending at the total', async () => {
    const def = findDefinition('eos.phaseEnvelope')!;
    const client = new Client({ name: 'progress-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/v1/mcp', nodeA.url), { requestInit: { headers: { Authorization: `Bearer ${acct.key}`, 'X-Forwarded-For': freshAddress() } } }));
    const real: Progress[] = [];
    const result = await client.callTool(
      { name: 'run_function', arguments: { name: 'eos.phaseEnvelope', arguments: { ...(def.examples[0]!.input as object), maxPoints: 400, qualityLines: [0.25, 0.5, 0.75] }, maxPoints: 10 } },
      undefined,
      { timeout: 80_000, onprogress: (p) => void (p.total !== undefined && real.push(p)) },
    );
    expect(result.isError ?? false, JSON.stringify(result).slice(0, 800)).to.equal(false);
    expect(real.length).to.be.at.least(1);
    for (const p of real) expect(p.total).to.equal(1600); // 4 curves x maxPoints
    for (let i = 1; i < real.length; i++) expect(real[i]!.progress).to.be.greaterThan(real[i - 1]!.progress);
    expect(real.at(-1)!.progress).to.equal(1600);
    await client.close();
  });

  it('a cancellation posted to another node stops the job on its worker', async () => {
    const client = new Client({ name: 'cancel-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/v1/mcp', nodeA.url), { requestInit: { headers: { Authorization: `Bearer ${acct.key}`, 'X-Forwarded-For': freshAddress() } } }));
    const running = new Promise<void>((resolve) => (runner.onStarted = resolve));
    const call = client.callTool({ name: 'pvt_gasProperties', arguments: { psia: [2000], TF: SENTINEL_TF, gasSG: 0.7 } }, undefined, { timeout: 80_000 });
    call.catch(() => undefined);
    await running; // the worker's one thread spins

    // The SDK numbered initialize 0 and this call 1; the cancellation goes to node B.
    const res = await fetch(new URL('/v1/mcp', urlB), {
      method: 'POST',
      headers: { Authorization: `Bearer ${acct.key}`, 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress(), 'MCP-Protocol-Version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'stopped by the user' } }),
    });
    expect(res.status).to.equal(202);

    const result = await call;
    expect(result.isError, JSON.stringify(result).slice(0, 800)).to.equal(true);
    expect((result.structuredContent as { error: { details: { reason: string } } }).error.details.reason).to.equal('canceled');
    // The worker's only slot is free again: a real call runs now, on the thread that replaced the spinning one.
    const next = await client.callTool({ name: 'pvt_gasProperties', arguments: { psia: [1000, 2000], TF: 180, gasSG: 0.7 } });
    expect(next.isError ?? false, JSON.stringify(next)).to.equal(false);
    expect((next.structuredContent as { z: number[] }).z).to.have.length(2);
    expect(consumer.pool.stats()).to.include({ busy: 0, timeouts: 0 });
    await client.close();
  });
});
