/**
 * The consumer side: a BullMQ Worker whose concurrency equals its piscina pool's threads, so the
 * backlog stays in Redis where every API node sees it. Each job runs on the pool under the
 * engine time limit and returns data (RunOutcome); nothing is retried; a job whose worker died
 * fails (maxStalledCount 0) instead of running twice.
 */
import { Worker } from 'bullmq';
import { EnginePool } from '../pool.js';
import type { RunOutcome } from '../runner.js';
import { redisOptions } from './producer.js';
import { ENGINE_QUEUE, LOCK_DURATION_MS, QUEUE_PREFIX, STALLED_INTERVAL_MS, type EngineJobData } from './settings.js';

export interface ConsumerOptions {
  redisUrl: string;
  threads: number;
  timeoutMs: number;
  /** Substitute thread entry (tests). */
  threadFilename?: string;
  onError?: (err: Error) => void;
}

export interface Consumer {
  worker: Worker<EngineJobData, RunOutcome>;
  pool: EnginePool;
  /** Stops taking jobs, lets running ones finish, closes connections and threads. */
  close(): Promise<void>;
}

export async function startConsumer(options: ConsumerOptions): Promise<Consumer> {
  const pool = new EnginePool({ threads: options.threads, timeoutMs: options.timeoutMs, maxQueue: options.threads, filename: options.threadFilename });
  const worker = new Worker<EngineJobData, RunOutcome>(
    ENGINE_QUEUE,
    async (job) => {
      if (Date.now() > job.data.startBy) {
        return { ok: false, reason: 'unavailable', message: 'the call waited longer than its start budget and was not run' };
      }
      return pool.run({ name: job.data.name, input: job.data.input, units: job.data.units });
    },
    {
      prefix: QUEUE_PREFIX,
      connection: { ...redisOptions(options.redisUrl), maxRetriesPerRequest: null },
      concurrency: options.threads,
      maxStalledCount: 0,
      lockDuration: LOCK_DURATION_MS,
      stalledInterval: STALLED_INTERVAL_MS,
      autorun: true,
    },
  );
  worker.on('error', (err) => options.onError?.(err));
  await worker.waitUntilReady();
  return {
    worker,
    pool,
    async close() {
      await worker.close();
      await pool.close();
    },
  };
}
