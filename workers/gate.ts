/**
 * The pool's places: at most `size` piscina tasks at once (one per thread), the rest waiting
 * here in arrival order. Two kinds wait: single calls (each its own task, `enter`) and light
 * calls (workers/lightCalls.ts, which sends the ones waiting together as one task). A freed
 * place goes to whichever waited longest, so neither kind can starve the other; a place is
 * handed over directly, so `free > 0` only while nobody waits.
 */

import type { CancelSignal } from './runner.js';

/** The light calls' queue, as the gate sees it. */
export interface OtherWaiters {
  /** Arrival number of the oldest waiting light call, undefined when none waits. */
  oldest(): number | undefined;
  /** Takes the place just freed (it sends its waiting calls). */
  admit(): void;
}

export class Gate {
  private free: number;
  private arrivals = 0;
  private readonly waiters: { arrival: number; admit: () => void }[] = [];
  /** The light calls, when the pool has them. */
  other?: OtherWaiters;

  constructor(private readonly size: number) {
    this.free = size;
  }

  get inUse(): number {
    return this.size - this.free;
  }

  get queued(): number {
    return this.waiters.length;
  }

  /** The next arrival number (both kinds count from one clock). */
  arrival(): number {
    return this.arrivals++;
  }

  /** Takes a free place at once, or false (then the caller waits: a freed place asks `other`). */
  tryEnter(): boolean {
    if (this.free <= 0) return false;
    this.free--;
    return true;
  }

  /** Resolves true once the call may go in, false when `signal` aborts first. */
  enter(signal: CancelSignal): Promise<boolean> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(true);
    }
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = {
        arrival: this.arrival(),
        admit: () => {
          signal.removeEventListener('abort', onAbort);
          resolve(true);
        },
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Frees a place: it passes straight to the longest waiting single call or light calls. */
  leave(): void {
    const single = this.waiters[0];
    const light = this.other?.oldest();
    if (single && (light === undefined || single.arrival < light)) {
      this.waiters.shift();
      single.admit();
    } else if (light !== undefined) this.other!.admit();
    else this.free++;
  }
}
