/**
 * The BullMQ engine runner (API side of the distributed deployment). One Queue and one reply
 * channel per API process; each call is a job with an API-chosen id, answered from a map of
 * waiting requests when its worker pushes the outcome on the channel. No retries; a job is never
 * run twice (attempts 1, maxStalledCount 0, and the ticket hand-off of scripts.ts).
 *
 * Every call is answered within stated bounds, by one table (README "Distributed deployment"):
 * - admission is one atomic script across API nodes: no live worker -> 503 at once; backlog
 *   full -> 429 at once (the backlog defaults to BACKLOG_PER_THREAD x live worker threads);
 * - a call no worker starts within its start budget is withdrawn: 429 while workers run, 503
 *   when none does (checked every MONITOR_MS, so also at once when the last worker dies);
 * - a started call whose worker stops heart-beating is answered 503 within WORKER_TTL_MS +
 *   MONITOR_MS of its last heartbeat; a job Redis lost (restart) is answered 503 as soon as
 *   Redis answers again; Redis unreachable for REDIS_OUTAGE_GRACE_MS -> 503.
 * Progress: a call whose caller passes onProgress is a job marked `progress`; its worker publishes
 * the engine's steps on this node's reply channel, and they are passed to the waiting call.
 * Jobs keep their input only until a worker claims them, and no result: the worker leaves the
 * outcome in its own key and, in the same script, publishes it on this node's reply channel, which
 * answers the caller at once; the node deletes the received outcomes' keys together every
 * OUTCOME_UNLINK_MS (a received copy expires within OUTCOME_PUSHED_TTL_MS should that delete be
 * lost). A node that missed the message (its subscriber reconnecting) reads and deletes the key
 * at its next check, at most MONITOR_MS later (OUTCOME_TTL_MS if it never does), as it answers a
 * job BullMQ failed (gone, no outcome: 503). Pub/sub keeps nothing.
 */
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { CANCELED, type ChunkJob, type ChunkOutcome, type EngineJob, type EngineRunner, type NotRun, type RunOptions, type RunOutcome } from '../runner.js';
import { JobState, QueueScripts } from './scripts.js';
import { CallGroups, GROUP_JOB, type GroupOutcome } from './callGroups.js';
import { Sweeper } from './sweeper.js';
import { writePerTurn } from '../../store/redis/turnWrites.js';
import {
  BACKLOG_PER_THREAD,
  CANCEL_TTL_MS,
  ENGINE_QUEUE,
  KEYS,
  MONITOR_MS,
  OUTCOME_UNLINK_MS,
  QUEUE_PREFIX,
  REDIS_OUTAGE_GRACE_MS,
  RETRY_LATER_S,
  RETRY_SOON_S,
  PROGRESS_MESSAGE,
  RUN_GRACE_MS,
  TICKET_GRACE_MS,
  type EngineJobData,
} from './settings.js';

export interface QueueRunnerOptions {
  redisUrl: string;
  /** Engine time limit (ms) the workers apply; bounds the wait for a started job. */
  timeoutMs: number;
  /** Calls allowed to wait for a worker across the cluster; null: BACKLOG_PER_THREAD x live worker threads. */
  maxBacklog: number | null;
  /** How long a call may wait for a worker to start it (ms, default 10 000). */
  startBudgetMs?: number;
  /** Bound on one Redis command of the producer (ms, default 2 000). */
  commandTimeoutMs?: number;
  /**
   * Functions light enough to share a job with other calls arriving in the same turn
   * (callGroups.ts); none when absent.
   */
  groupable?: (name: string) => boolean;
}

interface Waiter {
  jobId: string;
  /** Local time after which a call still waiting is withdrawn. */
  startBy: number;
  /** Local time the monitor first saw the job running. */
  runningSince?: number;
  /** The job's own time limit once running (a call's, or a chunk's time to its deadline). */
  limitMs: number;
  /** A withdrawal or outcome read is under way: the monitor leaves it alone. */
  busy: boolean;
  /** The caller's start hook, called once (when first seen running, or with its outcome). */
  onStart?: () => void;
  /** The caller's progress listener: the steps its worker sends as job progress events. */
  onProgress?: (done: number, total: number) => void;
  resolve(outcome: RunOutcome | ChunkOutcome | GroupOutcome): void;
}

/** The reasons of the status table, worded once. */
export const MESSAGES = {
  redisDown: 'the engine queue (Redis) cannot be reached',
  noWorker: 'no engine worker is running',
  workerDied: 'the engine worker running this call stopped (its heartbeat lapsed) before it finished; the call was not retried',
  lost: 'the job of this call was lost (Redis restarted or dropped it) before it finished; it was not retried',
  stopping: 'the API node is shutting down',
} as const;

const unavailable = (message: string, retryAfterS = RETRY_SOON_S): RunOutcome => ({ ok: false, reason: 'unavailable', message, retryAfterS });
const saturatedQueue = (waiting: number, limit: number): NotRun => ({ ok: false, reason: 'saturated', message: `The engine queue already holds ${waiting} waiting calls (its limit is ${limit})` });
const noop = () => undefined;

export class QueueRunner implements EngineRunner {
  private readonly queue: Queue<EngineJobData>;
  private readonly scripts: QueueScripts;
  /** Admission, on BullMQ's connection: written right before the job's add (see `submit`). */
  private readonly admission: QueueScripts;
  private readonly sweeper: Sweeper;
  private readonly waiting = new Map<string, Waiter>();
  private readonly startBudgetMs: number;
  private readonly commandTimeoutMs: number;
  private monitor: NodeJS.Timeout | undefined;
  private checking = false;
  private redisDownSince: number | undefined;
  /** Calls answered while Redis was away, whose tickets to take back once it answers (id -> until). */
  private readonly abandoned = new Map<string, number>();
  private closed = false;
  /**
   * The producer's own commands (outcomes, status, withdrawals, cancels). Its state is checked per call.
   * Not auto-pipelined, like every connection of the web and worker: an auto-pipeline is a Pipeline
   * object per batch (every command defined on the connection copied into it), only one is in
   * flight per connection, and the next gathers behind it. Measured in the distributed bench (three
   * interleaved rounds, auto-pipelining on the four connections that had it against none): the web
   * promoted 4.6% of what it allocated against 0.7%, the worker's main thread 13% against 2.6%
   * (full collections every ~5 s there), peak 2,840 -> 3,480 calls/s, half-peak p99 median 22.8 ->
   * 13.7 ms. A command is one write of its own; Redis still reads the concurrent ones back to back.
   */
  private readonly redis: Redis;
  /**
   * BullMQ's connection (admission and the job adds), not auto-pipelined: ioredis builds a pipeline object per
   * batch and copies every command defined on the connection into it, and BullMQ defines dozens
   * of scripts; measured on the web, that copy cost ~10 us per batch, three batches a call.
   */
  private readonly queueRedis: Redis;
  private readonly groups: CallGroups;
  /** This node's reply channel and the connection subscribed to it (outcomes pushed by workers). */
  private readonly replyChannel = KEYS.reply + randomUUID();
  private readonly replies: Redis;
  /** Keys of outcomes received since the last UNLINK, and the timer of the next (see `forget`). */
  private received: string[] = [];
  private unlinkTimer: NodeJS.Timeout | undefined;
  /** Outcomes that reached this node by its reply channel, and those read from their key instead (a missed message). */
  readonly outcomes = { pushed: 0, fetched: 0 };

  constructor(private readonly options: QueueRunnerOptions) {
    this.startBudgetMs = options.startBudgetMs ?? 10_000;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 2_000;
    const base = redisOptions(options.redisUrl);
    // BullMQ sends INFO before the socket is up, so the offline queue must stay on; the producer
    // fails fast instead by checking the connection state before each call (see `run`).
    this.redis = new Redis({ ...base, maxRetriesPerRequest: 1, connectTimeout: 1_000 });
    this.redis.on('error', noop);
    this.queueRedis = new Redis({ ...base, maxRetriesPerRequest: 1, connectTimeout: 1_000 });
    this.queueRedis.on('error', noop);
    // Each turn's admissions, adds, checks and deletes in one write per connection (store/redis/turnWrites.ts).
    writePerTurn(this.redis);
    writePerTurn(this.queueRedis);
    this.scripts = new QueueScripts(this.redis);
    this.admission = new QueueScripts(this.queueRedis);
    this.queue = new Queue(ENGINE_QUEUE, { prefix: QUEUE_PREFIX, connection: this.queueRedis });
    this.queue.on('error', noop); // connection errors surface per call as 'unavailable'
    // Outcomes and progress steps pushed by the workers on this node's reply channel: the caller
    // is answered the moment the outcome is stored. BullMQ's event stream is not read: under load
    // its reader woke for every few jobs (~10 us of writes and the parsing of every job's events
    // per call, measured); a missed push is caught by the check every MONITOR_MS instead.
    this.replies = new Redis({ ...base, maxRetriesPerRequest: null });
    this.replies.on('error', noop);
    this.replies.on('message', (_channel: string, message: string) => this.pushed(message));
    this.sweeper = new Sweeper(this.scripts, this.queue, () => this.connected());
    this.groups = new CallGroups(
      (call, opts) => this.runAlone(call, opts),
      // A group's calls run one after another on one worker thread, each under the time limit.
      (calls, opts, onRefused) =>
        this.submit({ name: GROUP_JOB, calls: calls.map((c) => ({ name: c.name, input: c.input, units: c.units, presented: c.presented })), timeoutMs: this.options.timeoutMs }, this.options.timeoutMs * calls.length, opts, onRefused) as Promise<GroupOutcome | NotRun>,
    );
  }

  /** Resolves once the event reader is connected (call before serving). */
  async ready(): Promise<void> {
    // Its own connection too: connected() asks for it, so a call right after ready() was refused 503 while it still connected.
    await Promise.all([this.queue.waitUntilReady(), this.replies.subscribe(this.replyChannel), untilReady(this.redis)]);
    this.sweeper.start();
  }

  /** `<jobId>\n<outcome json>` from a worker (scripts.ts putOutcome), or a step `P:<jobId>\n<done>\n<total>` (consumer.ts progressSender). */
  private pushed(message: string): void {
    if (message.startsWith(PROGRESS_MESSAGE)) return this.progressed(message);
    const cut = message.indexOf('\n');
    if (cut < 0) return;
    const jobId = message.slice(0, cut);
    this.forget(jobId);
    const w = this.waiting.get(jobId);
    if (!w) return; // answered already (canceled, or read from its key)
    this.outcomes.pushed++;
    if (w.runningSince === undefined) {
      w.runningSince = Date.now();
      w.onStart?.();
    }
    this.settle(jobId, parseOutcome(message.slice(cut + 1)));
  }

  /**
   * The copy of a received outcome (kept for a node that misses the message) is deleted with the
   * others received within OUTCOME_UNLINK_MS: one command for all of them instead of one per job.
   */
  private forget(jobId: string): void {
    this.received.push(KEYS.out + jobId);
    this.unlinkTimer ??= setTimeout(() => void this.unlinkReceived(), OUTCOME_UNLINK_MS);
  }

  private unlinkReceived(): Promise<unknown> {
    clearTimeout(this.unlinkTimer);
    this.unlinkTimer = undefined;
    const keys = this.received;
    this.received = [];
    // Lost (Redis away): each copy expires within OUTCOME_PUSHED_TTL_MS anyway.
    return keys.length ? this.redis.unlink(...keys).catch(noop) : Promise.resolve();
  }

  /** A step reaches the call waiting for that job id, if it listens. */
  private progressed(message: string): void {
    const [jobId, doneText, totalText] = message.slice(PROGRESS_MESSAGE.length).split('\n');
    const w = this.waiting.get(jobId ?? '');
    const done = Number(doneText);
    const total = Number(totalText);
    if (!w?.onProgress || !Number.isFinite(done) || !Number.isFinite(total)) return;
    if (w.runningSince === undefined) {
      w.runningSince = Date.now(); // a step means its worker runs it
      w.onStart?.();
    }
    w.onProgress(done, total);
  }

  run(job: EngineJob, options: RunOptions = {}): Promise<RunOutcome> {
    // A call whose caller listens for progress travels alone (a group's steps would be its neighbours').
    if (this.options.groupable?.(job.name) && !options.onProgress) return this.groups.add(job, options);
    return this.runAlone(job, options);
  }

  private runAlone(job: EngineJob, options: RunOptions): Promise<RunOutcome> {
    const data: EngineJobData = { name: job.name, input: job.input, units: job.units, presented: job.presented, timeoutMs: this.options.timeoutMs };
    if (options.onProgress) data.progress = true;
    return this.submit(data, this.options.timeoutMs, options) as Promise<RunOutcome>;
  }

  /** A batch chunk as one job: one worker thread runs its items in order until the deadline. */
  runChunk(job: ChunkJob, options: RunOptions = {}): Promise<ChunkOutcome> {
    const data = { name: job.name, inputs: job.inputs, units: job.units, deadline: job.deadline, mode: job.mode, ...(job.maxBytes !== undefined ? { maxBytes: job.maxBytes } : {}) };
    return this.submit(data, Math.max(1, job.deadline - Date.now()), options) as Promise<ChunkOutcome>;
  }

  /** The threads live workers offer now (at least 1, so a batch still tries and gets the usual 503). */
  async capacity(): Promise<number> {
    return Math.max(1, (await this.health()).threads);
  }

  /** `onRefused(k, refusal)`: a group's calls from the k-th on found no room in the backlog (answer them now). */
  private async submit(data: EngineJobData, limitMs: number, options: RunOptions, onRefused?: (from: number, refusal: NotRun) => void): Promise<RunOutcome | ChunkOutcome | GroupOutcome | NotRun> {
    if (options.signal?.aborted) return CANCELED;
    if (this.closed) return unavailable(MESSAGES.stopping);
    if (!this.connected()) return unavailable(MESSAGES.redisDown);
    const jobId = randomUUID();
    // Admission and the add leave together on BullMQ's connection, admission first, so Redis
    // runs them in that order (scripts.ts admit): a worker that takes the job at once finds its
    // tickets. A group admitted in part is added whole: its worker runs the calls that hold a
    // ticket, the first ones. A job added for a call then refused is removed; a worker that
    // took it first finds no ticket and skips it.
    const admitted = this.bounded(this.admission.admit(jobId, this.startBudgetMs + TICKET_GRACE_MS, this.options.maxBacklog ?? -1, BACKLOG_PER_THREAD, data.calls?.length ?? 1));
    const added = this.bounded(this.queue.add(data.name, { ...data, replyTo: this.replyChannel }, { jobId, attempts: 1, removeOnComplete: true, removeOnFail: true }));
    added.catch(noop);
    const drop = (): Promise<void> => added.then(() => this.queue.remove(jobId)).then(noop, noop);
    // Waiting before either answer, so a worker's push cannot come first; busy (left alone by
    // the monitor, whose status check could run before the add) until both are answered.
    let waiter!: Waiter;
    const outcome = new Promise<RunOutcome | ChunkOutcome | GroupOutcome>((resolve) => {
      waiter = { jobId, startBy: Date.now() + this.startBudgetMs, busy: true, limitMs, onStart: options.onStart, onProgress: data.progress ? options.onProgress : undefined, resolve };
      this.waiting.set(jobId, waiter);
    });
    let admission;
    try {
      admission = await admitted;
    } catch (err) {
      this.waiting.delete(jobId);
      void drop();
      return unavailable(`${MESSAGES.redisDown}: ${(err as Error).message}`);
    }
    if (!admission.admitted) {
      this.waiting.delete(jobId);
      // Removed before the refusal is answered, so a refused call leaves no job behind it (one
      // round trip, refusals only; bounded, as Redis answered the admission just now).
      await this.bounded(drop()).catch(noop);
      if (admission.reason === 'no_worker') return unavailable(MESSAGES.noWorker, RETRY_LATER_S);
      return saturatedQueue(admission.waiting, admission.limit);
    }
    // A group with room for only its first calls: those run, the rest are refused now, as they would be alone.
    if (data.calls && admission.calls < data.calls.length) onRefused?.(admission.calls, saturatedQueue(admission.waiting, admission.limit));

    try {
      await added;
    } catch (err) {
      this.waiting.delete(jobId);
      this.scripts.withdraw(jobId).catch(noop); // a worker that finds the job anyway skips it
      return unavailable(`${MESSAGES.redisDown}: ${(err as Error).message}`);
    }
    waiter.busy = false;
    const signal = options.signal;
    if (signal) {
      const onAbort = () => void this.cancel(jobId);
      if (signal.aborted) onAbort(); // while it was being admitted
      else {
        signal.addEventListener('abort', onAbort, { once: true });
        void outcome.finally(() => signal.removeEventListener('abort', onAbort));
      }
    }
    this.monitor ??= setInterval(() => void this.check(), MONITOR_MS);
    return outcome;
  }

  /** Redis reachable, and the live workers and threads it knows (for /readyz and metrics). */
  async health(): Promise<{ redis: boolean; workers: number; threads: number }> {
    if (!this.connected()) return { redis: false, workers: 0, threads: 0 };
    try {
      return { redis: true, ...(await this.bounded(this.scripts.live())) };
    } catch {
      return { redis: false, workers: 0, threads: 0 };
    }
  }

  /** Calls waiting for a worker across the cluster, and jobs running (for metrics). */
  async depth(): Promise<{ waiting: number; active: number }> {
    const [waiting, active] = await this.bounded(Promise.all([this.scripts.waiting(), this.queue.getActiveCount()]));
    return { waiting, active };
  }

  /** Calls this node waits for. */
  get inFlight(): number {
    return this.waiting.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.sweeper.stop();
    this.stopMonitor();
    const ids = [...this.waiting.keys()];
    for (const id of ids) this.settle(id, unavailable(MESSAGES.stopping));
    // Calls not yet started will not be run for anybody: let workers skip them.
    if (this.redis.status === 'ready') await this.bounded(Promise.all([...ids.map((id) => this.scripts.withdraw(id)), this.unlinkReceived()])).catch(noop);
    await this.queue.close().catch(noop);
    this.replies.disconnect();
    this.redis.disconnect();
    this.queueRedis.disconnect();
  }

  /** Both connections a call needs are up (the job add and the producer's own commands). */
  private connected(): boolean {
    return this.redis.status === 'ready' && this.queueRedis.status === 'ready';
  }

  /**
   * The caller canceled: a job no worker has claimed is withdrawn (it never runs, or, a light job
   * a worker runs before claiming it, is stopped and its answer dropped); a claimed one is flagged
   * and announced, and its worker stops the thread running it (consumer.ts). Either
   * way the caller is answered at once; an outcome its worker still stores expires unread.
   */
  private async cancel(jobId: string): Promise<void> {
    if (!this.waiting.has(jobId)) return;
    this.settle(jobId, CANCELED);
    try {
      if (await this.bounded(this.scripts.withdraw(jobId))) {
        this.queue.remove(jobId).catch(noop);
        // A light job runs before its claim (consumer.ts runLight): its worker, if it has it, stops it.
        this.redis.publish(KEYS.cancelChannel, jobId).catch(noop);
      } else await this.bounded(this.scripts.cancel(jobId, CANCEL_TTL_MS));
    } catch {
      // Redis away: take the ticket back once it answers, as for calls answered during an outage.
      this.abandoned.set(jobId, Date.now() + this.startBudgetMs + TICKET_GRACE_MS);
      this.monitor ??= setInterval(() => void this.check(), MONITOR_MS);
    }
  }

  private settle(jobId: string, outcome: RunOutcome | ChunkOutcome | GroupOutcome): void {
    const w = this.waiting.get(jobId);
    if (!w) return;
    this.waiting.delete(jobId);
    if (this.waiting.size === 0 && this.abandoned.size === 0) this.stopMonitor();
    w.resolve(outcome);
  }

  private stopMonitor(): void {
    clearInterval(this.monitor);
    this.monitor = undefined;
  }

  /** One pass over the calls this node waits for (see the table in the header). */
  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      if (this.abandoned.size && this.redis.status === 'ready') await this.withdrawAbandoned();
      const ids = [...this.waiting.values()].filter((w) => !w.busy).map((w) => w.jobId);
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        let status;
        const asked = Date.now();
        try {
          if (this.redis.status !== 'ready') throw new Error('not connected');
          status = await this.bounded(this.scripts.status(chunk));
          this.redisDownSince = undefined;
        } catch {
          // Counted from the first check that got no answer (a frozen Redis takes the command bound to fail).
          this.redisDownSince ??= asked;
          if (Date.now() - this.redisDownSince >= REDIS_OUTAGE_GRACE_MS) {
            for (const id of ids) {
              if (!this.waiting.has(id) || this.waiting.get(id)!.busy) continue;
              this.abandoned.set(id, Date.now() + this.startBudgetMs + TICKET_GRACE_MS);
              this.settle(id, unavailable(MESSAGES.redisDown));
            }
          }
          return;
        }
        this.apply(chunk, status.states, status.liveThreads);
      }
    } finally {
      this.checking = false;
      if (this.waiting.size === 0 && this.abandoned.size === 0) this.stopMonitor();
    }
  }

  /** Takes back the tickets of calls answered during an outage, so no worker runs them for nobody. */
  private async withdrawAbandoned(): Promise<void> {
    const now = Date.now();
    for (const [id, until] of this.abandoned) if (until <= now) this.abandoned.delete(id); // lapsed: the sweep has it
    const ids = [...this.abandoned.keys()];
    try {
      await this.bounded(Promise.all(ids.map(async (id) => ((await this.scripts.withdraw(id)) ? this.queue.remove(id) : 0))));
      for (const id of ids) this.abandoned.delete(id);
    } catch {
      // still away: the next check tries again
    }
  }

  private apply(ids: string[], states: JobState[], liveThreads: number): void {
    const now = Date.now();
    ids.forEach((id, i) => {
      const w = this.waiting.get(id);
      if (!w || w.busy) return;
      switch (states[i]) {
        case JobState.Waiting:
          if (now >= w.startBy || liveThreads <= 0) void this.withdraw(w, liveThreads);
          break;
        case JobState.Running:
          if (w.runningSince === undefined) {
            w.runningSince = now;
            w.onStart?.();
          }
          if (now - w.runningSince > w.limitMs + RUN_GRACE_MS) {
            this.settle(id, unavailable(`the engine worker running this call did not answer within its time limit of ${w.limitMs} ms and ${RUN_GRACE_MS} ms more`));
          }
          break;
        case JobState.Done:
          void this.fetch(w);
          break;
        case JobState.WorkerLapsed:
          this.settle(id, unavailable(MESSAGES.workerDied));
          break;
        default:
          this.settle(id, unavailable(MESSAGES.lost));
      }
    });
  }

  /** Gives up on a call no worker has started; if a worker claimed it meanwhile, keeps waiting. */
  private async withdraw(w: Waiter, liveThreads: number): Promise<void> {
    w.busy = true;
    try {
      if (await this.bounded(this.scripts.withdraw(w.jobId))) {
        this.settle(
          w.jobId,
          liveThreads > 0
            ? { ok: false, reason: 'saturated', message: `No engine worker could start this call within ${this.startBudgetMs} ms` }
            : unavailable(MESSAGES.noWorker, RETRY_LATER_S),
        );
        this.queue.remove(w.jobId).catch(noop); // else the sweeper or the next worker drops it
      }
    } catch {
      // Redis away: the next check decides.
    } finally {
      w.busy = false;
    }
  }

  /** Reads (and deletes) a finished job's outcome. */
  private async fetch(w: Waiter): Promise<void> {
    if (w.busy) return;
    w.busy = true;
    try {
      const json = await this.bounded(this.scripts.takeOutcome(w.jobId));
      if (!this.waiting.has(w.jobId)) return; // its pushed outcome answered it meanwhile
      if (json !== null) this.outcomes.fetched++;
      if (json !== null && w.runningSince === undefined) {
        w.runningSince = Date.now(); // it ran between two checks: it did start
        w.onStart?.();
      }
      this.settle(w.jobId, json === null ? unavailable(MESSAGES.lost) : parseOutcome(json));
    } catch {
      // Redis away: the next check sees the outcome still there (or the outage).
    } finally {
      w.busy = false;
    }
  }

  private bounded<T>(p: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout;
    return Promise.race([
      p,
      new Promise<T>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${this.commandTimeoutMs} ms`)), this.commandTimeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  }
}

/** ioredis options from a redis:// URL (BullMQ gives every Queue/Worker its own connection). */
export interface RedisAddress {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db?: number;
  tls?: Record<string, never>;
}

export function redisOptions(url: string): RedisAddress {
  const u = new URL(url);
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error(`REDIS_URL must be redis:// or rediss:// (got ${u.protocol})`);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

function parseOutcome(json: string): RunOutcome | ChunkOutcome | GroupOutcome {
  try {
    const v = JSON.parse(json) as unknown;
    if (v && typeof v === 'object' && 'ok' in v) return v as RunOutcome | ChunkOutcome | GroupOutcome;
  } catch {
    // fall through
  }
  return unavailable('the engine worker returned no outcome');
}

/** Resolves once `redis` is connected and ready for commands. */
export function untilReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => redis.once('ready', () => resolve()));
}
