/**
 * Start flags shared between the pool and its threads, so the time limit counts from the
 * moment a thread starts a call, not from when it was queued: queue wait and a replacement
 * thread's start-up (after a timeout) are not charged to the call. Each call in flight owns one
 * slot of a SharedArrayBuffer; its thread sets the slot to 1 and notifies as it begins, and the
 * pool hears it through Atomics.waitAsync (no polling, no message per call).
 */
export class StartFlags {
  readonly buffer: SharedArrayBuffer;
  private readonly flags: Int32Array;
  private readonly free: number[];

  constructor(slots: number) {
    this.buffer = new SharedArrayBuffer(4 * slots);
    this.flags = new Int32Array(this.buffer);
    this.free = Array.from({ length: slots }, (_, i) => slots - 1 - i);
  }

  /** A lowered slot for one call, or null when every slot is in use. */
  acquire(): number | null {
    const slot = this.free.pop();
    if (slot === undefined) return null;
    Atomics.store(this.flags, slot, 0);
    return slot;
  }

  release(slot: number): void {
    this.free.push(slot);
  }

  /** Calls `onStart` once the slot's thread has raised it. */
  whenRaised(slot: number, onStart: () => void): void {
    const wait = Atomics.waitAsync(this.flags, slot, 0);
    if (wait.async) void wait.value.then(onStart);
    else onStart(); // already raised
  }
}

/** Thread side: raise the call's flag as the call begins (a no-op without a slot). */
export function raiseStartFlag(buffer: SharedArrayBuffer | undefined, slot: number | undefined): void {
  if (!buffer || slot === undefined) return;
  const flags = new Int32Array(buffer);
  Atomics.store(flags, slot, 1);
  Atomics.notify(flags, slot);
}
