/**
 * The output: machine facts and settings, one table of medians (one row per scenario and
 * function), and the JSON file with every individual run behind those medians.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { GC_FLAGS, missingHeapSetupFlags } from '../../api/ops/gcTuning.js';
import type { BenchOptions } from './options.js';
import type { CpuPerCall } from './cpu.js';
import type { RunResult } from './load.js';
import type { Measured } from './scenarios.js';
import { median } from './stats.js';
import type { Workload } from './workloads.js';

export function machineFacts(): Record<string, unknown> {
  const list = cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    os: `${platform()} ${release()} ${arch()}`,
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpuCount: list.length,
    availableParallelism: availableParallelism(),
    totalMemoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAverageAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

/**
 * The GC settings of this process, which runs every row that is not a server: the raw, speed and
 * EOS rows' engine calls, the autocannon clients and the timeouts phase's in-process pool.
 * GC_FLAGS are set in it as in the servers (scripts/bench/main.ts imports applyGcTuning first);
 * `--no-memory-reducer` comes from its command line (`npm run bench`), which GC_TUNING=off does
 * not change (the servers it starts then get no flags at all: processes.ts).
 */
function benchProcessGc(): string {
  const flags = process.env.GC_TUNING === 'off' ? "V8's defaults (GC_TUNING=off)" : 'GC_FLAGS, as the servers';
  const missing = missingHeapSetupFlags();
  const reducer = missing.length === 0
    ? 'memory reducer off (command line)'
    : `memory reducer ON: start it with npm run bench (or node ${missing.join(' ')}): its idle collections land in the paced runs`;
  return `${flags} for every row it runs itself (raw, speed, EOS, the load clients, the timeouts pool); ${reducer}`;
}

export function settings(opts: BenchOptions): Record<string, unknown> {
  return {
    runs: opts.runs,
    durationS: opts.duration,
    connections: opts.connections,
    scenarios: opts.only,
    ENGINE_THREADS: opts.threads,
    ENGINE_MAX_QUEUE: opts.maxQueue,
    LOG_LEVEL: 'error (web), info (worker: it logs nothing per job)',
    SEED_DEMO: false,
    // The malloc settings of `npm start` and the Procfile (package.json config.glibcTunables), when
    // run through `npm run bench`; the processes the bench starts inherit them.
    GLIBC_TUNABLES: process.env.GLIBC_TUNABLES || 'unset',
    // The V8 GC flags the web, worker, floor and paced clients start with (api/ops/gcTuning.ts), unless GC_TUNING=off.
    GC_TUNING: process.env.GC_TUNING === 'off' ? 'off (V8 defaults)' : `on (${GC_FLAGS.join(' ')})`,
    // This process's own: its idle collections, between its closed-loop runs, take both cores during the paced runs.
    BENCH_PROCESS: benchProcessGc(),
  };
}

export interface Row {
  scenario: string;
  fn: string;
  callsPerSec: number;
  p50Ms: number | null;
  p99Ms: number | null;
  ratioToFloor: number | null;
  non2xx: number;
  non2xxByStatus: Record<string, number>;
  errors: number;
  runs: number;
  cappedRuns: number;
  /** CPU per answered call (median of runs, microseconds): the serving process's main thread, and every server process's threads together (cpu.ts). */
  mainUsPerCall: number | null;
  serverUsPerCall: number | null;
  /** Microseconds every server thread together waited for a CPU per answered call (median of runs; cpu.ts). */
  serverWaitUsPerCall: number | null;
}

export function summarise(measured: Measured[]): Row[] {
  const rows: Row[] = measured.map((m) => {
    if (m.raw) {
      return {
        scenario: m.scenario,
        fn: m.fn,
        callsPerSec: median(m.raw.map((r) => r.callsPerSec)),
        p50Ms: median(m.raw.map((r) => r.p50Ms)),
        p99Ms: median(m.raw.map((r) => r.p99Ms)),
        ratioToFloor: null,
        non2xx: 0,
        non2xxByStatus: {},
        errors: 0,
        runs: m.raw.length,
        cappedRuns: 0,
        mainUsPerCall: null,
        serverUsPerCall: null,
        serverWaitUsPerCall: null,
      };
    }
    const runs = m.http ?? [];
    const byStatus: Record<string, number> = {};
    for (const r of runs) for (const [code, n] of Object.entries(r.statusCodes)) if (!code.startsWith('2')) byStatus[code] = (byStatus[code] ?? 0) + n;
    const nums = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
    return {
      scenario: m.scenario,
      fn: m.fn,
      callsPerSec: median(runs.map((r) => r.callsPerSec)),
      p50Ms: median(nums(runs.map((r) => r.p50Ms))),
      p99Ms: median(nums(runs.map((r) => r.p99Ms))),
      ratioToFloor: null,
      non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
      non2xxByStatus: byStatus,
      errors: runs.reduce((s, r) => s + r.errors, 0),
      runs: runs.length,
      cappedRuns: runs.filter((r) => r.capped).length,
      mainUsPerCall: cpuMedian(runs, (c) => c.mainUs[SERVING]),
      serverUsPerCall: cpuMedian(runs, (c) => total(c.allUs)),
      serverWaitUsPerCall: cpuMedian(runs, (c) => (Object.keys(c.waitUs).length ? total(c.waitUs) : undefined)),
    };
  });
  for (const row of rows) {
    const floor = rows.find((r) => r.scenario === 'floor' && r.fn === row.fn);
    if (!floor || floor.callsPerSec <= 0) continue;
    // Runs taken in turn with the floor's: the median of the per-round ratios (a drift of the
    // machine's speed between rounds cancels); otherwise the ratio of the medians.
    const mine = measured.find((m) => m.scenario === row.scenario && m.fn === row.fn);
    const floorRuns = measured.find((m) => m.scenario === 'floor' && m.fn === row.fn)?.http;
    if (mine?.interleaved && mine.http && floorRuns && floorRuns.length === mine.http.length && floorRuns.every((r) => r.callsPerSec > 0)) {
      row.ratioToFloor = median(mine.http.map((r, i) => r.callsPerSec / floorRuns[i]!.callsPerSec));
    } else row.ratioToFloor = row.callsPerSec / floor.callsPerSec;
  }
  return rows;
}

/** The process that takes the HTTP calls: its main thread is the API's event loop. */
const SERVING = 'web';

/** The sum over every labelled process. */
const total = (byLabel: Record<string, number>) => Object.values(byLabel).reduce((a, b) => a + b, 0);

function cpuMedian(runs: RunResult[], pick: (c: CpuPerCall) => number | undefined): number | null {
  const xs = runs.flatMap((r) => (r.cpu ? [pick(r.cpu)] : [])).filter((x): x is number => x !== undefined && Number.isFinite(x));
  return xs.length ? median(xs) : null;
}

const us = (v: number | null) => (v === null ? '-' : v.toFixed(0));

const ms = (v: number | null) => (v === null || Number.isNaN(v) ? '-' : v < 1 ? v.toFixed(3) : v < 100 ? v.toFixed(2) : v.toFixed(0));

export function renderTable(rows: Row[]): string {
  const header = ['scenario', 'function', 'calls/s (median)', 'p50 ms', 'p99 ms', 'ratio to floor', 'main us/call', 'server us/call', 'wait us/call', 'non-2xx', 'runs'];
  const body = rows.map((r) => [
    r.scenario,
    r.fn,
    Math.round(r.callsPerSec).toLocaleString('en-US'),
    ms(r.p50Ms),
    ms(r.p99Ms),
    r.ratioToFloor === null ? '-' : r.ratioToFloor.toFixed(2),
    us(r.mainUsPerCall),
    us(r.serverUsPerCall),
    us(r.serverWaitUsPerCall),
    r.scenario === 'raw'
      ? '-'
      : `${r.non2xx}${r.non2xx ? ` (${Object.entries(r.non2xxByStatus).map(([c, n]) => `${c}x${n}`).join(' ')})` : ''}${r.errors ? ` +${r.errors} conn errors` : ''}`,
    `${r.runs}${r.cappedRuns ? ` (${r.cappedRuns} capped)` : ''}`,
  ]);
  const right = [false, false, true, true, true, true, true, true, true, false, false];
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

export function renderHeader(facts: Record<string, unknown>, s: Record<string, unknown>): string {
  return [
    `engcalc bench  ${facts.date}`,
    `machine: ${facts.cpuCount} x ${facts.cpuModel}, ${facts.totalMemoryGiB} GiB, ${facts.os}, node ${facts.node}`,
    `settings: connections ${s.connections}, duration ${s.durationS} s, runs ${s.runs} (median shown), ENGINE_THREADS ${s.ENGINE_THREADS}, ENGINE_MAX_QUEUE ${s.ENGINE_MAX_QUEUE}, LOG_LEVEL ${s.LOG_LEVEL}`,
    `malloc: GLIBC_TUNABLES ${s.GLIBC_TUNABLES}`,
    `gc: GC_TUNING ${s.GC_TUNING}; bench process: ${s.BENCH_PROCESS}`,
  ].join('\n');
}

export const NOTES = [
  'raw: executeDefinition in a loop on one thread, no HTTP; p50/p99 are the time of one call.',
  'floor: a bare Koa process, one POST route, the function run inline on its event loop; no auth, validation, limits, seats or pool.',
  'embedded: the real web process (api/main.js): auth, per-key limit, Integrations and module seats, validation, units, piscina pool.',
  'distributed: web + 1 worker process + a private redis-server: limits and seats in Redis, the call as a BullMQ job.',
  'floor, embedded and distributed run in turn (floor, embedded, distributed, floor, ...), all started before the first run; their ratio to the floor is the median of the per-round ratios.',
  'calls/s counts 2xx answers only; p50/p99 are of 2xx answers, measured by the client on the same cores (autocannon in the bench process; the paced half-peak and control runs: a client process of its own, scripts/bench/pacedClient.ts).',
  'main us/call: CPU of the serving process\'s main thread (the event loop) per answered call; server us/call: every thread of every server process together (distributed: web + worker + redis-server). Read from /proc around each run (median of runs); steadier than calls/s on shared vCPUs.',
  'wait us/call: time the server processes\' threads were ready to run but waited for a CPU (the run queue, /proc schedstat), per answered call: on two vCPUs shared with the client it is part of every hop between processes, so a row with much of it is bound by the machine\'s cores, not only by its code.',
  'Each API key carries at most 100 requests in its life (limit: 120/min), so the per-key limit is never what is measured; a run whose keys ran out ends early and is marked capped.',
];

export function writeJson(path: string, doc: Record<string, unknown>): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(doc, null, 2) + '\n');
}

export function workloadFacts(workloads: readonly Workload[]): Record<string, unknown>[] {
  return workloads.map((w) => ({ function: w.fn, input: w.describe, bodyBytes: Buffer.byteLength(w.body) }));
}
