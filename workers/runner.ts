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
  | { ok: false; reason: 'unavailable'; message: string; retryAfterS?: number };

export interface EngineRunner {
  run(job: EngineJob): Promise<RunOutcome>;
  /** Stops accepting calls, lets running ones finish, frees threads and connections. */
  close(): Promise<void>;
}
