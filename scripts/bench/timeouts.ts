/**
 * What a call stopped at the time limit costs the pool. The thread that ran it is terminated and
 * a new one must load the engine; without a warm spare the next call waits for that, so each
 * timeout costs the pool a thread for the whole reload (the "thread-seconds" lost). The pool now
 * keeps a loaded spare that takes over at once (workers/pool.ts).
 *
 * Measured in-process on a one-thread pool (where the loss shows most plainly), with and without
 * the spare: a call that overruns a 100 ms limit (econ.metrics over 100 000 cash flows, about a
 * second), then at once a light call (pvt.zFactor); we time that light call, and the time until
 * the replacement thread has loaded the engine.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { EnginePool } from '../../workers/pool.js';
import { percentiles, Samples } from './stats.js';

export interface TimeoutRow {
  pool: string;
  timeouts: number;
  /** The light call right after each timeout. */
  nextP50Ms: number;
  nextMaxMs: number;
  /** From the timeout until the replacement thread had loaded the engine (median). */
  reloadP50Ms: number;
  /** Thread-seconds of capacity lost per timeout: how long the next call could not start (median). */
  lostThreadS: number;
}

function heavyEcon() {
  let seed = 7;
  const cashFlows = Array.from({ length: 100_000 }, () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 1000);
  return { cashFlows, discountRates: [0.1], periodsPerYear: 12 };
}

export async function measureTimeouts(rounds: number, progress: (line: string) => void): Promise<TimeoutRow[]> {
  const heavy = heavyEcon();
  const light = { ppr: 2, tpr: 1.5 };
  const rows: TimeoutRow[] = [];
  for (const spare of [true, false]) {
    const pool = new EnginePool({ threads: 1, timeoutMs: 100, maxQueue: 4, spareThread: spare });
    const total = spare ? 2 : 1;
    try {
      await pool.ready();
      // Baseline: a light call on a warm thread.
      const base = new Samples();
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await pool.run({ name: 'pvt.zFactor', input: light });
        base.push(performance.now() - t);
      }
      const [baseMs] = percentiles(base.values(), [50]);
      const next = new Samples();
      const reload = new Samples();
      for (let i = 0; i < rounds; i++) {
        const o = await pool.run({ name: 'econ.metrics', input: heavy });
        if (o.ok || o.reason !== 'timeout') throw new Error(`expected a timeout, got ${JSON.stringify(o).slice(0, 200)}`);
        const t0 = performance.now();
        await pool.run({ name: 'pvt.zFactor', input: light });
        next.push(performance.now() - t0);
        while (pool.stats().loadedThreads < total) await delay(2);
        reload.push(performance.now() - t0);
      }
      const [nextP50, nextMax] = percentiles(next.values(), [50, 100]);
      const [reloadP50] = percentiles(reload.values(), [50]);
      rows.push({
        pool: spare ? '1 thread + warm spare' : '1 thread, no spare',
        timeouts: rounds,
        nextP50Ms: nextP50!,
        nextMaxMs: nextMax!,
        reloadP50Ms: reloadP50!,
        lostThreadS: Math.max(0, nextP50! - baseMs!) / 1000,
      });
      progress(`timeouts (${rows.at(-1)!.pool}): next call p50 ${nextP50!.toFixed(1)} ms, reload p50 ${reloadP50!.toFixed(0)} ms`);
    } finally {
      await pool.close();
    }
  }
  return rows;
}

export function renderTimeouts(rows: TimeoutRow[]): string {
  const header = ['timeout cost', 'timeouts', 'next call p50 ms', 'next call max ms', 'thread reload p50 ms', 'capacity lost per timeout (thread-s)'];
  const body = rows.map((r) => [r.pool, String(r.timeouts), r.nextP50Ms.toFixed(1), r.nextMaxMs.toFixed(1), r.reloadP50Ms.toFixed(0), r.lostThreadS.toFixed(3)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

export const TIMEOUT_NOTE =
  'timeout cost: in-process pool of one thread, 100 ms limit; after each timeout one light call (pvt.zFactor) at once; capacity lost = its p50 wait over a warm call.';
