/**
 * Start flags shared between the pool and its threads, so the time limit counts from the
 * moment a thread starts a call, not from when it was queued: queue wait and a replacement
 * thread's start-up (after a timeout) are not charged to the call. Each call in flight owns one
 * slot of a SharedArrayBuffer; its thread sets the slot's flag to 1 and notifies as it begins,
 * and the pool hears it through Atomics.waitAsync (no polling, no message per call).
 *
 * A slot also records when its call started (a double beside the integers, written before the
 * flag), so a pool that does not wait on the flag (light calls, workers/lightCalls.ts) can still
 * count the time limit from the start when it looks; and a call not yet started can be skipped
 * (SKIP: the pool dropped it, the thread does not start it).
 *
 * A slot also carries the call's progress (`done` of `total` steps, RunContext.progress): the
 * thread stores two integers whenever the engine reports, and the pool reads them only for a
 * call whose caller asked for progress (workers/pool.ts), so a report costs two stores and no
 * message.
 */
const INTS_PER_SLOT = 3;
const FLAG = 0;
const DONE = 1;
const TOTAL = 2;
/** Flag values: waiting, started, dropped before it started (the thread skips it). */
const WAITING = 0;
const STARTED = 1;
const SKIP = 2;

/** The clock the start times are written in: the same in every thread of the process, and never set back. */
export const startClock = (): number => performance.timeOrigin + performance.now();

/** A call's progress as the pool reads it; total 0: nothing reported yet. */
export interface SlotProgress {
  done: number;
  total: number;
}

export class StartFlags {
  readonly buffer: SharedArrayBuffer;
  private readonly cells: Int32Array;
  private readonly startTimes: Float64Array;
  private readonly free: number[];

  constructor(slots: number) {
    this.buffer = new SharedArrayBuffer(startTimesOffset(slots) + 8 * slots);
    this.cells = new Int32Array(this.buffer, 0, INTS_PER_SLOT * slots);
    this.startTimes = new Float64Array(this.buffer, startTimesOffset(slots), slots);
    this.free = Array.from({ length: slots }, (_, i) => slots - 1 - i);
  }

  /** A lowered slot (no progress) for one call, or null when every slot is in use. */
  acquire(): number | null {
    const slot = this.free.pop();
    if (slot === undefined) return null;
    const at = slot * INTS_PER_SLOT;
    Atomics.store(this.cells, at + FLAG, WAITING);
    Atomics.store(this.cells, at + DONE, 0);
    Atomics.store(this.cells, at + TOTAL, 0);
    return slot;
  }

  release(slot: number): void {
    this.free.push(slot);
  }

  /** Lowers the slot again (its call is to be sent anew). */
  reset(slot: number): void {
    Atomics.store(this.cells, slot * INTS_PER_SLOT + FLAG, WAITING);
  }

  /** When the slot's call started (startClock ms), or null while it has not. */
  startedAt(slot: number): number | null {
    return Atomics.load(this.cells, slot * INTS_PER_SLOT + FLAG) === STARTED ? (this.startTimes[slot] as number) : null;
  }

  /**
   * Marks a call not yet started as dropped, so its thread skips it; false when the thread has
   * started it already (the flag decides atomically, so a call is either skipped or started).
   */
  skip(slot: number): boolean {
    const at = slot * INTS_PER_SLOT + FLAG;
    return Atomics.compareExchange(this.cells, at, WAITING, SKIP) === WAITING;
  }

  /** Calls `onStart` once the slot's thread has raised it. */
  whenRaised(slot: number, onStart: () => void): void {
    const wait = Atomics.waitAsync(this.cells, slot * INTS_PER_SLOT + FLAG, 0);
    if (wait.async) void wait.value.then(onStart);
    else onStart(); // already raised
  }

  /** The steps the slot's thread last reported. */
  progress(slot: number): SlotProgress {
    const at = slot * INTS_PER_SLOT;
    return { done: Atomics.load(this.cells, at + DONE), total: Atomics.load(this.cells, at + TOTAL) };
  }
}

/** Where the start times begin in the buffer (8-byte aligned, after the integers). */
function startTimesOffset(slots: number): number {
  return Math.ceil((4 * INTS_PER_SLOT * slots) / 8) * 8;
}

/**
 * Thread side: raise the call's flag as the call begins, with its start time (a no-op without a
 * slot). False when the pool dropped the call before it started: the thread must not run it.
 */
export function raiseStartFlag(buffer: SharedArrayBuffer | undefined, slot: number | undefined): boolean {
  if (!buffer || slot === undefined || slot < 0) return true;
  const { cells, startTimes } = threadViews(buffer);
  const at = slot * INTS_PER_SLOT + FLAG;
  startTimes[slot] = startClock();
  if (Atomics.compareExchange(cells, at, WAITING, STARTED) !== WAITING) return false;
  Atomics.notify(cells, at);
  return true;
}

let views: { buffer: SharedArrayBuffer; cells: Int32Array; startTimes: Float64Array } | undefined;
/** A thread's views of its pool's buffer (one buffer per thread: made once). */
function threadViews(buffer: SharedArrayBuffer): { cells: Int32Array; startTimes: Float64Array } {
  if (views?.buffer !== buffer) {
    const slots = slotCount(buffer);
    views = { buffer, cells: new Int32Array(buffer, 0, INTS_PER_SLOT * slots), startTimes: new Float64Array(buffer, startTimesOffset(slots), slots) };
  }
  return views;
}

/** The slots a buffer made by StartFlags holds (each slot: INTS_PER_SLOT ints and one double). */
function slotCount(buffer: SharedArrayBuffer): number {
  // bytes = ceil(12 n / 8) * 8 + 8 n; solved for n (the padding is at most 4 bytes).
  return Math.floor(buffer.byteLength / (4 * INTS_PER_SLOT + 8));
}

/**
 * Thread side: the RunContext.progress of a call, storing `done` of `total` in its slot
 * (undefined without a slot: the engine then skips its reports). Total first, so the pool never
 * reads a `done` beyond the total it belongs to.
 */
export function slotProgress(buffer: SharedArrayBuffer | undefined, slot: number | undefined): ((done: number, total: number) => void) | undefined {
  if (!buffer || slot === undefined) return undefined;
  const cells = new Int32Array(buffer);
  const at = slot * INTS_PER_SLOT;
  return (done, total) => {
    Atomics.store(cells, at + TOTAL, total);
    Atomics.store(cells, at + DONE, done);
  };
}
