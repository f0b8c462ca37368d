/**
 * `npm run bench`: how fast engine calls are, from the bare function to the distributed
 * deployment, on this machine. Not a test: it starts what it needs (floor server, web, worker,
 * private redis-server, temp data dirs), drives load with autocannon, prints one table of medians
 * and writes every run to JSON. Everything it started is stopped and removed at the end, on an
 * error and on Ctrl-C.
 *
 *   npm run bench -- [--runs N] [--duration S] [--connections C] [--json PATH] [--only LIST] [--threads T]
 *
 * Progress goes to stderr; the header, the table and the notes go to stdout.
 */
// First: the servers' V8 GC flags (api/ops/gcTuning.ts) in this process too, where the raw and
// speed rows run the engine, so the engine is measured under the settings it runs under in the
// web and worker processes. Under V8's defaults (seventeenth session), after the rows of
// thousand-point calls the young generation stays at its largest while the old one is ~12 MB;
// V8 then starts a full collection whenever the old generation's headroom (~23 MB) is below the
// young generation's size, which was at once after each: 150-170 mark-compacts in 12 s, about one
// every 37 ms through the pvt.gasProperties rows, in 3 runs of 4 (32-38M points/s at 100,000
// pressures against 40M in the run without). With GC_FLAGS: 2-3 in every run of 5.
import '../../api/ops/applyGcTuning.js';
import { installCleanupHooks, releaseAll, stoppedBySignal } from './cleanup.js';
import { parseOptions, UsageError, type BenchOptions } from './options.js';
import { machineFacts, NOTES, renderHeader, renderTable, settings, summarise, workloadFacts, writeJson } from './report.js';
import { redisServerBinary } from './redis.js';
import { measureHttpScenarios, measureRaw, type Measured } from './scenarios.js';
import { RAW_WORKLOADS, WORKLOADS, type Workload } from './workloads.js';
import { measureTimeouts, renderTimeouts, TIMEOUT_NOTE, type TimeoutRow } from './timeouts.js';
import { measureEos, renderEos, type EosBench } from './eos.js';
import { measureBatch, renderBatch, type BatchBench } from './batch.js';
import { measureSpeed, renderSpeed, type SpeedBench } from './speed.js';
import type { Scenario } from './options.js';

/** The scenarios measured over HTTP, in the order their runs take turns. */
const HTTP_SCENARIOS: readonly Scenario[] = ['floor', 'embedded', 'distributed'];

async function main(): Promise<number> {
  let opts: BenchOptions;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(err.message + '\n');
      return 2;
    }
    throw err;
  }
  // Fail before two minutes of measuring, not after, when the distributed scenario cannot run.
  if ((opts.only.includes('distributed') || opts.only.includes('batch')) && !redisServerBinary()) {
    process.stderr.write('The distributed scenario needs redis-server on PATH (apt-get install redis-server); or run with --only raw,floor,embedded\n');
    return 2;
  }
  installCleanupHooks();
  const facts = machineFacts();
  const s = settings(opts);
  process.stdout.write(renderHeader(facts, s) + '\n\n');
  const started = Date.now();
  const progress = (line: string) => process.stderr.write(`  [${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);

  // What the scenarios set up (keys made, redis version), for the JSON and the last lines.
  const setup: Record<string, unknown> = {};
  const measured: Measured[] = [];
  let timeoutRows: TimeoutRow[] = [];
  let eos: EosBench | null = null;
  let batch: BatchBench | null = null;
  let speed: SpeedBench | null = null;
  const pick = (list: readonly Workload[]) => (opts.fns ? list.filter((w) => opts.fns!.includes(w.fn)) : list);
  const http = pick(WORKLOADS);
  const raw = pick([...WORKLOADS, ...RAW_WORKLOADS]);
  if (raw.length === 0) {
    process.stderr.write(`--fn matches no workload; they are ${[...WORKLOADS, ...RAW_WORKLOADS].map((w) => w.fn).join(', ')}\n`);
    return 2;
  }
  let httpDone = false;
  for (const scenario of opts.only) {
    if (scenario === 'raw') measured.push(...(await measureRaw(opts, raw, progress)));
    if (scenario === 'timeouts') timeoutRows = await measureTimeouts(5 * opts.runs, progress);
    if (scenario === 'eos') eos = await measureEos(opts.duration, opts.runs, progress);
    if (scenario === 'batch') batch = await measureBatch(opts, progress);
    if (scenario === 'speed') speed = await measureSpeed(opts.duration, opts.runs, progress);
    if (http.length === 0 || httpDone || !HTTP_SCENARIOS.includes(scenario)) continue;
    // All chosen HTTP servers together, their runs in turn (scenarios.ts measureHttpScenarios).
    httpDone = true;
    measured.push(...(await measureHttpScenarios(HTTP_SCENARIOS.filter((s) => opts.only.includes(s)), opts, http, progress, setup)));
  }

  const rows = summarise(measured);
  const elapsedS = Math.round((Date.now() - started) / 1000);
  const perItem = rows.flatMap((r) => {
    const w = raw.find((x) => x.fn === r.fn && r.scenario.startsWith('raw'));
    return w?.perCall ? [`${w.fn}: ${w.perCall.count} ${w.perCall.unit} per call -> ${(r.callsPerSec * w.perCall.count).toFixed(0)} ${w.perCall.unit}/s (one thread), ${(r.p50Ms ?? NaN).toFixed(1)} ms per call (p50)`] : [];
  });
  const halfPeak = measured.flatMap((m) => [
    ...(m.halfPeak ? [`${m.scenario} ${m.fn} at half its median peak, evenly spaced (${m.halfPeak.targetRate} calls/s, latency from each request's due time; the run of median p99): ${m.halfPeak.callsPerSec.toFixed(0)} calls/s answered, p50 ${(m.halfPeak.p50Ms ?? NaN).toFixed(2)} ms, p99 ${(m.halfPeak.p99Ms ?? NaN).toFixed(2)} ms (target p99 <= 20 ms; runs ${p99List(m.halfPeak.p99Runs)} ms)`] : []),
    ...(m.controls ?? []).map((c) => `control: the floor paced the same way at ${c.forScenario}'s rate (${c.targetRate} calls/s; the run of median p99): p50 ${(c.p50Ms ?? NaN).toFixed(2)} ms, p99 ${(c.p99Ms ?? NaN).toFixed(2)} ms (runs ${p99List(c.p99Runs)} ms; the client's and the machine's own tail, no target)`),
  ]);
  if (rows.length) process.stdout.write(renderTable(rows) + '\n\n' + [...NOTES, ...perItem, ...halfPeak].map((n) => `  ${n}`).join('\n') + '\n');
  if (timeoutRows.length) process.stdout.write('\n' + renderTimeouts(timeoutRows) + '\n\n  ' + TIMEOUT_NOTE + '\n');
  if (eos) process.stdout.write(`\n${renderEos(eos)}\n`);
  if (batch) process.stdout.write(`\n${renderBatch(batch)}\n`);
  if (speed) process.stdout.write(`\n${renderSpeed(speed)}\n`);
  writeJson(opts.json, {
    machine: facts, settings: s, workloads: workloadFacts([...http, ...raw.filter((w) => !http.includes(w))]), setup, rows, measured, timeouts: timeoutRows, eos, batch, speed, elapsedS, notes: [...NOTES, ...perItem, ...halfPeak],
  });
  const keyInfo = (k: unknown) => (k ? `${(k as { keys: number }).keys} keys in ${(k as { accounts: number }).accounts} accounts` : null);
  const made = [keyInfo(setup.embeddedKeys) && `embedded ${keyInfo(setup.embeddedKeys)}`, keyInfo(setup.distributedKeys) && `distributed ${keyInfo(setup.distributedKeys)}`].filter(Boolean);
  if (made.length) process.stdout.write(`  Keys made: ${made.join('; ')}.\n`);
  if (setup.redisVersion) process.stdout.write(`  redis-server ${setup.redisVersion} (private, no persistence).\n`);
  process.stdout.write(`\n  ${elapsedS} s in all; every run in ${opts.json}\n`);
  return 0;
}

main()
  .then(
    async (code) => {
      await releaseAll();
      process.exit(code);
    },
    async (err: unknown) => {
      // After Ctrl-C the load fails as its servers go away; the signal handler exits for us.
      if (stoppedBySignal()) return;
      process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      await releaseAll();
      process.exit(1);
    },
  );

/** Each paced run's p99, in run order. */
function p99List(runs: readonly (number | null)[]): string {
  return runs.map((v) => (v === null ? '-' : v.toFixed(2))).join(', ');
}
