/**
 * The LMDB run store's periodic work reads only what it acts on. The API node scans every 2 s for
 * orphaned and canceled runs and sweeps expired runs and Idempotency-Key answers every minute;
 * these read every run kept (a week of them by default), so the cost of each scan grew with the
 * store: with 100,000 runs kept, 2-3 s of the API thread per 2 s scan (found by a soak run).
 * Reads are counted through the database handles, so nothing here depends on timing.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import { lmdbRuns } from '../../store/runs/lmdb.js';
import { SETTLED, type RunRecord } from '../../store/runs/ports.js';

/** A root whose databases count the records their reads hand out (get, getRange, getKeys, getValues). */
function countingRoot(root: RootDatabase): { root: RootDatabase; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const count = (name: string, n = 1) => reads.set(name, (reads.get(name) ?? 0) + n);
  const wrapped = new Proxy(root, {
    get(target, prop, receiver) {
      if (prop !== 'openDB') return Reflect.get(target, prop, receiver);
      return (options: { name: string }) => {
        const d = target.openDB(options);
        const name = options.name;
        const get = d.get.bind(d);
        d.get = ((k: unknown) => {
          count(name);
          return get(k as never);
        }) as typeof d.get;
        for (const m of ['getRange', 'getKeys', 'getValues'] as const) {
          const orig = (d[m] as (...a: unknown[]) => Iterable<unknown>).bind(d);
          (d as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
            const it = orig(...a);
            return { *[Symbol.iterator]() { for (const x of it) { count(name); yield x; } } };
          };
        }
        return d;
      };
    },
  });
  return { root: wrapped, reads };
}

const run = (id: string, extra: Partial<RunRecord> = {}): RunRecord => ({
  id, companyId: 'c1', memberId: 'm1', name: 'pvt.gasProperties', module: 'pvt', kind: 'batch', status: 'succeeded',
  createdAt: new Date().toISOString(), startedAt: null, completedAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  total: 1, done: 1, succeeded: 1, failed: 0, owner: null, leaseUntil: 0, ...extra,
});

describe('LMDB run store: the periodic scans read the runs they act on, not every run kept', () => {
  let dir: string;
  let root: RootDatabase;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'engcalc-runscan-'));
    root = open({ path: dir, maxDbs: 64, encoding: 'msgpack' });
  });
  afterEach(async () => {
    await root.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('with 3,000 finished runs and 3,000 remembered answers kept, a scan and a sweep read a handful of records', async () => {
    const counted = countingRoot(root);
    const runs = lmdbRuns(counted.root);
    const now = Date.now();
    for (let i = 0; i < 3_000; i += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, j) => runs.create(run(`done-${String(i + j).padStart(5, '0')}`), [], [])));
      await Promise.all(Array.from({ length: 500 }, (_, j) => runs.settle(`scope-${i + j}`, { hash: 'h', status: 200, body: null, expiresAt: now + 86_400_000 })));
    }
    await runs.create(run('orphan', { status: 'running', expiresAt: null, completedAt: null, done: 0, succeeded: 0, owner: 'gone', leaseUntil: now - 1 }), [], [{ index: 0, id: 0, input: {}, units: 'field' }]);
    await runs.create(run('canceled', { status: 'canceled', leaseUntil: now - 1 }), [], []);
    await runs.create(run('expired', { expiresAt: new Date(now - 1).toISOString() }), [], []);
    await runs.settle('stale', { hash: 'h', status: 200, body: null, expiresAt: now - 1 });
    counted.reads.clear();

    expect((await runs.orphans(now, 20)).map((r) => r.id)).to.deep.equal(['orphan']);
    expect((await runs.unansweredCanceled(now, 20)).map((r) => r.id)).to.deep.equal(['canceled']);
    expect(await runs.deleteExpired(now)).to.equal(1);
    expect(await runs.recall('stale', now - 10)).to.equal(null);
    const read = [...counted.reads.values()].reduce((a, b) => a + b, 0);
    expect(read, JSON.stringify(Object.fromEntries(counted.reads))).to.be.below(50);
    // And nothing else went: the finished runs and live answers are all still there.
    expect(await runs.get('c1', 'done-02999', now)).to.not.equal(undefined);
    expect(await runs.recall('scope-2999', now)).to.not.equal(null);
    // A settled canceled run leaves the scans; an answered orphan too once it finishes.
    await runs.transition('canceled', ['canceled'], { leaseUntil: SETTLED, owner: null });
    await runs.transition('orphan', ['running'], { status: 'succeeded', expiresAt: new Date(now - 1).toISOString() });
    expect(await runs.orphans(now, 20)).to.deep.equal([]);
    expect(await runs.unansweredCanceled(now, 20)).to.deep.equal([]);
    expect(await runs.deleteExpired(now)).to.equal(1);
    expect(await runs.get('c1', 'orphan', now - 10)).to.equal(undefined);
  });

  it('a store written before the indexes existed is indexed when opened: its orphans, canceled runs and expired records are found', async () => {
    // Records as an older release wrote them: the record databases alone.
    const now = Date.now();
    const raw = root.openDB<RunRecord, string>({ name: 'runs' });
    const remembered = root.openDB<unknown, string>({ name: 'runs.idempotency' });
    await raw.put('orphan', run('orphan', { status: 'queued', expiresAt: null, completedAt: null, leaseUntil: now - 1 }));
    await raw.put('canceled', run('canceled', { status: 'canceled', leaseUntil: now - 1 }));
    await raw.put('expired', run('expired', { expiresAt: new Date(now - 1).toISOString() }));
    await raw.put('kept', run('kept'));
    await remembered.put('stale', { hash: 'h', status: 200, body: null, expiresAt: now - 1 });
    await remembered.put('live', { hash: 'h', status: 200, body: null, expiresAt: now + 60_000 });
    const runs = lmdbRuns(root);
    expect((await runs.orphans(now, 20)).map((r) => r.id)).to.deep.equal(['orphan']);
    expect((await runs.unansweredCanceled(now, 20)).map((r) => r.id)).to.deep.equal(['canceled']);
    expect(await runs.deleteExpired(now)).to.equal(1);
    expect(await runs.recall('stale', now - 10)).to.equal(null);
    expect(await runs.recall('live', now)).to.not.equal(null);
    expect(await runs.get('c1', 'kept', now)).to.not.equal(undefined);
    // Opened again (another process, a restart): built once, nothing doubled.
    const again = lmdbRuns(root);
    expect((await again.orphans(now, 20)).map((r) => r.id)).to.deep.equal(['orphan']);
  });
});
