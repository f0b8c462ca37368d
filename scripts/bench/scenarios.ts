/**
 * The raw and HTTP scenarios. The HTTP ones start their servers together, then for every
 * workload: per server one checked call (status 200 and a plausible result, so the bench never
 * times error pages), unrecorded warm-up passes until every server's rate has settled (JIT in
 * the servers and their threads, heap growth), then the measured runs, the servers in turn.
 * While one server is measured the others are stopped (SIGSTOP, see `Turns`). Everything started
 * is stopped and removed at the end.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { KeyPool, REQUESTS_PER_KEY } from './accounts.js';
import { cpuPerCall, readCpu, type CpuPerCall } from './cpu.js';
import { cleanupMark, releaseTo, stoppedBySignal, trackDir } from './cleanup.js';
import { runLoad, type RunResult } from './load.js';
import { PACED_WARMUP_S, runPacedApart } from './paced.js';
import { median } from './stats.js';
import type { BenchOptions, Scenario } from './options.js';
import { spawnNode, startWeb } from './processes.js';
import { rawLoop, type RawRun } from './raw.js';
import { startRedis } from './redis.js';
import type { Workload } from './workloads.js';

export interface Measured {
  scenario: Scenario;
  fn: string;
  raw?: RawRun[];
  http?: RunResult[];
  /** The last warm-up pass, with every pass's rate. */
  warmup?: Partial<RunResult> & { passRates: number[] };
  /** Runs whose keys ran out before the end (done again with more keys); not in the medians. */
  discarded?: RunResult[];
  /**
   * The light call at half its median peak rate (open-loop pacing): its latency under load that
   * leaves headroom. One paced run per round; this is the run with the median p99, and p99Runs
   * every run's p99 in order (one 5 s run's p99 moved between 9 and 25 ms from one bench to the
   * next on one machine, 2026-11-24: a stall of a few tens of ms in one run is ~1% of its calls).
   */
  halfPeak?: RunResult & { targetRate: number; p99Runs: (number | null)[] };
  /**
   * The floor paced at each keyed server's half-peak rate: the same client at the same rate against
   * a server with nothing to do, so the tail the client and the machine add on their own is
   * measured beside the tail under test (2026-11-24: p99 2-10 ms at 1,100-3,900 calls/s, where the
   * servers' was 8-59 ms).
   */
  controls?: (RunResult & { targetRate: number; forScenario: Scenario; p99Runs: (number | null)[] })[];
  /** Its runs alternated with the other servers' (run i of each in round i): ratios are taken per round. */
  interleaved?: boolean;
}

/** The call whose latency at half its peak rate is measured (issue 17: p99 <= 20 ms). */
const HALF_PEAK_FN = 'pvt.gasProperties';

export type Progress = (line: string) => void;

const PATH = (w: Workload) => `/v1/engine/functions/${w.fn}`;
/**
 * Warm-up passes, each as long as a measured run, go on until each server's rate is within
 * WARMUP_SETTLED of its pass before (at most WARMUP_MAX_PASSES; see warmUp). One 2 s pass left the API
 * servers cold: measured 2026-11-24, the embedded web's first 5 s run after it gave 5,860-7,044
 * calls/s and its later runs 7,585-8,154 (it needs ~12 s of load), while the floor was steady
 * from its first run, so round 1 understated the embedded ratio (0.45 against ~0.50 for rounds
 * 2-6). Short passes cannot tell: two 2 s passes agreed within 1% (5,941 and 5,932 calls/s) a
 * run before the server reached 7,963; and passes of one server while the others were still
 * starting settled at half its later rate. A server in service runs warm; the measured runs should too.
 */
const WARMUP_SETTLED = 0.05;
const WARMUP_MAX_PASSES = 5;
/** Keys for the first warm-up pass: 20 000 requests (keys are cheap: about 0.25 ms each); a faster server ends its pass early. */
const WARMUP_KEYS = 200;
/** Keys for a run are sized for this many times the fastest rate seen so far (warm-up rates are low). */
const RATE_MARGIN = 2;
/** How often a run whose keys ran out is done again with more keys. */
const MAX_RERUNS = 2;

export async function measureRaw(opts: BenchOptions, workloads: readonly Workload[], progress: Progress): Promise<Measured[]> {
  const out: Measured[] = [];
  for (const w of workloads) {
    const runs: RawRun[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const r = rawLoop(w, opts.duration, i === 0 ? 1 : 0);
      progress(`raw ${w.fn} run ${i + 1}/${opts.runs}: ${r.callsPerSec.toFixed(0)} calls/s`);
      runs.push(r);
      // The loop is synchronous: yield between runs so a Ctrl-C is handled within one run.
      await new Promise((resolve) => setImmediate(resolve));
      if (stoppedBySignal()) throw new Error('stopped');
    }
    out.push({ scenario: 'raw', fn: w.fn, raw: runs });
  }
  return out;
}

/**
 * The HTTP scenarios (floor, embedded, distributed) chosen: every server is started first, then
 * for each workload the runs go round the servers in turn (floor, embedded, distributed, floor,
 * ...), so a drift of the shared machine's speed during the bench touches every server's runs
 * alike and each round gives a pair of rates measured minutes apart at most: the report's ratio
 * to the floor is the median of the per-round ratios. Everything started is stopped at the end.
 */
export async function measureHttpScenarios(scenarios: readonly Scenario[], opts: BenchOptions, workloads: readonly Workload[], progress: Progress, setup: Record<string, unknown>): Promise<Measured[]> {
  const mark = cleanupMark();
  let turns: Turns | undefined;
  try {
    const targets: { scenario: Scenario; target: Target; keys: KeyPool | null }[] = [];
    for (const scenario of scenarios) {
      if (scenario === 'floor') targets.push({ scenario, target: await startFloor(), keys: null });
      if (scenario === 'embedded') targets.push({ scenario, ...(await startEmbedded(opts)) });
      if (scenario === 'distributed') targets.push({ scenario, ...(await startDistributed(opts, setup)) });
    }
    const out: Measured[] = [];
    turns = new Turns(targets.map((t) => t.target));
    for (const w of workloads) {
      // Every server continued for its checked call (prepare retries while the distributed worker re-registers).
      turns.resumeAll();
      const prepared = [];
      for (const t of targets) prepared.push(await prepare(t.scenario, t.target, opts, w));
      await warmUp(prepared, opts, progress, turns);
      for (let i = 0; i < opts.runs; i++) for (const p of prepared) await turns.of(p, () => measuredRun(p, opts, i, progress));
      // The half-peak runs as the measured ones: `runs` rounds, the servers (then the floor's controls) in turn within a round.
      const floor = prepared.find((p) => p.scenario === 'floor' && p.runs.length);
      const paced = prepared.filter((p) => p.target.keys && w.fn === HALF_PEAK_FN && p.runs.length);
      const pacedRuns = new Map<Prepared, PacedRun[]>(paced.map((p) => [p, []]));
      const controlRuns = new Map<Prepared, (PacedRun & { forScenario: Scenario })[]>(paced.map((p) => [p, []]));
      for (let i = 0; i < opts.runs; i++) {
        for (const p of paced) pacedRuns.get(p)!.push(await turns.of(p, () => halfPeakRun(p, opts, progress)));
        if (floor) for (const p of paced) controlRuns.get(p)!.push(await turns.of(floor, () => controlRun(floor, p, pacedRuns.get(p)![0]!.targetRate, opts, progress)));
      }
      for (const p of paced) {
        p.halfPeak = medianP99Run(pacedRuns.get(p)!);
        if (floor) (floor.controls ??= []).push(medianP99Run(controlRuns.get(p)!));
      }
      for (const p of prepared) {
        out.push({ scenario: p.scenario, fn: w.fn, http: p.runs, warmup: p.warmup, discarded: p.discarded, interleaved: prepared.length > 1, ...(p.halfPeak ? { halfPeak: p.halfPeak } : {}), ...(p.controls ? { controls: p.controls } : {}) });
      }
    }
    for (const t of targets) {
      if (!t.keys) continue;
      progress(`${t.scenario}: ${t.keys.stats.keys} keys in ${t.keys.stats.accounts} accounts, created in ${t.keys.stats.creatingMs} ms`);
      setup[`${t.scenario}Keys`] = t.keys.stats;
    }
    return out;
  } finally {
    turns?.resumeAll(); // a stopped process would hold its exit signal until continued
    // Started last, stopped first: the distributed web (it holds queue and limit connections),
    // then its worker, then Redis, then the others.
    await releaseTo(mark);
  }
}

async function startFloor(): Promise<Target> {
  const floor = spawnNode('floor server', 'scripts/bench/floorServer.js', { PORT: '0' });
  const port = (await floor.waitFor(/floor listening (\d+)/))[1];
  return { url: `http://127.0.0.1:${port}`, keys: null, pids: { web: floor.child.pid } };
}

async function startEmbedded(opts: BenchOptions): Promise<{ target: Target; keys: KeyPool }> {
  const dataDir = tempDir('embedded');
  const keys = new KeyPool(dataDir, 'embedded');
  const { url, proc } = await startWeb('web (embedded)', { ...webEnv(opts, dataDir), REDIS_URL: '' });
  return { target: { url, keys, pids: { web: proc.child.pid } }, keys };
}

async function startDistributed(opts: BenchOptions, setup: Record<string, unknown>): Promise<{ target: Target; keys: KeyPool }> {
  const dataDir = tempDir('distributed');
  const redis = await startRedis(dataDir);
  setup.redisVersion = redis.version;
  const keys = new KeyPool(dataDir, 'distributed');
  // The worker logs nothing per job, so it may keep LOG_LEVEL=info and announce `worker ready`.
  const worker = spawnNode('worker', 'workers/main.js', { REDIS_URL: redis.url, LOG_LEVEL: 'info', ENGINE_THREADS: String(opts.threads), MONGODB_URL: '', WORKER_PORT: '0' });
  await worker.waitFor(/"msg":"worker ready"/);
  const { url, proc } = await startWeb('web (distributed)', { ...webEnv(opts, dataDir), REDIS_URL: redis.url });
  return { target: { url, keys, pids: { web: proc.child.pid, worker: worker.child.pid, redis: redis.pid } }, keys };
}

/** The web's environment: quiet log, no demo seed, the bench's threads and a deep enough queue. */
function webEnv(opts: BenchOptions, dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    ENGINE_THREADS: String(opts.threads),
    ENGINE_MAX_QUEUE: String(opts.maxQueue),
    WORKER_IN_PROCESS: 'false',
    MONGODB_URL: '',
  };
}

function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `engcalc-bench-${label}-`));
  trackDir(dir);
  return dir;
}

interface Target {
  url: string;
  /** Where keys come from; null for the floor, which has no auth. */
  keys: KeyPool | null;
  /** The server's processes by label, for CPU per call ('web' takes the HTTP calls; the floor's is 'web' too). */
  pids: Record<string, number | undefined>;
}

/** One server's measurement of one workload, as it goes. */
interface Prepared {
  scenario: Scenario;
  target: Target;
  w: Workload;
  spec: { url: string; path: string; body: string; connections: number };
  /** The fastest rate seen so far: keys are sized for it. */
  rate: number;
  /** The last warm-up pass, with every pass's rate. */
  warmup: Partial<RunResult> & { passRates: number[] };
  runs: RunResult[];
  discarded: RunResult[];
  halfPeak?: Measured['halfPeak'];
  controls?: Measured['controls'];
}

const take = async (target: Target, n: number) => (target.keys ? target.keys.take(n) : null);

/**
 * The servers take turns: while one is measured, every other server's processes (web, worker,
 * Redis) are stopped with SIGSTOP, and continued when their own turn comes. Idle neighbours are
 * not idle: measured 2026-11-24 (per-process CPU every 200 ms), an embedded web resting after its
 * own runs spent 100 ms of CPU within 200 ms during a distributed half-peak run (V8 shrinking its
 * heaps once its load stopped), and that run's p99 was 43.8 ms where the runs beside it gave 8.6
 * and 9.4. A deployment has no such neighbour. A server continued after a stop is checked with
 * one call (the distributed worker re-registers on its next heartbeat) before it is measured.
 */
class Turns {
  private stopped = new Set<Target>();

  constructor(private readonly targets: readonly Target[]) {}

  async of<T>(p: Prepared, work: () => Promise<T>): Promise<T> {
    const wasStopped = this.stopped.has(p.target);
    if (wasStopped) this.signal(p.target, 'SIGCONT');
    for (const t of this.targets) if (t !== p.target && !this.stopped.has(t)) this.signal(t, 'SIGSTOP');
    if (wasStopped) await checkedCall(p.target, p.w);
    return work();
  }

  resumeAll(): void {
    for (const t of [...this.stopped]) this.signal(t, 'SIGCONT');
  }

  private signal(t: Target, signal: 'SIGSTOP' | 'SIGCONT'): void {
    // Redis first on the way down and last on the way up does not matter: every process of a
    // server is stopped between two of its calls, with no request of the bench in flight.
    for (const pid of Object.values(t.pids)) {
      if (pid === undefined) continue;
      try {
        process.kill(pid, signal);
      } catch {
        // already gone: its run reports the failure
      }
    }
    if (signal === 'SIGSTOP') this.stopped.add(t);
    else this.stopped.delete(t);
  }
}

/** One checked call (status 200 and a plausible result, so the bench never times error pages). */
async function prepare(scenario: Scenario, target: Target, opts: BenchOptions, w: Workload): Promise<Prepared> {
  await checkedCall(target, w);
  const spec = { url: target.url, path: PATH(w), body: w.body, connections: opts.connections };
  return { scenario, target, w, spec, rate: 0, warmup: { passRates: [] }, runs: [], discarded: [] };
}

/**
 * Unrecorded warm-up passes, as long as a run, in rounds like the measured runs (each server in
 * turn, so a pass meets the same neighbours a run will), until a round in which every server's
 * rate is within WARMUP_SETTLED of its pass before (at most WARMUP_MAX_PASSES rounds).
 */
async function warmUp(prepared: Prepared[], opts: BenchOptions, progress: Progress, turns: Turns): Promise<void> {
  for (let pass = 0; pass < WARMUP_MAX_PASSES; pass++) {
    let settled = pass > 0;
    for (const p of prepared) {
      const before = p.warmup.passRates.at(-1) ?? 0;
      const need = Math.max(WARMUP_KEYS, Math.ceil((before * RATE_MARGIN * opts.duration) / REQUESTS_PER_KEY)) + Math.ceil(opts.connections / REQUESTS_PER_KEY) + 1;
      const r = await turns.of(p, async () => {
        const keys = await take(p.target, need);
        if (keys) await keysVisible(p.target.url, keys);
        return runLoad({ ...p.spec, durationS: opts.duration, keys });
      });
      p.warmup = { ...r, passRates: [...p.warmup.passRates, r.callsPerSec] };
      p.rate = Math.max(p.rate, r.callsPerSec);
      if (!(Math.abs(r.callsPerSec - before) <= WARMUP_SETTLED * before)) settled = false;
    }
    if (settled) break;
  }
  for (const p of prepared) progress(`${p.scenario} ${p.w.fn} warm-up: ${p.warmup.passRates.map((r) => r.toFixed(0)).join(' -> ')} calls/s (passes of ${opts.duration} s, the servers in turn)${nonOkText(p.warmup as RunResult)}`);
}

/** Measured run i of a server: one full-length run (one that used up its keys is done again with more). */
async function measuredRun(p: Prepared, opts: BenchOptions, i: number, progress: Progress): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const need = Math.ceil((p.rate * RATE_MARGIN * opts.duration) / REQUESTS_PER_KEY) + Math.ceil(opts.connections / REQUESTS_PER_KEY) + 1;
    const keys = await take(p.target, need);
    if (keys) await keysVisible(p.target.url, keys);
    const before = readCpu(p.target.pids);
    const r = await runLoad({ ...p.spec, durationS: opts.duration, keys });
    const cpu = cpuPerCall(before, readCpu(p.target.pids), r.ok2xx);
    if (cpu) r.cpu = cpu;
    p.rate = Math.max(p.rate, r.callsPerSec);
    const line = `${p.scenario} ${p.w.fn} run ${i + 1}/${opts.runs}: ${r.callsPerSec.toFixed(0)} calls/s, p50 ${r.p50Ms?.toFixed(2)} ms, p99 ${r.p99Ms?.toFixed(2)} ms${cpuText(cpu)}${keys ? `, ${keys.length} keys` : ''}${nonOkText(r)}`;
    // A run that used up its keys was faster than the estimate: it is kept in the JSON as
    // discarded and done again with keys for its own rate, so every row runs full length.
    if (r.capped && attempt < MAX_RERUNS) {
      p.discarded.push(r);
      progress(`${line}: keys used up after ${r.durationS} s, run again with more keys`);
      continue;
    }
    p.runs.push(r);
    progress(line + (r.capped ? `, CAPPED (keys used up after ${r.durationS} s)` : ''));
    return;
  }
}

/** The light call at half its median peak, evenly spaced (issue 17: p99 <= 20 ms). */
/** One paced run at targetRate. */
type PacedRun = RunResult & { targetRate: number };

async function halfPeakRun(p: Prepared, opts: BenchOptions, progress: Progress): Promise<PacedRun> {
  const targetRate = Math.max(1, Math.round(median(p.runs.map((r) => r.callsPerSec)) / 2));
  const keys = await take(p.target, Math.ceil((targetRate * (opts.duration + PACED_WARMUP_S)) / REQUESTS_PER_KEY) + 1);
  if (keys) await keysVisible(p.target.url, keys);
  const r = await runPacedApart({ ...p.spec, durationS: opts.duration, keys, overallRate: targetRate });
  progress(`${p.scenario} ${p.w.fn} at half peak (${targetRate} calls/s, evenly spaced): ${r.callsPerSec.toFixed(0)} calls/s, p50 ${r.p50Ms?.toFixed(2)} ms, p99 ${r.p99Ms?.toFixed(2)} ms${nonOkText(r)}`);
  return { ...r, targetRate };
}

/** Of one server's paced runs, the one with the median p99 (the lower middle of an even count), with every run's p99. */
function medianP99Run<T extends RunResult>(runs: T[]): T & { p99Runs: (number | null)[] } {
  const p99Runs = runs.map((r) => r.p99Ms);
  const sorted = [...runs].sort((a, b) => (a.p99Ms ?? Infinity) - (b.p99Ms ?? Infinity));
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, p99Runs };
}

/** The floor at another server's half-peak rate, paced the same way (Measured.controls). */
async function controlRun(floor: Prepared, of: Prepared, targetRate: number, opts: BenchOptions, progress: Progress): Promise<PacedRun & { forScenario: Scenario }> {
  const r = await runPacedApart({ ...floor.spec, durationS: opts.duration, keys: null, overallRate: targetRate });
  progress(`floor ${floor.w.fn} at ${of.scenario}'s half-peak rate (${targetRate} calls/s, evenly spaced): ${r.callsPerSec.toFixed(0)} calls/s, p50 ${r.p50Ms?.toFixed(2)} ms, p99 ${r.p99Ms?.toFixed(2)} ms${nonOkText(r)}`);
  return { ...r, targetRate, forScenario: of.scenario };
}

function cpuText(cpu: CpuPerCall | undefined): string {
  if (!cpu) return '';
  const each = (us: Record<string, number>) => Object.entries(us).map(([label, v]) => `${label} ${v.toFixed(0)}`).join(' + ');
  const waited = Object.keys(cpu.waitUs).length > 0 ? `; waited for a CPU ${each(cpu.waitUs)} us` : '';
  return `, CPU/call main ${cpu.mainUs.web?.toFixed(0) ?? '-'} us (${each(cpu.allUs)} us${waited})`;
}

function nonOkText(r: RunResult): string {
  const bad = Object.entries(r.statusCodes).filter(([c]) => !c.startsWith('2'));
  return (
    (bad.length ? `, non-2xx ${bad.map(([c, n]) => `${c}x${n}`).join(' ')}` : '') +
    (r.errors ? `, ${r.errors} errors` : '') +
    (r.clientQueuedAtStart ? `, CLIENT BEHIND: ${r.clientQueuedAtStart} requests waiting for a connection when measuring began` : '')
  );
}

const CHECK_CALL_TIMEOUT_MS = 30_000;

/**
 * One call before the load: it must answer 200 with a plausible result. The distributed web may
 * answer 503 for a moment after start while its queue connections come up; that is retried.
 */
async function checkedCall(target: Target, w: Workload): Promise<void> {
  const { url } = target;
  const key = (await take(target, 1))?.[0] ?? null;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${url}${PATH(w)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: w.body,
      // A server that cannot answer (stopped, hung) fails the bench instead of stalling it.
      signal: AbortSignal.timeout(CHECK_CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status === 503 && Date.now() < deadline) {
      await delay(200);
      continue;
    }
    if (res.status !== 200) throw new Error(`check call of ${w.fn} at ${url} answered ${res.status}: ${text.slice(0, 500)}`);
    const result = (JSON.parse(text) as { result?: Record<string, unknown> }).result;
    const problem = result ? w.check(result) : 'no result in the answer';
    if (problem) throw new Error(`check call of ${w.fn} at ${url}: ${problem}: ${text.slice(0, 300)}`);
    return;
  }
}

/**
 * The keys were written by this process into the web's LMDB; before the load uses them, the web
 * must see them (the last written implies the others: they were committed before it resolved).
 * One GET /v1/me with the last key; a 401 would count against the 20 failed attempts a minute of
 * the address, so only a few tries, spaced out.
 */
async function keysVisible(url: string, keys: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${keys[keys.length - 1]}` } });
    await res.arrayBuffer();
    if (res.status === 200) return;
    if (res.status !== 401 || attempt >= 3) throw new Error(`new bench keys are not usable: GET /v1/me answered ${res.status}`);
    await delay(250);
  }
}
