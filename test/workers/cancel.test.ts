import { expect } from 'chai';
import { Cancel } from '../../workers/cancel.js';
import { EnginePool } from '../../workers/pool.js';

const spinThread = new URL('../support/spinThread.js', import.meta.url).href;
const light = (name: string) => name.startsWith('pvt.') || (name.startsWith('test.') && name !== 'test.block');

/** Runs `body` with the global AbortController counting its constructions. */
async function countingAbortControllers(body: () => Promise<void>): Promise<number> {
  const Original = globalThis.AbortController;
  let made = 0;
  globalThis.AbortController = class extends Original {
    constructor() {
      super();
      made++;
    }
  };
  try {
    await body();
  } finally {
    globalThis.AbortController = Original;
  }
  return made;
}

describe('Cancel, the per-call cancel signal (workers/cancel.ts)', () => {
  it('calls each listener once, in order, with the reason kept; later aborts and late listeners do nothing', () => {
    const c = new Cancel();
    const heard: string[] = [];
    const a = () => heard.push('a');
    const b = () => heard.push('b');
    const removed = () => heard.push('removed');
    c.addEventListener('abort', a, { once: true });
    c.addEventListener('abort', removed);
    c.addEventListener('abort', b);
    c.removeEventListener('abort', removed);
    c.removeEventListener('abort', () => undefined); // not added: no effect
    expect(c.aborted).to.equal(false);
    c.abort('client gone');
    c.abort('again');
    expect(heard).to.deep.equal(['a', 'b']);
    expect(c.aborted).to.equal(true);
    expect(c.reason).to.equal('client gone');
    c.addEventListener('abort', () => heard.push('late'));
    expect(heard).to.deep.equal(['a', 'b']);
  });

  it('stops a running call through piscina: the call answers canceled and the next one runs', async () => {
    const pool = new EnginePool({ threads: 1, timeoutMs: 60_000, maxQueue: 8, filename: spinThread, light, cancelGraceMs: 50 });
    try {
      await pool.ready();
      const c = new Cancel();
      const spinning = pool.run({ name: 'test.spin', input: {} }, { signal: c, onStart: () => c.abort() });
      const outcome = await spinning;
      expect(outcome).to.deep.include({ ok: false, reason: 'canceled' });
      const next = await pool.run({ name: 'pvt.zFactor', input: { ppr: 2, tpr: 1.5 } });
      expect(next.ok, JSON.stringify(next)).to.equal(true);
    } finally {
      await pool.close();
    }
  });

  it('light calls, single calls and their cancels make no AbortController on the API thread', async () => {
    const pool = new EnginePool({ threads: 2, timeoutMs: 60_000, maxQueue: 64, filename: spinThread, light });
    try {
      await pool.ready();
      const made = await countingAbortControllers(async () => {
        for (let round = 0; round < 5; round++) {
          const calls = Array.from({ length: 8 }, (_, i) => pool.run({ name: 'pvt.zFactor', input: { ppr: 1 + i / 4, tpr: 1.5 } }, { signal: new Cancel() }));
          const single = pool.run({ name: 'test.whoami', input: { round } }, { signal: new Cancel(), onStart: () => undefined }); // onStart: a single call (not light)
          const outcomes = await Promise.all([...calls, single]);
          for (const o of outcomes) expect(o.ok, JSON.stringify(o)).to.equal(true);
        }
      });
      expect(pool.stats().lightTasks).to.be.greaterThan(0);
      expect(made).to.equal(0);
    } finally {
      await pool.close();
    }
  });
});
