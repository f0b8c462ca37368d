/**
 * The BullMQ engine runner (API side of the distributed deployment). One Queue and one
 * QueueEvents per API process; each call is a job with an API-chosen id, answered by the
 * `completed`/`failed` event of that id from a map of waiting requests. No retries; a dead
 * worker's job fails instead of running twice (maxStalledCount 0 on the worker).
 *
 * Never waits without bound: the backlog is checked before adding (over ENGINE_MAX_QUEUE ->
 * saturated); a job not started within `startBudgetMs` is removed and answered; a started job
 * is answered at the latest `timeoutMs` + grace after its start budget.
 */
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { EngineJob, EngineRunner, RunOutcome } from '../runner.js';
import { ENGINE_QUEUE, KEEP_COMPLETED_S, KEEP_FAILED_S, LOCK_DURATION_MS, QUEUE_PREFIX, STALLED_INTERVAL_MS, type EngineJobData } from './settings.js';

export interface QueueRunnerOptions {
  redisUrl: string;
  /** Engine time limit (ms) the workers apply; used to bound the wait for a started job. */
  timeoutMs: number;
  /** Jobs allowed to wait for a worker across the cluster before calls are refused (429). */
  maxBacklog: number;
  /** How long a call may wait for a worker to start it (ms, default 10 000). */
  startBudgetMs?: number;
  /** Bound on one Redis command of the producer (ms, default 2 000). */
  commandTimeoutMs?: number;
}

interface Waiter {
  resolve(outcome: RunOutcome): void;
}

const unavailable = (message: string): RunOutcome => ({ ok: false, reason: 'unavailable', message });

export class QueueRunner implements EngineRunner {
  private readonly queue: Queue<EngineJobData, RunOutcome>;
  private readonly events: QueueEvents;
  private readonly waiting = new Map<string, Waiter>();
  private readonly startBudgetMs: number;
  private readonly commandTimeoutMs: number;
  private closed = false;
  /** The producer's own connection (shared with its Queue), so its state can be checked per call. */
  private readonly redis: Redis;

  constructor(private readonly options: QueueRunnerOptions) {
    this.startBudgetMs = options.startBudgetMs ?? 10_000;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 2_000;
    const base = redisOptions(options.redisUrl);
    // BullMQ sends INFO before the socket is up, so the offline queue must stay on; the producer
    // fails fast instead by checking the connection state before each call (see `run`).
    this.redis = new Redis({ ...base, maxRetriesPerRequest: 1, connectTimeout: 1_000 });
    this.redis.on('error', () => undefined);
    this.queue = new Queue(ENGINE_QUEUE, { prefix: QUEUE_PREFIX, connection: this.redis });
    this.events = new QueueEvents(ENGINE_QUEUE, { prefix: QUEUE_PREFIX, connection: { ...base, maxRetriesPerRequest: null } });
    this.queue.on('error', () => undefined); // connection errors surface per call as 'unavailable'
    this.events.on('error', () => undefined);
    this.events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, parseOutcome(returnvalue)));
    this.events.on('failed', ({ jobId, failedReason }) => this.settle(jobId, failureOutcome(failedReason)));
  }

  /** Resolves once the event reader is connected (call before serving). */
  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  async run(job: EngineJob): Promise<RunOutcome> {
    if (this.closed) return unavailable('the API node is shutting down');
    if (this.redis.status !== 'ready') return unavailable('the engine queue (Redis) cannot be reached');
    try {
      const backlog = await this.bounded(this.queue.getWaitingCount());
      if (backlog >= this.options.maxBacklog) return { ok: false, reason: 'saturated', message: `The engine queue already holds ${backlog} waiting calls` };
    } catch (err) {
      return unavailable(`the engine queue (Redis) cannot be reached: ${(err as Error).message}`);
    }

    const jobId = randomUUID();
    const startBy = Date.now() + this.startBudgetMs;
    const outcome = new Promise<RunOutcome>((resolve) => this.waiting.set(jobId, { resolve }));
    try {
      await this.bounded(
        this.queue.add(job.name, { name: job.name, input: job.input, units: job.units, startBy }, {
          jobId,
          attempts: 1,
          removeOnComplete: { age: KEEP_COMPLETED_S },
          removeOnFail: { age: KEEP_FAILED_S },
        }),
      );
    } catch (err) {
      this.waiting.delete(jobId);
      return unavailable(`the engine queue (Redis) cannot be reached: ${(err as Error).message}`);
    }
    const watchdog = this.watch(jobId);
    try {
      return await outcome;
    } finally {
      watchdog.cancel();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [id, w] of this.waiting) {
      this.waiting.delete(id);
      w.resolve(unavailable('the API node is shutting down'));
    }
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    this.redis.disconnect();
  }

  private settle(jobId: string, outcome: RunOutcome): void {
    const w = this.waiting.get(jobId);
    if (!w) return;
    this.waiting.delete(jobId);
    w.resolve(outcome);
  }

  /**
   * The bounds on one call: at the start budget a job still waiting is removed and answered;
   * a started one gets the time limit plus the dead-worker detection time, then is answered.
   */
  private watch(jobId: string): { cancel(): void } {
    let timer: NodeJS.Timeout | undefined;
    const hardLimit = this.options.timeoutMs + LOCK_DURATION_MS + STALLED_INTERVAL_MS + 2_000;
    const atStartBudget = async () => {
      if (!this.waiting.has(jobId)) return;
      try {
        if ((await this.bounded(this.queue.remove(jobId))) === 1) {
          const workers = await this.bounded(this.queue.getWorkersCount()).catch(() => -1);
          this.settle(
            jobId,
            workers === 0
              ? unavailable('no engine worker is running')
              : { ok: false, reason: 'saturated', message: `No engine worker could start this call within ${this.startBudgetMs} ms` },
          );
          return;
        }
      } catch {
        // Redis is away: keep the request bounded by the hard limit below.
      }
      timer = setTimeout(atHardLimit, hardLimit);
      timer.unref();
    };
    const atHardLimit = () => this.settle(jobId, unavailable('the engine worker running this call stopped responding; it was not retried'));
    timer = setTimeout(() => void atStartBudget(), this.startBudgetMs);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
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

function parseOutcome(value: unknown): RunOutcome {
  const v = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (v && typeof v === 'object' && 'ok' in v) return v as RunOutcome;
  return unavailable('the engine worker returned no outcome');
}

function failureOutcome(reason: string): RunOutcome {
  if (/stalled/i.test(reason)) return unavailable('the engine worker running this call stopped before it finished; it was not retried');
  return unavailable(`the engine worker failed: ${reason}`);
}
