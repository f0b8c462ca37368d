/**
 * The heavy EOS calls in the distributed deployment: a real redis-server, a real `web` process
 * and real `worker` processes. A phase envelope of the demo project's model is read by the API
 * node and run by a worker (200); under a web node's 100 ms time limit (the worker's own is 30 s:
 * the node's travels with the job) a heavy envelope (42 components, 2000 points, nine quality
 * lines: seconds of work) is stopped in the worker and answered 422 with details.timeout. Neither
 * runs on the API node's thread.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisOrSkip, type RedisServer } from '../support/redis.js';
import { spawnServer, spawnWorker, type Spawned } from '../support/processes.js';
import { call, createAccount, freshAddress } from '../support/server.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import type { Store } from '../../store/ports.js';
import type { RunningServer } from '../../api/server.js';

/** About 42 components and nine quality lines of 2000 points at most: seconds on these machines. */
function heavyEnvelope() {
  const names = ['N2', 'CO2', 'H2S', 'C1', 'C2', 'C3', 'iC4', 'nC4', 'neoC5', 'iC5', 'nC5', 'iC6', 'nC6', 'nC7', 'nC8', 'nC9', 'nC10', 'nC11', 'nC12', 'benzene', 'toluene', 'cyclohexane'];
  const pseudo = Array.from({ length: 20 }, (_, i) => ({ name: `P${i}`, TcK: 660 + i * 25, PcBar: 18 - i * 0.6, omega: 0.6 + i * 0.05, MW: 180 + i * 25 }));
  const n = names.length + pseudo.length;
  const composition = Array.from({ length: n }, (_, i) => (i === 3 ? 0.5 : 0.5 / (n - 1)));
  return { components: [...names, ...pseudo], composition, eos: 'PR78', maxPoints: 2000, qualityLines: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] };
}

describe('EOS over the queue: web + worker processes on Redis', function () {
  this.timeout(120_000);
  let redis: RedisServer;
  let dataDir: string;
  let store: Store;
  let web: Spawned;
  let url: string;
  let worker: Spawned | undefined;
  let env: Record<string, string>;
  const asServer = () => ({ store }) as unknown as RunningServer;

  before(async function () {
    redis = await redisOrSkip(this);
    dataDir = mkdtempSync(join(tmpdir(), 'engcalc-eos-queue-'));
    env = {
      DATA_DIR: dataDir, REDIS_URL: redis.url, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', LOG_LEVEL: 'info',
      ENGINE_THREADS: '2', ENGINE_TIMEOUT_MS: '30000', ENGINE_START_TIMEOUT_MS: '5000', SEED_DEMO: 'false',
    };
    store = openLmdbStore({ path: dataDir });
    web = spawnServer(env);
    url = await web.ready;
  });

  after(async () => {
    await Promise.all([worker?.stop('SIGKILL'), web?.stop()]);
    await store?.close();
    await redis?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("eos.model.phaseEnvelope of the demo project's model answers 200, run by a worker process", async () => {
    worker = spawnWorker(env);
    await worker.ready;
    const acct = await createAccount(asServer());
    const res = await call(url, '/v1/engine/functions/eos.model.phaseEnvelope', { key: acct.key, body: { projectId: 'demo' }, address: freshAddress() });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
    expect(res.body.result.source.fluidModelId).to.equal('volatile-oil-pr78');
    expect(res.body.result.complete).to.equal(true);
    expect(res.body.result.critical).to.have.keys('TF', 'psia');
    await worker.stop('SIGTERM');
    worker = undefined;
  });

  it("under a web node's 100 ms time limit (the worker's own is 30 s), a heavy phase envelope is stopped in the worker and answers 422 engine_error with details.timeout", async () => {
    // The node's limit travels with the job (workers/queue/settings.ts EngineJobData.timeoutMs).
    const strict = spawnServer({ ...env, ENGINE_TIMEOUT_MS: '100' });
    try {
      const strictUrl = await strict.ready;
      worker = spawnWorker(env);
      await worker.ready;
      const acct = await createAccount(asServer());
      const res = await call(strictUrl, '/v1/engine/functions/eos.phaseEnvelope', { key: acct.key, body: heavyEnvelope(), address: freshAddress() });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(422);
      expect(res.body.error.code).to.equal('engine_error');
      expect(res.body.error.details.timeout).to.equal(true);
      expect(res.body.error.message).to.match(/100 ms/);
      // The worker keeps serving after the stopped thread.
      const small = await call(strictUrl, '/v1/engine/functions/eos.rachfordRice', { key: acct.key, body: { z: [0.5, 0.5], K: [2, 0.5] }, address: freshAddress() });
      expect(small.status).to.equal(200);
    } finally {
      await strict.stop();
    }
  });
});
