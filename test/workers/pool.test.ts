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
});
