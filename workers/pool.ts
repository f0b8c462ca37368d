/**
 * The piscina pool that runs engine calls on worker threads, with the time limit as an abort
 * signal (piscina terminates a thread that is still running when it fires and replaces it) and
 * a bounded queue (overflow = saturated). Used in-process by the embedded API node and by each
 * `worker` process of the distributed deployment.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { EngineJob, EngineRunner, RunOutcome } from './runner.js';

export interface PoolOptions {
  /** Worker threads (default: available cores). */
  threads?: number;
  /** Time limit of one call in ms, queue wait included. */
  timeoutMs: number;
  /** Calls allowed to wait for a thread; beyond it calls are refused as saturated. */
  maxQueue: number;
  /** Thread entry module (default: workers/thread.js); tests substitute one with extra tasks. */
  filename?: string;
  /** Heap limit per thread in MB (default 512). */
  maxOldGenerationSizeMb?: number;
}

export class EnginePool implements EngineRunner {
  private readonly pool: Piscina<EngineJob, RunOutcome>;
  private readonly timeoutMs: number;
  private readonly capacity: number;
  private inFlight = 0;
  readonly threads: number;

  constructor(options: PoolOptions) {
    this.threads = options.threads ?? availableParallelism();
    this.timeoutMs = options.timeoutMs;
    this.capacity = this.threads + options.maxQueue;
    this.pool = new Piscina({
      filename: options.filename ?? new URL('./thread.js', import.meta.url).href,
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: Math.max(1, options.maxQueue),
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 512 },
    });
  }

  /** Calls running or waiting here now. */
  get load(): number {
    return this.inFlight;
  }

  async run(job: EngineJob, timeoutMs = this.timeoutMs): Promise<RunOutcome> {
    // Admission is counted here: piscina puts tasks that carry an abort signal on a side queue
    // that its maxQueue does not bound (seen with piscina 5.3), so its own limit is not enough.
    if (this.inFlight >= this.capacity) return { ok: false, reason: 'saturated', message: 'Every engine thread is busy and the queue is full' };
    this.inFlight += 1;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await this.pool.run(job, { signal });
    } catch (err) {
      if (signal.aborted || (err as Error)?.name === 'AbortError') {
        return { ok: false, reason: 'timeout', message: `${job.name} did not finish within the time limit of ${timeoutMs} ms and was stopped`, timeoutMs };
      }
      if ((err as Error)?.message === 'Task queue is at limit') {
        return { ok: false, reason: 'saturated', message: 'Every engine thread is busy and the queue is full' };
      }
      throw err;
    } finally {
      this.inFlight -= 1;
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
