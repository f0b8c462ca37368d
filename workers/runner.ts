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
}

export type RunOutcome =
  | ExecutionOutcome
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

export interface RunOptions {
  /** Aborting it cancels the call: dropped while waiting, its thread (or its worker's) stopped while running. */
  signal?: AbortSignal;
  /** Called once when a thread starts the call (not called for a call that never starts). */
  onStart?: () => void;
}

export const CANCELED: RunOutcome = { ok: false, reason: 'canceled', message: 'the call was canceled by its caller' };

export interface EngineRunner {
  run(job: EngineJob, options?: RunOptions): Promise<RunOutcome>;
  /** Stops accepting calls, lets running ones finish, frees threads and connections. */
  close(): Promise<void>;
}
