/**
 * V8 garbage-collector settings of the server processes (web, worker, the bench's floor server and paced
 * clients, and the bench process itself, where its raw and speed rows run the engine,
 * so its comparison stays like for like). Each entry point imports ./applyGcTuning.js first, so
 * they are set before any other module has allocated much; the engine threads (piscina) share the
 * process's flags.
 *
 * Why (issue 17, the p99 of a light call at half the peak rate): a request handler's objects die
 * within milliseconds, yet the web promoted ~6% of what it allocated (~2 KB a light call), and the
 * old generation's garbage was collected by a mark-compact every 6-12 s whose marking steps stall
 * the event loop 10-16 ms at a time: the run that met one had a p99 of 25-60 ms, one that did not
 * 5-12 ms. Two V8 heuristics cause it:
 * - Allocation-site pretenuring: a site whose objects all survived one scavenge (as a burst of
 *   in-flight requests' objects do when a scavenge falls among them) is switched to allocate in
 *   the old generation from then on, and objects allocated there carry no survival feedback, so
 *   the switch is never undone. Off: what survives two scavenges is promoted, nothing else
 *   (measured: promoted 930-970 MB -> 165-190 MB in the same embedded bench run).
 * - The old generation's growth factor, which V8 derives from its allocation rate there: with
 *   little promoted, it chose ~1.2, and ran a mark-compact every 3-4 s that reclaimed ~10 MB.
 *   A fixed factor of 4 (the heap grows to 4x what survived the last full collection before the
 *   next, as it already did with pretenuring on) makes them minutes apart at these rates.
 * Both together, over two interleaved rounds of the embedded bench (three half-peak runs each):
 * half-peak p99 median 6.7 ms (5.0-12.5) against 27 ms (7.3-54) without, peak calls/s no lower.
 * Either alone did not help: pretenuring off alone made full collections more frequent; the
 * growth factor alone left the promotion.
 * - The memory reducer (tenth session): when a heap's allocation rate falls, as the engine
 *   threads' does at a moderate rate of light calls, V8 runs full collections to shrink it. The
 *   pool's threads take equal shares of the calls, so they reach that point together: traced
 *   (--trace-gc, and each thread's event-loop lateness) in a half-peak run whose p99 was 38 ms,
 *   both engine threads ran a reducing mark-compact within 15 ms of each other and one stalled
 *   38 ms, so every call waited. Off: no reducing collection on an engine thread in a run since;
 *   half-peak p99 over three benches (three runs each) median 7.7, 6.2, 9.6 ms against 31.4,
 *   16.5, 11.4, 26.0, 23.3 ms in five benches without, on one machine the same hour. The cost:
 *   an idle process keeps its heaps at their high-water mark instead of shrinking them.
 *
 * GC_TUNING=off leaves V8's defaults (to compare). The flags are V8's own (`node --v8-options`);
 * v8.setFlagsFromString before the heap has grown is how a process sets them for itself, with one
 * exception (eleventh session): V8 gives a heap its memory reducer when it sets the heap up, so
 * --no-memory-reducer set at run time reaches only the isolates created after it (the engine
 * threads), never the main thread's. Seen on a main thread that allocated for 1-3 s and then went
 * idle: with the flag set at run time, the reducer's full collections came 8.1, 8.7 and 9.3 s
 * into the idle time in 3 runs of 5; with it on the command line, in none of 7 (the reducer
 * starts only after some full collections, so not every run shows it).
 * Traced in a bench, such a collection on the bench's own process (its client of the closed-loop
 * runs, idle during a paced run) took both cores for 11 + 25 ms inside a distributed half-peak
 * run, and every server thread answered late at that instant. So HEAP_SETUP_FLAGS go on node's
 * command line where a process is started (the Procfile, the npm scripts, the bench's children),
 * and each entry point says in its start line whether its main thread has them (`gcState`).
 */
import { setFlagsFromString } from 'node:v8';

/** The flags, as `node` takes them on its command line. */
export const GC_FLAGS = ['--no-allocation-site-pretenuring', '--heap-growing-percent=300', '--no-memory-reducer'] as const;

/** The GC_FLAGS V8 reads only when it sets a heap up: they reach a main thread only from node's command line. */
export const HEAP_SETUP_FLAGS = ['--no-memory-reducer'] as const;

/** Node's command-line flags for a process started as the Procfile starts one: HEAP_SETUP_FLAGS, none when env.GC_TUNING is 'off' (the process sets the rest itself). */
export function gcLaunchFlags(env: NodeJS.ProcessEnv): string[] {
  return env.GC_TUNING === 'off' ? [] : [...HEAP_SETUP_FLAGS];
}

/** The HEAP_SETUP_FLAGS a process started with `execArgv` lacks on its main thread. */
export function missingHeapSetupFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return HEAP_SETUP_FLAGS.filter((flag) => !execArgv.includes(flag));
}

/**
 * The GC settings of this process, for its start line: 'off' (V8's defaults), 'on', or, when
 * tuning is on but node was started without the HEAP_SETUP_FLAGS, 'on, except ...' naming them.
 */
export function gcState(env: NodeJS.ProcessEnv, execArgv: readonly string[] = process.execArgv): string {
  if (env.GC_TUNING === 'off') return 'off';
  const missing = missingHeapSetupFlags(execArgv);
  return missing.length ? `on, except the main thread's ${missing.join(' ')}: start node with it (the Procfile and npm scripts do)` : 'on';
}

/**
 * Sets GC_FLAGS in this process unless env.GC_TUNING is 'off'; returns whether it did. Read here,
 * not through api/config.ts, because it must run before the other modules load (config.ts checks
 * the value, so a typo still ends the process with a message).
 */
export function applyGcTuning(env: NodeJS.ProcessEnv): boolean {
  if (env.GC_TUNING === 'off') return false;
  for (const flag of GC_FLAGS) setFlagsFromString(flag);
  return true;
}
