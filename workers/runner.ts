/**
 * The engine runner port: where an API node sends a validated, field-unit engine call. The
 * in-process piscina runner (embedded default) and the BullMQ runner (distributed) implement it.
 * Outcomes are data, never thrown classes: they cross threads and queues.
 */
import type { ExecutionOutcome } from '../engine/execute.js';

export interface EngineJob {
  /** Catalogue name, e.g. `pvt.gasProperties`. */
  name: string;
  /** Validated input in field units. */
  input: Record<string, unknown>;
  /** The caller's unit system (numbers are converted outside; text output follows it). Default field. */
  units?: 'field' | 'metric';
  /**
   * Answer the result presented in `units` as JSON text (PresentedOutcome) instead of data: what
   * the REST route writes as it is, so the API thread neither receives the result's numbers
   * (structured clone, or JSON from a worker) nor serialises them again.
   */
  presented?: true;
}

/** A successful call of a job with `presented`: the envelope's `result`, as JSON text (engine/call.ts presentResult). */
export interface PresentedOutcome {
  ok: true;
  presented: string;
}

export type RunOutcome =
  | ExecutionOutcome
  | PresentedOutcome
  /** The time limit passed; the thread running it was stopped. */
  | { ok: false; reason: 'timeout'; message: string; timeoutMs: number }
  /** Every thread busy and the waiting room full: try again later. */
  | { ok: false; reason: 'saturated'; message: string }
  /**
   * The call was not run to an answer: Redis unreachable, no worker running, its worker died, its
   * job was lost, or the node is stopping. `retryAfterS` says when a retry may succeed.
   */
  | { ok: false; reason: 'unavailable'; message: string; retryAfterS?: number }
  /** The caller's signal aborted: a waiting call was dropped, a running one had its thread stopped. */
  | { ok: false; reason: 'canceled'; message: string };

/**
 * A chunk of a batch: several inputs of one function, run one after another on one thread (or by
 * one worker), so a batch pays one hand-off per chunk rather than per item.
 */
export interface ChunkJob {
  name: string;
  /** Validated inputs in field units, in order (request bodies in mode 'texts'). */
  inputs: unknown[];
  units?: 'field' | 'metric';
  /** Epoch ms (the batch's deadline): the thread starts no item after it, and is stopped soon after it. */
  deadline: number;
  /**
   * 'texts': `inputs` are request bodies; the thread validates, runs and presents each as its
   * single call would, and answers the JSON text of each item's answer body (workers/batchItem.ts).
   */
  mode?: 'outcomes' | 'texts';
  /**
   * Bytes of answer JSON the chunk may produce: the thread starts no item once its answers reach
   * this (`stopped: 'bytes'` in the outcome), so a batch of large answers never holds more than
   * its budget (api/engine/batch.ts) in any one chunk.
   */
  maxBytes?: number;
}

/** One item's outcome in a chunk; a fault thrown by the engine is this item's, not the chunk's. */
export type ItemOutcome = ExecutionOutcome | { ok: false; reason: 'internal'; message: string };

/**
 * A chunk's outcomes, in order; shorter than its inputs when the deadline came first or, with
 * `stopped: 'bytes'`, when its answers reached the job's maxBytes (the rest did not run). `bytes`:
 * each answer's size as JSON, where the thread measured it.
 */
export type ChunkOutcome = ({ ok: true; outcomes: ItemOutcome[] } | { ok: true; texts: string[] }) & { bytes?: number[]; stopped?: 'bytes' } | NotRun;

/** Every outcome of the runner itself (not of the engine): timeout, saturated, unavailable, canceled. */
export type NotRun = Exclude<RunOutcome, ExecutionOutcome | PresentedOutcome>;

/**
 * What a runner needs of a caller's cancel: an AbortSignal has it, and so has the API's cheaper
 * caller-gone signal (api/routes/callerGone.ts), made for every call.
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface RunOptions {
  /** Aborting it cancels the call: dropped while waiting, its thread (or its worker's) stopped while running. */
  signal?: CancelSignal;
  /** Called once when a thread starts the call (not called for a call that never starts). */
  onStart?: () => void;
  /**
   * Called while a single call runs with the steps its engine function reported (`done` of
   * `total`, RunContext.progress), each time `done` changed since the last read (read every
   * ~250 ms, so not every step); never for functions that report none. Not for chunks: a batch
   * reports its items through its run.
   */
  onProgress?: (done: number, total: number) => void;
}

export const CANCELED: Extract<RunOutcome, { reason: 'canceled' }> = { ok: false, reason: 'canceled', message: 'the call was canceled by its caller' };

export interface EngineRunner {
  run(job: EngineJob, options?: RunOptions): Promise<RunOutcome>;
  /** Runs a chunk of a batch (see ChunkJob); refused, lost or canceled as a whole like a call. */
  runChunk(job: ChunkJob, options?: RunOptions): Promise<ChunkOutcome>;
  /** How many chunks can run at once now: the pool's threads, or the threads live workers offer. */
  capacity(): Promise<number>;
  /** Stops accepting calls, lets running ones finish, frees threads and connections. */
  close(): Promise<void>;
}
