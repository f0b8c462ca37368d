/**
 * Raw function speed: executeDefinition in a loop on the bench's main thread, no HTTP, no thread
 * hop, on the parsed request body (the engine functions apply their own defaults, so the parsed
 * body is a valid field-unit input). Run before any server is started, so nothing else competes
 * for the cores.
 */
import { performance } from 'node:perf_hooks';
import { findDefinition } from '../../engine/catalogue.js';
import { executeDefinition } from '../../engine/execute.js';
import { percentiles, Samples } from './stats.js';
import type { Workload } from './workloads.js';

export interface RawRun {
  callsPerSec: number;
  calls: number;
  durationS: number;
  /** Time of one call, from timing each call (adds well under a microsecond per call). */
  p50Ms: number;
  p99Ms: number;
}

/** Calls `w.fn` for `seconds`; the first `warmup` seconds (JIT, inline caches) are not timed. */
export function rawLoop(w: Workload, seconds: number, warmupS = 0): RawRun {
  const def = findDefinition(w.fn);
  if (!def) throw new Error(`${w.fn} is not in the catalogue`);
  const input = JSON.parse(w.body) as Record<string, unknown>;
  const first = executeDefinition(def, input);
  if (!first.ok) throw new Error(`${w.fn} failed on the bench input: ${first.message}`);
  const problem = w.check(first.result);
  if (problem) throw new Error(`${w.fn} gave an unexpected result: ${problem}`);

  const warmEnd = performance.now() + warmupS * 1000;
  while (performance.now() < warmEnd) executeDefinition(def, input);

  const times = new Samples();
  let failures = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  let t = start;
  while (t < end) {
    // Keeping the outcome (checking ok) stops the JIT from treating the call as dead code.
    const outcome = executeDefinition(def, input);
    const after = performance.now();
    if (!outcome.ok) failures++;
    times.push(after - t);
    t = after;
  }
  if (failures) throw new Error(`${w.fn} failed ${failures} times in the raw loop`);
  const elapsed = (t - start) / 1000;
  const [p50, p99] = percentiles(times.values(), [50, 99]);
  return { callsPerSec: times.length / elapsed, calls: times.length, durationS: elapsed, p50Ms: p50!, p99Ms: p99! };
}
