/**
 * The z-factor methods offered by pvt.zFactor and pvt.gasProperties, in one table so both
 * functions accept the same names, check the same validity ranges and fail the same way.
 * Each method's equations, units, validity and references are in its own file.
 */
import { rangeWarnings } from '../../execute.js';
import { EngineFailure } from '../../failure.js';
import { DAK_VALIDITY, DakSweepState, zDAK, zDAKSweep } from './zDAK.js';
import { HY_VALIDITY, zHallYarborough } from './zHallYarborough.js';
import type { ZResult } from './zResult.js';
import { dakTable, TABLE_MIN, zDAKTableColumns } from './zDAKTable.js';
import { DAK_FOLD_TPR, dakFold } from './zDAKFold.js';
import { gasKernels } from '../kernels/gasKernels.js';

export const Z_METHODS = ['DAK', 'HY'] as const;
export type ZMethod = (typeof Z_METHODS)[number];

interface ZMethodEntry {
  label: string;
  solve: (ppr: number, tpr: number) => ZResult | null;
  validity: { pprMin: number; pprMax: number; tprMin: number; tprMax: number; lowTpr?: { tprMin: number; pprBelow: number } };
}

const TABLE: Record<ZMethod, ZMethodEntry> = {
  DAK: { label: 'Dranchuk–Abou-Kassem (1975)', solve: zDAK, validity: DAK_VALIDITY },
  HY: { label: 'Hall–Yarborough (1973)', solve: zHallYarborough, validity: HY_VALIDITY },
};

/** z and dz/dPpr by the chosen method; EngineFailure('no_solution') when the equation has no root. */
export function zBy(method: ZMethod, ppr: number, tpr: number): ZResult {
  const r = TABLE[method].solve(ppr, tpr);
  if (r === null) throw new EngineFailure('no_solution', `${TABLE[method].label} z-factor equation has no gas root at Ppr ${ppr}, Tpr ${tpr}`);
  return r;
}

/**
 * Lists at least this long are solved by the DAK sweep; shorter ones point by point, so a short
 * list answers exactly (to the last bit) what one call per pressure answers. The sweep's roots
 * agree with those to ~1e-12 (the solvers' tolerance); from this length on, resuming the bracket
 * scan instead of scanning from 0 at every pressure is worth more than that last bit (10
 * pressures of 500-5000 psia: 2.5x the points per second).
 */
export const SWEEP_MIN = 8;

/**
 * z and dz/dPpr by the chosen method at the reduced pressures of `ppr` from `from` to `to`
 * (exclusive; one Tpr), written into `z` and `dzdppr` in order; the same numbers as zBy point by
 * point (DAK lists of SWEEP_MIN or more by the warm-started sweep, `state` carrying it over
 * consecutive slices; dz/dPpr of point i at dzdppr[i - dzOffset]). Returns the
 * index of the first point without a root (nothing written from there on; zBy throws its
 * failure), or -1 when every point has one.
 */
export function zColumns(
  method: ZMethod,
  ppr: ArrayLike<number>,
  tpr: number,
  z: number[] | Float64Array,
  dzdppr: number[] | Float64Array,
  from = 0,
  to = ppr.length,
  state: DakSweepState = new DakSweepState(),
  dzOffset = 0,
): number {
  const solve = TABLE[method].solve;
  // Long DAK lists: the table and the WebAssembly kernel (./zDAKTable.ts), where they apply; the table once per list.
  if (method === 'DAK' && ppr.length >= TABLE_MIN && gasKernels() !== null) {
    if (state.table === undefined) state.table = dakTable(tpr, state.pprMax ?? span(ppr).hi);
    if (state.table !== null) return zDAKTableColumns(ppr, state.table, z, dzdppr, from, to, dzOffset, state);
  }
  state.kernelVouched = false;
  const sweep = method === 'DAK' && ppr.length >= SWEEP_MIN;
  for (let i = from; i < to; ) {
    // A point the DAK sweep cannot solve is solved alone, and the sweep starts afresh after it.
    const bad = sweep ? zDAKSweep(ppr, tpr, z, dzdppr, i, to, state, dzOffset) : i;
    if (bad < 0) return -1;
    const r = solve(ppr[bad] as number, tpr);
    if (r === null) return bad;
    z[bad] = r.z;
    dzdppr[bad - dzOffset] = r.dzdppr;
    Object.assign(state, new DakSweepState(), { table: state.table, pprMax: state.pprMax, kernelVouched: false });
    i = bad + 1;
  }
  return -1;
}

export { DakSweepState };

/** Warnings for reduced conditions outside the method's fitted range (one message per bound). */
export function zRangeWarnings(method: ZMethod, ppr: number | readonly number[], tpr: number): string[] {
  if (typeof ppr === 'number') return zRangeWarningsSpan(method, ppr, ppr, tpr);
  const { lo, hi } = span(ppr);
  return zRangeWarningsSpan(method, lo, hi, tpr);
}

/** The smallest and largest of xs, NaN passed over (lo > hi when there is no number). */
export function span(xs: ArrayLike<number>): { lo: number; hi: number } {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return { lo, hi };
}

/** zRangeWarnings for reduced pressures from pprMin to pprMax (no list needed: a sweep knows its span). */
export function zRangeWarningsSpan(method: ZMethod, pprMin: number, pprMax: number, tpr: number): string[] {
  const fold = zFoldWarning(method, pprMin, pprMax, tpr);
  const range = rangeWarningsSpan(method, pprMin, pprMax, tpr);
  return fold === null ? range : [...range, fold];
}

/** The DAK fold's warning alone, for a z sweep over pprMin..pprMax (an integral from 0 too), or null. */
export function zFoldWarning(method: ZMethod, pprMin: number, pprMax: number, tpr: number): string | null {
  // One comparison outside the fold (Tpr >= 1.0218 or HY); the band is found once per call inside it.
  return method === 'DAK' && tpr < DAK_FOLD_TPR ? dakFoldWarning(pprMin, pprMax, tpr) : null;
}

/**
 * The warning where DAK's Ppr span meets the band in which its equation has three roots (./zDAKFold.ts).
 * Above Tpr 1 (inside the stated range) the loop is the fit's, with no physical cause: the whole band
 * warns. Below Tpr 1 a gas does condense and the gas-like root is the right one up to where it ends:
 * only a span reaching the top tenth of the band or past it, where the solver takes the liquid-like root, warns.
 */
function dakFoldWarning(pprMin: number, pprMax: number, tpr: number): string | null {
  const f = dakFold(tpr);
  if (f === null) return null;
  const jump = `the gas-like root taken ends by Ppr ${f.pprHigh.toFixed(4)}, where z jumps from ${f.zGasEnd.toFixed(4)} to the dense root's ${f.zDenseEnd.toFixed(4)}`;
  if (tpr > 1) {
    if (pprMax < f.pprLow || pprMin > f.pprHigh) return null;
    return (
      `Dranchuk–Abou-Kassem (1975) equation folds at Tpr ${tpr.toPrecision(6)}: below Tpr ${DAK_FOLD_TPR} (its own critical isotherm, inside its stated range from Tpr 1.0) ` +
      `it has three roots for Ppr ${f.pprLow.toFixed(4)}-${f.pprHigh.toFixed(4)}, and ${jump}: z near there is uncertain (a real gas has no such jump above its critical temperature; the Standing–Katz chart starts at Tpr 1.05)`
    );
  }
  if (pprMax < f.pprHigh - 0.1 * (f.pprHigh - f.pprLow)) return null;
  return `Dranchuk–Abou-Kassem (1975) equation folds at Tpr ${tpr.toPrecision(6)} (below the critical temperature the gas condenses): ${jump}, a liquid-like z`;
}

function rangeWarningsSpan(method: ZMethod, pprMin: number, pprMax: number, tpr: number): string[] {
  const v = TABLE[method].validity;
  const low = v.lowTpr && tpr >= v.lowTpr.tprMin && pprMax < v.lowTpr.pprBelow;
  const tprMin = low ? v.lowTpr?.tprMin : v.tprMin;
  // The note (a string) is built only when a bound is crossed.
  const pprOut = pprMin < v.pprMin || pprMax > v.pprMax;
  const tprOut = (tprMin !== undefined && tpr < tprMin) || tpr > v.tprMax;
  if (!pprOut && !tprOut) return [];
  const note = `${TABLE[method].label} fit of the Standing–Katz chart`;
  return rangeWarnings(
    [
      { field: 'Ppr', min: v.pprMin, max: v.pprMax, note },
      { field: 'Tpr', min: tprMin, max: v.tprMax, note },
    ],
    { Ppr: pprMin === pprMax ? pprMin : [pprMin, pprMax], Tpr: tpr },
  );
}
