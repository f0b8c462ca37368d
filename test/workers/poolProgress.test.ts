/**
 * Engine progress through the pool (workers/pool.ts, startFlags.ts): the steps a function reports
 * on its thread reach the caller's onProgress while it runs. `test.steps` (test/support/spinThread.ts)
 * waits after each step until the test has seen it, so every step is seen whatever the machine's
 * speed; the real phase envelope shows the engine's own steps arrive, ending at their total.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnginePool } from '../../workers/pool.js';
import { findDefinition } from '../../engine/catalogue.js';
import { prepareCall } from '../../engine/call.js';

const spinThread = new URL('../support/spinThread.js', import.meta.url).href;

describe('engine pool progress (workers/pool.ts onProgress)', function () {
  this.timeout(60_000);
  let pool: EnginePool;
  let dir: string;

  before(async () => {
    pool = new EnginePool({ threads: 1, timeoutMs: 60_000, maxQueue: 4, filename: spinThread });
    await pool.ready();
  });
  after(async () => pool?.close());
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'engcalc-steps-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes every step a thread reports, increasing, with its total, before the answer', async () => {
    const seen: [number, number][] = [];
    const outcome = await pool.run(
      { name: 'test.steps', input: { steps: 4, dir } },
      {
        onProgress: (done, total) => {
          seen.push([done, total]);
          writeFileSync(join(dir, `go-${done / 10}`), ''); // step seen: the thread may go on
        },
      },
    );
    expect(outcome).to.deep.equal({ ok: true, result: { steps: 4, listened: true }, warnings: [] });
    expect(seen).to.deep.equal([
      [10, 40],
      [20, 40],
      [30, 40],
      [40, 40],
    ]);
  });

  it('a call without onProgress stores no steps (the thread gets no reporter)', async () => {
    const outcome = await pool.run({ name: 'test.steps', input: { steps: 3, dir } });
    expect(outcome).to.deep.equal({ ok: true, result: { steps: 3, listened: false }, warnings: [] });
  });

  it('a canceled call stops being read: no step after its answer', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    const outcome = await pool.run({ name: 'test.steps', input: { steps: 3, dir } }, { signal: abort.signal, onProgress: (done) => (seen.push(done), abort.abort()) });
    expect(outcome).to.deep.include({ ok: false, reason: 'canceled' });
    const count = seen.length;
    expect(count).to.be.at.least(1);
    // The next call on the one thread runs (the stopped thread was replaced) and hears only its own steps.
    const next: number[] = [];
    const again = await pool.run({ name: 'test.steps', input: { steps: 1, dir } }, { onProgress: (done) => (next.push(done), writeFileSync(join(dir, 'go-1'), '')) });
    expect(again.ok).to.equal(true);
    expect(next).to.deep.equal([10]);
    expect(seen.length).to.equal(count);
  });

  it('the real phase envelope reports its traced points, never decreasing, ending at the total, with the same result', async () => {
    const def = findDefinition('eos.phaseEnvelope')!;
    const prepared = prepareCall(def, { ...(def.examples[0]!.input as object), maxPoints: 400, qualityLines: [0.25, 0.5, 0.75] });
    if (!prepared.ok) throw new Error(prepared.message);
    const seen: [number, number][] = [];
    const heard = await pool.run({ name: def.name, input: prepared.input }, { onProgress: (done, total) => seen.push([done, total]) });
    const plain = await pool.run({ name: def.name, input: prepared.input });
    expect(heard.ok, JSON.stringify(heard)).to.equal(true);
    expect(heard).to.deep.equal(plain);
    expect(seen.length).to.be.at.least(1);
    for (const [, total] of seen) expect(total).to.equal(4 * 400); // the envelope and 3 quality lines
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).to.be.greaterThan(seen[i - 1]![0]);
    expect(seen.at(-1)).to.deep.equal([1600, 1600]);
  });
});
