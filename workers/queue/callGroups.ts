/**
 * Light calls that reach one API node together share one queue job (the micro-batching of
 * issue 17): calls arriving within one turn of the event loop, up to MAX_GROUP, leave as a
 * single job — one admission, one BullMQ add, one completion and one outcome read for all of
 * them — and its worker runs them one after another on one of its threads, each as its own pool
 * call, so each keeps its own time limit and its own answer (an engine error or a timeout is that
 * call's alone). A call alone in its turn leaves as a job of its own, exactly as before.
 *
 * Only calls the runner is told are light (QueueRunnerOptions.groupable: black-oil PVT, gas and
 * unit functions, microseconds each) are grouped, so no call waits long behind its neighbours.
 * A group counts against the queue's backlog as its calls (one ticket each, scripts.ts ADMIT);
 * those beyond the room left are refused at once, as they would be alone. Canceling a grouped call
 * answers it at once; the group's job is withdrawn or stopped only when every call in it is
 * canceled (a light call still in it runs for microseconds and its answer is dropped).
 *
 * Under load the turn is too short a window: with 16 callers a turn holds about two calls, so
 * every call paid about half a job's Redis work (admission, add, claim, completion event, outcome
 * read: ~20 commands). So the window is clocked by the node's own jobs: while fewer than
 * MAX_OUTSTANDING submissions of this node are unanswered, calls leave at the end of their turn as
 * before (no added wait when the node is not busy); once that many are out, calls gather until one
 * is answered or for at most WINDOW_MS, whichever comes first, and leave together. Those calls
 * would otherwise wait in the queue behind the outstanding jobs; here they wait as one job.
 */
import { Cancel } from '../cancel.js';
import { CANCELED, type EngineJob, type NotRun, type RunOptions, type RunOutcome } from '../runner.js';

/** Most calls in one group. */
export const MAX_GROUP = 16;
/** Submissions of one node unanswered before its calls gather (see the header). */
export const MAX_OUTSTANDING = 2;
/** The longest a call gathers while MAX_OUTSTANDING submissions are out (ms). */
export const WINDOW_MS = 2;
/** The BullMQ job name of a group. */
export const GROUP_JOB = 'engine.group';

/** A group's outcome from its worker: one outcome per call, in order. */
export type GroupOutcome = { ok: true; outcomes: RunOutcome[] };

/** `onRefused(k, refusal)`: the backlog had room for the first k calls only; the rest are answered with `refusal` at once. */
export type SubmitGroup = (calls: EngineJob[], options: RunOptions, onRefused: (from: number, refusal: NotRun) => void) => Promise<GroupOutcome | NotRun>;
export type SubmitOne = (call: EngineJob, options: RunOptions) => Promise<RunOutcome>;

interface Waiting {
  call: EngineJob;
  options: RunOptions;
  settled: boolean;
  resolve(outcome: RunOutcome): void;
}

const LOST: RunOutcome = { ok: false, reason: 'unavailable', message: 'the engine worker returned no outcome for this call', retryAfterS: 5 };

export class CallGroups {
  private open: Waiting[] = [];
  /** A flush at the end of this turn is queued. */
  private turnQueued = false;
  /** The gathering window's timer (set while calls gather behind outstanding submissions). */
  private window: NodeJS.Timeout | undefined;
  /** Submissions sent and not yet answered. */
  private outstanding = 0;

  constructor(
    private readonly submitOne: SubmitOne,
    private readonly submitGroup: SubmitGroup,
    private readonly maxOutstanding = MAX_OUTSTANDING,
    private readonly windowMs = WINDOW_MS,
  ) {}

  add(call: EngineJob, options: RunOptions): Promise<RunOutcome> {
    if (options.signal?.aborted) return Promise.resolve(CANCELED);
    return new Promise((resolve) => {
      this.open.push({ call, options, settled: false, resolve });
      if (this.open.length >= MAX_GROUP) this.flush();
      else if (this.outstanding < this.maxOutstanding) this.atEndOfTurn();
      else this.window ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  private atEndOfTurn(): void {
    if (this.turnQueued) return;
    this.turnQueued = true;
    setImmediate(() => {
      this.turnQueued = false;
      this.flush();
    });
  }

  private flush(): void {
    clearTimeout(this.window);
    this.window = undefined;
    const calls = this.open.filter((w) => {
      if (!w.options.signal?.aborted) return true;
      w.resolve(CANCELED);
      return false;
    });
    this.open = [];
    if (calls.length === 0) return;
    this.outstanding++;
    const sent = calls.length === 1 ? this.runOne(calls[0]!) : this.runGroup(calls);
    void sent.finally(() => {
      this.outstanding--;
      // Calls gathered behind the outstanding submissions leave now (with any more of this turn).
      if (this.open.length > 0 && this.outstanding < this.maxOutstanding) this.atEndOfTurn();
    });
  }

  private async runOne(only: Waiting): Promise<void> {
    only.resolve(await this.submitOne(only.call, only.options));
  }

  private async runGroup(calls: Waiting[]): Promise<void> {
    const group = new Cancel();
    let live = calls.length;
    const settle = (w: Waiting, outcome: RunOutcome) => {
      if (w.settled) return;
      w.settled = true;
      w.resolve(outcome);
    };
    const listeners = calls.map((w) => {
      const onAbort = () => {
        settle(w, CANCELED);
        if (--live === 0) group.abort(); // nobody waits for the group any more: withdraw or stop it
      };
      w.options.signal?.addEventListener('abort', onAbort, { once: true });
      return onAbort;
    });
    try {
      const out = await this.submitGroup(
        calls.map((w) => w.call),
        { signal: group, onStart: () => calls.forEach((w) => w.options.onStart?.()) },
        (from, refusal) => calls.slice(from).forEach((w) => settle(w, refusal)),
      );
      calls.forEach((w, i) => settle(w, 'outcomes' in out ? (out.outcomes[i] ?? LOST) : out));
    } finally {
      calls.forEach((w, i) => w.options.signal?.removeEventListener('abort', listeners[i]!));
    }
  }
}
