/**
 * The piscina pool that runs engine calls on worker threads. Used in-process by the embedded API
 * node and by each `worker` process of the distributed deployment.
 *
 * - Time limit: counted from the moment a thread starts the call (see startFlags.ts); when it
 *   passes, the abort signal makes piscina terminate the thread and replace it.
 * - A warm spare: the pool keeps `threads` + 1 threads but runs at most `threads` calls at once,
 *   so one loaded thread is always idle. A thread stopped at the time limit is replaced by the
 *   spare at once (the next call does not wait for a new thread to load the engine, about 0.3-2 s
 *   on these machines), and the new thread becomes the spare. Threads report ready to piscina
 *   only once the engine has loaded (workers/threadEntry.cts), so no call waits on a loading one.
 * - Waiting: a call that no thread starts within `maxWaitMs` (default the time limit, at least
 *   10 s) gives up as saturated (429): a queued call never waits without bound, and giving up on
 *   a call that only waited stops no thread.
 * - Cancel: the caller's signal drops a waiting call, or stops the thread of a running one (the
 *   spare takes its place, as after a timeout), and the call answers 'canceled'. A running call
 *   gets `cancelGraceMs` (default 250 ms) to end by itself first: most calls are light and end
 *   within microseconds, and a stopped thread costs an engine reload (a client that hangs up on a
 *   3 µs call should not cost a thread).
 * - Light calls (the `light` option): those waiting while every thread is busy leave together as
 *   one task (workers/lightCalls.ts), each with its own limit, cancel and answer.
 * - Progress: a call whose caller passes onProgress has its thread store the engine's step
 *   reports in the call's slot (startFlags.ts), read every PROGRESS_POLL_MS while it runs; a call
 *   without onProgress sets up nothing (no timer, no reads).
 * - Admission: at most threads + maxQueue calls in flight, counted here — piscina puts tasks that
 *   carry an abort signal on a side queue that its maxQueue does not bound (seen with 5.3).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import './piscinaInterfaces.js';
import { CHUNK_PARTIAL, isChunkPartial } from './chunkPartial.js';
import { CANCELED, type ChunkJob, type ItemOutcome, type ChunkOutcome, type EngineJob, type EngineRunner, type NotRun, type RunOptions, type RunOutcome } from './runner.js';
import { StartFlags } from './startFlags.js';
import { Gate } from './gate.js';
import { Cancel } from './cancel.js';
import { LightCalls, type GroupedCall, type GroupedOutcome } from './lightCalls.js';

export interface PoolOptions {
  /** Worker threads (default: available cores). */
  threads?: number;
  /** Time limit of one call in ms, from the moment a thread starts it. */
  timeoutMs: number;
  /** Calls allowed to wait for a thread; beyond it calls are refused as saturated. */
  maxQueue: number;
  /** Thread module, an ES module whose default export runs a task (default: workers/thread.js); tests substitute one. */
  filename?: string;
  /** Longest wait for a thread in ms (default max(timeoutMs, 10 000)). */
  maxWaitMs?: number;
  /** Heap limit per thread in MB (default 512). */
  maxOldGenerationSizeMb?: number;
  /** Keep one loaded thread beyond `threads` idle, to replace a stopped one at once (default true). */
  spareThread?: boolean;
  /** How long a canceled running call may still end by itself before its thread is stopped (default CANCEL_GRACE_MS). */
  cancelGraceMs?: number;
  /** Calls light enough to be sent to a thread together while every thread is busy (workers/lightCalls.ts); default none. */
  light?: (name: string) => boolean;
}

/** One call's options: the port's cancel signal and start hook, and a time limit other than the pool's. */
export interface PoolRunOptions extends RunOptions {
  timeoutMs?: number;
}

/** What the pool is doing, for metrics. */
export interface PoolStats {
  /** Calls that may run at once. */
  threads: number;
  /** Threads that have loaded the engine (threads + the spare when all are up). */
  loadedThreads: number;
  /** Calls running now. */
  busy: number;
  /** Calls waiting for a thread. */
  waiting: number;
  /** Calls stopped at the time limit since start (each replaced a thread). */
  timeouts: number;
  /** Canceled calls whose threads were stopped (they had not ended within the grace). */
  canceledStopped: number;
  /** Tasks that carried light calls, and those calls (workers/lightCalls.ts): their ratio is the batching achieved. */
  lightTasks: number;
  lightCalls: number;
}

const MIN_WAIT_MS = 10_000;
/** A canceled running call may end by itself for this long before its thread is stopped. */
export const CANCEL_GRACE_MS = 250;

/** What a thread receives: the job and the slot of its start flag. */
/** `progress`: the caller listens, so the thread stores the engine's step reports in the slot. */
/** `calls`: light calls sent together (workers/lightCalls.ts); the task's own name and slot are then unused. */
export type PoolTask = EngineJob & { startSlot: number; inputs?: unknown[]; deadline?: number; mode?: 'outcomes' | 'texts'; maxBytes?: number; progress?: true; calls?: GroupedCall[] };

/** How often the pool reads the steps of a call whose caller listens for progress. */
export const PROGRESS_POLL_MS = 250;

/** A chunk's thread is stopped this long after its deadline, if an item still runs then. */
export const CHUNK_STOP_GRACE_MS = 1_000;

/** What a thread posts once its engine module has loaded (workers/threadEntry.cts). */
const THREAD_READY = 'engcalc:thread-ready';

/** The answer to a call stopped at its time limit. */
function timedOut(name: string, timeoutMs: number): NotRun {
  return { ok: false, reason: 'timeout', message: `${name} did not finish within the time limit of ${timeoutMs} ms and was stopped`, timeoutMs };
}

const SATURATED: NotRun = { ok: false, reason: 'saturated', message: 'Every engine thread is busy and the queue is full' };

export class EnginePool implements EngineRunner {
  private readonly pool: Piscina<PoolTask, RunOutcome | ChunkOutcome>;
  private readonly timeoutMs: number;
  private readonly maxWaitMs: number;
  private readonly startFlags: StartFlags;
  private readonly allLoaded: Promise<void>;
  private readonly gate: Gate;
  private loaded = 0;
  /** Items finished so far by the chunks running now, by start slot (workers/chunkPartial.ts). */
  private readonly partials = new Map<number, unknown[]>();
  private timeouts = 0;
  private canceledStopped = 0;
  private readonly cancelGraceMs: number;
  private readonly light?: { is: (name: string) => boolean; calls: LightCalls };
  readonly threads: number;

  constructor(options: PoolOptions) {
    this.threads = options.threads ?? availableParallelism();
    this.timeoutMs = options.timeoutMs;
    this.maxWaitMs = options.maxWaitMs ?? Math.max(options.timeoutMs, MIN_WAIT_MS);
    this.cancelGraceMs = options.cancelGraceMs ?? CANCEL_GRACE_MS;
    this.startFlags = new StartFlags(this.threads + options.maxQueue);
    this.gate = new Gate(this.threads);
    const total = this.threads + (options.spareThread === false ? 0 : 1);
    this.pool = new Piscina({
      filename: new URL('./threadEntry.cjs', import.meta.url).href,
      minThreads: total,
      maxThreads: total,
      // The gate lets at most `threads` tasks in; they queue here only while threads reload.
      maxQueue: this.threads + 1,
      idleTimeout: 60_000,
      // 'async': an idle thread waits with Atomics.waitAsync, so its event loop runs and it loads
      // the engine as it starts, not at its first call (as fast as 'sync' on these machines).
      atomics: 'async',
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 512 },
      workerData: { startFlags: this.startFlags.buffer, module: options.filename ?? new URL('./thread.js', import.meta.url).href },
    });
    let resolveLoaded: () => void;
    this.allLoaded = new Promise((resolve) => (resolveLoaded = resolve));
    this.pool.on('message', (message: unknown) => {
      if (isChunkPartial(message)) return void this.partials.get(message[CHUNK_PARTIAL])?.push(...message.items);
      if (message !== THREAD_READY) return;
      if (++this.loaded >= total) resolveLoaded();
    });
    // A thread stopped at the time limit is gone; its replacement reports THREAD_READY again.
    this.pool.on('workerDestroy', () => (this.loaded = Math.max(0, this.loaded - 1)));
    if (options.light) {
      const calls = new LightCalls({
        gate: this.gate,
        flags: this.startFlags,
        send: (group, signal) => this.pool.run({ name: 'engine.group', input: {}, startSlot: -1, calls: group }, { signal }) as unknown as Promise<GroupedOutcome[]>,
        timeoutMs: this.timeoutMs,
        maxWaitMs: this.maxWaitMs,
        cancelGraceMs: this.cancelGraceMs,
        saturated: SATURATED,
        notStarted: () => this.notStarted(),
        timedOut: (name) => timedOut(name, this.timeoutMs),
        onTimeout: () => this.timeouts++,
        onCanceledStopped: () => this.canceledStopped++,
      });
      this.gate.other = calls;
      this.light = { is: options.light, calls };
    }
  }

  stats(): PoolStats {
    return { threads: this.threads, loadedThreads: this.loaded, busy: this.gate.inUse, waiting: this.gate.queued + (this.light?.calls.waiting ?? 0) + this.pool.queueSize, timeouts: this.timeouts, canceledStopped: this.canceledStopped, lightTasks: this.light?.calls.tasks ?? 0, lightCalls: this.light?.calls.calls ?? 0 };
  }

  /**
   * Resolves once every thread has loaded the engine and can start a call at once (a fresh
   * thread needs a few hundred ms for that). Processes wait for it before they report ready.
   */
  ready(): Promise<void> {
    return this.allLoaded;
  }

  run(job: EngineJob, options: PoolRunOptions = {}): Promise<RunOutcome> {
    if (this.isLight(job, options)) return this.light!.calls.run(job, options);
    return this.submit<RunOutcome>(job, options.timeoutMs ?? this.timeoutMs, options);
  }

  /**
   * Several calls at once, one outcome each in order (a queue job's group of light calls): light
   * ones leave for a thread together when they can; the others run as single calls.
   */
  runMany(jobs: EngineJob[], options: RunOptions = {}): Promise<RunOutcome>[] {
    if (this.light && jobs.every((job) => this.isLight(job, options))) return this.light.calls.runMany(jobs, options);
    return jobs.map((job) => this.run(job, options));
  }

  /** Light, and nothing asks for the single path's extras (a start hook, progress, a limit of its own). */
  private isLight(job: EngineJob, options: PoolRunOptions): boolean {
    return !!this.light && !options.onStart && !options.onProgress && options.timeoutMs === undefined && this.light.is(job.name);
  }

  /**
   * A batch chunk: one thread runs its items in order until the deadline (see ChunkJob). Its
   * limits are the deadline's, read when they start: it waits for a thread until the deadline at
   * most, and its thread is stopped CHUNK_STOP_GRACE_MS after the deadline, however long it
   * waited (a limit counted from the chunk's submission let a chunk that started late run that
   * much past the batch's deadline: up to twice the batch's time limit).
   */
  async runChunk(job: ChunkJob, options: RunOptions = {}): Promise<ChunkOutcome> {
    const untilDeadline = () => Math.max(1, job.deadline - Date.now());
    const partial: unknown[] = [];
    const task = { name: job.name, input: {}, units: job.units, inputs: job.inputs, deadline: job.deadline, mode: job.mode, maxBytes: job.maxBytes };
    const out = await this.submit<ChunkOutcome>(task, () => untilDeadline() + CHUNK_STOP_GRACE_MS, options, partial, untilDeadline);
    // Stopped at the deadline with an item still running: the items it had finished keep their answers.
    if (!out.ok && out.reason === 'timeout' && partial.length) return job.mode === 'texts' ? { ok: true, texts: partial as string[] } : { ok: true, outcomes: partial as ItemOutcome[] };
    return out;
  }

  async capacity(): Promise<number> {
    return this.threads;
  }

  /**
   * `timeoutMs`: the run's limit, or a function giving it when the run starts; `waitMs`: the
   * longest wait for a thread, when shorter than maxWaitMs (read when the wait begins).
   */
  private async submit<T extends RunOutcome | ChunkOutcome>(
    job: Omit<PoolTask, 'startSlot'>,
    timeoutMs: number | (() => number),
    options: RunOptions,
    partial?: unknown[],
    waitMs?: () => number,
  ): Promise<T | NotRun> {
    if (options.signal?.aborted) return CANCELED;
    const slot = this.startFlags.acquire();
    if (slot === null) return SATURATED;
    if (partial) this.partials.set(slot, partial);
    const controller = new Cancel();
    // The caller's cancel aborts the same controller as the limits do: piscina drops a waiting
    // task, and terminates the thread of a running one (the spare takes its place) unless the
    // call ends within the grace.
    let canceled = false;
    let started = false;
    let settled = false;
    let entered = false;
    let grace: NodeJS.Timeout | undefined;
    const cancel = () => {
      canceled = true;
      if (!entered) return controller.abort();
      grace = setTimeout(() => {
        if (settled) return;
        this.canceledStopped++;
        controller.abort();
      }, this.cancelGraceMs);
    };
    options.signal?.addEventListener('abort', cancel, { once: true });
    const waitLimitMs = waitMs ? Math.min(this.maxWaitMs, waitMs()) : this.maxWaitMs;
    let timer = setTimeout(() => controller.abort(), waitLimitMs); // the wait for a thread
    let limitMs = typeof timeoutMs === 'number' ? timeoutMs : 0;
    // Progress only for single calls whose caller listens: nothing is set up for the others.
    const onProgress = partial ? undefined : options.onProgress;
    let stopWatching: (() => void) | undefined;
    try {
      entered = await this.gate.enter(controller);
      if (!entered) return canceled ? CANCELED : this.notStarted(waitLimitMs);
      this.startFlags.whenRaised(slot, () => {
        if (settled) return;
        started = true;
        clearTimeout(timer);
        if (typeof timeoutMs === 'function') limitMs = timeoutMs();
        timer = setTimeout(() => controller.abort(), limitMs); // the run itself
        options.onStart?.();
        if (onProgress) stopWatching = watchProgress(this.startFlags, slot, onProgress);
      });
      const outcome = (await this.pool.run(onProgress ? { ...job, startSlot: slot, progress: true } : { ...job, startSlot: slot }, { signal: controller })) as T;
      return canceled ? CANCELED : outcome; // ended within the grace: its thread is kept, its answer is nobody's
    } catch (err) {
      if (controller.aborted || (err as Error)?.name === 'AbortError') {
        if (canceled) return CANCELED;
        if (!started) return this.notStarted(waitLimitMs);
        this.timeouts++;
        return timedOut(job.name, limitMs);
      }
      if ((err as Error)?.message === 'Task queue is at limit') return SATURATED;
      throw err;
    } finally {
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      stopWatching?.();
      options.signal?.removeEventListener('abort', cancel);
      this.partials.delete(slot);
      if (entered) this.gate.leave();
      this.startFlags.release(slot);
    }
  }

  private notStarted(waitedMs = this.maxWaitMs): NotRun {
    return { ok: false, reason: 'saturated', message: `No engine thread could start this call within ${waitedMs} ms` };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

/**
 * Reads a running call's steps from its slot every PROGRESS_POLL_MS (an unref'd timer) and passes
 * them on when `done` changed. The returned stop reads once more, so a finished call's last
 * steps (usually done = total) still reach the caller, before its answer.
 */
function watchProgress(flags: StartFlags, slot: number, onProgress: (done: number, total: number) => void): () => void {
  let lastDone = 0;
  const read = () => {
    const { done, total } = flags.progress(slot);
    if (total <= 0 || done === lastDone) return;
    lastDone = done;
    onProgress(done, total);
  };
  const timer = setInterval(read, PROGRESS_POLL_MS).unref();
  return () => {
    clearInterval(timer);
    read();
  };
}
