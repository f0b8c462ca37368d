/**
 * The consumer side: a BullMQ Worker whose concurrency equals its piscina pool's threads, so the
 * backlog stays in Redis where every API node sees it. The worker registers itself (threads it
 * offers, heartbeat every HEARTBEAT_MS) only once every thread has loaded the engine, publishes a
 * job's outcome only once its ticket is claimed (workers/queue/scripts.ts: a long job is claimed
 * before it runs, a light one in the same step as its outcome), leaves the outcome in the job's
 * outcome key and returns a marker, so Redis never holds a result past its caller's read.
 * Nothing is retried; a job whose worker died fails (maxStalledCount 0) instead of running twice.
 */
import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { EnginePool, type PoolRunOptions } from '../pool.js';
import { ENGINE_TIMEOUT_RANGE_MS } from '../../api/config.js';
import { Cancel } from '../cancel.js';
import type { ChunkOutcome, RunOutcome } from '../runner.js';
import { MAX_GROUP, type GroupOutcome } from './callGroups.js';
import { isLightCall } from '../lightCalls.js';
import { redisOptions, untilReady } from './producer.js';
import { QueueScripts } from './scripts.js';
import { writePerTurn } from '../../store/redis/turnWrites.js';
import { Sweeper } from './sweeper.js';
import {
  ENGINE_QUEUE,
  HEARTBEAT_MS,
  KEYS,
  LOCK_DURATION_MS,
  OUTCOME_PUSHED_TTL_MS,
  OUTCOME_TTL_MS,
  PROGRESS_MESSAGE,
  QUEUE_PREFIX,
  SKIPPED,
  STALLED_INTERVAL_MS,
  STORED,
  WORKER_TTL_MS,
  type EngineJobData,
} from './settings.js';

/** What the consumer reports to its process (logs, metrics); every hook is optional. */
export interface ConsumerHooks {
  /** The Redis connection dropped (once per outage). */
  onRedisLost?(error: string): void;
  /** The Redis connection is back after `downMs`. */
  onRedisRestored?(downMs: number): void;
  /** One job ran: its function, outcome (ok, timeout, saturated, unavailable or the engine's reason) and seconds on the pool. */
  onJob?(name: string, outcome: string, seconds: number): void;
  onError?(err: Error): void;
}

export interface ConsumerOptions extends ConsumerHooks {
  redisUrl: string;
  threads: number;
  timeoutMs: number;
  /** Substitute thread entry (tests). */
  threadFilename?: string;
  /** Calls sent to a thread together when they arrive together (default isLightCall; tests name their own). */
  light?: (name: string) => boolean;
}

export interface Consumer {
  id: string;
  worker: Worker<EngineJobData, string>;
  pool: EnginePool;
  /** Registered, connected to Redis and not draining: it can take calls. */
  ready(): boolean;
  /** Jobs running now. */
  readonly active: number;
  /** Stops taking jobs (its threads no longer count), finishes running ones, deregisters, closes. */
  close(): Promise<void>;
}

export async function startConsumer(options: ConsumerOptions): Promise<Consumer> {
  const id = randomUUID();
  const pool = new EnginePool({ threads: options.threads, timeoutMs: options.timeoutMs, maxQueue: options.threads * MAX_GROUP, filename: options.threadFilename, light: options.light ?? isLightCall });
  // Not auto-pipelined (why: producer.ts, QueueRunner.redis).
  const redis = new Redis({ ...redisOptions(options.redisUrl), maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 });
  const scripts = new QueueScripts(redis);
  let draining = false;
  let registered = false;
  let active = 0;
  let closed = false;
  // Its own close disconnects Redis: that is no outage to report.
  watchConnection(redis, { ...options, onRedisLost: (error) => (closed ? undefined : options.onRedisLost?.(error)) });
  // Cancels: the job ids of canceled jobs arrive on a channel; the one running here is stopped.
  const running = new Map<string, Cancel>();
  const listener = new Redis({ ...redisOptions(options.redisUrl), maxRetriesPerRequest: null });
  listener.on('error', () => undefined); // the main connection reports outages
  listener.on('message', (_channel: string, jobId: string) => running.get(jobId)?.abort());
  await listener.subscribe(KEYS.cancelChannel);

  /**
   * A group of light calls (callGroups.ts): handed to the pool together, so they reach a thread
   * as one task when they can (workers/lightCalls.ts), each with its own time limit and answer.
   */
  const runGroup = async (calls: NonNullable<EngineJobData['calls']>, signal: Cancel, limit: PoolRunOptions): Promise<GroupOutcome> => {
    const started = performance.now();
    const outcomes = await Promise.all(
      pool.runMany(calls.map((call) => ({ name: call.name, input: call.input, units: call.units, presented: call.presented })), { signal, ...limit }).map((pending, i) =>
        pending.then((outcome) => {
          options.onJob?.(calls[i]!.name, outcome.ok ? 'ok' : outcome.reason, (performance.now() - started) / 1000);
          return outcome;
        }),
      ),
    );
    return { ok: true, outcomes };
  };

  // BullMQ's own connection, ours so that the claims, outcomes and BullMQ's moves of the jobs running
  // together leave in one write per turn (store/redis/turnWrites.ts); BullMQ opens its blocking one.
  writePerTurn(redis);
  const workerRedis = writePerTurn(new Redis({ ...redisOptions(options.redisUrl), maxRetriesPerRequest: null }));
  workerRedis.on('error', () => undefined); // the main connection reports outages
  // The settles go on BullMQ's connection: the job's completion follows in the same write (below).
  const settles = new QueueScripts(workerRedis);
  const light = options.light ?? isLightCall;

  /**
   * A light job (a group, or one light call without progress) runs before its claim, and its
   * claim and outcome go to Redis in one step (scripts.ts SETTLE): one round trip fewer between
   * its caller and its answer than claim, run, store. Nothing is published unless the claim holds,
   * so a withdrawn or canceled job's answer goes nowhere (its work, microseconds of a pure
   * function, is dropped), and a job is answered once. While it runs, the API node sees it as
   * running (BullMQ's processedBy names this worker: scripts.ts STATUS), so the start budget does
   * not withdraw it and a dead worker is noticed by its heartbeat, as for a claimed job. The
   * settle is not awaited: BullMQ's completion of the job follows it on the same connection, in the
   * same write, and Redis runs the two in that order.
   */
  const runLight = async (job: Job<EngineJobData, string>): Promise<string> => {
    const data = job.data;
    const cancel = new Cancel();
    running.set(job.id!, cancel);
    active++;
    const started = performance.now();
    let shape: 'group' | 'single' = data.calls ? 'group' : 'single';
    let outcomes: string[];
    try {
      const limit = callLimit(data.timeoutMs, options.timeoutMs);
      if (data.calls) outcomes = (await runGroup(data.calls, cancel, limit)).outcomes.map((o) => JSON.stringify(o));
      else {
        const outcome = await pool.run({ name: data.name, input: data.input ?? {}, units: data.units, presented: data.presented }, { signal: cancel, ...limit });
        options.onJob?.(data.name, outcome.ok ? 'ok' : outcome.reason, (performance.now() - started) / 1000);
        outcomes = [JSON.stringify(outcome)];
      }
    } catch (err) {
      options.onError?.(err as Error);
      shape = 'single'; // the whole job's answer: every call of a group gets it
      outcomes = [JSON.stringify(THREAD_FAILED)];
    } finally {
      active--;
      running.delete(job.id!);
    }
    settles.settle(job.id!, shape, outcomes, OUTCOME_TTL_MS, data.replyTo, OUTCOME_PUSHED_TTL_MS).catch((err: Error) => options.onError?.(err));
    return STORED;
  };

  const worker = new Worker<EngineJobData, string>(
    ENGINE_QUEUE,
    async (job) => {
      const data = job.data;
      if (data.calls || (!data.inputs && !data.progress && light(data.name))) return runLight(job);
      // Any other job (a call that may run long, reports progress, or a batch chunk) is claimed first.
      let outcome: RunOutcome | ChunkOutcome;
      const started = performance.now();
      const cancel = new Cancel();
      running.set(job.id!, cancel); // listening before the claim: a cancel is either seen by the check below or heard
      try {
        // The tickets decide: withdrawn (its caller was answered) or void -> not run. The same
        // script tells of a cancel made before.
        const claim = await scripts.claim(job.id!, id, JSON.stringify({ name: data.name, units: data.units }));
        if (claim.calls === 0) return SKIPPED;
        if (claim.canceled) cancel.abort();
        active++;
        try {
          const limit = callLimit(data.timeoutMs, options.timeoutMs);
          outcome = data.inputs
            ? await pool.runChunk({ name: data.name, inputs: data.inputs, units: data.units, deadline: data.deadline ?? Date.now() + options.timeoutMs, mode: data.mode, maxBytes: validBytes(data.maxBytes) }, { signal: cancel })
            : await pool.run({ name: data.name, input: data.input ?? {}, units: data.units, presented: data.presented }, data.progress ? { signal: cancel, onProgress: progressSender(redis, job), ...limit } : { signal: cancel, ...limit });
        } catch (err) {
          options.onError?.(err as Error);
          outcome = THREAD_FAILED;
        } finally {
          active--;
        }
      } finally {
        running.delete(job.id!);
      }
      options.onJob?.(data.name, outcome.ok ? 'ok' : outcome.reason, (performance.now() - started) / 1000);
      await scripts.putOutcome(job.id!, JSON.stringify(outcome), OUTCOME_TTL_MS, data.replyTo, OUTCOME_PUSHED_TTL_MS);
      return STORED;
    },
    {
      // BullMQ writes this into each job it hands us (processedBy): STATUS reads it for light jobs.
      name: id,
      prefix: QUEUE_PREFIX,
      connection: workerRedis,
      concurrency: options.threads,
      maxStalledCount: 0,
      lockDuration: LOCK_DURATION_MS,
      stalledInterval: STALLED_INTERVAL_MS,
      autorun: false,
    },
  );
  worker.on('error', (err) => options.onError?.(err));

  // Registered only when its threads can take calls at once, and Redis answers.
  await pool.ready();
  await untilReady(redis);
  const beat = async () => {
    try {
      await scripts.heartbeat(id, WORKER_TTL_MS, draining ? 0 : options.threads);
      registered = true;
    } catch {
      registered = false; // Redis away: the registration lapses; the next beat renews it
    }
  };
  await beat();
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
  const sweepQueue = new Queue(ENGINE_QUEUE, { prefix: QUEUE_PREFIX, connection: { ...redisOptions(options.redisUrl), maxRetriesPerRequest: 1 } });
  sweepQueue.on('error', () => undefined);
  const sweeper = new Sweeper(scripts, sweepQueue, () => redis.status === 'ready');
  sweeper.start();
  void worker.run().catch((err: Error) => options.onError?.(err));
  await worker.waitUntilReady();

  let closing: Promise<void> | undefined;
  return {
    id,
    worker,
    pool,
    ready: () => registered && !draining && redis.status === 'ready',
    get active() {
      return active;
    },
    close: () =>
      (closing ??= (async () => {
        draining = true;
        sweeper.stop();
        await beat(); // offers 0 threads: admission stops counting this worker at once
        await worker.close(); // running jobs finish (and keep heart-beating)
        clearInterval(heartbeat);
        await scripts.deregister(id).catch(() => undefined);
        await pool.close();
        await sweepQueue.close().catch(() => undefined);
        closed = true;
        listener.disconnect();
        workerRedis.disconnect(); // a connection given to BullMQ is the giver's to close
        redis.disconnect();
      })()),
  };
}

const THREAD_FAILED: RunOutcome = { ok: false, reason: 'unavailable', message: 'the engine thread failed' };

/**
 * A job's onProgress: its steps published on the calling API node's reply channel
 * (`P:<jobId>\n<done>\n<total>`, settings.ts PROGRESS_MESSAGE), where its outcome will come too.
 * The pool reads a call's steps every PROGRESS_POLL_MS and passes only changes, so this sends at
 * most one step per read (and the last step when the call ends): no throttle of its own, which
 * could drop a last step for good. Pub/sub keeps nothing. A job without a reply channel (from an
 * API node older than the push) gets BullMQ job progress, which such a node reads.
 */
function progressSender(redis: Redis, job: Job<EngineJobData, string>): (done: number, total: number) => void {
  const replyTo = job.data.replyTo;
  return (done, total) => {
    // A lost step is not worth failing the call.
    if (replyTo) redis.publish(replyTo, `${PROGRESS_MESSAGE}${job.id}\n${done}\n${total}`).catch(() => undefined);
    else job.updateProgress({ done, total }).catch(() => undefined);
  };
}

/** Reports each loss of the Redis connection once, and its return with the time it was away. */
function watchConnection(redis: Redis, hooks: ConsumerHooks): void {
  let lostAt: number | undefined;
  let lastError = '';
  redis.on('error', (err: Error) => (lastError = err.message));
  const lost = () => {
    if (lostAt !== undefined) return;
    lostAt = Date.now();
    hooks.onRedisLost?.(lastError || 'connection closed');
  };
  let wasReady = false;
  redis.on('ready', () => {
    if (lostAt !== undefined) hooks.onRedisRestored?.(Date.now() - lostAt);
    lostAt = undefined;
    lastError = '';
    wasReady = true;
  });
  redis.on('close', () => {
    if (wasReady) lost();
  });
}

/**
 * The time limit a job's calls run under: the API node's (EngineJobData.timeoutMs) where it
 * differs from this worker's own and is one ENGINE_TIMEOUT_MS could be; none (the pool's own,
 * and light calls keep their shared path) otherwise.
 */
export function callLimit(jobLimitMs: unknown, ownMs: number): PoolRunOptions {
  if (typeof jobLimitMs !== 'number' || !Number.isInteger(jobLimitMs) || jobLimitMs < ENGINE_TIMEOUT_RANGE_MS.min || jobLimitMs > ENGINE_TIMEOUT_RANGE_MS.max || jobLimitMs === ownMs) return {};
  return { timeoutMs: jobLimitMs };
}

/** A job's chunk budget when it is a positive integer (a job from an older API node has none). */
function validBytes(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isSafeInteger(x) && x > 0 ? x : undefined;
}
