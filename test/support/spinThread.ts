/**
 * A pool thread entry for tests: the real engine thread, plus a task that never returns
 * (`test.spin`) and one that sleeps (`test.sleep`, busy-waiting `input.ms`), to prove the time
 * limit really stops a thread and to fill the pool on purpose.
 */
import runEngineJob, { markStarted } from '../../workers/thread.js';
import type { PoolTask } from '../../workers/pool.js';

export default function testThread(job: PoolTask) {
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
  return runEngineJob(job);
}
