/**
 * The run store contract (store/runs/ports.ts): every adapter (LMDB, MongoDB when MONGODB_URL is
 * set) must pass it. Ownership, guarded transitions, leases, answers counted once, pages,
 * pending work, orphans, canceled runs left unanswered, expiry and remembered answers.
 */
import { expect } from 'chai';
import type { Store } from '../../store/ports.js';
import { SETTLED, type RunRecord } from '../../store/runs/ports.js';

export function runStoreContract(name: string, open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>): void {
  describe(`run store contract: ${name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => cleanup());

    const run = (id: string, extra: Partial<RunRecord> = {}): RunRecord => ({
      id, companyId: 'c1', memberId: 'm1', name: 'pvt.gasProperties', module: 'pvt', kind: 'batch', status: 'queued',
      createdAt: new Date().toISOString(), startedAt: null, completedAt: null, expiresAt: null,
      total: 4, done: 1, succeeded: 0, failed: 1, owner: 'n1', leaseUntil: Date.now() + 60_000, ...extra,
    });
    const work = (i: number) => ({ index: i, id: `i${i}`, input: { psia: [i] }, units: 'field' as const });
    const ok = (i: number) => ({ id: `i${i}`, ok: true, result: { z: [i] } });
    const bad = (i: number) => ({ id: `i${i}`, ok: false, error: { code: 'validation_failed', message: 'no' } });

    it("stores a run with its answers and work; another company's id or an expired run reads as missing", async () => {
      await store.runs.create(run('r1'), [{ index: 0, answer: bad(0) }], [work(1), work(2), work(3)]);
      expect((await store.runs.get('c1', 'r1', Date.now()))?.status).to.equal('queued');
      expect(await store.runs.get('c2', 'r1', Date.now())).to.equal(undefined);
      expect((await store.runs.pendingWork('r1')).map((w) => w.index)).to.deep.equal([1, 2, 3]);
      expect(await store.runs.answers('r1', 0, 10)).to.deep.equal([{ index: 0, answer: bad(0) }]);
      await store.runs.create(run('old', { status: 'succeeded', expiresAt: new Date(Date.now() - 1).toISOString() }), [], []);
      expect(await store.runs.get('c1', 'old', Date.now())).to.equal(undefined);
      expect(await store.runs.deleteExpired(Date.now())).to.equal(1);
    });

    it('transitions only from the stated statuses', async () => {
      await store.runs.create(run('r1'), [], []);
      expect((await store.runs.transition('r1', ['queued'], { status: 'running' }))?.status).to.equal('running');
      expect(await store.runs.transition('r1', ['queued'], { status: 'canceled' })).to.equal(undefined);
      expect((await store.runs.transition('r1', ['queued', 'running'], { status: 'canceled' }))?.status).to.equal('canceled');
    });

    it('leases: a held lease is not claimed by another node; a lapsed one is; renew needs the lease', async () => {
      const now = Date.now();
      await store.runs.create(run('r1', { owner: 'n1', leaseUntil: now + 60_000 }), [], []);
      expect(await store.runs.claim('r1', 'n2', now, 5_000)).to.equal(undefined);
      expect((await store.runs.claim('r1', 'n1', now, 5_000))?.owner).to.equal('n1');
      expect(await store.runs.orphans(now, 10)).to.deep.equal([]);
      expect(await store.runs.renew('r1', 'n1', 0)).to.equal(true); // released
      expect((await store.runs.orphans(now, 10)).map((r) => r.id)).to.deep.equal(['r1']);
      expect((await store.runs.claim('r1', 'n2', now, 5_000))?.owner).to.equal('n2');
      expect(await store.runs.renew('r1', 'n1', now + 5_000)).to.equal(false);
      await store.runs.transition('r1', ['queued'], { status: 'succeeded' });
      expect(await store.runs.claim('r1', 'n2', now + 10_000, 5_000)).to.equal(undefined); // finished
    });

    it('finds canceled runs whose lease lapsed and that are not marked answered (SETTLED): their driver stopped before answering every item', async () => {
      const now = Date.now();
      const canceled = { status: 'canceled' as const, completedAt: new Date(now).toISOString(), expiresAt: new Date(now + 3_600_000).toISOString() };
      await store.runs.create(run('lapsed', { ...canceled, leaseUntil: now - 1 }), [{ index: 0, answer: bad(0) }], [work(1), work(2), work(3)]);
      await store.runs.create(run('held', { ...canceled, leaseUntil: now + 60_000 }), [{ index: 0, answer: bad(0) }], [work(1), work(2), work(3)]);
      await store.runs.create(run('settled', { ...canceled, leaseUntil: SETTLED, owner: null, done: 4, failed: 4 }), [0, 1, 2, 3].map((i) => ({ index: i, answer: bad(i) })), []);
      await store.runs.create(run('running', { status: 'running', leaseUntil: now - 1 }), [{ index: 0, answer: bad(0) }], [work(1)]);
      expect((await store.runs.unansweredCanceled(now, 10)).map((r) => r.id)).to.deep.equal(['lapsed']);
      await store.runs.putAnswers('lapsed', [1, 2, 3].map((i) => ({ index: i, answer: bad(i) })));
      expect((await store.runs.transition('lapsed', ['canceled'], { owner: null, leaseUntil: SETTLED }))?.leaseUntil).to.equal(SETTLED);
      expect(await store.runs.unansweredCanceled(now, 10)).to.deep.equal([]);
      expect((await store.runs.unansweredCanceled(now + 120_000, 10)).map((r) => r.id)).to.deep.equal(['held']);
    });

    it('an index answered twice keeps its first answer, and its counts agree with it (a slow driver and the node answering a canceled run may both answer it)', async () => {
      await store.runs.create(run('r1', { total: 2, done: 0, failed: 0 }), [], [work(0), work(1)]);
      await store.runs.putAnswers('r1', [{ index: 0, answer: ok(0) }]);
      const after = await store.runs.putAnswers('r1', [{ index: 0, answer: bad(0) }, { index: 1, answer: bad(1) }]);
      expect(after).to.include({ done: 2, succeeded: 1, failed: 1 });
      expect(await store.runs.answers('r1', 0, 10)).to.deep.equal([{ index: 0, answer: ok(0) }, { index: 1, answer: bad(1) }]);
    });

    it('counts each answer once, drops its pending work, and pages answers in index order', async () => {
      await store.runs.create(run('r1'), [{ index: 0, answer: bad(0) }], [work(1), work(2), work(3)]);
      let after = await store.runs.putAnswers('r1', [{ index: 2, answer: ok(2) }, { index: 1, answer: bad(1) }]);
      expect(after).to.include({ done: 3, succeeded: 1, failed: 2 });
      after = await store.runs.putAnswers('r1', [{ index: 2, answer: ok(2) }, { index: 3, answer: ok(3) }]); // 2 again: not counted twice
      expect(after).to.include({ done: 4, succeeded: 2, failed: 2 });
      expect(await store.runs.pendingWork('r1')).to.deep.equal([]);
      expect((await store.runs.answers('r1', 1, 2)).map((a) => a.index)).to.deep.equal([1, 2]);
      expect((await store.runs.answers('r1', 3, 10)).map((a) => a.index)).to.deep.equal([3]);
    });

    it("a run's counts are those of its stored answers, whether its answers are saved again, none are, or another node claims it", async () => {
      const now = Date.now();
      await store.runs.create(run('r1', { total: 3, done: 1, succeeded: 0, failed: 1, owner: 'n1', leaseUntil: now - 1 }), [{ index: 0, answer: bad(0) }], [work(1), work(2)]);
      expect(await store.runs.putAnswers('r1', [{ index: 1, answer: ok(1) }])).to.include({ done: 2, succeeded: 1, failed: 1 });
      expect(await store.runs.putAnswers('r1', [])).to.include({ done: 2, succeeded: 1, failed: 1 });
      expect(await store.runs.putAnswers('r1', [{ index: 1, answer: bad(1) }])).to.include({ done: 2, succeeded: 1, failed: 1 });
      expect(await store.runs.claim('r1', 'n2', now, 5_000)).to.include({ owner: 'n2', done: 2, succeeded: 1, failed: 1 });
      expect((await store.runs.pendingWork('r1')).map((w) => w.index)).to.deep.equal([2]);
    });

    it('remembers an idempotent answer: the first value stays until settled or forgotten', async () => {
      const now = Date.now();
      expect(await store.runs.remember('s1', { hash: 'h', status: 0, body: null, expiresAt: now + 60_000 })).to.equal(null);
      expect((await store.runs.remember('s1', { hash: 'other', status: 0, body: null, expiresAt: now + 60_000 }))?.hash).to.equal('h');
      await store.runs.settle('s1', { hash: 'h', status: 202, body: { id: 'r1' }, expiresAt: now + 60_000 });
      expect(await store.runs.recall('s1', now)).to.deep.include({ status: 202, body: { id: 'r1' } });
      expect(await store.runs.recall('s1', now + 120_000)).to.equal(null);
      await store.runs.forget('s1');
      expect(await store.runs.recall('s1', now)).to.equal(null);
    });

    it('deleteExpired removes the remembered answers past their expiry even when no run expired (a store of batch Idempotency-Keys alone kept every one)', async () => {
      const now = Date.now();
      await store.runs.create(run('live'), [], []); // a run that has not expired: nothing for the run half to delete
      for (let i = 0; i < 5; i++) await store.runs.settle(`old${i}`, { hash: 'h', status: 200, body: { n: i }, expiresAt: now + 1_000 });
      await store.runs.settle('young', { hash: 'h', status: 200, body: { n: 9 }, expiresAt: now + 3_600_000 });
      expect(await store.runs.deleteExpired(now + 60_000)).to.equal(0);
      // Read at a time before their expiry: a record still stored would answer.
      for (let i = 0; i < 5; i++) expect(await store.runs.recall(`old${i}`, now), `old${i}`).to.equal(null);
      expect(await store.runs.recall('young', now)).to.deep.include({ body: { n: 9 } });
      expect(await store.runs.get('c1', 'live', now)).to.not.equal(undefined);
    });
  });
}
