/**
 * Dranchuk & Abou-Kassem (1975): the 11-constant fit of the Standing–Katz (1942) z-factor chart.
 *
 *   z = 1 + c1 rho + c2 rho^2 - c3 rho^5 + c4 (1 + A11 rho^2) rho^2 exp(-A11 rho^2)
 *   c1 = A1 + A2/Tpr + A3/Tpr^3 + A4/Tpr^4 + A5/Tpr^5,  c2 = A6 + A7/Tpr + A8/Tpr^2,
 *   c3 = A9 (A7/Tpr + A8/Tpr^2),  c4 = A10/Tpr^3,  rho = 0.27 Ppr / (z Tpr)  (reduced density)
 *
 * Solved for rho (not z): g(rho) = rho z(rho) - 0.27 Ppr/Tpr is negative at rho = 0 and grows like
 * rho^6, so the first (gas-like) root is always bracketed.
 *
 * Units: Ppr, Tpr and z are dimensionless.
 * Validity (authors): 0.2 <= Ppr < 30 with 1.0 < Tpr <= 3.0, and Ppr < 1.0 with 0.7 < Tpr <= 1.0.
 * Below Tpr 1.0218 h(rho) = rho z is not monotonic and z jumps in Ppr (./zDAKFold.ts; callers warn).
 * Checked example: Ppr 0.5, Tpr 1.3 -> z = 0.9203019 (R package zFactor 0.1.9, vignette
 * Beggs-Brill.Rmd, z.DranchukAbuKassem grid; also pyrestoolbox 3.7.6: 0.920301909).
 *
 * References:
 * - Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using
 *   Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36. PETSOC-75-03-03.
 * - Standing, M.B. and Katz, D.L. (1942) Density of Natural Gases. Trans. AIME 146, 140-149. SPE-942140-G.
 */
import { firstBracket, firstBracketIn, newtonInBracket } from './solve.js';
import type { ZResult } from './zResult.js';
import { tableExp } from './tableExp.js';
import type { DakTable } from './zDAKTable.js';

const A1 = 0.3265;
const A2 = -1.07;
const A3 = -0.5339;
const A4 = 0.01569;
const A5 = -0.05165;
const A6 = 0.5475;
const A7 = -0.7361;
const A8 = 0.1844;
const A9 = 0.1056;
const A10 = 0.6134;
export const A11 = 0.721;

export const DAK_VALIDITY = {
  pprMin: 0.2,
  pprMax: 30,
  tprMin: 1.0,
  tprMax: 3.0,
  /** The authors' second region: 0.7 < Tpr <= 1.0 is fitted only for Ppr < 1.0. */
  lowTpr: { tprMin: 0.7, pprBelow: 1.0 },
} as const;

/** The coefficients of z(rho) at one reduced temperature. */
export function coefficients(tpr: number): [c1: number, c2: number, c3: number, c4: number] {
  const t2 = tpr * tpr;
  const t3 = t2 * tpr;
  return [A1 + A2 / tpr + A3 / t3 + A4 / (t3 * tpr) + A5 / (t3 * t2), A6 + A7 / tpr + A8 / t2, A9 * (A7 / tpr + A8 / t2), A10 / t3];
}

/**
 * z and dz/dPpr (at constant Tpr) by DAK, or null when no root is found.
 * dz/dPpr = z_rho * drho/dPpr, with drho/dPpr = 0.27 / (Tpr (z + rho z_rho)) from g(rho) = 0.
 */
export function zDAK(ppr: number, tpr: number): ZResult | null {
  const target = (0.27 * ppr) / tpr;
  // Coefficients once per call, not per evaluation (the same numbers).
  const [c1, c2, c3, c4] = coefficients(tpr);
  let z = 0;
  let dz = 0;
  const at = (rho: number): void => {
    const r2 = rho * rho;
    const e = Math.exp(-A11 * r2);
    z = 1 + c1 * rho + c2 * r2 - c3 * r2 * r2 * rho + c4 * (1 + A11 * r2) * r2 * e;
    dz = c1 + 2 * c2 * rho - 5 * c3 * r2 * r2 + c4 * e * (2 * rho + 2 * A11 * r2 * rho - 2 * A11 * A11 * r2 * r2 * rho);
  };
  const g = (rho: number): [number, number] => {
    at(rho);
    return [rho * z - target, z + rho * dz];
  };
  // Reduced densities of real gases stay below ~3; the scan goes well past that.
  // Fine steps over the first hump (scanStep), the usual grid after it.
  const fineEnd = fineScanEnd(c1);
  const bracket = (fineEnd > 0 ? firstBracketIn(g, scanStep(c1), FINE_STEPS) : null) ?? firstBracket(g, fineEnd > 0 ? fineEnd : 0, SCAN_STEP, SCAN_LIMIT);
  if (!bracket) return null;
  const rho = newtonInBracket(g, bracket[0], bracket[1], target);
  if (rho === null || !(rho > 0)) return null;
  at(rho);
  const dzdppr = (dz * 0.27) / (tpr * (z + rho * dz));
  return Number.isFinite(z) && z > 0 && Number.isFinite(dzdppr) ? { z, dzdppr } : null;
}

/** Grid step and end of the scan for the first bracket (zDAK and zDAKSweep alike). */
const SCAN_STEP = 0.05;
export const SCAN_LIMIT = 20;

/**
 * The scan's step at one Tpr. h(rho) = rho z(rho) rises from 0 with slope 1 to its first maximum
 * near rho = -1/(2 c1) (h' = 1 + 2 c1 rho + ...); the gas root is below that maximum. Far below the
 * authors' Tpr (c1 < -5, Tpr below ~0.58) the hump is narrower than SCAN_STEP, and a step over it
 * would skip the gas root for the dense one (z 1.6e-7 at Ppr 1e-6, Tpr 0.29): there the step is an
 * eighth of the hump. Above, SCAN_STEP, so every result there is what it was.
 */
export function scanStep(c1: number): number {
  return c1 < -5 ? -1 / (8 * c1) : SCAN_STEP;
}

/**
 * Where the fine steps end: four times the hump's position (sixteen fine steps), then the
 * usual grid, so a Tpr far below any gas's (c1 of thousands) does not walk to SCAN_LIMIT in
 * steps of 1e-5 (tens of seconds a call). 0: no fine part.
 */
export function fineScanEnd(c1: number): number {
  return c1 < -5 ? FINE_STEPS * scanStep(c1) : 0;
}

/** Fine steps over the hump (fineScanEnd = FINE_STEPS x scanStep). */
const FINE_STEPS = 16;
/** Bracket width at which Newton stops, and the iteration cap, as in ./solve.ts. */
const X_TOL = 1e-13;
const MAX_ITER = 200;
/**
 * Newton ends at x - step when the step is at most this (relative to max(1, rho)) and Newton's
 * next error, (h''/2h') step^2, is under a hundredth of X_TOL: the root is then within 1e-15 of
 * x - step, and z and dz/drho there follow from x by Taylor (z'' exact) to the same order. Near
 * a double root (Tpr close to 1, h' small) the error estimate is large and Newton goes on as
 * zDAK does. Measured against zDAK over Tpr 0.72-5, Ppr 0.01-30, lists in increasing,
 * decreasing and shuffled order (test/engine/pvt/zFactorList.test.ts).
 */
const ACCEPT_STEP = 1e-4;

/**
 * zDAK over a list of reduced pressures at one Tpr, written into `z` and `dzdppr` (index by
 * index): the same bracket and root as zDAK at every point, found with a fraction of the work.
 *
 * g(rho) = h(rho) - 0.27 Ppr/Tpr with h(rho) = rho z(rho) independent of Ppr, so when Ppr grows
 * from one point to the next every grid point below the previous bracket still has h < target:
 * the scan resumes at the previous bracket (its h value cached) instead of at 0. Newton starts
 * from the root two points back moved by a second-order step in the target (h' and h'' at that
 * root), so a dense sweep needs about one evaluation of z a point. Two back, not one: each
 * point's work then depends on the point before the previous one only, so the loop carries two
 * independent chains (even and odd points) that the processor runs overlapped; from the previous
 * root, every point waited for the whole of the one before (measured: the sweep 1.2-1.3x points
 * per second at 1,000 and 100,000 points). A point with a lower Ppr than the one before starts from 0 again, as zDAK
 * does. The coefficients are computed once per Tpr, and nothing is allocated per point.
 *
 * Solves the points from `from` to `to` (exclusive); `state` carries the sweep over consecutive
 * slices of one list. dz/dPpr of point i goes to dzdppr[i - dzOffset] (a caller's block scratch). Returns the index of the first point without a root (zDAK's null; the
 * state is then to be reset), or -1 when all have one.
 */
export function zDAKSweep(
  ppr: ArrayLike<number>,
  tpr: number,
  z: number[] | Float64Array,
  dzdppr: number[] | Float64Array,
  from = 0,
  to = ppr.length,
  state: DakSweepState = new DakSweepState(),
  dzOffset = 0,
): number {
  const [c1, c2, c3, c4] = coefficients(tpr);
  const k = 0.27 / tpr;
  const fine = scanStep(c1);
  const fineEnd = fineScanEnd(c1);
  // The scan: bracket [a, b] on the grid 0, step, 2 step, ... (accumulated as firstBracket does) and h(b).
  let { a, b, hb } = state;
  // The root two points back (what this point starts from) and the previous one, with h' and
  // h'' at each (slope 0: none).
  let { prevTarget, prevRho, prevSlope, prevInvSlope, prevCurvature } = state;
  let { lastTarget, lastRho, lastSlope, lastInvSlope, lastCurvature } = state;
  for (let i = from; i < to; i++) {
    const target = k * (ppr[i] as number);
    if (!(target >= lastTarget)) {
      a = 0;
      b = 0;
      hb = -Infinity;
      prevSlope = 0;
      lastSlope = 0;
    }
    // First grid point b with h(b) >= target (g(b) >= 0), resuming from the last bracket.
    while (!(hb >= target)) {
      if (hb !== -Infinity) a = b;
      // Relative: at Tpr far below any gas's the whole fine part is smaller than any absolute slack.
      b = a + (a < fineEnd * (1 - 1e-9) ? fine : SCAN_STEP);
      if (b > SCAN_LIMIT + 1e-15) return i;
      const r2 = b * b;
      const e = tableExp(-A11 * r2);
      hb = b * (1 + c1 * b + c2 * r2 - c3 * r2 * r2 * b + c4 * (1 + A11 * r2) * r2 * e);
      if (!Number.isFinite(hb)) return i;
    }
    // Safeguarded Newton in [a, b] (./solve.ts newtonInBracket) from the predicted root: the
    // previous root moved by the second-order step in the target (h' and h'' at that root).
    let guess = target;
    if (prevSlope > 0) {
      const d1 = (target - prevTarget) * prevInvSlope;
      guess = prevRho + d1 - 0.5 * prevCurvature * d1 * d1 * prevInvSlope;
    }
    let lo = a;
    let hi = b;
    let x = guess > lo && guess < hi ? guess : target > lo && target < hi ? target : (lo + hi) / 2;
    let root = NaN;
    let zRoot = NaN;
    let dz = NaN;
    let d2z = 0;
    for (let it = 0; it < MAX_ITER; it++) {
      const r2 = x * x;
      const e = tableExp(-A11 * r2);
      const zx = 1 + c1 * x + c2 * r2 - c3 * r2 * r2 * x + c4 * (1 + A11 * r2) * r2 * e;
      const dzx = c1 + 2 * c2 * x - 5 * c3 * r2 * r2 + c4 * e * (2 * x + 2 * A11 * r2 * x - 2 * A11 * A11 * r2 * r2 * x);
      const d2zx = 2 * c2 - 20 * c3 * r2 * x + c4 * e * (2 + 2 * A11 * r2 - 14 * A11 * A11 * r2 * r2 + 4 * A11 * A11 * A11 * r2 * r2 * r2);
      const fx = x * zx - target;
      if (!Number.isFinite(fx)) break;
      if (fx === 0) {
        root = x;
        zRoot = zx;
        dz = dzx;
        d2z = d2zx;
        break;
      }
      if (fx < 0) lo = x;
      else hi = x;
      const h1 = zx + x * dzx; // h'(x)
      const step = fx / h1;
      const scale = Math.max(1, Math.abs(x));
      // Newton's next error is (h''/2h') step^2: when that is below the tolerance, x - step is
      // the root, and z, dz/drho there follow from x by Taylor to the same order.
      if (Math.abs(step) <= ACCEPT_STEP * scale && Math.abs((0.5 * (2 * dzx + x * d2zx) * step * step) / h1) <= X_TOL * 0.01 * scale) {
        root = x - step;
        zRoot = zx - step * (dzx - 0.5 * step * d2zx);
        dz = dzx - step * d2zx;
        d2z = d2zx;
        break;
      }
      let next = x - step;
      if (!(next > lo && next < hi)) next = (lo + hi) / 2;
      if (hi - lo <= X_TOL * scale) {
        root = next;
        zRoot = target / root;
        dz = dzx;
        d2z = d2zx;
        break;
      }
      x = next;
    }
    if (!(root > 0)) return i;
    const slope = zRoot + root * dz; // h'(rho)
    const invSlope = 1 / slope;
    const d = dz * k * invSlope; // 0.27 dz / (Tpr h')
    if (!(Number.isFinite(zRoot) && zRoot > 0 && Number.isFinite(d))) return i;
    z[i] = zRoot;
    dzdppr[i - dzOffset] = d;
    prevTarget = lastTarget;
    prevRho = lastRho;
    prevSlope = lastSlope;
    prevInvSlope = lastInvSlope;
    prevCurvature = lastCurvature;
    lastTarget = target;
    lastRho = root;
    lastSlope = slope;
    lastInvSlope = invSlope;
    lastCurvature = 2 * dz + root * d2z; // h''(rho)
  }
  state.a = a;
  state.b = b;
  state.hb = hb;
  state.prevTarget = prevTarget;
  state.prevRho = prevRho;
  state.prevSlope = prevSlope;
  state.prevInvSlope = prevInvSlope;
  state.prevCurvature = prevCurvature;
  state.lastTarget = lastTarget;
  state.lastRho = lastRho;
  state.lastSlope = lastSlope;
  state.lastInvSlope = lastInvSlope;
  state.lastCurvature = lastCurvature;
  return -1;
}

/**
 * Where a DAK sweep stands: its bracket on the scan grid, and its last two roots with h' and h''
 * there ("prev" two points back, "last" the point before; a fresh one starts from 0).
 */
export class DakSweepState {
  /** The list's table for zDAKTableColumns (./zDAKTable.ts): undefined until decided, null where it does not apply. */
  table: DakTable | null | undefined = undefined;
  /** The list's largest Ppr, when its caller knows it (the table spans it); undefined: zColumns finds it. */
  pprMax: number | undefined = undefined;
  /**
   * True while every point solved so far was settled by the DAK kernel, whose ok flag holds z
   * positive and finite and dz/dPpr finite (./zDAKTable.ts): those columns need no bound pass of
   * their own. False once any point took another path; undefined before the first.
   */
  kernelVouched: boolean | undefined = undefined;
  a = 0;
  b = 0;
  hb = -Infinity;
  prevTarget = Infinity;
  prevRho = 0;
  prevSlope = 0;
  prevInvSlope = 0;
  prevCurvature = 0;
  lastTarget = Infinity;
  lastRho = 0;
  lastSlope = 0;
  lastInvSlope = 0;
  lastCurvature = 0;
}
