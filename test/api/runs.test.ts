/**
 * Runs over real HTTP on the embedded default: 202 + Location, queued -> running -> succeeded
 * with progress moving, results pageable while running, Prefer: wait, cancel stopping the thread,
 * Idempotency-Key, another company's run 404, and a restart that resumes an unfinished run.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { addMember, call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';
import { loadConfig } from '../../api/config.js';
import { startServer, type RunningServer } from '../../api/server.js';
import { createLogger } from '../../api/log.js';
import { heavyEcon } from '../support/workloads.js';
import { SETTLED } from '../../store/runs/ports.js';
import { createKey, revokeKey } from '../../api/accounts/keys.js';
import { setCompanySuspended, setMemberDisabled } from '../../api/accounts/companies.js';

const gas = (psia: number) => ({ psia: [psia], TF: 200, gasSG: 0.72 });

describe('runs over REST (embedded)', function () {
  this.timeout(120_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ENGINE_THREADS: '1', KEY_REQUESTS_PER_MINUTE: '100000' });
  });
  after(async () => server.stop());

  const post = (key: string, path: string, body?: unknown, headers: Record<string, string> = {}) => call(server.url, path, { key, body: body ?? {}, headers, address: freshAddress() });
  const get = (key: string, path: string, headers: Record<string, string> = {}) => call(server.url, path, { key, headers, address: freshAddress() });

  it('answers 202 + Location; the run goes queued -> running -> succeeded with progress moving, results readable while running', async () => {
    const acct = await createAccount(server);
    const items = [{ id: 'bad', input: { TF: 200 } }, ...Array.from({ length: 30 }, (_, i) => ({ id: `h${i}`, input: heavyEcon(11 + i, 1_000) }))];
    const res = await post(acct.key, '/v1/engine/functions/econ.metrics/runs', { items });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    expect(res.headers.get('location')).to.equal(`/v1/engine/functions/econ.metrics/runs/${res.body.id}`);
    expect(res.body.status).to.be.oneOf(['queued', 'running']);
    expect(res.body.progress).to.deep.equal({ done: 1, total: 31 }); // the invalid item is answered at once
    const seen = new Set<string>();
    const dones: number[] = [];
    let run = res.body;
    let sawPartial = false;
    for (let i = 0; i < 600 && run.status !== 'succeeded'; i++) {
      run = (await get(acct.key, res.headers.get('location')!)).body;
      seen.add(run.status);
      dones.push(run.progress.done);
      if (run.status === 'running' && run.results.length > 1 && run.results.length < 31) sawPartial = true;
      await delay(150); // within the key's 120 requests a minute
    }
    expect(run.status).to.equal('succeeded');
    expect(seen.has('running')).to.equal(true);
    expect(sawPartial, 'results readable while running').to.equal(true);
    expect(new Set(dones).size).to.be.greaterThan(2); // progress moved
    expect(run.counts).to.deep.equal({ total: 31, succeeded: 30, failed: 1 });
    expect(run.results.map((r: { id: string }) => r.id)).to.deep.equal(items.map((i) => i.id));
    expect(run.results[0].error.code).to.equal('validation_failed');
    expect(run.startedAt).to.be.a('string');
    expect(run.completedAt).to.be.a('string');
    expect(Date.parse(run.expiresAt)).to.be.greaterThan(Date.parse(run.completedAt));
    // Pages.
    const page = (await get(acct.key, `${res.headers.get('location')}?offset=5&limit=10`)).body;
    expect(page.results.map((r: { index: number }) => r.index)).to.deep.equal([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(page.links.next).to.match(/offset=15&limit=10$/);
  });

  it('a single input with Prefer: wait answers 200 with the finished run and its result; an invalid one is 400', async () => {
    const acct = await createAccount(server);
    const res = await post(acct.key, '/v1/engine/functions/pvt.gasProperties/runs', gas(1000), { Prefer: 'wait=30' });
    expect(res.status).to.equal(200);
    expect(res.headers.get('preference-applied')).to.equal('wait=30');
    expect(res.body).to.include({ status: 'succeeded', kind: 'single' });
    const single = await post(acct.key, '/v1/engine/functions/pvt.gasProperties', gas(1000));
    expect(single.status, JSON.stringify(single.body)).to.equal(200);
    expect(res.body.result).to.deep.equal(single.body.result);
    const bad = await post(acct.key, '/v1/engine/functions/pvt.gasProperties/runs', { TF: 1 });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.code).to.equal('validation_failed');
  });

  it("cancel stops the thread's work: the next call is served at once, remaining items answer canceled", async () => {
    const acct = await createAccount(server);
    const heavy = heavyEcon(5, 4_000);
    const t0 = Date.now();
    const h = await post(acct.key, '/v1/engine/functions/econ.metrics', heavy);
    expect(h.status, JSON.stringify(h.body).slice(0, 300)).to.equal(200);
    const oneHeavyMs = Date.now() - t0;
    const res = await post(acct.key, '/v1/engine/functions/econ.metrics/runs', { items: [1, 2, 3, 4].map((s) => ({ input: heavyEcon(s, 4_000) })) });
    expect(res.status).to.equal(202);
    const self = res.headers.get('location')!;
    for (let i = 0; i < 500 && (await get(acct.key, self)).body.status !== 'running'; i++) await delay(10);
    await delay(50); // its first item is on the thread
    const canceled = await post(acct.key, `${self}/cancel`);
    expect(canceled.status).to.equal(200);
    expect(canceled.body.status).to.equal('canceled');
    const t1 = Date.now();
    const light = await post(acct.key, '/v1/engine/functions/pvt.gasProperties', gas(1000));
    expect(light.status).to.equal(200);
    // Had the thread gone on, the light call would wait for the rest of a heavy item at least.
    expect(Date.now() - t1).to.be.below(Math.max(1_000, oneHeavyMs));
    await delay(300);
    const after = (await get(acct.key, self)).body;
    expect(after.status).to.equal('canceled');
    for (const r of after.results) if (!r.ok) expect(r.error.details.reason).to.equal('canceled');
  });

  it('a run stops when its key stops working (revoked, member disabled, company suspended): canceled, its remaining items not run (an audit saw 300 items computed during a suspension)', async () => {
    const cases: [string, (a: Awaited<ReturnType<typeof createAccount>>) => Promise<unknown>, (a: Awaited<ReturnType<typeof createAccount>>) => Promise<unknown>][] = [
      ['revoked', (a) => revokeKey(server.store, a.keyId, null), async () => undefined],
      ['member disabled', (a) => setMemberDisabled(server.store, a.member.id, true), (a) => setMemberDisabled(server.store, a.member.id, false)],
      ['company suspended', (a) => setCompanySuspended(server.store, a.company.id, true), (a) => setCompanySuspended(server.store, a.company.id, false)],
    ];
    for (const [label, stop, restore] of cases) {
      const acct = await createAccount(server);
      const res = await post(acct.key, '/v1/engine/functions/econ.metrics/runs', { items: Array.from({ length: 40 }, (_, i) => ({ input: heavyEcon(20 + i, 4_000) })) });
      expect(res.status, label).to.equal(202);
      const id = res.body.id as string;
      for (let i = 0; i < 500 && (await server.store.runs.get(acct.company.id, id, Date.now()))?.status !== 'running'; i++) await delay(10);
      await stop(acct);
      // Read from the store (the stopped key cannot read it): canceled within a few lease ticks.
      let run = await server.store.runs.get(acct.company.id, id, Date.now());
      for (let i = 0; i < 200 && run?.status === 'running'; i++) {
        await delay(50);
        run = await server.store.runs.get(acct.company.id, id, Date.now());
      }
      expect(run?.status, label).to.equal('canceled');
      const succeededAtStop = run!.succeeded;
      await delay(1_000);
      const later = (await server.store.runs.get(acct.company.id, id, Date.now()))!;
      expect(later.status, label).to.equal('canceled');
      // At most the item on the thread at the stop finishes; the rest answer canceled, as on a caller's cancel.
      expect(later.succeeded, `${label}: no item run after the stop`).to.be.at.most(succeededAtStop + 1);
      expect(later.succeeded, `${label}: the rest were not run`).to.be.below(40);
      await restore(acct);
    }
  });

  it('a run canceled on another node (its cancel marks the run in the shared store) still answers every item: the ones not run as canceled (they were left unanswered)', async () => {
    const acct = await createAccount(server);
    const res = await post(acct.key, '/v1/engine/functions/econ.metrics/runs', { items: Array.from({ length: 40 }, (_, i) => ({ input: heavyEcon(60 + i, 2_000) })) });
    expect(res.status).to.equal(202);
    const id = res.body.id as string;
    // Past its first lease tick (taken before any item runs): an item answered.
    for (let i = 0; i < 1000 && ((await server.store.runs.get(acct.company.id, id, Date.now()))?.done ?? 0) < 1; i++) await delay(10);
    // What RunService.cancel on another API node writes: the transition, with no local abort here.
    const now = new Date();
    await server.store.runs.transition(id, ['queued', 'running'], { status: 'canceled', completedAt: now.toISOString(), expiresAt: new Date(now.getTime() + 3_600_000).toISOString() });
    let run = await server.store.runs.get(acct.company.id, id, Date.now());
    for (let i = 0; i < 200 && run!.done < 40; i++) {
      await delay(50);
      run = await server.store.runs.get(acct.company.id, id, Date.now());
    }
    expect(run!.status).to.equal('canceled');
    expect(run!.done, JSON.stringify(run)).to.equal(40);
    expect(run!.succeeded + run!.failed).to.equal(40);
    expect(run!.failed).to.be.above(0);
    const page = (await get(acct.key, `/v1/engine/functions/econ.metrics/runs/${id}`)).body;
    expect(page.results).to.have.length(40);
    for (const r of page.results) if (!r.ok) expect(r.error.details.reason).to.equal('canceled');
  });

  it("a canceled run whose driver died before it answered the items it had not run: another node answers them canceled once the driver's lease lapses (they were left unanswered for good)", async () => {
    const acct = await createAccount(server);
    // What the store holds when a node drove a run, the run was canceled (on any node), and the
    // driving node died before its next lease tick: status canceled, two items answered, three not.
    const now = Date.now();
    const id = `dead-driver-${now}`;
    const work = [2, 3, 4].map((index) => ({ index, id: `w${index}`, input: gas(1000 + index), units: 'field' as const }));
    await server.store.runs.create(
      {
        id, companyId: acct.company.id, memberId: acct.member.id, keyId: acct.keyId, name: 'pvt.gasProperties', module: 'pvt', kind: 'batch', status: 'canceled',
        createdAt: new Date(now - 10_000).toISOString(), startedAt: new Date(now - 9_000).toISOString(), completedAt: new Date(now - 1_000).toISOString(), expiresAt: new Date(now + 3_600_000).toISOString(),
        total: 5, done: 2, succeeded: 2, failed: 0, owner: 'a-node-that-died', leaseUntil: now - 1,
      },
      [0, 1].map((index) => ({ index, answer: { id: `w${index}`, ok: true, result: { z: 0.9 } } })),
      work,
    );
    let run = await server.store.runs.get(acct.company.id, id, Date.now());
    for (let i = 0; i < 300 && run!.done < 5; i++) {
      await delay(50);
      run = await server.store.runs.get(acct.company.id, id, Date.now());
    }
    expect(run).to.include({ status: 'canceled', done: 5, succeeded: 2, failed: 3 });
    const page = (await get(acct.key, `/v1/engine/functions/pvt.gasProperties/runs/${id}`)).body;
    expect(page.results.map((r: { id: string }) => r.id)).to.deep.equal(['w0', 'w1', 'w2', 'w3', 'w4']);
    expect(page.results.slice(0, 2).every((r: { ok: boolean }) => r.ok)).to.equal(true);
    for (const r of page.results.slice(2)) {
      expect(r.ok).to.equal(false);
      expect(r.error).to.deep.include({ code: 'engine_error' });
      expect(r.error.details.reason).to.equal('canceled');
    }
    expect(await server.store.runs.pendingWork(id)).to.deep.equal([]);
    // Marked answered: no scan takes it up again.
    for (let i = 0; i < 100 && run!.leaseUntil !== SETTLED; i++) {
      await delay(20);
      run = await server.store.runs.get(acct.company.id, id, Date.now());
    }
    expect(run).to.include({ leaseUntil: SETTLED, owner: null });
  });

  it('a retried create with the same Idempotency-Key returns the first run; another body is 422', async () => {
    const acct = await createAccount(server);
    const body = { items: [{ input: gas(1000) }, { input: gas(2000) }] };
    const first = await post(acct.key, '/v1/engine/functions/pvt.gasProperties/runs', body, { 'Idempotency-Key': 'sweep-1' });
    const again = await post(acct.key, '/v1/engine/functions/pvt.gasProperties/runs', body, { 'Idempotency-Key': 'sweep-1' });
    expect(first.status).to.equal(202);
    expect(again.status).to.equal(202);
    expect(again.body.id).to.equal(first.body.id);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    const other = await post(acct.key, '/v1/engine/functions/pvt.gasProperties/runs', { items: [{ input: gas(3000) }] }, { 'Idempotency-Key': 'sweep-1' });
    expect(other.status).to.equal(422);
    expect(other.body.error.code).to.equal('idempotency_key_reused');
    // Batch too.
    const b1 = await post(acct.key, '/v1/engine/functions/pvt.gasProperties/batch', body, { 'Idempotency-Key': 'b-1' });
    const b2 = await post(acct.key, '/v1/engine/functions/pvt.gasProperties/batch', body, { 'Idempotency-Key': 'b-1' });
    expect(b2.body).to.deep.equal(b1.body);
    expect(b2.headers.get('idempotent-replayed')).to.equal('true');
    // The same body with its keys in another order is the same request (it was 422 reused).
    const reordered = { items: [{ input: { gasSG: 0.72, TF: 200, psia: [1000] } }, { input: { TF: 200, gasSG: 0.72, psia: [2000] } }] };
    const third = await post(acct.key, '/v1/engine/functions/pvt.gasProperties/runs', reordered, { 'Idempotency-Key': 'sweep-1' });
    expect(third.status, JSON.stringify(third.body)).to.equal(202);
    expect(third.body.id).to.equal(first.body.id);
  });

  it('one Idempotency-Key is one request however the path is spelt: any case, a trailing slash (a concurrency audit got four runs from four spellings)', async () => {
    const acct = await createAccount(server);
    const body = { items: [{ id: 'a', input: gas(1000) }] };
    const spellings = ['/v1/engine/functions/pvt.gasProperties/runs', '/v1/engine/functions/pvt.gasProperties/runs/', '/v1/engine/functions/pvt.gasProperties/Runs', '/V1/Engine/functions/pvt.gasProperties/RUNS'];
    const first = await post(acct.key, spellings[0]!, body, { 'Idempotency-Key': 'spelt-1' });
    expect(first.status).to.equal(202);
    for (const path of spellings) {
      const again = await post(acct.key, path, body, { 'Idempotency-Key': 'spelt-1' });
      expect(again.status, path).to.equal(202);
      expect(again.body.id, path).to.equal(first.body.id);
      expect(again.headers.get('idempotent-replayed'), path).to.equal('true');
    }
    const b1 = await post(acct.key, '/v1/engine/functions/pvt.gasProperties/batch', body, { 'Idempotency-Key': 'spelt-2' });
    const b2 = await post(acct.key, '/V1/engine/FUNCTIONS/pvt.gasProperties/Batch/', body, { 'Idempotency-Key': 'spelt-2' });
    expect(b2.headers.get('idempotent-replayed')).to.equal('true');
    expect(b2.body).to.deep.equal(b1.body);
  });

  it("another company's run is 404, to read and to cancel", async () => {
    const owner = await createAccount(server);
    const stranger = await createAccount(server, { companyName: 'Other Co' });
    const res = await post(owner.key, '/v1/engine/functions/pvt.gasProperties/runs', gas(1000));
    expect((await get(stranger.key, res.headers.get('location')!)).status).to.equal(404);
    expect((await post(stranger.key, `${res.headers.get('location')}/cancel`)).status).to.equal(404);
    expect((await get(owner.key, '/v1/engine/functions/pvt.gasProperties/runs/nope')).status).to.equal(404);
    // An id of a few KB names no run: 404 before any lookup (it reached the store's bounded keys once).
    const long = `/v1/engine/functions/pvt.gasProperties/runs/${'a'.repeat(5_000)}`;
    for (const res of [await get(owner.key, long), await post(owner.key, `${long}/cancel`)]) {
      expect(res.status).to.equal(404);
      expect(res.body.error.message).to.match(/at most 36 characters/);
    }
    expect((await get(owner.key, res.headers.get('location')!.replace('pvt.gasProperties', 'pvt.zFactor'))).status).to.equal(404);
  });

  it("a run is its member's: a colleague's is 404, and a member without the run-scripts permission can neither read nor cancel one", async () => {
    const owner = await createAccount(server);
    const colleague = await addMember(server, owner.company);
    const noScripts = await addMember(server, owner.company, { permissions: ['manageApiKeys'] });
    const heavy = { items: Array.from({ length: 20 }, (_, i) => ({ id: `h${i}`, input: heavyEcon(51 + i, 1_000) })) };
    const res = await post(owner.key, '/v1/engine/functions/econ.metrics/runs', heavy);
    expect(res.status).to.equal(202);
    const at = res.headers.get('location')!;
    for (const r of [await get(colleague.key, at), await post(colleague.key, `${at}/cancel`)]) {
      expect(r.status).to.equal(404);
      expect(r.body.error.code).to.equal('not_found');
    }
    for (const r of [await get(noScripts.key, at), await post(noScripts.key, `${at}/cancel`)]) {
      expect(r.status).to.equal(403);
      expect(r.body.error.message).to.match(/permission to run scripts/);
    }
    // Neither touched it: the owner's run is not canceled, and the owner reads and cancels it.
    const mine = await get(owner.key, at);
    expect(mine.status).to.equal(200);
    expect(mine.body.status).to.not.equal('canceled');
    const second = await createKey(server.store, { memberId: owner.member.id, name: 'second key' });
    expect((await get(second.value, at)).status, "the owner's other key").to.equal(200);
    expect((await post(owner.key, `${at}/cancel`)).status).to.equal(200);
  });
});

describe('runs survive an embedded node restart', function () {
  this.timeout(120_000);
  it('resumes a run whose node stopped mid-run: every item answered once, none lost', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'engcalc-runs-'));
    const start = () => startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, TRUST_PROXY: 'true', ENGINE_THREADS: '1', LOG_LEVEL: 'silent', KEY_REQUESTS_PER_MINUTE: '100000' }), { log: createLogger('silent') });
    let server: RunningServer = await start();
    try {
      const acct = await createAccount(server);
      const items = Array.from({ length: 40 }, (_, i) => ({ id: i, input: heavyEcon(100 + i, 1_000) }));
      const res = await call(server.url, '/v1/engine/functions/econ.metrics/runs', { key: acct.key, body: { items }, address: freshAddress() });
      const self = res.headers.get('location')!;
      for (let i = 0; i < 1000; i++) {
        const r = (await call(server.url, self, { key: acct.key, address: freshAddress() })).body;
        if (r.progress.done > 0) break;
        await delay(10);
      }
      await server.close(); // mid-run
      server = await start();
      let run;
      for (let i = 0; i < 1500; i++) {
        run = (await call(server.url, self, { key: acct.key, address: freshAddress() })).body;
        if (run.status === 'succeeded') break;
        await delay(20);
      }
      expect(run.status).to.equal('succeeded');
      expect(run.counts).to.deep.equal({ total: 40, succeeded: 40, failed: 0 });
      expect(run.results.map((r: { id: number }) => r.id)).to.deep.equal(items.map((i) => i.id));
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
