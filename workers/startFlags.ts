/**
 * Start flags shared between the pool and its threads, so the time limit counts from the
 * moment a thread starts a call, not from when it was queued: queue wait and a replacement
 * thread's start-up (after a timeout) are not charged to the call. Each call in flight owns one
 * slot of a SharedArrayBuffer; its thread sets the slot's flag to 1 and notifies as it begins,
 * and the pool hears it through Atomics.waitAsync (no polling, no message per call).
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

/** A call's progress as the pool reads it; total 0: nothing reported yet. */
export interface SlotProgress {
  done: number;
  total: number;
}

export class StartFlags {
  readonly buffer: SharedArrayBuffer;
  private readonly cells: Int32Array;
  private readonly free: number[];

  constructor(slots: number) {
    this.buffer = new SharedArrayBuffer(4 * INTS_PER_SLOT * slots);
    this.cells = new Int32Array(this.buffer);
    this.free = Array.from({ length: slots }, (_, i) => slots - 1 - i);
  }

  /** A lowered slot (no progress) for one call, or null when every slot is in use. */
  acquire(): number | null {
    const slot = this.free.pop();
    if (slot === undefined) return null;
    const at = slot * INTS_PER_SLOT;
    Atomics.store(this.cells, at + FLAG, 0);
    Atomics.store(this.cells, at + DONE, 0);
    Atomics.store(this.cells, at + TOTAL, 0);
    return slot;
  }

  release(slot: number): void {
    this.free.push(slot);
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

/** Thread side: raise the call's flag as the call begins (a no-op without a slot). */
export function raiseStartFlag(buffer: SharedArrayBuffer | undefined, slot: number | undefined): void {
  if (!buffer || slot === undefined) return;
  const cells = new Int32Array(buffer);
  const at = slot * INTS_PER_SLOT + FLAG;
  Atomics.store(cells, at, 1);
  Atomics.notify(cells, at);
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
