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
 */
import { CANCELED, type EngineJob, type NotRun, type RunOptions, type RunOutcome } from '../runner.js';

/** Most calls in one group. */
export const MAX_GROUP = 16;
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
  private flushQueued = false;

  constructor(
    private readonly submitOne: SubmitOne,
    private readonly submitGroup: SubmitGroup,
  ) {}

  add(call: EngineJob, options: RunOptions): Promise<RunOutcome> {
    if (options.signal?.aborted) return Promise.resolve(CANCELED);
    return new Promise((resolve) => {
      this.open.push({ call, options, settled: false, resolve });
      if (this.open.length >= MAX_GROUP) this.flush();
      else if (!this.flushQueued) {
        this.flushQueued = true;
        setImmediate(() => {
          this.flushQueued = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    const calls = this.open.filter((w) => {
      if (!w.options.signal?.aborted) return true;
      w.resolve(CANCELED);
      return false;
    });
    this.open = [];
    if (calls.length === 1) {
      const only = calls[0]!;
      void this.submitOne(only.call, only.options).then(only.resolve);
    } else if (calls.length > 1) void this.runGroup(calls);
  }

  private async runGroup(calls: Waiting[]): Promise<void> {
    const group = new AbortController();
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
        { signal: group.signal, onStart: () => calls.forEach((w) => w.options.onStart?.()) },
        (from, refusal) => calls.slice(from).forEach((w) => settle(w, refusal)),
      );
      calls.forEach((w, i) => settle(w, 'outcomes' in out ? (out.outcomes[i] ?? LOST) : out));
    } finally {
      calls.forEach((w, i) => w.options.signal?.removeEventListener('abort', listeners[i]!));
    }
  }
}
