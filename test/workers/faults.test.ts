/**
 * Faults of the distributed deployment, each answered fast and with the status of the table in
 * the README: a real redis-server, real `web` and `worker` processes. Faults are driven by events
 * (a job is claimed in Redis, a process has exited, a log line appeared), never by sleeps; the
 * bounds asserted are generous for a busy 2-core machine and still far below what the old code
 * took (time limit + lock + stalled check).
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { apiRedis, redisOrSkip, requireControl, type RedisServer } from '../support/redis.js';
import { freeze, spawnServer, spawnWorker, thaw, workerId, type Spawned } from '../support/processes.js';
import { call, createAccount, freshAddress, type CallResult, type TestAccount } from '../support/server.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import type { Store } from '../../store/ports.js';
import type { RunningServer } from '../../api/server.js';

/** 100 000 cash flows with random signs: an IRR search of about a second on these machines. */
function heavyEconBody(length = 100_000) {
  let seed = 7;
  const cashFlows = Array.from({ length }, () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 1000);
  return { cashFlows, discountRates: [0.1], periodsPerYear: 12 };
}
const simpleEcon = { cashFlows: [-1000, 300, 400, 500, 200], discountRates: [0.1], discounting: 'end-period' };
const zFactor = { ppr: 2, tpr: 1.5 };

/** Generous bound for "answered within seconds of the worker's heartbeat lapsing" (5 s + 0.5 s by design). */
const DEAD_WORKER_BOUND_MS = 20_000;

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, everyMs = 10): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await delay(everyMs);
  }
}

/** Jobs that one of `workers` has claimed (started), with the id of that worker. */
async function claimedJobs(redis: Redis, workers: Spawned[]): Promise<{ jobId: string; worker: string }[]> {
  const ids = new Set(workers.map(workerId));
  const out: { jobId: string; worker: string }[] = [];
  for (const id of await redis.lrange('engcalc:engine:active', 0, -1)) {
    const w = await redis.hget(`engcalc:engine:${id}`, 'ecw');
    if (w && ids.has(w)) out.push({ jobId: id, worker: w });
  }
  return out;
}

/** Sum of a metric's samples whose labels include `match`, from Prometheus text. */
function metricSum(text: string, name: string, match: string): number {
  let sum = 0;
  for (const line of text.split('\n')) if (line.startsWith(name + '{') && line.includes(match)) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  return sum;
}

describe('distributed deployment: faults answered fast, with the status of the table', function () {
  this.timeout(120_000);
  let redis: RedisServer;
  let client: Redis;
  let queue: Queue;
  let dataDir: string;
  let store: Store;
  let env: Record<string, string>;
  let nodeA: Spawned;
  let nodeB: Spawned;
  let urlA: string;
  let urlB: string;
  let acct: TestAccount;
  const workers: Spawned[] = [];

  const startWorker = async (extra: Record<string, string> = {}) => {
    const w = spawnWorker({ ...env, ...extra });
    workers.push(w);
    await w.ready;
    return w;
  };
  const stopWorkers = async (signal: NodeJS.Signals = 'SIGTERM') => {
    for (const w of workers.splice(0)) {
      if (signal !== 'SIGKILL') thaw(w); // SIGKILL ends a frozen process as it is
      await w.stop(signal);
    }
  };
  const post = (url: string, name: string, body: unknown, key = acct.key): Promise<CallResult> =>
    call(url, `/v1/engine/functions/${name}`, { key, body, address: freshAddress() });
  const timed = async (p: Promise<CallResult>) => {
    const r = await p;
    return { ...r, at: Date.now() };
  };
  const asServer = () => ({ store }) as unknown as RunningServer;

  before(async function () {
    redis = await redisOrSkip(this);
    client = await apiRedis(redis.url);
    queue = new Queue('engine', { prefix: 'engcalc', connection: { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: 1 } });
    queue.on('error', () => undefined);
    dataDir = mkdtempSync(join(tmpdir(), 'engcalc-faults-'));
    env = {
      DATA_DIR: dataDir, REDIS_URL: redis.url, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', LOG_LEVEL: 'info', SEED_DEMO: 'false',
      ENGINE_THREADS: '1', ENGINE_TIMEOUT_MS: '30000', ENGINE_START_TIMEOUT_MS: '6000', WORKER_PORT: '0', KEY_REQUESTS_PER_MINUTE: '100000',
    };
    store = openLmdbStore({ path: dataDir });
    nodeA = spawnServer(env);
    nodeB = spawnServer(env);
    [urlA, urlB] = await Promise.all([nodeA.ready, nodeB.ready]);
    acct = await createAccount(asServer());
  });

  afterEach(async () => {
    // A failed test may leave workers or a paused queue behind: the next test starts clean.
    await stopWorkers('SIGKILL');
    await queue?.resume().catch(() => undefined);
  });

  after(async () => {
    for (const w of workers) thaw(w);
    await Promise.all([...workers.map((w) => w.stop('SIGKILL')), nodeA?.stop(), nodeB?.stop()]);
    await queue?.close().catch(() => undefined);
    client?.disconnect();
    await store?.close();
    await redis?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('when every worker dies mid-job (kill -9), the caller gets 503 within seconds of the last heartbeat, not after the time limit', async () => {
    const [w1, w2] = [await startWorker(), await startWorker()];
    const pending = timed(post(urlA, 'econ.metrics', heavyEconBody()));
    await until('job claimed', async () => (await claimedJobs(client, workers)).length > 0);
    freeze(w1!);
    freeze(w2!); // no heartbeat from here on; kill -9 after
    await stopWorkers('SIGKILL');
    const killedAt = Date.now();
    const res = await pending;
    expect(res.status, JSON.stringify(res.body)).to.equal(503);
    expect(res.body.error.code).to.equal('unavailable');
    expect(res.body.error.message).to.match(/stopped/);
    expect(Number(res.headers.get('retry-after'))).to.be.within(1, 30);
    // Time limit 30 s: the old wait (start budget + limit + lock + stalled check) was over 47 s.
    expect(res.at - killedAt).to.be.below(DEAD_WORKER_BOUND_MS);
  });

  it('a worker that is merely slow (frozen past its heartbeat) gets its caller a 503, and its job still runs exactly once', async () => {
    const slow = await startWorker();
    const other = await startWorker();
    const pending = post(urlB, 'econ.metrics', heavyEconBody());
    const [job] = await until('job claimed', async () => {
      const c = await claimedJobs(client, workers);
      return c.length ? c : undefined;
    });
    const holder = job!.worker === workerId(slow) ? slow : other;
    const bystander = holder === slow ? other : slow;
    freeze(holder);
    const res = await pending;
    expect(res.status, JSON.stringify(res.body)).to.equal(503);
    expect(res.body.error.message).to.match(/stopped/);
    thaw(holder); // it finishes the job it holds; nobody runs it again
    const jobs = async (w: Spawned) => metricSum(await (await fetch(`${await w.ready}/metrics`)).text(), 'engcalc_worker_jobs_total', 'function="econ.metrics"');
    await until('the slow worker reports its job', async () => (await jobs(holder)) >= 1, 60_000, 100);
    expect(await jobs(holder)).to.equal(1);
    expect(await jobs(bystander)).to.equal(0);
    expect((await post(urlA, 'pvt.zFactor', zFactor)).status).to.equal(200);
    await stopWorkers();
  });

  it('admission is atomic across API nodes: 40 calls at once against ENGINE_MAX_QUEUE 8 -> 8 wait, 32 are refused 429 at once', async () => {
    const limited = { ...env, ENGINE_MAX_QUEUE: '8' };
    const [c, d] = [spawnServer(limited), spawnServer(limited)];
    try {
      const [urlC, urlD] = await Promise.all([c.ready, d.ready]);
      await startWorker();
      await queue.pause(); // the worker lives (heartbeat) but takes nothing: every admitted call waits
      let answered = 0;
      const calls = Array.from({ length: 40 }, (_, i) => post(i % 2 ? urlC : urlD, 'pvt.zFactor', zFactor).finally(() => answered++));
      // The 32 refused at admission come back while the 8 admitted still wait for their start budget.
      await until('32 refusals', async () => answered >= 32, 30_000);
      expect(await client.zcard('engcalc:eq:tickets')).to.equal(8);
      expect(answered).to.equal(32);
      const results = await Promise.all(calls);
      // All 429 with Retry-After 30: the 8 waited their start budget while a worker ran (429, not 503).
      expect(results.map((r) => r.status)).to.deep.equal(Array(40).fill(429));
      for (const r of results) expect(r.headers.get('retry-after')).to.equal('30');
      expect(await client.zcard('engcalc:eq:tickets')).to.equal(0);
    } finally {
      await Promise.all([c.stop(), d.stop()]);
      await queue.resume();
      await stopWorkers();
    }
  });

  it('the default backlog follows live worker threads (16 per thread), so a healthy cluster does not refuse light calls', async () => {
    await startWorker(); // 1 thread -> 16
    await queue.pause();
    const burst = async (n: number, admitted: number) => {
      let answered = 0;
      const calls = Array.from({ length: n }, (_, i) => post(i % 2 ? urlA : urlB, 'pvt.zFactor', zFactor).finally(() => answered++));
      await until('refusals', async () => answered >= n - admitted, 30_000);
      expect(await client.zcard('engcalc:eq:tickets')).to.equal(admitted);
      expect(answered).to.equal(n - admitted);
      return Promise.all(calls);
    };
    await burst(20, 16);
    await startWorker({ ENGINE_THREADS: '2' }); // 3 threads -> 48
    await burst(50, 48);
    await queue.resume();
    expect((await post(urlA, 'pvt.zFactor', zFactor)).status).to.equal(200);
    await stopWorkers();
  });

  it('with no worker running, a call gets 503 "no engine worker is running" at once (not 429), after SIGTERM and after kill -9', async () => {
    await startWorker();
    expect((await post(urlA, 'pvt.zFactor', zFactor)).status).to.equal(200);
    await stopWorkers('SIGTERM'); // deregisters
    const events = await client.xlen('engcalc:engine:events');
    const asked = Date.now();
    const none = await timed(post(urlA, 'pvt.zFactor', zFactor));
    expect(none.status).to.equal(503);
    expect(none.body.error.message).to.match(/no engine worker is running/);
    expect(none.headers.get('retry-after')).to.equal('30');
    // Refused at admission: the job added beside it is removed, and the answer did not wait for the start budget.
    await until('refused job removed', async () => (await client.keys('engcalc:engine:*')).filter((k) => /^engcalc:engine:[0-9a-f-]{36}$/.test(k)).length === 0);
    const since = (await client.xrange('engcalc:engine:events', '-', '+')).slice(events).map(([, fields]) => fields[1]);
    expect(since).to.include('removed');
    expect(since).not.to.include('active'); // no worker ever took it
    expect(none.at - asked).to.be.below(Number(env.ENGINE_START_TIMEOUT_MS));

    await startWorker();
    await stopWorkers('SIGKILL'); // no deregistration: its heartbeat lapses
    const res = await timed(post(urlB, 'pvt.zFactor', zFactor));
    expect(res.status).to.equal(503);
    expect(res.body.error.message).to.match(/no engine worker is running/);
  });

  it('a call whose job Redis lost (restart) gets 503, not 429', async function () {
    requireControl(this, redis);
    await startWorker();
    await queue.pause();
    const pending = post(urlA, 'pvt.zFactor', zFactor);
    await until('call admitted', async () => (await client.zcard('engcalc:eq:tickets')) > 0);
    await redis.restart(); // empty: the ticket, the job and the pause are gone
    const res = await pending;
    expect(res.status, JSON.stringify(res.body)).to.equal(503);
    expect(res.body.error.message).to.match(/lost/);
    client.disconnect();
    client = await apiRedis(redis.url);
    await until('service back', async () => (await post(urlB, 'pvt.zFactor', zFactor)).status === 200, 30_000, 200);
    // The worker said when it lost Redis and when it had it back.
    const out = workers[0]!.output();
    expect(out).to.match(/"level":"error","msg":"redis connection lost"/);
    expect(out).to.match(/"level":"info","msg":"redis connection restored","downMs":\d+/);
    await stopWorkers();
  });

  it('when Redis freezes (SIGSTOP), a call in flight and a new call both get 503 within seconds; service resumes after SIGCONT', async function () {
    requireControl(this, redis);
    await startWorker();
    const outcomesBefore = await client.keys('engcalc:eq:out:*');
    await queue.pause();
    const inFlight = timed(post(urlA, 'pvt.zFactor', zFactor));
    await until('call admitted', async () => (await client.zcard('engcalc:eq:tickets')) > 0);
    redis.pause();
    const frozenAt = Date.now();
    try {
      const fresh = await timed(post(urlB, 'pvt.zFactor', zFactor));
      const waited = await inFlight;
      for (const r of [fresh, waited]) {
        expect(r.status, JSON.stringify(r.body)).to.equal(503);
        expect(r.body.error.code).to.equal('unavailable');
        expect(r.at - frozenAt).to.be.below(DEAD_WORKER_BOUND_MS); // by design 2 s (new) and <= 5 s (in flight)
      }
    } finally {
      redis.resume();
    }
    // The call answered during the outage is taken back once Redis answers again; only then are
    // workers let in, so none can run it for nobody (resuming first raced the withdrawal).
    await until('ticket withdrawn', async () => (await client.zcard('engcalc:eq:tickets')) === 0, 10_000, 50);
    await queue.resume();
    await until('service back', async () => (await post(urlA, 'pvt.zFactor', zFactor)).status === 200, 30_000, 200);
    const newOutcomes = async () => (await client.keys('engcalc:eq:out:*')).filter((k) => !outcomesBefore.includes(k));
    await until('outcome keys deleted', async () => (await newOutcomes()).length === 0, 10_000, 50); // deleted as each caller is answered
    expect(await newOutcomes()).to.deep.equal([]);
    await stopWorkers();
  });

  it('logs an expected 503 as one info line, without a stack', async () => {
    const before = nodeA.output().length;
    const res = await post(urlA, 'pvt.zFactor', zFactor); // no worker running
    expect(res.status).to.equal(503);
    await until('access line', async () => nodeA.output().slice(before).includes('"status":503'));
    const lines = nodeA.output().slice(before).split('\n').filter(Boolean);
    expect(lines.filter((l) => l.includes('"level":"error"'))).to.deep.equal([]);
    const line = lines.find((l) => l.includes('"status":503'))!;
    expect(JSON.parse(line)).to.include({ level: 'info', msg: 'request', code: 'unavailable' });
    expect(line).not.to.match(/\bat\s+\S+\s+\(/); // no stack frames
  });

  it('keeps no input or result in Redis once callers have their answers (450 KB bodies)', async () => {
    await startWorker({ ENGINE_THREADS: '2' });
    const earlier = new Set(await client.keys('engcalc:*')); // outcomes of calls abandoned by earlier tests expire on their own
    const body = heavyEconBody(25_000); // about 470 KB of JSON
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => post(i % 2 ? urlA : urlB, 'econ.metrics', body)));
    for (const r of results) expect(r.status, JSON.stringify(r.body).slice(0, 200)).to.equal(200);
    // A caller is answered by its worker's push as the outcome is stored; the job's own record and
    // the outcome key are deleted a moment later (the worker's completion, the caller's delete).
    const left = async () => (await client.keys('engcalc:*')).filter((k) => !earlier.has(k) && (/^engcalc:engine:[0-9a-f-]{36}$/.test(k) || k.startsWith('engcalc:eq:out:')));
    await until('job records and outcomes deleted', async () => (await left()).length === 0, 10_000, 50);
    const keys = (await client.keys('engcalc:*')).filter((k) => !earlier.has(k));
    const sizes = await Promise.all(keys.map(async (k) => ({ k, bytes: Number(await client.call('MEMORY', 'USAGE', k)) })));
    const big = sizes.filter((s) => s.bytes > 20_000 && !s.k.endsWith(':events'));
    expect(big, JSON.stringify(big)).to.deep.equal([]);
    expect(keys.filter((k) => /^engcalc:engine:[0-9a-f-]{36}$/.test(k) || k.startsWith('engcalc:eq:out:'))).to.deep.equal([]);
    const events = sizes.find((s) => s.k === 'engcalc:engine:events');
    expect(events?.bytes ?? 0).to.be.below(200_000); // events carry no input and no result
    await stopWorkers();
  });

  it('sweeps a call whose API node died, input and all, without any further traffic', async () => {
    await startWorker();
    await queue.pause();
    const doomed = spawnServer(env);
    const url = await doomed.ready;
    const pending = post(url, 'econ.metrics', heavyEconBody(25_000)).catch(() => null);
    const [jobId] = await until('call admitted', async () => {
      const ids = await client.zrange('engcalc:eq:tickets', '0', '-1');
      return ids.length > 0 && (await client.exists(`engcalc:engine:${ids[0]}`)) === 1 ? ids : undefined;
    });
    await doomed.stop('SIGKILL');
    await pending;
    // Ticket lapses after start budget (6 s) + 5 s; a sweep runs every 5-6 s in every process.
    await until('job swept', async () => (await client.exists(`engcalc:engine:${jobId}`)) === 0 && (await client.zcard('engcalc:eq:tickets')) === 0, 60_000, 250);
    await queue.resume();
    await stopWorkers();
  });

  it('serves /healthz, /readyz and /metrics outside /v1 on API nodes and workers; /readyz fails without a live worker', async () => {
    const noWorker = await call(urlA, '/readyz');
    expect(noWorker.status).to.equal(503);
    expect(noWorker.body.error.details.checks).to.deep.equal({ accepting: 'ok', store: 'ok', redis: 'ok', workers: 'failing' });
    expect(noWorker.headers.get('retry-after'), 'a 503 carries Retry-After, as the errors table says').to.equal('5');
    const w = await startWorker();
    const live = await call(urlA, '/healthz');
    expect(live).to.deep.include({ status: 200, body: { status: 'ok' } });
    const ready = await call(urlB, '/readyz');
    expect(ready.status).to.equal(200);
    expect(ready.body).to.deep.equal({ status: 'ready', checks: { accepting: 'ok', store: 'ok', redis: 'ok', workers: 'ok' } });
    expect((await post(urlA, 'econ.metrics', simpleEcon)).status).to.equal(200);

    const metrics = await fetch(`${urlA}/metrics`);
    expect(metrics.status).to.equal(200);
    const text = await metrics.text();
    expect(metricSum(text, 'engcalc_http_requests_total', 'route="/v1/engine/functions/:name",status="200"')).to.be.at.least(1);
    expect(metricSum(text, 'engcalc_engine_calls_total', 'function="econ.metrics",outcome="ok"')).to.be.at.least(1);
    expect(metricSum(text, 'engcalc_refusals_total', 'code="unavailable"')).to.be.at.least(1);
    expect(text).to.match(/^engcalc_queue_waiting\{role="web"\} 0$/m);
    expect(text).to.match(/^engcalc_worker_threads_live\{role="web"\} 1$/m);
    expect(text).to.match(/^engcalc_engine_duration_seconds_bucket\{/m);

    const ops = await w.ready;
    expect((await call(ops, '/healthz')).body).to.deep.equal({ status: 'ok' });
    expect((await call(ops, '/readyz')).body).to.deep.equal({ status: 'ready', checks: { registered: 'ok' } });
    const wText = await (await fetch(`${ops}/metrics`)).text();
    expect(metricSum(wText, 'engcalc_worker_jobs_total', 'function="econ.metrics",outcome="ok"')).to.equal(1);
    expect(wText).to.match(/^engcalc_pool_threads\{role="worker"\} 1$/m);
    expect(wText).to.match(/^engcalc_pool_loaded_threads\{role="worker"\} 2$/m); // one warm spare

    const openapi = await call(urlA, '/v1/openapi.json');
    expect(Object.keys(openapi.body.paths)).not.to.include.members(['/healthz', '/readyz', '/metrics']);
    await stopWorkers();
  });

  it('asks for METRICS_TOKEN on /metrics when one is set, on API nodes and workers', async () => {
    const secured = { ...env, METRICS_TOKEN: 'test-metrics-token' };
    const node = spawnServer(secured);
    const w = spawnWorker(secured);
    workers.push(w);
    try {
      const [url, ops] = await Promise.all([node.ready, w.ready]);
      for (const base of [url, ops]) {
        const none = await call(base, '/metrics');
        expect(none.status).to.equal(401);
        expect(none.body.error.code).to.equal('unauthenticated');
        expect((await call(base, '/metrics', { headers: { Authorization: 'Bearer wrong' } })).status).to.equal(401);
        const ok = await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer test-metrics-token' } });
        expect(ok.status).to.equal(200);
        expect(await ok.text()).to.include('process_cpu_seconds_total');
        expect((await call(base, '/healthz')).status).to.equal(200); // probes need no token
      }
    } finally {
      await node.stop();
      await stopWorkers();
    }
  });

  it('a web node on SIGTERM stops accepting, finishes the call in flight, then exits 0', async () => {
    await startWorker();
    const node = spawnServer(env);
    const url = await node.ready;
    const pending = post(url, 'econ.metrics', heavyEconBody());
    await until('job claimed', async () => (await claimedJobs(client, workers)).length > 0);
    const exit = node.stop('SIGTERM');
    await until('node stopped listening', async () => fetch(`${url}/healthz`).then(() => false, () => true), 10_000, 20);
    const res = await pending;
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).to.equal(200); // a real answer, not cut off
    expect(await exit).to.equal(0);
    await stopWorkers();
  });

  it('a web node whose in-flight call outlasts SHUTDOWN_GRACE_MS answers it 503 and exits 0', async () => {
    await startWorker();
    await queue.pause();
    const node = spawnServer({ ...env, SHUTDOWN_GRACE_MS: '500', ENGINE_START_TIMEOUT_MS: '60000' });
    const url = await node.ready;
    const pending = post(url, 'pvt.zFactor', zFactor);
    await until('call admitted', async () => (await client.zcard('engcalc:eq:tickets')) > 0);
    const exit = node.stop('SIGTERM');
    const res = await pending;
    expect(res.status).to.equal(503);
    expect(res.body.error.message).to.match(/shutting down/);
    expect(await exit).to.equal(0);
    expect(await client.zcard('engcalc:eq:tickets')).to.equal(0); // withdrawn: no worker will run it
    await queue.resume();
    await stopWorkers();
  });
});
