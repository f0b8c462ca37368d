/**
 * A pool thread entry for tests: the real engine thread, plus
 * - `test.spin`: never returns (proves the time limit really stops a thread);
 * - `test.sleep`: busy-waits `input.ms` (fills the pool on purpose);
 * - `test.block`: holds its thread until the test releases a Latch (see latch.ts), so a test can
 *   keep a thread busy for exactly as long as it needs, with no wall-clock margin;
 * - `test.hold`: test.block under another name (a test can make one light and not the other);
 * - `test.throw`: throws (a fault in the engine, not an outcome);
 * - `test.whoami`: the thread's id and the moment this module loaded in it;
 * - `test.steps`: reports `input.steps` steps as an engine function would (RunContext.progress,
 *   `10 k` of `10 steps`), and after step k waits until the file `go-k` exists in `input.dir`:
 *   the test creates it once it has seen step k arrive, so every step is seen, whatever the
 *   machine's speed (a file, not a shared buffer, so it also works through the queue).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import runEngineJob, { markStarted, runGroup, taskProgress } from '../../workers/thread.js';
import type { PoolTask } from '../../workers/pool.js';
import { threadId } from 'node:worker_threads';
import { holdUntilReleased } from './latch.js';

const loadedAt = Date.now();

export default function testThread(job: PoolTask): unknown {
  if (job.calls) return runGroup(job.calls, testThread); // light calls sent together: each as below
  markStarted(job);
  if (job.name === 'test.spin') {
    for (;;) {
      /* never returns */
    }
  }
  if (job.name === 'test.sleep') {
    const until = Date.now() + Number(job.input.ms);
    while (Date.now() < until) {
      /* busy */
    }
    return { ok: true, result: { slept: job.input.ms }, warnings: [] };
  }
  if (job.name === 'test.block' || job.name === 'test.hold') {
    holdUntilReleased(job.input.latch as SharedArrayBuffer);
    return { ok: true, result: { released: true }, warnings: [] };
  }
  if (job.name === 'test.steps') {
    const steps = Number(job.input.steps);
    const progress = taskProgress(job);
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let k = 1; k <= steps; k++) {
      progress?.(10 * k, 10 * steps);
      if (!progress) continue;
      while (!existsSync(join(String(job.input.dir), `go-${k}`))) Atomics.wait(pause, 0, 0, 10);
    }
    return { ok: true, result: { steps, listened: progress !== undefined }, warnings: [] };
  }
  if (job.name === 'test.throw') throw new Error('test.throw');
  if (job.name === 'test.whoami') return { ok: true, result: { threadId, loadedAt }, warnings: [] };
  return runEngineJob(job);
}
