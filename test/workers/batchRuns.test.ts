/**
 * Batch calls and runs in the distributed deployment, over real HTTP: a real redis-server, two
 * `web` processes and `worker` processes (the real entry points), LMDB shared on one machine.
 * Any node answers for any run; cancel stops the worker's threads; and a 10 000-item run loses
 * and duplicates nothing when a worker is killed -9 mid-run.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { redisOrSkip, type RedisServer } from '../support/redis.js';
import { spawnServer, spawnWorker, type Spawned } from '../support/processes.js';
import { call, createAccount, freshAddress, type CallResult } from '../support/server.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import type { Store } from '../../store/ports.js';
import type { RunningServer } from '../../api/server.js';
import { heavyEcon } from '../support/workloads.js';

const gas = (psia: number) => ({ psia: [psia], TF: 200, gasSG: 0.72 });
/** One rate through 3000 ft of tubing (Beggs-Brill): about a millisecond of engine work, 200 bytes of input. */
const vlp = (q: number) => ({ thpPsia: 350, tubingIdIn: 2.992, mdFt: 3000, whtF: 120, bhtF: 160, api: 38.5, gasSG: 0.78, rsbScfStb: 950, pbPsia: 3125, gorScfStb: 1295, waterCut: 0.117, qLiquidStbd: [q] });

describe('batch calls and runs, distributed: two API nodes, worker processes, Redis', function () {
  this.timeout(180_000);
  let redis: RedisServer;
  let dataDir: string;
  let store: Store;
  let nodeA: Spawned;
  let nodeB: Spawned;
  let urlA: string;
  let urlB: string;
  const workers: Spawned[] = [];
  let env: Record<string, string>;
  const asServer = () => ({ store }) as unknown as RunningServer;
  const req = (url: string, key: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallResult> =>
    call(url, path, { key, body, headers, address: freshAddress(), ...(body === undefined ? {} : { method: 'POST' }) });

  before(async function () {
    redis = await redisOrSkip(this);
    dataDir = mkdtempSync(join(tmpdir(), 'engcalc-batch-dist-'));
    env = {
      DATA_DIR: dataDir, REDIS_URL: redis.url, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', LOG_LEVEL: 'info',
      ENGINE_THREADS: '1', SEED_DEMO: 'false', WORKER_PORT: '0', KEY_REQUESTS_PER_MINUTE: '100000',
    };
    store = openLmdbStore({ path: dataDir });
    nodeA = spawnServer(env);
    nodeB = spawnServer(env);
    [urlA, urlB] = await Promise.all([nodeA.ready, nodeB.ready]);
    for (let i = 0; i < 2; i++) {
      const w = spawnWorker(env);
      workers.push(w);
      await w.ready;
    }
  });

  after(async () => {
    await Promise.all([...workers.map((w) => w.stop('SIGKILL')), nodeA?.stop(), nodeB?.stop()]);
    await store?.close();
    await redis?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a batch answers valid and invalid items in input order, each as its single call', async () => {
    const acct = await createAccount(asServer());
    const items = [{ id: 'a', input: gas(1000) }, { id: 'bad', input: { TF: 1 } }, ...Array.from({ length: 50 }, (_, i) => ({ id: `g${i}`, input: gas(600 + i * 50) }))];
    const res = await req(urlA, acct.key, '/v1/engine/functions/pvt.gasProperties/batch', { items });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
    expect(res.body.counts).to.deep.equal({ total: 52, succeeded: 51, failed: 1 });
    expect(res.body.results.map((r: { id: string }) => r.id)).to.deep.equal(items.map((i) => i.id));
    const single = await req(urlB, acct.key, '/v1/engine/functions/pvt.gasProperties', gas(1000));
    expect(res.body.results[0].result).to.deep.equal(single.body.result);
    const singleBad = await req(urlB, acct.key, '/v1/engine/functions/pvt.gasProperties', { TF: 1 });
    expect(res.body.results[1].error).to.deep.equal(singleBad.body.error);
  });

  it('a run created on one node is read on the other: queued -> running -> succeeded with progress moving', async () => {
    const acct = await createAccount(asServer());
    const items = Array.from({ length: 400 }, (_, i) => ({ id: i, input: vlp(100 + i) }));
    const res = await req(urlA, acct.key, '/v1/engine/functions/well.vlp/runs', { items });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(202);
    const self = res.headers.get('location')!;
    const statuses = new Set<string>([res.body.status]);
    const dones = new Set<number>();
    let run = res.body;
    for (let i = 0; i < 1000 && run.status !== 'succeeded'; i++) {
      run = (await req(i % 2 ? urlA : urlB, acct.key, self)).body;
      statuses.add(run.status);
      dones.add(run.progress.done);
      await delay(20);
    }
    expect(run.status).to.equal('succeeded');
    expect(statuses.has('running')).to.equal(true);
    expect(dones.size).to.be.greaterThan(2);
    expect(run.counts).to.deep.equal({ total: 400, succeeded: 400, failed: 0 });
  });

  it("cancel on the other node stops the workers' threads: calls right after are served at once", async () => {
    const acct = await createAccount(asServer());
    const t0 = Date.now();
    expect((await req(urlA, acct.key, '/v1/engine/functions/econ.metrics', heavyEcon(5, 4_000))).status).to.equal(200);
    const oneHeavyMs = Date.now() - t0;
    const res = await req(urlA, acct.key, '/v1/engine/functions/econ.metrics/runs', { items: [1, 2, 3, 4].map((s) => ({ input: heavyEcon(s, 4_000) })) });
    const self = res.headers.get('location')!;
    for (let i = 0; i < 500 && (await req(urlB, acct.key, self)).body.status !== 'running'; i++) await delay(10);
    await delay(100); // both workers' threads hold a heavy item
    const canceled = await req(urlB, acct.key, `${self}/cancel`, {});
    expect(canceled.body.status).to.equal('canceled');
    const t1 = Date.now();
    const light = await Promise.all([urlA, urlB].map((u) => req(u, acct.key, '/v1/engine/functions/pvt.gasProperties', gas(1000))));
    expect(light.map((r) => r.status)).to.deep.equal([200, 200]);
    // The cancel reaches node A's driver within its lease tick, then the workers over pub/sub.
    expect(Date.now() - t1).to.be.below(Math.max(1_500, oneHeavyMs));
  });

  it('a retried create with the same Idempotency-Key on another node returns the first run; another company gets 404', async () => {
    const acct = await createAccount(asServer());
    const body = { items: [{ input: gas(1000) }] };
    const first = await req(urlA, acct.key, '/v1/engine/functions/pvt.gasProperties/runs', body, { 'Idempotency-Key': 'k-1' });
    const again = await req(urlB, acct.key, '/v1/engine/functions/pvt.gasProperties/runs', body, { 'Idempotency-Key': 'k-1' });
    expect(again.body.id).to.equal(first.body.id);
    const stranger = await createAccount(asServer(), { companyName: 'Stranger Co' });
    expect((await req(urlB, stranger.key, first.headers.get('location')!)).status).to.equal(404);
  });

  it('a 10 000-item run loses and duplicates no item when a worker is killed -9 mid-run', async () => {
    const acct = await createAccount(asServer());
    const items = Array.from({ length: 10_000 }, (_, i) => ({ id: `case-${i}`, input: vlp(100 + (i % 2000)) }));
    const res = await req(urlA, acct.key, '/v1/engine/functions/well.vlp/runs', { items });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(202);
    const self = res.headers.get('location')!;
    let run = res.body;
    for (let i = 0; i < 3000 && run.progress.done < 500; i++) {
      run = (await req(urlB, acct.key, `${self}?limit=0`)).body;
      await delay(5);
    }
    expect(run.progress.done, 'killed mid-run').to.be.within(500, 9_999);
    await workers[0]!.stop('SIGKILL');
    for (let i = 0; i < 1200 && run.status !== 'succeeded'; i++) {
      await delay(100);
      run = (await req(urlB, acct.key, `${self}?limit=0`)).body;
    }
    expect(run.status).to.equal('succeeded');
    expect(run.counts).to.deep.equal({ total: 10_000, succeeded: 10_000, failed: 0 });
    const ids: string[] = [];
    for (let next: string | undefined = `${self}?limit=2000`; next; ) {
      const page: { results: { id: string }[]; links: { next?: string } } = (await req(urlA, acct.key, next)).body;
      ids.push(...page.results.map((r) => r.id));
      next = page.links.next;
    }
    expect(ids.length).to.equal(10_000);
    expect(new Set(ids).size).to.equal(10_000);
    expect(ids).to.deep.equal(items.map((i) => i.id));
  });
});
