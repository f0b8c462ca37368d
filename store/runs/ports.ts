/**
 * Runs (asynchronous engine calls, api/engine/runs.ts) in the store, so they survive an API node
 * restart and any node can answer for any run. A run record holds its state and counts; its
 * planned items (kept until it finishes, to resume it) and its answers (one per item, by index)
 * live beside it. Only one API node drives a run at a time: it holds a lease it renews; a run
 * whose lease lapsed (its node died) is claimed by another node (or the same one restarted).
 */

export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled' | 'expired';
export const FINISHED: readonly RunStatus[] = ['succeeded', 'failed', 'canceled', 'expired'];
/** The `leaseUntil` of a canceled run whose every item is answered: no lease lapses, so no scan takes it up again. */
export const SETTLED = Number.MAX_SAFE_INTEGER;

export interface RunRecord {
  id: string;
  companyId: string;
  memberId: string;
  /** The key that created it: the run stops when that key stops working (absent on runs of older nodes). */
  keyId?: string;
  /** Catalogue name and module of the function. */
  name: string;
  module: string;
  /** 'single': created with one input (its answer is the run's result); 'batch': with items. */
  kind: 'single' | 'batch';
  status: RunStatus;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** When a finished run is deleted (completedAt + retention). */
  expiresAt: string | null;
  total: number;
  /** Items answered so far (invalid items are answered at creation). */
  done: number;
  succeeded: number;
  failed: number;
  /** The node driving it and until when its lease holds (epoch ms). */
  owner: string | null;
  leaseUntil: number;
}

/** A valid item still to run: its index, field-unit input and unit system. */
export interface RunWorkItem {
  index: number;
  /** The item's id as the caller gave it (or its index). */
  id: string | number;
  input: Record<string, unknown>;
  units: 'field' | 'metric';
}

/** An item's answer, as the batch endpoint gives it (api/engine/batch.ts ItemAnswer). */
export type RunAnswer = { id: string | number; ok: boolean; result?: Record<string, unknown>; error?: { code: string; message: string; details?: Record<string, unknown> } };

/** What an Idempotency-Key remembered: the request's hash and the answer (status and body). */
export interface RememberedAnswer {
  hash: string;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  expiresAt: number;
}

export interface RunStore {
  /** Stores a new run with its answered items (invalid ones) and its work. */
  create(run: RunRecord, answered: { index: number; answer: RunAnswer }[], work: RunWorkItem[]): Promise<void>;
  /** The company's run; undefined for another company's or an expired one. */
  get(companyId: string, id: string, nowMs: number): Promise<RunRecord | undefined>;
  /** Applies `patch` only while the run's status is one of `from`; returns the run after, or undefined. */
  transition(id: string, from: readonly RunStatus[], patch: Partial<RunRecord>): Promise<RunRecord | undefined>;
  /** Takes the lease of an unfinished run whose lease lapsed (or is `owner`'s); returns the run, or undefined. */
  claim(id: string, owner: string, nowMs: number, leaseMs: number): Promise<RunRecord | undefined>;
  /** Renews `owner`'s lease; false when another node holds it now or the run finished. */
  renew(id: string, owner: string, leaseUntil: number): Promise<boolean>;
  /** Saves answers (by index; an index answered twice keeps one answer) and updates the counts. */
  putAnswers(id: string, answers: { index: number; answer: RunAnswer }[]): Promise<RunRecord | undefined>;
  /** Answers in index order from `offset`, `limit` at most (answered items only, with their index). */
  answers(id: string, offset: number, limit: number): Promise<{ index: number; answer: RunAnswer }[]>;
  /** The planned work not yet answered. */
  pendingWork(id: string): Promise<RunWorkItem[]>;
  /** Unfinished runs whose lease lapsed at `nowMs` (to resume). */
  orphans(nowMs: number, limit: number): Promise<RunRecord[]>;
  /**
   * Canceled runs whose lease lapsed at `nowMs` and that were not marked answered (`leaseUntil`
   * SETTLED): their driver died (or never started) before it answered the items it had not run,
   * so another node answers them and marks them (api/engine/runs.ts).
   */
  unansweredCanceled(nowMs: number, limit: number): Promise<RunRecord[]>;
  /** Deletes finished runs past their expiresAt, with their items and answers; returns how many. */
  deleteExpired(nowMs: number): Promise<number>;
  /** Idempotency-Key: stores `value` under `scope` unless something is there; returns what is there. */
  remember(scope: string, value: RememberedAnswer): Promise<RememberedAnswer | null>;
  /** What `scope` holds (null when nothing, or expired). */
  recall(scope: string, nowMs: number): Promise<RememberedAnswer | null>;
  /** Replaces what `scope` holds (the answer of a request that was pending). */
  settle(scope: string, value: RememberedAnswer): Promise<void>;
  forget(scope: string): Promise<void>;
}
