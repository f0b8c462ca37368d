/**
 * Where the Dranchuk–Abou-Kassem (1975) equation folds. DAK is solved for the reduced density rho
 * from h(rho) = rho z(rho) = 0.27 Ppr / Tpr (./zDAK.ts). Below Tpr 1.02170 h is not monotonic (a van
 * der Waals-type loop: the fitted equation's own critical isotherm, where h' = h'' = 0, lies above
 * Tpr 1, inside the authors' stated range 1.0 < Tpr <= 3.0): between the local minimum h(rhoDense)
 * and the local maximum h(rhoGas) three densities give the same Ppr, and the gas-like root the
 * solver takes ends at Ppr = Tpr h(rhoGas) / 0.27, where z jumps (21% at Tpr 1.02, 50% at 1.0001).
 * Above the critical temperature a real gas has no such loop; the Standing–Katz chart's lowest
 * isotherm is Tpr 1.05. Callers warn over the band [pprLow, pprHigh] (./zMethods.ts).
 *
 * Found by scanning h' on a 0.005 grid of rho in (0, 3] (the loop lies within 0.2-2.1 for
 * 0.7 <= Tpr < 1.0217), refining its minimum and bisecting h' = 0 either side. Computed once per
 * call, only below DAK_FOLD_TPR.
 *
 * Units: dimensionless (Ppr, Tpr, rho, z).
 * Reference: Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases
 * Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36.
 */
import { A11, coefficients } from './zDAK.js';

/** Above this Tpr h(rho) rises monotonically (the fold closes at Tpr 1.021703; rounded up). */
export const DAK_FOLD_TPR = 1.0218;

/** Below this Tpr DAK is outside every range the authors state (and warned as such). */
const FOLD_TPR_MIN = 0.7;

export interface DakFold {
  /** Reduced pressures between which the equation has three roots. */
  pprLow: number;
  pprHigh: number;
  /** z of the gas-like root at pprHigh, where it ends, and of the dense root the solver lands on past it. */
  zGasEnd: number;
  zDenseEnd: number;
}

type Coefficients = ReturnType<typeof coefficients>;

function h(rho: number, [c1, c2, c3, c4]: Coefficients): number {
  const r2 = rho * rho;
  return rho * (1 + c1 * rho + c2 * r2 - c3 * r2 * r2 * rho + c4 * (1 + A11 * r2) * r2 * Math.exp(-A11 * r2));
}

/** h'(rho) = z + rho dz/drho. */
function slope(rho: number, [c1, c2, c3, c4]: Coefficients): number {
  const r2 = rho * rho;
  const e = Math.exp(-A11 * r2);
  const z = 1 + c1 * rho + c2 * r2 - c3 * r2 * r2 * rho + c4 * (1 + A11 * r2) * r2 * e;
  const dz = c1 + 2 * c2 * rho - 5 * c3 * r2 * r2 + c4 * e * (2 * rho + 2 * A11 * r2 * rho - 2 * A11 * A11 * r2 * r2 * rho);
  return z + rho * dz;
}

/** A root of f in [a, b] where f(a) and f(b) differ in sign (bisection to the last bits). */
function bisect(f: (x: number) => number, a: number, b: number): number {
  const fa = f(a) > 0;
  for (let i = 0; i < 80 && b - a > 1e-15 * b; i++) {
    const m = (a + b) / 2;
    if (f(m) > 0 === fa) a = m;
    else b = m;
  }
  return (a + b) / 2;
}

const STEP = 0.005;
const N = 600;

/** The band of reduced pressures where DAK has three roots at tpr, or null where h is monotonic. */
export function dakFold(tpr: number): DakFold | null {
  if (!(tpr < DAK_FOLD_TPR && tpr >= FOLD_TPR_MIN)) return null;
  const c = coefficients(tpr);
  const s = (r: number) => slope(r, c);
  let iMin = 1;
  let sMin = Infinity;
  for (let i = 1; i <= N; i++) {
    const v = s(i * STEP);
    if (v < sMin) {
      sMin = v;
      iMin = i;
    }
  }
  // Refine the minimum of h' (golden section over the grid cell either side): near the closing Tpr the dip is narrower than the grid.
  let a = (iMin - 1) * STEP;
  let b = (iMin + 1) * STEP;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 60; k++) {
    const x1 = b - g * (b - a);
    const x2 = a + g * (b - a);
    if (s(x1) < s(x2)) b = x2;
    else a = x1;
  }
  const rhoMin = (a + b) / 2;
  if (!(s(rhoMin) < 0)) return null;
  // h' is 1 at rho = 0 and rises again past the loop (h grows like rho^6): walk out to where it is positive.
  let lo = rhoMin;
  while (lo > 0 && s(lo) <= 0) lo = Math.max(lo - STEP, 0);
  let hi = rhoMin;
  while (hi < N * STEP && s(hi) <= 0) hi += STEP;
  if (!(s(hi) > 0)) return null;
  const rhoGas = bisect(s, lo, rhoMin);
  const rhoDense = bisect(s, rhoMin, hi);
  const top = h(rhoGas, c);
  // The dense root at the jump: h(rho) = top beyond rhoDense.
  let up = rhoDense + STEP;
  while (h(up, c) < top && up < 20) up += STEP;
  const rhoJump = bisect((r) => h(r, c) - top, rhoDense, up);
  return {
    pprLow: (Math.max(h(rhoDense, c), 0) * tpr) / 0.27,
    pprHigh: (top * tpr) / 0.27,
    zGasEnd: top / rhoGas,
    zDenseEnd: top / rhoJump,
  };
}
