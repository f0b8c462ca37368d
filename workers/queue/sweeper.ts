/**
 * Age-based cleanup that runs whether or not calls arrive, in every API node and worker: lapsed
 * tickets (their API node died or lost Redis before withdrawing them) are removed with their
 * waiting jobs, so an input never stays in Redis much past its call's start budget. Now and then
 * it also cleans whatever BullMQ may have kept (waiting jobs nobody will run, failed or completed
 * jobs: there should be none, since jobs are removed as they finish).
 */
import type { Queue } from 'bullmq';
import type { QueueScripts } from './scripts.js';
import { SWEEP_MS } from './settings.js';

/** Waiting jobs older than this can have no caller left (ENGINE_START_TIMEOUT_MS is at most 10 min). */
export const ORPHAN_AGE_MS = 15 * 60_000;
const DEEP_CLEAN_EVERY = 60; // sweeps (about 5 min)

export class Sweeper {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private sweeps = 0;

  constructor(
    private readonly scripts: QueueScripts,
    private readonly queue: Queue,
    private readonly connected: () => boolean,
    private readonly intervalMs = SWEEP_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    // Jitter, so the processes of a cluster started together do not sweep in step.
    this.timer = setInterval(() => void this.sweep(), this.intervalMs + Math.floor(Math.random() * 1_000));
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One pass; returns the number of lapsed tickets removed. */
  async sweep(): Promise<number> {
    if (this.running || !this.connected()) return 0;
    this.running = true;
    try {
      let removed = 0;
      for (let round = 0; round < 10; round++) {
        const { tickets, jobIds } = await this.scripts.sweep(200);
        removed += tickets;
        // A job a worker holds (locked) is not removed here; that worker skips it (no ticket).
        await Promise.all(jobIds.map((id) => this.queue.remove(id).catch(() => 0)));
        if (tickets < 200) break;
      }
      if (++this.sweeps % DEEP_CLEAN_EVERY === 0) {
        for (const type of ['wait', 'failed', 'completed'] as const) await this.queue.clean(ORPHAN_AGE_MS, 1_000, type);
      }
      return removed;
    } catch {
      return 0; // Redis away: the next pass tries again
    } finally {
      this.running = false;
    }
  }
}
