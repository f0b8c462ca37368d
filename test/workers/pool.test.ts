import { expect } from 'chai';
import { EnginePool } from '../../workers/pool.js';

const spinThread = new URL('../support/spinThread.js', import.meta.url).href;

describe('engine pool (workers/pool.ts)', () => {
  it('stops a function that never returns at the time limit, and serves the very next call', async () => {
    const pool = new EnginePool({ threads: 1, timeoutMs: 300, maxQueue: 4, filename: spinThread });
    try {
      const started = Date.now();
      const stuck = await pool.run({ name: 'test.spin', input: {} });
      expect(stuck).to.deep.include({ ok: false, reason: 'timeout', timeoutMs: 300 });
      expect(Date.now() - started).to.be.below(5_000); // bounded, not a speed assertion
      const next = await pool.run({ name: 'pvt.zFactor', input: { ppr: 2, tpr: 1.5, method: 'DAK' } });
      expect(next.ok, JSON.stringify(next)).to.equal(true);
    } finally {
      await pool.close();
    }
  });

  it('refuses calls as saturated when every thread is busy and the queue is full, while accepted calls succeed', async () => {
    const pool = new EnginePool({ threads: 1, timeoutMs: 10_000, maxQueue: 2, filename: spinThread });
    try {
      await pool.run({ name: 'test.sleep', input: { ms: 1 } }); // a warm pool: its thread is up
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => pool.run({ name: 'test.sleep', input: { ms: 150 } })));
      const ok = outcomes.filter((o) => o.ok);
      const saturated = outcomes.filter((o) => !o.ok && o.reason === 'saturated');
      expect(ok.length).to.equal(3); // one running + two queued
      expect(saturated.length).to.equal(5);
    } finally {
      await pool.close();
    }
  });

  it('returns an engine failure as data', async () => {
    const pool = new EnginePool({ threads: 1, timeoutMs: 10_000, maxQueue: 4 });
    try {
      const outcome = await pool.run({ name: 'no.such', input: {} });
      expect(outcome).to.deep.include({ ok: false, reason: 'invalid_input' });
    } finally {
      await pool.close();
    }
  });

  it('counts the time limit from the start of the run, not the wait: queued calls each get the whole limit', async () => {
    const pool = new EnginePool({ threads: 1, timeoutMs: 400, maxQueue: 4, filename: spinThread });
    try {
      await pool.run({ name: 'test.sleep', input: { ms: 1 } });
      // Three 250 ms calls on one thread: the third waits 500 ms, more than the 400 ms limit.
      const outcomes = await Promise.all([1, 2, 3].map(() => pool.run({ name: 'test.sleep', input: { ms: 250 } })));
      expect(outcomes.map((o) => o.ok)).to.deep.equal([true, true, true]);
    } finally {
      await pool.close();
    }
  });

  it("does not charge a replacement thread's start-up to the call after a timeout", async () => {
    const pool = new EnginePool({ threads: 1, timeoutMs: 150, maxQueue: 4, filename: spinThread });
    try {
      expect(await pool.run({ name: 'test.spin', input: {} })).to.deep.include({ ok: false, reason: 'timeout' });
      const next = await pool.run({ name: 'pvt.zFactor', input: { ppr: 2, tpr: 1.5, zMethod: 'DAK' } });
      expect(next.ok, JSON.stringify(next)).to.equal(true);
    } finally {
      await pool.close();
    }
  });

  it('gives up on a call no thread starts within maxWaitMs, as saturated', async () => {
    const pool = new EnginePool({ threads: 1, timeoutMs: 5_000, maxWaitMs: 200, maxQueue: 4, filename: spinThread });
    try {
      await pool.run({ name: 'test.sleep', input: { ms: 1 } });
      const [first, second] = await Promise.all([pool.run({ name: 'test.sleep', input: { ms: 600 } }), pool.run({ name: 'test.sleep', input: { ms: 1 } })]);
      expect(first.ok).to.equal(true);
      expect(second).to.deep.include({ ok: false, reason: 'saturated' });
      expect((second as { message: string }).message).to.match(/within 200 ms/);
    } finally {
      await pool.close();
    }
  });
});
