/**
 * The engine speed rows (`--only speed`), on one thread, no HTTP:
 * - arrays: pvt.zFactor and pvt.gasProperties over 1,000 and 100,000 pressures (Ppr 0.05-15 at
 *   Tpr 1.7, as the peer), points per second of executeDefinition (the engine and its result
 *   check; the API takes at most 10,000 pressures a call), side by side with the numpy-vectorised
 *   DAK z solver (scripts/bench/peers/numpy_dak.py, the project's copy of the team's ../shared/perf/numpy_dak.py), run by python3 in this same
 *   invocation, round by round: the peer just before and just after each function's rows, each
 *   row's ratio to the mean of the two, so the measurements compared are seconds apart on the
 *   same shared cores; skipped with the reason when python3 or numpy is missing;
 * - black-oil scalars: pb, Rs, Bo, viscosity, co and density (each function's first catalogue
 *   example) as the raw engine call and as the whole call with validation (prepareCall ->
 *   executeDefinition -> presentResult: what REST and MCP run besides HTTP), calls per second;
 * - answer JSON text: a pvt.gasProperties answer of 10 and of 10,000 pressures written by
 *   JSON.stringify and by engine/json/answerJson.ts (what REST and batch answers use; the same
 *   text, checked), beside the engine call that made it, microseconds each.
 * Targets (issue 17): arrays >= 2x numpy's points/s and per-point speed at 100,000 no worse than
 * at 1,000; every scalar with validation >= 200k calls/s or >= 0.5 of its raw engine rate.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { findDefinition } from '../../engine/catalogue.js';
import { prepareCall, presentResult } from '../../engine/call.js';
import type { AnyDefinition } from '../../engine/definition.js';
import { executeDefinition } from '../../engine/execute.js';
import { answerJson } from '../../engine/json/answerJson.js';
import { median } from './stats.js';

/** The peer script, kept in the repository so a bare clone can run the bench (dist/scripts/bench/ -> repository root). */
export const NUMPY_DAK = fileURLToPath(new URL('../../../scripts/bench/peers/numpy_dak.py', import.meta.url));

const SIZES = [1000, 100_000] as const;
const ARRAY_FNS = ['pvt.zFactor', 'pvt.gasProperties'] as const;
/** Answer sizes of the JSON-text rows: the light call, and the most pressures the API takes. */
const ANSWER_SIZES = [10, 10_000] as const;
const OIL_FNS = ['pvt.oilBubblePoint', 'pvt.oilSolutionGOR', 'pvt.oilFVF', 'pvt.oilViscosity', 'pvt.oilCompressibility', 'pvt.oilDensity'] as const;
/** The peer's Tpr and Ppr span (numpy_dak.py defaults). */
const TPR = 1.7;
const PPR_LO = 0.05;
const PPR_HI = 15;

export const TARGETS = { arrayRatio: 2, scalarCallsPerSec: 200_000, scalarRatio: 0.5 } as const;

export interface ArrayRow {
  fn: string;
  points: number;
  pointsPerSec: number;
  numpyPointsPerSec: number | null;
  /** Median of the per-round ratios (ours / the mean of numpy's runs just before and just after ours). */
  ratio: number | null;
}

export interface OilRow {
  fn: string;
  rawCallsPerSec: number;
  validatedCallsPerSec: number;
  ratio: number;
  meetsTarget: boolean;
}

export interface SpeedBench {
  peer: { skip: string } | { python: string; numpy: string };
  arrays: ArrayRow[];
  /** Per function: points/s at 100,000 over points/s at 1,000 (>= 1: no slower per point). */
  perPointScaling: Record<string, number>;
  oil: OilRow[];
  /** The answer's JSON text beside the engine call that made it (engine/json/answerJson.ts against JSON.stringify). */
  answerText: AnswerTextRow[];
}

export interface AnswerTextRow {
  fn: string;
  points: number;
  /** Microseconds per answer: the engine call, JSON.stringify of the presented answer, answerJson of it. */
  engineUs: number;
  stringifyUs: number;
  answerJsonUs: number;
}

/** The input of `fn` over n pressures spanning the peer's Ppr range. */
function arrayInput(fn: string, n: number): Record<string, unknown> {
  const ppr = Array.from({ length: n }, (_, i) => PPR_LO + ((PPR_HI - PPR_LO) * i) / (n - 1));
  if (fn === 'pvt.zFactor') return { ppr, tpr: TPR };
  // gasSG 0.72, 2% CO2, 1% N2: Ppc ~665 psia, so 33-10,000 psia; TF 200.
  const ppc = 665;
  return { psia: ppr.map((p) => p * ppc), TF: 200, gasSG: 0.72, yCO2: 0.02, yN2: 0.01 };
}

/** Calls `once` for `seconds` (after one call), returning calls per second. */
function rate(seconds: number, once: () => void): number {
  once();
  let count = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    once();
    count++;
    now = performance.now();
  }
  return count / ((now - start) / 1000);
}

function engineCall(def: AnyDefinition, input: Record<string, unknown>): () => void {
  return () => {
    const out = executeDefinition(def, input);
    if (!out.ok) throw new Error(`${def.name}: ${out.message}`);
  };
}

function validatedCall(def: AnyDefinition, body: Record<string, unknown>): () => void {
  return () => {
    const c = prepareCall(def, body);
    if (!c.ok) throw new Error(`${def.name}: ${c.message}`);
    const out = executeDefinition(def, c.input, { units: c.units });
    if (!out.ok) throw new Error(`${def.name}: ${out.message}`);
    presentResult(def, out.result, out.warnings, c.units);
  };
}

/** python3 with numpy and the peer script, or why not. */
function peerAvailable(): { skip: string } | { python: string; numpy: string } {
  if (!existsSync(NUMPY_DAK)) return { skip: `${NUMPY_DAK} not found` };
  const r = spawnSync('python3', ['-c', 'import sys, numpy; print(sys.version.split()[0], numpy.__version__)'], { encoding: 'utf8', timeout: 30_000 });
  if (r.error) return { skip: `python3 could not be run: ${r.error.message}` };
  if (r.status !== 0) return { skip: `python3 has no numpy: ${(r.stderr || '').trim().split('\n').slice(-1)[0]}` };
  const [python, numpy] = r.stdout.trim().split(/\s+/);
  return { python: python ?? '?', numpy: numpy ?? '?' };
}

/** One peer run: points/s at each size. */
function numpyRun(seconds: number): Map<number, number> {
  const r = spawnSync('python3', [NUMPY_DAK, '--points', SIZES.join(','), '--tpr', String(TPR), '--seconds', String(seconds)], { encoding: 'utf8', timeout: (4 * seconds + 60) * 1000 });
  if (r.error || r.status !== 0) throw new Error(`numpy_dak.py failed: ${r.error?.message ?? (r.stderr || '').trim()}`);
  const out = new Map<number, number>();
  for (const line of r.stdout.trim().split('\n')) {
    const doc = JSON.parse(line) as { points: number; pointsPerSec: number };
    out.set(doc.points, doc.pointsPerSec);
  }
  return out;
}

export async function measureSpeed(durationS: number, runsOption: number, progress: (line: string) => void): Promise<SpeedBench> {
  const peer = peerAvailable();
  if ('skip' in peer) progress(`speed: numpy peer skipped: ${peer.skip}`);
  // Short measurements in many rounds, peer and ours alternating: on shared cores a load spike
  // then spoils one round's ratio, not the median of them.
  const seconds = Math.min(1, durationS);
  const runs = 2 * runsOption + 1;
  const ours = new Map<string, number[]>();
  const theirs = new Map<number, number[]>();
  const ratios = new Map<string, number[]>();
  const key = (fn: string, n: number) => `${fn}@${n}`;
  const prepared = ARRAY_FNS.flatMap((fn) => SIZES.map((n) => ({ fn, n, call: engineCall(findDefinition(fn)!, arrayInput(fn, n)) })));
  // The peer before and after each function's rows (the run after one function's rows is the one
  // before the next's): a row's ratio is to the mean of the two, so a change of the shared cores'
  // speed across the seconds between the peer's run and ours cancels to first order.
  const peerRun = (): Map<number, number> | null => {
    if ('skip' in peer) return null;
    const np = numpyRun(seconds);
    for (const [n, pps] of np) theirs.set(n, [...(theirs.get(n) ?? []), pps]);
    return np;
  };
  for (let round = 0; round < runs; round++) {
    let before = peerRun();
    for (const fn of ARRAY_FNS) {
      const measured = prepared.filter((p) => p.fn === fn).map(({ n, call }) => ({ n, pps: rate(seconds, call) * n }));
      const after = peerRun();
      for (const { n, pps } of measured) {
        ours.set(key(fn, n), [...(ours.get(key(fn, n)) ?? []), pps]);
        const peerPps = before && after ? (before.get(n)! + after.get(n)!) / 2 : null;
        if (peerPps !== null) ratios.set(key(fn, n), [...(ratios.get(key(fn, n)) ?? []), pps / peerPps]);
        progress(`speed round ${round + 1}/${runs}: ${fn} over ${n}: ${(pps / 1e6).toFixed(2)}M points/s${peerPps ? ` (numpy ${(peerPps / 1e6).toFixed(2)}M before and after, ${(pps / peerPps).toFixed(2)}x)` : ''}`);
      }
      before = after;
      await new Promise((resolve) => setImmediate(resolve)); // a Ctrl-C is handled between rows
    }
  }
  const arrays: ArrayRow[] = prepared.map(({ fn, n }) => ({
    fn,
    points: n,
    pointsPerSec: median(ours.get(key(fn, n))!),
    numpyPointsPerSec: theirs.has(n) ? median(theirs.get(n)!) : null,
    ratio: ratios.has(key(fn, n)) ? median(ratios.get(key(fn, n))!) : null,
  }));
  const perPointScaling = Object.fromEntries(
    ARRAY_FNS.map((fn) => {
      const at = (n: number) => arrays.find((a) => a.fn === fn && a.points === n)!.pointsPerSec;
      return [fn, at(100_000) / at(1000)];
    }),
  );

  const oil: OilRow[] = [];
  for (const fn of OIL_FNS) {
    const def = findDefinition(fn)!;
    const body = def.examples[0]!.input as Record<string, unknown>;
    const raws: number[] = [];
    const validated: number[] = [];
    for (let round = 0; round < runs; round++) {
      raws.push(rate(seconds, engineCall(def, body)));
      validated.push(rate(seconds, validatedCall(def, body)));
    }
    const raw = median(raws);
    const val = median(validated);
    const ratio = val / raw;
    oil.push({ fn, rawCallsPerSec: raw, validatedCallsPerSec: val, ratio, meetsTarget: val >= TARGETS.scalarCallsPerSec || ratio >= TARGETS.scalarRatio });
    progress(`speed: ${fn} raw ${raw.toFixed(0)}/s, with validation ${val.toFixed(0)}/s (${ratio.toFixed(2)})`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const answerText: AnswerTextRow[] = [];
  for (const n of ANSWER_SIZES) {
    const def = findDefinition('pvt.gasProperties')!;
    const input = arrayInput(def.name, n);
    const out = executeDefinition(def, input);
    if (!out.ok) throw new Error(`${def.name}: ${out.message}`);
    const presented = presentResult(def, out.result, out.warnings, 'field');
    if (answerJson(presented) !== JSON.stringify(presented)) throw new Error('answerJson differs from JSON.stringify');
    const us = (once: () => void) => median(Array.from({ length: runs }, () => 1e6 / rate(seconds / 2, once)));
    const row = {
      fn: def.name,
      points: n,
      engineUs: us(engineCall(def, input)),
      stringifyUs: us(() => JSON.stringify(presented)),
      answerJsonUs: us(() => answerJson(presented)),
    };
    answerText.push(row);
    progress(`speed: ${def.name} answer of ${n} pressures: engine ${row.engineUs.toFixed(1)} us, JSON.stringify ${row.stringifyUs.toFixed(1)} us, answerJson ${row.answerJsonUs.toFixed(1)} us`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { peer, arrays, perPointScaling, oil, answerText };
}


const millions = (x: number) => `${(x / 1e6).toFixed(2)}M`;
const thousands = (x: number) => `${Math.round(x / 1000).toLocaleString('en-US')}k`;

export function renderSpeed(b: SpeedBench): string {
  const lines: string[] = ['Engine speed, one thread, no HTTP (1 s measurements in 2 x runs + 1 rounds, medians; ratio = median of per-round ratios)'];
  const peer = 'skip' in b.peer ? null : b.peer;
  lines.push(
    peer
      ? `  numpy peer: scripts/bench/peers/numpy_dak.py (python ${peer.python}, numpy ${peer.numpy}), DAK z at Tpr ${TPR}, Ppr ${PPR_LO}-${PPR_HI}, run before and after each function's rows (a row's ratio is to their mean)`
      : `  numpy peer skipped: ${(b.peer as { skip: string }).skip}`,
  );
  lines.push('  function          | pressures | ours points/s | numpy points/s | ratio | target >= 2x');
  for (const a of b.arrays) {
    const ok = a.ratio === null ? '-' : a.ratio >= TARGETS.arrayRatio ? 'yes' : 'NO';
    lines.push(
      `  ${a.fn.padEnd(17)} | ${a.points.toLocaleString('en-US').padStart(9)} | ${millions(a.pointsPerSec).padStart(13)} | ${(a.numpyPointsPerSec === null ? '-' : millions(a.numpyPointsPerSec)).padStart(14)} | ${(a.ratio === null ? '-' : `${a.ratio.toFixed(2)}x`).padStart(5)} | ${ok}`,
    );
  }
  for (const [fn, s] of Object.entries(b.perPointScaling)) lines.push(`  ${fn}: points/s at 100,000 / at 1,000 = ${s.toFixed(2)} (target >= 1)`);
  lines.push('', '  black-oil scalar     | raw calls/s | with validation | ratio | target (>= 200k/s or >= 0.5)');
  for (const o of b.oil) {
    lines.push(`  ${o.fn.padEnd(20)} | ${thousands(o.rawCallsPerSec).padStart(11)} | ${thousands(o.validatedCallsPerSec).padStart(15)} | ${o.ratio.toFixed(2).padStart(5)} | ${o.meetsTarget ? 'yes' : 'NO'}`);
  }
  if (b.answerText?.length) {
    lines.push('', '  answer JSON text     | pressures | engine call | JSON.stringify | answerJson | faster');
    for (const a of b.answerText) {
      const f = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} us`);
      lines.push(`  ${a.fn.padEnd(20)} | ${a.points.toLocaleString('en-US').padStart(9)} | ${f(a.engineUs).padStart(11)} | ${f(a.stringifyUs).padStart(14)} | ${f(a.answerJsonUs).padStart(10)} | ${(a.stringifyUs / a.answerJsonUs).toFixed(2)}x`);
    }
  }
  return lines.join('\n');
}
