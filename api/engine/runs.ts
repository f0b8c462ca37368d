/**
 * Runs: asynchronous engine calls (one input or a batch) a script can follow, cancel and resume.
 * A run lives in the store (store/runs/ports.ts): created queued with its invalid items already
 * answered, then driven by one API node holding its lease — running its items through the batch
 * executor (chunks over every thread or worker), saving answers and progress chunk by chunk,
 * holding the module seat while it runs. A node that stops leaves the lease to lapse; any node
 * (or the same one restarted) claims the run and runs the items still unanswered, so no item is
 * lost or answered twice. Cancel marks the run canceled in the store; the driving node sees it
 * within LEASE_TICK_MS, aborts its chunks (which stops their threads) and answers the items it did
 * not run as canceled; should it die first, any node answers them once its lease lapses (scan).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { ApiError, errors } from '../errors.js';
import type { AuthContext } from '../state.js';
import type { Logger } from '../log.js';
import { prepareCall } from '../../engine/call.js';
import { findDefinition } from '../../engine/catalogue.js';
import type { AnyDefinition } from '../../engine/definition.js';
import { FINISHED, SETTLED, type RunRecord, type RunStatus, type RunWorkItem } from '../../store/runs/ports.js';
import { authorizeFunction, requireRunScripts, type EngineDeps } from './callEngine.js';
import { RunKeyWatch } from './runKeyWatch.js';
import { CANCELED_ITEM, executeBatch, holdSeat, parseBatchBody, prepareItems, type BatchItem, type BatchLimits, type ItemAnswer } from './batch.js';

export interface RunSettings {
  /** Time limit of a run from its start (ENGINE_RUN_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long a finished run is kept (RUN_RETENTION_MS). */
  retentionMs: number;
}

/** A driving node renews its lease (and looks for a cancel) this often... */
export const LEASE_TICK_MS = 300;
/** ...and another node takes the run over once the lease is this old. */
export const LEASE_MS = 5_000;
/** How often a node looks for runs to resume and for expired ones to delete. */
const SCAN_MS = 2_000;
/** A run refreshes its module seat this often (seats lapse 3 minutes after the last refresh). */
const SEAT_REFRESH_MS = 60_000;
/** Results per GET page: default and largest. */
export const PAGE_DEFAULT = 1_000;
export const PAGE_MAX = 10_000;
/** Longest Prefer: wait. */
export const WAIT_MAX_S = 60;

export interface RunView {
  id: string;
  name: string;
  module: string;
  kind: 'single' | 'batch';
  status: RunStatus;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  expiresAt: string | null;
  progress: { done: number; total: number };
  counts: { total: number; succeeded: number; failed: number };
  links: { self: string; cancel: string; next?: string };
  /** Batch: the answered items from `offset` (pageable, readable while running). */
  results?: (ItemAnswer & { index: number })[];
  /** Single: the call's result or error once finished. */
  result?: Record<string, unknown>;
  error?: { code: string; message: string; details?: Record<string, unknown> };
}

const runPath = (name: string, id: string) => `/v1/engine/functions/${name}/runs/${id}`;

export class RunService {
  readonly nodeId = randomUUID();
  private readonly driving = new Map<string, AbortController>();
  private scanner: NodeJS.Timeout | undefined;
  private lastSweep = 0;
  private closed = false;

  constructor(
    readonly deps: EngineDeps,
    private readonly limits: BatchLimits,
    private readonly settings: RunSettings,
    private readonly log?: Logger,
  ) {}

  get store() {
    return this.deps.store.runs;
  }

  /** Starts looking for runs to resume (a restart's own, or a dead node's). */
  start(): void {
    const scan = () => void this.scan().catch((err: Error) => this.log?.error('runs: scan failed', { error: err.message }));
    scan();
    this.scanner = setInterval(scan, SCAN_MS);
  }

  /** Stops driving: local work is aborted unanswered, and the leases lapse for the next node. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.scanner);
    const ids = [...this.driving.keys()];
    for (const c of this.driving.values()) c.abort('shutdown');
    for (let i = 0; i < 100 && this.driving.size; i++) await delay(20);
    // Released at once: a restarted node (or another) resumes them without waiting for the lease to lapse.
    await Promise.all(ids.map((id) => this.deps.store.runs.renew(id, this.nodeId, 0).catch(() => false)));
  }

  /** POST .../runs: validates, stores the run queued, and starts it here. */
  async create(auth: AuthContext, name: string, body: unknown): Promise<RunView> {
    const def = authorizeFunction(auth, name);
    const isBatch = typeof body === 'object' && body !== null && !Array.isArray(body) && 'items' in body;
    let items: BatchItem[];
    if (isBatch) items = parseBatchBody(body, this.limits.maxItems);
    else {
      // A single input is refused as its call would be (400), not stored as a failed run.
      const input = body === undefined ? {} : body;
      const prepared = prepareCall(def, input);
      if (!prepared.ok) throw errors.validation(prepared.message, prepared.fields, prepared.validKeys ? { validKeys: prepared.validKeys } : {});
      items = [{ id: 0, body: input }];
    }
    const { answers, planned } = await prepareItems(this.deps, auth, def, items);
    if (!isBatch && answers[0]) throw new ApiError(answers[0].ok ? 'internal' : (answers[0].error.code as 'not_found'), answers[0].ok ? 'unexpected' : answers[0].error.message, answers[0].ok ? undefined : answers[0].error.details);
    if (planned.length) await holdSeat(this.deps, auth, def); // refused now (409) rather than later in the run
    const now = new Date().toISOString();
    const answered = answers.flatMap((a, index) => (a ? [{ index, answer: a }] : []));
    const run: RunRecord = {
      id: randomUUID(),
      companyId: auth.company.id,
      memberId: auth.member.id,
      keyId: auth.key.id,
      name: def.name,
      module: def.module,
      kind: isBatch ? 'batch' : 'single',
      status: 'queued',
      createdAt: now,
      startedAt: null,
      completedAt: null,
      expiresAt: null,
      total: items.length,
      done: answered.length,
      succeeded: 0,
      failed: answered.length,
      owner: this.nodeId,
      leaseUntil: Date.now() + LEASE_MS,
    };
    const work: RunWorkItem[] = planned.map((p) => ({ index: p.index, id: items[p.index]!.id, input: p.input, units: p.units }));
    await this.deps.store.runs.create(run, answered, work);
    void this.drive(run.id);
    return this.view(run, { offset: 0, limit: 0 });
  }

  /** GET .../runs/{id}: the run of the caller's company (404 otherwise), with a page of results. */
  async get(auth: AuthContext, name: string, id: string, page: { offset: number; limit: number }): Promise<RunView> {
    const run = await this.find(auth, name, id);
    return this.view(run, page);
  }

  /**
   * Waits up to `seconds` for the run to finish; answers its state then. `onProgress` hears the
   * run's items done of total whenever that count moves while it waits (MCP progress).
   */
  async wait(auth: AuthContext, name: string, id: string, seconds: number, page: { offset: number; limit: number }, onProgress?: (done: number, total: number) => void): Promise<RunView> {
    const until = Date.now() + seconds * 1000;
    let run = await this.find(auth, name, id);
    let heard = -1;
    while (!FINISHED.includes(run.status) && Date.now() < until) {
      if (onProgress && run.done !== heard) onProgress((heard = run.done), run.total);
      await delay(Math.min(100, Math.max(1, until - Date.now())));
      run = await this.find(auth, name, id);
    }
    if (onProgress && run.done !== heard) onProgress(run.done, run.total);
    return this.view(run, page);
  }

  /** POST .../runs/{id}/cancel: marks it canceled; the driving node stops its work (threads included). */
  async cancel(auth: AuthContext, name: string, id: string): Promise<RunView> {
    const run = await this.find(auth, name, id);
    if (FINISHED.includes(run.status)) return this.view(run, { offset: 0, limit: 0 });
    const after = await this.finishCanceled(run.id);
    this.driving.get(run.id)?.abort('cancel'); // here at once; elsewhere at its next lease tick
    return this.view(after ?? (await this.find(auth, name, id)), { offset: 0, limit: 0 });
  }

  /** Marks a queued or running run canceled (its caller, or its key stopped working); the run after, if it changed. */
  private finishCanceled(id: string): Promise<RunRecord | undefined> {
    const now = new Date();
    return this.deps.store.runs.transition(id, ['queued', 'running'], {
      status: 'canceled',
      completedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.settings.retentionMs).toISOString(),
    });
  }

  /**
   * The caller's run: a run belongs to the member who started it (with any of their keys), so
   * another member's run, like another company's, is 404; reading or canceling one needs the
   * permission to run scripts, as starting it did (a member without it could cancel a
   * colleague's work before).
   */
  private async find(auth: AuthContext, name: string, id: string): Promise<RunRecord> {
    requireRunScripts(auth);
    const run = await this.deps.store.runs.get(auth.company.id, id, Date.now());
    if (!run || run.name !== name || run.memberId !== auth.member.id) throw errors.notFound(`No run ${id} of ${name}`);
    return run;
  }

  private async view(run: RunRecord, page: { offset: number; limit: number }): Promise<RunView> {
    const self = runPath(run.name, run.id);
    const out: RunView = {
      id: run.id,
      name: run.name,
      module: run.module,
      kind: run.kind,
      status: run.status,
      createdAt: run.createdAt,
      startedAt: run.startedAt,
      completedAt: run.completedAt,
      expiresAt: run.expiresAt,
      progress: { done: run.done, total: run.total },
      counts: { total: run.total, succeeded: run.succeeded, failed: run.failed },
      links: { self, cancel: `${self}/cancel` },
    };
    if (run.kind === 'single') {
      if (run.done > 0) {
        const [first] = await this.deps.store.runs.answers(run.id, 0, 1);
        if (first?.answer.ok) out.result = first.answer.result;
        else if (first?.answer.error) out.error = first.answer.error;
      }
      return out;
    }
    if (page.limit > 0) {
      const rows = await this.deps.store.runs.answers(run.id, page.offset, page.limit + 1);
      out.results = rows.slice(0, page.limit).map((r) => ({ index: r.index, ...(r.answer as ItemAnswer) }));
      if (rows.length > page.limit) out.links.next = `${self}?offset=${rows[page.limit]!.index}&limit=${page.limit}`;
    }
    return out;
  }

  /** Resumes runs whose node went away, and deletes expired ones. */
  private async scan(): Promise<void> {
    if (this.closed) return;
    for (const run of await this.deps.store.runs.orphans(Date.now(), 20)) {
      if (!this.driving.has(run.id)) void this.drive(run.id);
    }
    for (const run of await this.deps.store.runs.unansweredCanceled(Date.now(), 20)) {
      if (this.driving.has(run.id)) continue;
      await this.answerNotRun(run.id).catch((err: Error) => this.log?.error('runs: answering a canceled run failed', { run: run.id, error: err.message }));
    }
    if (Date.now() - this.lastSweep > 60_000) {
      this.lastSweep = Date.now();
      await this.deps.store.runs.deleteExpired(Date.now());
    }
  }

  /**
   * The items a canceled run did not run answer canceled, and the run is marked answered (SETTLED)
   * so no scan takes it up again. Called by its driver once it stopped its work, and by the scan for
   * a run whose driver stopped first (it died, or the run was canceled before any node drove it).
   * An item its driver ran and saved meanwhile keeps that answer (the store keeps an index's first
   * answer), so nothing is answered twice.
   */
  private async answerNotRun(id: string): Promise<void> {
    const runs = this.deps.store.runs;
    const work = await runs.pendingWork(id);
    if (work.length > 0) {
      await runs.putAnswers(id, work.map((w) => ({ index: w.index, answer: { id: w.id, ok: false, error: CANCELED_ITEM } })));
      if (!this.driving.has(id)) this.log?.info('runs: answered the items a canceled run had not run (its driver had stopped)', { run: id, items: work.length });
    }
    await runs.transition(id, ['canceled'], { owner: null, leaseUntil: SETTLED });
  }

  /** Drives one run to its end while this node holds its lease. */
  private async drive(id: string): Promise<void> {
    if (this.closed || this.driving.has(id)) return;
    const runs = this.deps.store.runs;
    const controller = new AbortController();
    this.driving.set(id, controller);
    let ticker: NodeJS.Timeout | undefined;
    try {
      let run = await runs.claim(id, this.nodeId, Date.now(), LEASE_MS);
      if (!run) return;
      const def = findDefinition(run.name);
      if (!def) return;
      if (run.status === 'queued') {
        run = (await runs.transition(id, ['queued'], { status: 'running', startedAt: new Date().toISOString() })) ?? run;
      }
      if (run.status !== 'running') return;
      const started = Date.parse(run.startedAt!);
      const deadline = started + this.settings.timeoutMs;
      let seatAt = 0;
      const auth = await this.ownerAuth(run);
      const keyWatch = new RunKeyWatch(this.deps.store, run);
      const tick = async () => {
        const renewed = await runs.renew(id, this.nodeId, Date.now() + LEASE_MS);
        const now = await runs.get(run!.companyId, id, Date.now());
        // Canceled, on any node (a renewal then fails: the run is finished): this node still
        // holds it, so it answers the items not run as canceled. Read before the lease verdict,
        // which took a cancel made on another node for a lost lease and left those items unanswered.
        if (now?.status === 'canceled' && now.owner === this.nodeId) return controller.abort('cancel');
        if (!renewed) return controller.abort('lost');
        if (!now || now.status === 'canceled') return controller.abort('cancel');
        // A key stops working at once (spec 5.10), and so does the work it started: the run is
        // canceled, as by its caller (runKeyWatch.ts re-reads only what may have changed).
        const stopped = await keyWatch.stopped();
        if (stopped) {
          this.log?.info('runs: canceled, its key stopped working', { run: id, reason: typeof stopped === 'string' ? stopped : stopped.message });
          await this.finishCanceled(id);
          return controller.abort('cancel');
        }
        if (auth && Date.now() - seatAt >= SEAT_REFRESH_MS) {
          seatAt = Date.now();
          await holdSeat(this.deps, auth, def).catch(() => undefined); // held by this run already; a refusal does not stop it
        }
      };
      await tick();
      ticker = setInterval(() => void tick().catch(() => undefined), LEASE_TICK_MS);
      const work = await runs.pendingWork(id);
      await this.execute(run, def, work, deadline, controller);
      if (controller.signal.aborted && controller.signal.reason !== 'cancel') return; // shutdown or lease lost: another drive finishes it
      const final = await runs.get(run.companyId, id, Date.now());
      if (final?.status === 'canceled') return await this.answerNotRun(id);
      if (!final || final.status !== 'running') return;
      const now = new Date();
      const status: RunStatus =
        final.kind === 'single' ? (final.succeeded === 1 ? 'succeeded' : 'failed') : final.done < final.total || Date.now() >= deadline ? 'expired' : 'succeeded';
      await runs.transition(id, ['running'], {
        status,
        completedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + this.settings.retentionMs).toISOString(),
        owner: null,
        leaseUntil: 0,
      });
    } catch (err) {
      this.log?.error('runs: drive failed', { run: id, error: (err as Error).message });
    } finally {
      clearInterval(ticker);
      this.driving.delete(id);
    }
  }

  private async execute(run: RunRecord, def: AnyDefinition, work: RunWorkItem[], deadline: number, controller: AbortController): Promise<void> {
    const items: BatchItem[] = new Array(run.total);
    for (const w of work) items[w.index] = { id: w.id, body: null };
    const answers: (ItemAnswer | undefined)[] = new Array(run.total);
    const planned = work.map((w) => ({ index: w.index, input: w.input, units: w.units }));
    await executeBatch(this.deps.runner, def, items, planned, answers, {
      deadline,
      timeoutMs: this.settings.timeoutMs,
      resultLimitBytes: this.limits.resultLimitBytes,
      // A run counts the answers it already holds (a resumed run's, a new run's invalid items) against its budget.
      usedBytes: run.done > 0 ? await this.storedBytes(run) : 0,
      signal: controller.signal,
      onAnswered: async (indexes) => {
        // Work stopped by a shutdown or a lost lease is not answered: the next drive runs it.
        if (controller.signal.aborted && controller.signal.reason !== 'cancel') return;
        await this.deps.store.runs.putAnswers(run.id, indexes.map((index) => ({ index, answer: answers[index]! })));
      },
    });
  }

  /** Bytes of JSON of the answers a run holds (read when it holds any: a resumed run's, or a new run's invalid items). */
  private async storedBytes(run: RunRecord): Promise<number> {
    let bytes = 0;
    for (const row of await this.deps.store.runs.answers(run.id, 0, run.total)) bytes += Buffer.byteLength(JSON.stringify(row.answer));
    return bytes;
  }

  /** The member and company a run belongs to, for its seat (undefined when they are gone). */
  private async ownerAuth(run: RunRecord): Promise<AuthContext | undefined> {
    const [member, company] = await Promise.all([this.deps.store.members.get(run.memberId), this.deps.store.companies.get(run.companyId)]);
    if (!member || !company) return undefined;
    return { member, company } as AuthContext;
  }
}

/** `Prefer: wait=N` (RFC 7240): N seconds, at most WAIT_MAX_S; undefined when absent. */
export function preferWait(header: string | undefined): number | undefined {
  const m = /(?:^|[,;\s])wait=(\d+)/i.exec(header ?? '');
  if (!m) return undefined;
  return Math.min(WAIT_MAX_S, Number(m[1]));
}

/** `offset` and `limit` of a results page from the query. */
export function pageOf(query: Record<string, unknown>): { offset: number; limit: number } {
  const num = (v: unknown, fallback: number, max: number, name: string) => {
    if (v === undefined) return fallback;
    // A query gives text: decimal digits only, as the other list parameters ('' (limit=), '1e3',
    // '0x10', ' 5' and a repeated parameter, an array, are no page position). MCP's get_run gives numbers.
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > max) throw errors.validation(`${name} must be an integer from 0 to ${max}`, { [name]: `must be an integer from 0 to ${max}` });
    return n;
  };
  return { offset: num(query.offset, 0, Number.MAX_SAFE_INTEGER, 'offset'), limit: num(query.limit, PAGE_DEFAULT, PAGE_MAX, 'limit') };
}
