import { expect } from 'chai';
import { EnginePool } from '../../workers/pool.js';
import type { RunOutcome } from '../../workers/runner.js';
import { Latch } from '../support/latch.js';

const spinThread = new URL('../support/spinThread.js', import.meta.url).href;
/** Light here: the black-oil functions and the test functions the cases below mix in. */
const light = (name: string) => name.startsWith('pvt.') || (name.startsWith('test.') && name !== 'test.block');
const Z = (ppr: number) => ({ name: 'pvt.zFactor', input: { ppr, tpr: 1.5, zMethod: 'DAK' } });

/** A 1-thread pool whose thread is held by a single call until the latch is released. */
async function heldPool(options: Partial<ConstructorParameters<typeof EnginePool>[0]> = {}) {
  const pool = new EnginePool({ threads: 1, timeoutMs: 60_000, maxQueue: 32, filename: spinThread, light, spareThread: true, ...options });
  await pool.ready();
  const latch = new Latch();
  const holder = pool.run({ name: 'test.block', input: { latch: latch.buffer } });
  await latch.entered();
  return { pool, release: () => latch.release(), holder };
}

const zOf = (o: RunOutcome) => (o.ok && 'result' in o ? (o.result as { z: number }).z : NaN);

describe('light calls sent to a thread together (workers/lightCalls.ts)', () => {
  it('sends the light calls waiting for a busy thread as one task, each with its own answer, in order', async () => {
    const { pool, release, holder } = await heldPool();
    try {
      const before = pool.stats();
      const calls = [Z(1), Z(2), { name: 'pvt.zFactor', input: { ppr: -1, tpr: 1.5, zMethod: 'DAK' } }, Z(3), { name: 'pvt.noSuch', input: {} }];
      const pending = calls.map((c) => pool.run(c));
      expect(pool.stats().waiting).to.equal(5);
      release();
      const outcomes = await Promise.all(pending);
      expect((await holder).ok).to.equal(true);
      // One task carried all five.
      expect(pool.stats().lightTasks - before.lightTasks).to.equal(1);
      expect(pool.stats().lightCalls - before.lightCalls).to.equal(5);
      // Each its own answer: the same as the call run alone.
      for (const [i, call] of calls.entries()) expect(outcomes[i], call.name).to.deep.equal(await pool.run(call));
      expect(zOf(outcomes[0]!)).to.be.within(0.5, 1.2);
      expect(outcomes[4]).to.deep.include({ ok: false, reason: 'invalid_input' });
    } finally {
      await pool.close();
    }
  });

  it('the light calls made in one turn leave together as one task though threads are free, each with its own answer', async () => {
    const pool = new EnginePool({ threads: 2, timeoutMs: 60_000, maxQueue: 8, filename: spinThread, light });
    try {
      await pool.ready();
      const calls = [Z(1), Z(2), { name: 'pvt.zFactor', input: { ppr: -1, tpr: 1.5, zMethod: 'DAK' } }, Z(3)];
      const outcomes = await Promise.all(calls.map((c) => pool.run(c)));
      expect(pool.stats()).to.include({ lightTasks: 1, lightCalls: 4 });
      for (const [i, call] of calls.entries()) expect(outcomes[i], JSON.stringify(call.input)).to.deep.equal(await pool.run(call));
    } finally {
      await pool.close();
    }
  });

  it('a light call alone in its turn goes alone to a free thread', async () => {
    const pool = new EnginePool({ threads: 2, timeoutMs: 60_000, maxQueue: 8, filename: spinThread, light });
    try {
      await pool.ready();
      const outcome = await pool.run(Z(2));
      expect(outcome.ok).to.equal(true);
      expect(pool.stats()).to.include({ lightTasks: 1, lightCalls: 1 });
    } finally {
      await pool.close();
    }
  });

  it('stops a light call at its own time limit; the calls sent with it are answered, and the next call runs', async () => {
    const { pool, release } = await heldPool({ timeoutMs: 1_000 });
    try {
      const pending = [pool.run(Z(1)), pool.run({ name: 'test.spin', input: {} }), pool.run(Z(2)), pool.run(Z(3))];
      release();
      const [a, spin, b, c] = await Promise.all(pending);
      expect(spin).to.deep.include({ ok: false, reason: 'timeout', timeoutMs: 1_000 });
      for (const o of [a, b, c]) expect(o!.ok, JSON.stringify(o)).to.equal(true);
      expect(pool.stats().timeouts).to.equal(1);
      expect((await pool.run(Z(4))).ok).to.equal(true);
    } finally {
      await pool.close();
    }
  });

  it('counts each call its whole limit from its own start, not from the group\'s', async () => {
    const { pool, release } = await heldPool({ timeoutMs: 2_000 });
    try {
      // Three 1.2 s calls in one task: the third starts 2.4 s after the task, and each keeps 0.8 s in hand.
      const pending = [1, 2, 3].map(() => pool.run({ name: 'test.sleep', input: { ms: 1_200 } }));
      release();
      expect((await Promise.all(pending)).map((o) => o.ok)).to.deep.equal([true, true, true]);
      expect(pool.stats().timeouts).to.equal(0);
    } finally {
      await pool.close();
    }
  });

  it('a canceled waiting call is answered at once and its thread never runs it', async () => {
    const { pool, release } = await heldPool({ timeoutMs: 1_000 });
    try {
      const controller = new AbortController();
      const first = pool.run(Z(1));
      // A spin that would time out (and stop the thread) if it ran.
      const spin = pool.run({ name: 'test.spin', input: {} }, { signal: controller.signal });
      const last = pool.run(Z(2));
      controller.abort();
      expect(await spin).to.deep.include({ ok: false, reason: 'canceled' });
      expect(pool.stats().waiting).to.equal(2);
      release();
      expect((await first).ok).to.equal(true);
      expect((await last).ok).to.equal(true);
      expect(pool.stats()).to.include({ timeouts: 0, canceledStopped: 0 });
    } finally {
      await pool.close();
    }
  });

  it('a call canceled after its task left is skipped by its thread', async () => {
    const { pool, release } = await heldPool({ timeoutMs: 2_000 });
    try {
      const latch = new Latch();
      const controller = new AbortController();
      // One task: a light call that holds the thread, then a spin canceled while the first holds it.
      const hold = pool.run({ name: 'test.hold', input: { latch: latch.buffer } });
      const spin = pool.run({ name: 'test.spin', input: {} }, { signal: controller.signal });
      const after = pool.run(Z(2));
      release();
      await latch.entered(); // the task is on the thread, its first call running
      controller.abort();
      expect(await spin).to.deep.include({ ok: false, reason: 'canceled' });
      latch.release();
      expect((await hold).ok).to.equal(true);
      expect((await after).ok).to.equal(true); // the spin was passed over: had it run, the task would never end
      expect(pool.stats()).to.include({ timeouts: 0, canceledStopped: 0, lightTasks: 1 });
    } finally {
      await pool.close();
    }
  });

  it('a canceled running call has its thread stopped after the grace; the calls sent with it run again and are answered', async () => {
    const { pool, release } = await heldPool({ cancelGraceMs: 50 });
    try {
      const latch = new Latch(); // never released: only stopping the thread ends this call
      const controller = new AbortController();
      const before = pool.run(Z(1));
      const held = pool.run({ name: 'test.hold', input: { latch: latch.buffer } }, { signal: controller.signal });
      const after = [pool.run(Z(2)), pool.run(Z(3))];
      release();
      await latch.entered();
      controller.abort();
      expect(await held).to.deep.include({ ok: false, reason: 'canceled' });
      // Z(1) had finished, its answer held by the task; it and the two after run again elsewhere.
      for (const o of await Promise.all([before, ...after])) expect(o.ok, JSON.stringify(o)).to.equal(true);
      expect(pool.stats().canceledStopped).to.equal(1);
      expect(pool.stats().lightTasks).to.equal(2);
    } finally {
      await pool.close();
    }
  });

  it('a call that throws in its thread fails alone; its neighbours keep their answers', async () => {
    const { pool, release } = await heldPool();
    try {
      const pending = [pool.run(Z(1)), pool.run({ name: 'test.throw', input: {} }), pool.run(Z(2))];
      release();
      const [a, thrown, b] = await Promise.allSettled(pending);
      expect(a.status === 'fulfilled' && a.value.ok).to.equal(true);
      expect(thrown.status).to.equal('rejected');
      expect(b.status === 'fulfilled' && b.value.ok).to.equal(true);
    } finally {
      await pool.close();
    }
  });

  it('gives up on a light call no thread starts within maxWaitMs, as saturated, and refuses calls beyond the queue at once', async () => {
    const { pool, release, holder } = await heldPool({ maxWaitMs: 200, maxQueue: 3 });
    try {
      const waiting = [pool.run(Z(1)), pool.run(Z(2)), pool.run(Z(3))]; // every slot: 1 running + 3 waiting
      const refused = await pool.run(Z(4));
      expect(refused).to.deep.include({ ok: false, reason: 'saturated' });
      expect((refused as { message: string }).message).to.match(/queue is full/);
      for (const o of await Promise.all(waiting)) {
        expect(o).to.deep.include({ ok: false, reason: 'saturated' });
        expect((o as { message: string }).message).to.match(/within 200 ms/);
      }
      expect(pool.stats().waiting).to.equal(0);
      release();
      expect((await holder).ok).to.equal(true);
      expect((await pool.run(Z(5))).ok).to.equal(true);
    } finally {
      await pool.close();
    }
  });
});
