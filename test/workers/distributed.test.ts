/**
 * The distributed deployment as operators run it: a real redis-server started by the suite, two
 * `web` processes and `worker` processes (the real entry points), LMDB shared on one machine.
 * Covers shared limits and seats, the time limit in the worker, kill -9 of a worker mid-job, no
 * worker running, Redis stopped and restarted, graceful worker shutdown and the one-box mode.
 * The faults of issue 11 (dead workers, admission, statuses, memory, probes) are in faults.test.ts.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { redisOrSkip, requireControl, type RedisServer } from '../support/redis.js';
import { spawnServer, spawnWorker, type Spawned } from '../support/processes.js';
import { addMember, call, createAccount, freshAddress, type CallResult } from '../support/server.js';
import { Redis } from 'ioredis';
import { openLmdbStore } from '../../store/lmdb/index.js';
import type { Store } from '../../store/ports.js';
import type { RunningServer } from '../../api/server.js';

/** 100 000 cash flows with random signs: an IRR search of about a second on these machines. */
function heavyEconBody() {
  let seed = 7;
  const cashFlows = Array.from({ length: 100_000 }, () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 1000);
  return { cashFlows, discountRates: [0.1], periodsPerYear: 12 };
}

/**
 * Resolves once a worker has started (claimed) a job that no earlier call left behind, so a test
 * can act mid-job.
 */
async function untilJobActive(redisUrl: string, seen = new Set<string>()): Promise<void> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for (let i = 0; i < 1_000; i++) {
      for (const id of await client.lrange('engcalc:engine:active', 0, -1)) {
        if (!seen.has(id) && (await client.hget(`engcalc:engine:${id}`, 'ecw'))) return void seen.add(id);
      }
      await delay(10);
    }
    throw new Error('no job was started within 10 s');
  } finally {
    client.disconnect();
  }
}

const simpleEcon = { cashFlows: [-1000, 300, 400, 500, 200], discountRates: [0.1], discounting: 'end-period' };

describe('distributed deployment: two API nodes, worker processes, Redis', function () {
  this.timeout(90_000);
  let redis: RedisServer;
  let dataDir: string;
  let store: Store;
  let nodeA: Spawned;
  let nodeB: Spawned;
  let urlA: string;
  let urlB: string;
  const workers: Spawned[] = [];
  let env: Record<string, string>;

  const startWorker = async (extra: Record<string, string> = {}) => {
    const w = spawnWorker({ ...env, ...extra });
    workers.push(w);
    await w.ready;
    return w;
  };
  const asServer = () => ({ store }) as unknown as RunningServer;
  const post = (url: string, key: string, name: string, body: unknown, address = freshAddress()): Promise<CallResult> =>
    call(url, `/v1/engine/functions/${name}`, { key, body, address });

  before(async function () {
    redis = await redisOrSkip(this);
    dataDir = mkdtempSync(join(tmpdir(), 'engcalc-dist-'));
    env = {
      DATA_DIR: dataDir, REDIS_URL: redis.url, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', LOG_LEVEL: 'info',
      ENGINE_THREADS: '2', ENGINE_TIMEOUT_MS: '400', ENGINE_START_TIMEOUT_MS: '2000', SEED_DEMO: 'false', WORKER_PORT: '0',
    };
    store = openLmdbStore({ path: dataDir });
    nodeA = spawnServer(env);
    nodeB = spawnServer(env);
    [urlA, urlB] = await Promise.all([nodeA.ready, nodeB.ready]);
    await startWorker();
  });

  after(async () => {
    await Promise.all([...workers.map((w) => w.stop('SIGKILL')), nodeA?.stop(), nodeB?.stop()]);
    await store?.close();
    await redis?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves engine calls correctly through either node', async () => {
    const acct = await createAccount(asServer());
    for (const url of [urlA, urlB]) {
      const econ = await post(url, acct.key, 'econ.metrics', simpleEcon);
      expect(econ.status, JSON.stringify(econ.body)).to.equal(200);
      expect(econ.body.result.npv[0]).to.be.closeTo(105.059887862, 1e-6); // econ.json econ-simple-end-period
      const gas = await post(url, acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 });
      expect(gas.status).to.equal(200);
      expect(gas.body.result.z).to.be.a('number');
    }
  });

  it('audits a key used on both nodes once (first use), not once per node', async () => {
    const acct = await createAccount(asServer());
    await Promise.all([urlA, urlB, urlA, urlB].map((url) => call(url, '/v1/me', { key: acct.key, address: freshAddress() })));
    const uses = async () => (await store.audit.list(acct.company.id)).filter((e) => e.action === 'key.used');
    for (let i = 0; i < 40 && (await uses()).length === 0; i++) await delay(25);
    await delay(300); // a second node's write would have landed by now
    expect(await uses()).to.have.length(1);
  });

  it('shares the per-key limit: 125 calls over two nodes, exactly 120 accepted', async () => {
    const acct = await createAccount(asServer());
    const results = await Promise.all(
      Array.from({ length: 125 }, (_, i) => call(i % 2 ? urlA : urlB, '/v1/me', { key: acct.key, address: freshAddress() })),
    );
    expect(results.filter((r) => r.status === 200)).to.have.length(120);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).to.have.length(5);
    for (const r of refused) {
      expect(r.body.error.code).to.equal('rate_limited');
      expect(Number(r.headers.get('retry-after'))).to.be.within(1, 60);
    }
  });

  it('shares failed attempts per address: 20 failures on one node block the address on the other', async () => {
    const acct = await createAccount(asServer());
    const address = freshAddress();
    for (let i = 0; i < 20; i++) expect((await call(urlA, '/v1/me', { key: 'eng_' + 'C'.repeat(43), address })).status).to.equal(401);
    const blocked = await call(urlB, '/v1/me', { key: acct.key, address });
    expect(blocked.status).to.equal(429);
    expect(blocked.body.error.code).to.equal('rate_limited');
  });

  it('shares seats: with one econ seat, a second member on the other node gets 409 naming the first', async () => {
    const first = await createAccount(asServer(), { licences: { integrations: 5, econ: 1 } });
    const second = await addMember(asServer(), first.company);
    expect((await post(urlA, first.key, 'econ.metrics', simpleEcon)).status).to.equal(200);
    const refused = await post(urlB, second.key, 'econ.metrics', simpleEcon);
    expect(refused.status).to.equal(409);
    expect(refused.body.error.code).to.equal('no_seat');
    expect(refused.body.error.details.holders[0]).to.include({ member: first.member.id, email: first.member.email });
    expect((await post(urlB, second.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 })).status).to.equal(200);
  });

  it('applies ENGINE_TIMEOUT_MS in the worker: 422 engine_error with details.timeout true, and the next call is served', async () => {
    const acct = await createAccount(asServer());
    const res = await post(urlA, acct.key, 'econ.metrics', heavyEconBody());
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(422);
    expect(res.body.error.code).to.equal('engine_error');
    expect(res.body.error.details.timeout).to.equal(true);
    expect((await post(urlB, acct.key, 'econ.metrics', simpleEcon)).status).to.equal(200);
  });

  it('when a worker is killed (kill -9) mid-job, that call fails cleanly and is not re-run; other calls continue', async () => {
    const acct = await createAccount(asServer());
    for (const w of workers.splice(0)) await w.stop('SIGTERM');
    const only = await startWorker({ ENGINE_TIMEOUT_MS: '30000' }); // the job cannot end before the kill
    workers.splice(workers.indexOf(only), 1);
    const pending = post(urlA, acct.key, 'econ.metrics', heavyEconBody());
    await untilJobActive(redis.url); // the job is running on the only worker
    await only.stop('SIGKILL');
    await startWorker(); // the API answers once the dead worker's heartbeat lapses
    const res = await pending;
    expect(res.status, JSON.stringify(res.body)).to.equal(503);
    expect(res.body.error.code).to.equal('unavailable');
    expect(res.body.error.message).to.match(/stopped/);
    expect((await post(urlB, acct.key, 'econ.metrics', simpleEcon)).status).to.equal(200);
  });

  it('when Redis stops, calls answer a JSON 503 promptly; when it returns, service resumes without restarting anything', async function () {
    requireControl(this, redis);
    const acct = await createAccount(asServer());
    await redis.stop();
    const me = await call(urlA, '/v1/me', { key: acct.key, address: freshAddress() });
    expect(me.status).to.equal(503);
    expect(me.body.error.code).to.equal('unavailable');
    const engine = await post(urlB, acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 });
    expect(engine.status).to.equal(503);
    expect(engine.body.error.code).to.equal('unavailable');

    await redis.restart();
    let last: CallResult | undefined;
    for (let i = 0; i < 60; i++) {
      last = await post(i % 2 ? urlA : urlB, acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 });
      if (last.status === 200) break;
      await delay(500);
    }
    expect(last!.status, JSON.stringify(last!.body)).to.equal(200);
    expect((await post(urlA, acct.key, 'econ.metrics', simpleEcon)).status).to.equal(200);
    expect((await post(urlB, acct.key, 'econ.metrics', simpleEcon)).status).to.equal(200);
  });

  it('when a worker gets SIGTERM mid-job, it finishes that job, then exits 0', async () => {
    const acct = await createAccount(asServer());
    const worker = workers[workers.length - 1]!;
    const pending = post(urlA, acct.key, 'econ.metrics', heavyEconBody());
    await untilJobActive(redis.url);
    const exit = worker.stop('SIGTERM');
    const res = await pending;
    expect(res.status, JSON.stringify(res.body)).to.equal(422); // the job ran to its time limit, not cut off
    expect(res.body.error.details.timeout).to.equal(true);
    workers.splice(workers.indexOf(worker), 1);
    expect(await exit).to.equal(0);
  });

  it('when no worker is running, a call is answered 503 at once and no job is left', async () => {
    for (const w of workers.splice(0)) await w.stop('SIGTERM');
    const acct = await createAccount(asServer());
    const res = await post(urlA, acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 });
    expect(res.status).to.equal(503);
    expect(res.body.error.code).to.equal('unavailable');
    expect(res.body.error.message).to.match(/no engine worker/);
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    expect(await client.llen('engcalc:engine:wait')).to.equal(0); // refused at admission: never queued
    client.disconnect();
    // A worker started afterwards does not run the abandoned call: the next call is served.
    await startWorker();
    expect((await post(urlB, acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 })).status).to.equal(200);
  });

  it('an API node started while Redis is down answers a JSON 503, and serves once Redis is up, without a restart', async function () {
    requireControl(this, redis);
    const acct = await createAccount(asServer());
    await redis.stop();
    const late = spawnServer(env);
    try {
      const url = await late.ready; // it starts anyway (bounded wait for Redis)
      const down = await call(url, '/v1/me', { key: acct.key, address: freshAddress() });
      expect(down.status).to.equal(503);
      expect(down.body.error.code).to.equal('unavailable');
      await redis.restart();
      await startWorker();
      let last: CallResult | undefined;
      for (let i = 0; i < 60; i++) {
        last = await post(url, acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 });
        if (last.status === 200) break;
        await delay(500);
      }
      expect(last!.status, JSON.stringify(last!.body)).to.equal(200);
    } finally {
      expect(await late.stop()).to.equal(0);
    }
  });

  it('one-box mode: an API node with WORKER_IN_PROCESS serves calls without a worker process', async () => {
    for (const w of workers.splice(0)) await w.stop('SIGTERM');
    const box = spawnServer({ ...env, WORKER_IN_PROCESS: 'true' });
    try {
      const url = await box.ready;
      const acct = await createAccount(asServer());
      const res = await post(url, acct.key, 'econ.metrics', simpleEcon);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.result.npv[0]).to.be.closeTo(105.059887862, 1e-6);
    } finally {
      expect(await box.stop()).to.equal(0);
    }
    // Its own shutdown closes its Redis connections: that is not logged as an outage.
    expect(box.output()).not.to.match(/"level":"error"/);
  });
});
