/**
 * Facts shared by the producer (API nodes) and the consumer (`worker` processes) of the engine
 * queue. Jobs carry data and return data (RunOutcome); BullMQ keeps only messages of failures.
 */
export const ENGINE_QUEUE = 'engine';
/** Redis key prefix of the queue (BullMQ's default is `bull`). */
export const QUEUE_PREFIX = 'engcalc';

/** A worker that stops renewing its lock for this long is dead; its job fails (never re-runs). */
export const LOCK_DURATION_MS = 10_000;
/** How often live workers look for jobs of dead ones. */
export const STALLED_INTERVAL_MS = 5_000;
/** Finished jobs are kept this long (seconds) for inspection, then removed by BullMQ. */
export const KEEP_COMPLETED_S = 60;
export const KEEP_FAILED_S = 3_600;

export interface EngineJobData {
  name: string;
  input: Record<string, unknown>;
  units?: 'field' | 'metric';
  /** Epoch ms after which the API no longer waits for the job to start; a worker skips it then. */
  startBy: number;
}
