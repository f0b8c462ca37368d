/**
 * Light calls leave for threads together (the pool's micro-batching, issue 17): the light calls
 * made in one turn of the event loop leave at the end of that turn, and when a place frees,
 * every light call waiting then; up to MAX_LIGHT_GROUP go to one thread as one piscina task,
 * which runs them one after another and answers them all in one message. The only wait this adds
 * is the rest of the turn (microseconds); a call alone in its turn goes alone. Hand-offs are what
 * a light call costs the API's main thread (each task is two cross-thread wake-ups and a
 * structured clone each way; on a 2-core VM that, not the microseconds of a black-oil
 * correlation, is the cost): measured, the turn's calls together took the embedded light call
 * from 0.42-0.44 to 0.48-0.49 of the bare-Koa floor.
 *
 * Every call keeps its own time limit, counted from its own start: its thread writes the start
 * time in the call's slot (startFlags.ts), and the pool looks only when the call's timer fires
 * (no wake-up per start). A call past its limit is answered timeout and its thread stopped; the
 * group's other unanswered calls are sent again (engine functions are pure: one that had
 * finished gives the same answer twice). A call canceled or past its wait before its thread
 * reached it is marked in its slot and skipped; one canceled while running gets the pool's
 * grace before its thread is stopped, as a single call does. A thread that fails (not stopped by
 * the pool) sends its unanswered calls again one by one, so a call that kills threads fails alone.
 *
 * Which calls are light is the pool's option; the API and the workers pass isLightCall below.
 */
import { CANCELED, type CancelSignal, type EngineJob, type NotRun, type RunOptions, type RunOutcome } from './runner.js';
import type { Gate, OtherWaiters } from './gate.js';
import { Cancel } from './cancel.js';
import { startClock, type StartFlags } from './startFlags.js';
import { findDefinition } from '../engine/catalogue.js';

/**
 * Calls light enough to travel together, to a thread (here) or in one queue job
 * (workers/queue/callGroups.ts): the closed-form and small iterative correlations, microseconds
 * to a few milliseconds each at their largest inputs. EOS, well, decline and economics calls
 * always travel alone.
 */
const LIGHT_MODULES = new Set(['pvt', 'gas', 'units']);
export function isLightCall(name: string): boolean {
  return LIGHT_MODULES.has(findDefinition(name)?.module ?? '');
}

/** Most calls sent to a thread in one task. */
export const MAX_LIGHT_GROUP = 16;

/** One call of a group as its thread receives it. */
export interface GroupedCall {
  name: string;
  input: Record<string, unknown>;
  units?: 'field' | 'metric';
  presented?: true;
  startSlot: number;
}

/** A group's answer from its thread: one per call, null for a call it skipped. */
export type GroupedOutcome = RunOutcome | { ok: false; reason: 'internal'; message: string } | null;

export interface LightCallsDeps {
  gate: Gate;
  flags: StartFlags;
  /** Sends a group to a thread as one task; rejects when `signal` stopped it or its thread failed. */
  send(calls: GroupedCall[], signal: Cancel): Promise<GroupedOutcome[]>;
  timeoutMs: number;
  maxWaitMs: number;
  cancelGraceMs: number;
  /** The answer to a call with no slot left (the pool's saturation refusal). */
  saturated: NotRun;
  /** The answer to a call that waited its whole wait limit. */
  notStarted(): NotRun;
  /** The answer to a call stopped at its time limit (the pool's, as for a single call). */
  timedOut(name: string): NotRun;
  onTimeout(): void;
  onCanceledStopped(): void;
}

interface Group {
  calls: LightCall[];
  controller: Cancel;
  over: boolean;
}

interface LightCall {
  arrival: number;
  job: EngineJob;
  slot: number;
  signal?: CancelSignal;
  onAbort?: () => void;
  resolve(outcome: RunOutcome): void;
  reject(err: unknown): void;
  answered: boolean;
  group?: Group;
  /** Sent alone from now on (its thread failed with it in a group). */
  alone?: boolean;
  /** When it began (again) to wait for a thread (startClock ms). */
  queuedAt: number;
  timer?: NodeJS.Timeout;
}

export class LightCalls implements OtherWaiters {
  private readonly queue: LightCall[] = [];
  private pumpQueued = false;
  /** Tasks sent so far, and the light calls in them (a call sent again counts again). */
  tasks = 0;
  calls = 0;

  constructor(private readonly deps: LightCallsDeps) {}

  get waiting(): number {
    return this.queue.length;
  }

  run(job: EngineJob, options: RunOptions = {}): Promise<RunOutcome> {
    const out = this.add(job, options);
    this.pumpAtEndOfTurn();
    return out;
  }

  /** Several calls at once (a queue job's group): queued together, so they leave together. */
  runMany(jobs: EngineJob[], options: RunOptions = {}): Promise<RunOutcome>[] {
    const out = jobs.map((job) => this.add(job, options));
    this.pump();
    return out;
  }

  oldest(): number | undefined {
    return this.queue[0]?.arrival;
  }

  /** The gate gave this queue a place: the calls waiting now leave as one task. */
  admit(): void {
    const head = this.queue[0];
    const calls = head?.alone ? this.queue.splice(0, 1) : this.queue.splice(0, MAX_LIGHT_GROUP);
    if (!calls.length) return this.deps.gate.leave();
    this.send(calls);
  }

  private add(job: EngineJob, options: RunOptions): Promise<RunOutcome> {
    if (options.signal?.aborted) return Promise.resolve(CANCELED);
    const slot = this.deps.flags.acquire();
    if (slot === null) return Promise.resolve(this.deps.saturated);
    return new Promise<RunOutcome>((resolve, reject) => {
      const call: LightCall = { arrival: this.deps.gate.arrival(), job, slot, resolve, reject, answered: false, queuedAt: 0 };
      if (options.signal) {
        call.signal = options.signal;
        call.onAbort = () => this.cancel(call);
        options.signal.addEventListener('abort', call.onAbort, { once: true });
      }
      this.wait(call);
      this.queue.push(call);
    });
  }

  /** The waiting calls leave, as many tasks as there are free places. */
  private pump(): void {
    while (this.queue.length && this.deps.gate.tryEnter()) this.admit();
  }

  /**
   * The calls of one turn of the event loop leave together (pump): the requests one poll of the
   * sockets brings (several under load) then cost one hand-off, not one each. The wait is the rest
   * of the turn, microseconds.
   */
  private pumpAtEndOfTurn(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  /**
   * (Re)starts the call's wait for a thread. Its timer first fires at the earlier of its wait
   * limit and its run limit: a call cannot start before now, so no call can pass its run limit
   * unseen; check() then re-arms it for exactly start + limit.
   */
  private wait(call: LightCall): void {
    call.queuedAt = startClock();
    this.arm(call, Math.min(this.deps.maxWaitMs, this.deps.timeoutMs));
  }

  private arm(call: LightCall, ms: number): void {
    clearTimeout(call.timer);
    call.timer = setTimeout(() => this.check(call), Math.max(1, Math.ceil(ms)));
  }

  private send(calls: LightCall[]): void {
    const group: Group = { calls, controller: new Cancel(), over: false };
    this.tasks++;
    this.calls += calls.length;
    for (const call of calls) call.group = group;
    const task = calls.map((c) => ({ name: c.job.name, input: c.job.input, units: c.job.units, presented: c.job.presented, startSlot: c.slot }));
    this.deps
      .send(task, group.controller)
      .then(
        (outcomes) => {
          group.over = true;
          calls.forEach((call, i) => {
            const outcome = outcomes[i];
            if (outcome && !outcome.ok && outcome.reason === 'internal') this.fail(call, new Error(outcome.message));
            else this.answer(call, outcome ?? this.deps.notStarted());
            this.deps.flags.release(call.slot);
          });
        },
        (err: unknown) => {
          group.over = true;
          this.lost(group, err);
        },
      )
      // After the answers and any calls sent again are queued, so the freed place can take them.
      .finally(() => this.deps.gate.leave());
  }

  /** The group's thread was stopped (a neighbour's limit or cancel) or failed: its unanswered calls go again. */
  private lost(group: Group, err: unknown): void {
    const stoppedByPool = group.controller.aborted;
    const again: LightCall[] = [];
    for (const call of group.calls) {
      if (call.answered) {
        this.deps.flags.release(call.slot);
        continue;
      }
      if (!stoppedByPool && call.alone) {
        this.fail(call, err); // it failed alone: its own fault, answered as a single call's would be
        this.deps.flags.release(call.slot);
        continue;
      }
      call.group = undefined;
      if (!stoppedByPool) call.alone = true;
      this.deps.flags.reset(call.slot);
      this.wait(call);
      again.push(call);
    }
    this.queue.unshift(...again); // they arrived before anyone waiting now
  }

  /** The call's timer: past its wait without a start, or maybe past its run limit. */
  private check(call: LightCall): void {
    if (call.answered) return;
    const { flags } = this.deps;
    const started = flags.startedAt(call.slot);
    const now = startClock();
    if (started === null) {
      const waitLeft = call.queuedAt + this.deps.maxWaitMs - now;
      if (waitLeft > 0) return this.arm(call, Math.min(waitLeft, this.deps.timeoutMs));
      if (!call.group) {
        this.dequeue(call);
        this.answer(call, this.deps.notStarted());
        flags.release(call.slot);
        return;
      }
      if (flags.skip(call.slot)) return this.answer(call, this.deps.notStarted()); // its slot frees with its group
      return this.check(call); // its thread started it just now
    }
    const remaining = started + this.deps.timeoutMs - now;
    if (remaining > 0) return this.arm(call, remaining);
    // Finished, with its answer held by a slower neighbour (whose own limit stops it): nothing to do.
    if (!this.running(call)) return;
    this.deps.onTimeout();
    this.answer(call, this.deps.timedOut(call.job.name));
    call.group!.controller.abort();
  }

  private cancel(call: LightCall): void {
    if (call.answered) return;
    this.answer(call, CANCELED);
    const group = call.group;
    if (!group) {
      this.dequeue(call);
      this.deps.flags.release(call.slot);
      return;
    }
    if (this.deps.flags.skip(call.slot)) return; // not started: its thread passes over it
    setTimeout(() => {
      if (group.over || call.group !== group || !this.running(call)) return;
      this.deps.onCanceledStopped();
      group.controller.abort();
    }, this.deps.cancelGraceMs);
  }

  /** Started and still its group's current call (no later call of the group has started). */
  private running(call: LightCall): boolean {
    const group = call.group;
    if (!group || group.over || this.deps.flags.startedAt(call.slot) === null) return false;
    const after = group.calls.slice(group.calls.indexOf(call) + 1);
    return !after.some((c) => this.deps.flags.startedAt(c.slot) !== null);
  }

  private dequeue(call: LightCall): void {
    const i = this.queue.indexOf(call);
    if (i >= 0) this.queue.splice(i, 1);
  }

  private answer(call: LightCall, outcome: RunOutcome): void {
    if (call.answered) return;
    this.settle(call);
    call.resolve(outcome);
  }

  private fail(call: LightCall, err: unknown): void {
    if (call.answered) return;
    this.settle(call);
    call.reject(err);
  }

  private settle(call: LightCall): void {
    call.answered = true;
    clearTimeout(call.timer);
    if (call.onAbort) call.signal?.removeEventListener('abort', call.onAbort);
  }
}
