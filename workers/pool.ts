/**
 * The piscina pool that runs engine calls on worker threads. Used in-process by the embedded API
 * node and by each `worker` process of the distributed deployment.
 *
 * - Time limit: counted from the moment a thread starts the call (see startFlags.ts); when it
 *   passes, the abort signal makes piscina terminate the thread and replace it.
 * - Waiting: a call that no thread starts within `maxWaitMs` (default the time limit, at least
 *   10 s so a replacement thread's start-up fits) gives up as saturated (429): a queued call
 *   never waits without bound.
 * - Admission: at most threads + maxQueue calls in flight, counted here — piscina puts tasks that
 *   carry an abort signal on a side queue that its maxQueue does not bound (seen with 5.3).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { EngineJob, EngineRunner, RunOutcome } from './runner.js';
import { StartFlags } from './startFlags.js';

export interface PoolOptions {
  /** Worker threads (default: available cores). */
  threads?: number;
  /** Time limit of one call in ms, from the moment a thread starts it. */
  timeoutMs: number;
  /** Calls allowed to wait for a thread; beyond it calls are refused as saturated. */
  maxQueue: number;
  /** Thread module, an ES module whose default export runs a task (default: workers/thread.js); tests substitute one. */
  filename?: string;
  /** Longest wait for a thread in ms (default max(timeoutMs, 10 000)). */
  maxWaitMs?: number;
  /** Heap limit per thread in MB (default 512). */
  maxOldGenerationSizeMb?: number;
}

const MIN_WAIT_MS = 10_000;

/** What a thread receives: the job and the slot of its start flag. */
export type PoolTask = EngineJob & { startSlot: number };

/** What a thread posts once its engine module has loaded (workers/threadEntry.cts). */
const THREAD_READY = 'engcalc:thread-ready';

const SATURATED: RunOutcome = { ok: false, reason: 'saturated', message: 'Every engine thread is busy and the queue is full' };

export class EnginePool implements EngineRunner {
  private readonly pool: Piscina<PoolTask, RunOutcome>;
  private readonly timeoutMs: number;
  private readonly maxWaitMs: number;
  private readonly startFlags: StartFlags;
  private readonly allLoaded: Promise<void>;
  readonly threads: number;

  constructor(options: PoolOptions) {
    this.threads = options.threads ?? availableParallelism();
    this.timeoutMs = options.timeoutMs;
    this.maxWaitMs = options.maxWaitMs ?? Math.max(options.timeoutMs, MIN_WAIT_MS);
    this.startFlags = new StartFlags(this.threads + options.maxQueue);
    this.pool = new Piscina({
      filename: new URL('./threadEntry.cjs', import.meta.url).href,
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: Math.max(1, options.maxQueue),
      idleTimeout: 60_000,
      // 'async': an idle thread waits with Atomics.waitAsync, so its event loop runs and it loads
      // the engine as it starts, not at its first call (as fast as 'sync' on these machines).
      atomics: 'async',
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 512 },
      workerData: { startFlags: this.startFlags.buffer, module: options.filename ?? new URL('./thread.js', import.meta.url).href },
    });
    let loaded = 0;
    this.allLoaded = new Promise((resolve) => {
      const onMessage = (message: unknown) => {
        if (message !== THREAD_READY || ++loaded < this.threads) return;
        this.pool.off('message', onMessage);
        resolve();
      };
      this.pool.on('message', onMessage);
    });
  }

  /**
   * Resolves once every thread has loaded the engine and can start a call at once (a fresh
   * thread needs a few hundred ms for that). Processes wait for it before they report ready.
   */
  ready(): Promise<void> {
    return this.allLoaded;
  }

  async run(job: EngineJob, timeoutMs = this.timeoutMs): Promise<RunOutcome> {
    const slot = this.startFlags.acquire();
    if (slot === null) return SATURATED;
    const controller = new AbortController();
    let started = false;
    let settled = false;
    let timer = setTimeout(() => controller.abort(), this.maxWaitMs); // the wait for a thread
    this.startFlags.whenRaised(slot, () => {
      if (settled) return;
      started = true;
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), timeoutMs); // the run itself
    });
    try {
      return await this.pool.run({ ...job, startSlot: slot }, { signal: controller.signal });
    } catch (err) {
      if (controller.signal.aborted || (err as Error)?.name === 'AbortError') {
        if (!started) return { ok: false, reason: 'saturated', message: `No engine thread could start this call within ${this.maxWaitMs} ms` };
        return { ok: false, reason: 'timeout', message: `${job.name} did not finish within the time limit of ${timeoutMs} ms and was stopped`, timeoutMs };
      }
      if ((err as Error)?.message === 'Task queue is at limit') return SATURATED;
      throw err;
    } finally {
      settled = true;
      clearTimeout(timer);
      this.startFlags.release(slot);
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
