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

/** The real queue runner; calls at the sentinel temperature run as the endless `test.spin`. */
class SpinningRunner implements EngineRunner {
  started = 0;
  onStarted: () => void = () => undefined;
  constructor(readonly queue: QueueRunner) {}
  run(job: EngineJob, options?: RunOptions) {
    const tf = job.input.TF;
    const spin = job.name === 'pvt.gasProperties' && (tf === SENTINEL_TF || (Array.isArray(tf) && tf[0] === SENTINEL_TF));
    return this.queue.run(spin ? { name: 'test.spin', input: {} } : job, {
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

describe('MCP cancellation across API nodes (issue 16), distributed', function () {
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
