/**
 * Sliding-window limits in one process: "at most `max` in any `windowMs`", exactly, by keeping
 * each key's last `max` times (a ring). A fixed window (a counter reset every minute) lets 2 x max
 * through across a boundary: a black-box probe had 239 requests of one key admitted in 2.2 s
 * against "120 per minute". The Redis adapters (store/redis/slidingLua.ts) keep the same times in
 * a list, so both answer alike.
 */

interface Ring {
  times: Float64Array;
  /** Slot of the next time (the oldest once full). */
  next: number;
  size: number;
}

export class SlidingLog {
  private readonly rings = new Map<string, Ring>();
  private lastSweep = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds until `key` is under its limit again (0: it is). */
  waitMs(key: string, now: number): number {
    const ring = this.rings.get(key);
    if (!ring || ring.size < this.max) return 0;
    // Full: the oldest of the last `max` times leaves the window at oldest + windowMs.
    const oldest = ring.times[ring.next] as number;
    return Math.max(0, oldest + this.windowMs - now);
  }

  /** Records one at `now` whatever the count (the ring keeps the latest `max`). */
  add(key: string, now: number): void {
    this.sweep(now);
    let ring = this.rings.get(key);
    if (!ring) this.rings.set(key, (ring = { times: new Float64Array(this.max), next: 0, size: 0 }));
    ring.times[ring.next] = now;
    ring.next = (ring.next + 1) % this.max;
    ring.size = Math.min(this.max, ring.size + 1);
  }

  /** Records one at `now` when under the limit; otherwise the milliseconds to wait, nothing recorded. */
  admit(key: string, now: number): number {
    const wait = this.waitMs(key, now);
    if (wait > 0) return wait;
    this.add(key, now);
    return 0;
  }

  /** Takes back the latest time (a reserved attempt given back). */
  removeLatest(key: string): void {
    const ring = this.rings.get(key);
    if (!ring || ring.size === 0) return;
    ring.next = (ring.next - 1 + this.max) % this.max;
    ring.times[ring.next] = 0;
    ring.size--;
    if (ring.size === 0) this.rings.delete(key);
  }

  /** Forgets keys whose every time has left the window (at most once a window). */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, ring] of this.rings) {
      const latest = ring.times[(ring.next - 1 + this.max) % this.max] as number;
      if (latest <= now - this.windowMs) this.rings.delete(key);
    }
  }
}
