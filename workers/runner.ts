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
  /** The execution backend cannot be reached (e.g. Redis down, no worker). */
  | { ok: false; reason: 'unavailable'; message: string };

export interface EngineRunner {
  run(job: EngineJob): Promise<RunOutcome>;
  /** Stops accepting calls, lets running ones finish, frees threads and connections. */
  close(): Promise<void>;
}
