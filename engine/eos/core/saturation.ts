/**
 * Saturation points of a feed at a temperature: the pressures where a second phase appears.
 *
 * 1. Bracket by stability (stability.ts): from a start above the Wilson bubble-point estimate,
 *    pressures are scanned geometrically (x1.25) up until the feed is stable and down until it
 *    is unstable (the upper boundary of the two-phase region), and on down until it is stable
 *    again (the lower boundary, for the lower dew point of a retrograde fluid or of an oil).
 * 2. Bisection on stability narrows the bracket to 1e-4 relative; the unstable trial phase
 *    nearest the boundary is the incipient phase's first estimate.
 * 3. Newton's method on the saturation equations in (ln K_i, ln P) (Michelsen 1985):
 *      ln K_i + ln phi_i(w) - ln phi_i(z) = 0,  sum_i w_i - 1 = 0,  w_i = K_i z_i,
 *    kept inside the bracket; converged at max residual 1e-12. Should Newton fail (trivial
 *    solution at a near-critical point), bisection continues to 1e-9 relative instead.
 * The point is a bubble point when the incipient phase is lighter than the feed, else a dew point.
 *
 * Feeds must have every z_i > 0. Units: SI (K, Pa). Validity: pressures 0.001 to 100000 psia;
 * a two-phase window narrower than the scan step is found by the caller's envelope fallback.
 *
 * References:
 * - Michelsen, M.L. (1985) Saturation point calculations. Fluid Phase Equilib. 23, 181-192.
 * - Michelsen (1982a), see stability.ts.
 */
import { luSolve } from './linalg.js';
import type { Phase, PhaseModel } from './phase.js';
import { stabilityTest } from './stability.js';

export interface SaturationPoint {
  P: number;
  kind: 'bubble' | 'dew';
  /** Incipient phase composition. */
  w: Float64Array;
  feed: Phase;
  incipient: Phase;
  converged: boolean;
  iterations: number;
  residual: number;
}

export interface SaturationBrackets {
  /** [stable above, unstable below] around the upper boundary, Pa; null when never unstable. */
  upper: Bracket | null;
  lower: Bracket | null;
  /** Stability tests run. */
  tests: number;
}

export interface Bracket {
  stableP: number;
  unstableP: number;
  trial: Float64Array;
}

export const P_MIN_PA = 0.001 * 6894.757293168;
export const P_MAX_PA = 100_000 * 6894.757293168;
const SCAN_FACTOR = 1.25;

/** Whether z is unstable at P, and the trial phase that says so. */
function probe(pm: PhaseModel, z: Float64Array, P: number): { unstable: boolean; trial: Float64Array | null } {
  const feed = pm.evaluate(z, P, 'gibbs');
  if (!feed) return { unstable: false, trial: null };
  const s = stabilityTest(pm, z, P, feed);
  return { unstable: !s.stable, trial: s.trial };
}

export function bracketSaturation(pm: PhaseModel, z: Float64Array, wantLower: boolean): SaturationBrackets {
  let tests = 0;
  const test = (P: number) => {
    tests++;
    return probe(pm, z, P);
  };
  let P = Math.min(P_MAX_PA, Math.max(2 * wilsonBubble(pm, z), 1000 * 6894.757293168));
  let here = test(P);
  let upper: Bracket | null = null;
  const start = { P, trial: here.trial };
  if (here.unstable) {
    // Go up until stable.
    let lastUnstable = { P, trial: here.trial! };
    while (P < P_MAX_PA) {
      P = Math.min(P_MAX_PA, P * SCAN_FACTOR);
      here = test(P);
      if (!here.unstable) {
        upper = { stableP: P, unstableP: lastUnstable.P, trial: lastUnstable.trial };
        break;
      }
      lastUnstable = { P, trial: here.trial! };
    }
    // Unstable up to the limit (a liquid-liquid split above the bubble point): no upper boundary,
    // but the lower one, below the start, may still exist.
    if (!upper) return { upper: null, lower: wantLower ? scanDown(start.P, start.trial!) : null, tests };
  } else {
    let lastStable = P;
    while (P > P_MIN_PA) {
      P = Math.max(P_MIN_PA, P / SCAN_FACTOR);
      here = test(P);
      if (here.unstable) {
        upper = { stableP: lastStable, unstableP: P, trial: here.trial! };
        break;
      }
      lastStable = P;
    }
    if (!upper) return { upper: null, lower: null, tests };
  }
  return { upper, lower: wantLower ? scanDown(upper.unstableP, upper.trial) : null, tests };

  /** From an unstable pressure down until stable: the lower boundary of the two-phase region. */
  function scanDown(from: number, trial: Float64Array): Bracket | null {
    let lastUnstable = { P: from, trial };
    let p = from;
    while (p > P_MIN_PA) {
      p = Math.max(P_MIN_PA, p / SCAN_FACTOR);
      const h = test(p);
      if (!h.unstable) return { stableP: p, unstableP: lastUnstable.P, trial: lastUnstable.trial };
      lastUnstable = { P: p, trial: h.trial! };
    }
    return null;
  }
}

/** Wilson's bubble-point estimate sum z_i Pc_i exp(5.373 (1 + w_i)(1 - Tc_i/T)), Pa. */
function wilsonBubble(pm: PhaseModel, z: Float64Array): number {
  const f = pm.ts.fluid;
  let s = 0;
  for (let i = 0; i < f.n; i++) s += z[i]! * f.pc[i]! * Math.exp(5.373 * (1 + f.omega[i]!) * (1 - f.tc[i]! / pm.T));
  return s;
}

/** Narrows a bracket by bisection on stability to `rel`, then polishes by Newton. */
export function refineSaturation(pm: PhaseModel, z: Float64Array, br: Bracket): SaturationPoint | null {
  let { stableP, unstableP, trial } = br;
  let iterations = 0;
  const bisectTo = (rel: number) => {
    while (Math.abs(stableP - unstableP) > rel * unstableP && iterations < 200) {
      iterations++;
      const mid = Math.sqrt(stableP * unstableP);
      const r = probe(pm, z, mid);
      if (r.unstable && r.trial) {
        unstableP = mid;
        trial = r.trial;
      } else stableP = mid;
    }
  };
  bisectTo(1e-4);
  const lo = Math.min(stableP, unstableP);
  const hi = Math.max(stableP, unstableP);
  const nt = newtonSaturation(pm, z, unstableP, trial, lo / (1 + 1e-3), hi * (1 + 1e-3));
  if (nt) return { ...nt, iterations: iterations + nt.iterations };
  bisectTo(1e-9);
  const P = 0.5 * (stableP + unstableP);
  const feed = pm.evaluate(z, P, 'gibbs');
  const inc = pm.evaluate(trial, P, 'gibbs');
  if (!feed || !inc) return null;
  return { P, kind: kindOf(pm, feed, inc), w: inc.x, feed, incipient: inc, converged: false, iterations, residual: residualOf(feed, inc) };
}

/** max |ln(w_i / z_i) + ln phi_i(w) - ln phi_i(z)| over the components whose fractions have not underflowed in either phase. */
function residualOf(feed: Phase, inc: Phase): number {
  let r = 0;
  for (let i = 0; i < feed.x.length; i++) {
    if (!(inc.x[i]! > 0 && feed.x[i]! > 0)) continue;
    r = Math.max(r, Math.abs(Math.log(inc.x[i]! / feed.x[i]!) + inc.lnPhi[i]! - feed.lnPhi[i]!));
  }
  return r;
}

function kindOf(pm: PhaseModel, feed: Phase, inc: Phase): 'bubble' | 'dew' {
  const f = pm.ts.fluid;
  return f.molarMass(inc.x) / inc.V < f.molarMass(feed.x) / feed.V ? 'bubble' : 'dew';
}

const NEWTON_MAX = 50;
const TOL = 1e-12;

/** Newton on (ln K, ln P) from P0 and incipient estimate w0, kept within [pLo, pHi]; null on failure. */
export function newtonSaturation(pm: PhaseModel, z: Float64Array, P0: number, w0: Float64Array, pLo: number, pHi: number): Omit<SaturationPoint, 'iterations'> & { iterations: number } | null {
  const n = z.length;
  const x = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) x[i] = Math.log(w0[i]! / z[i]!);
  x[n] = Math.log(P0);
  for (let it = 1; it <= NEWTON_MAX; it++) {
    const P = Math.exp(x[n]!);
    const w = Float64Array.from(z, (zi, i) => zi * Math.exp(x[i]!));
    let sw = 0;
    for (const v of w) sw += v;
    const feed = pm.evaluate(z, P, 'gibbs');
    const inc = pm.evaluate(w, P, 'gibbs');
    if (!feed || !inc) return null;
    const F = new Float64Array(n + 1);
    let res = Math.abs(sw - 1);
    for (let i = 0; i < n; i++) {
      F[i] = x[i]! + inc.lnPhi[i]! - feed.lnPhi[i]!;
      res = Math.max(res, Math.abs(F[i]!));
    }
    F[n] = sw - 1;
    let trivial = 0;
    for (let i = 0; i < n; i++) trivial += x[i]! * x[i]!;
    if (trivial < 1e-8) return null;
    if (res <= TOL) {
      return { P, kind: kindOf(pm, feed, inc), w: inc.x, feed, incipient: inc, converged: true, iterations: it - 1, residual: res };
    }
    const dI = pm.derivatives(inc);
    const dF = pm.derivatives(feed);
    const J = new Float64Array((n + 1) * (n + 1));
    const m = n + 1;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) J[i * m + j] = (i === j ? 1 : 0) + (dI.dn[i * n + j]! * w[j]!) / sw;
      J[i * m + n] = P * (dI.dP[i]! - dF.dP[i]!);
      J[n * m + i] = w[i]!;
    }
    J[n * m + n] = 0;
    const step = luSolve(J, F.map((v) => -v), m);
    if (!step) return null;
    // Damp large steps; a pressure outside the bracket means Newton is heading elsewhere.
    let scale = 1;
    const big = step.reduce((a, v) => Math.max(a, Math.abs(v)), 0);
    if (big > 2) scale = 2 / big;
    for (let i = 0; i <= n; i++) x[i] = x[i]! + scale * step[i]!;
    const Pn = Math.exp(x[n]!);
    if (!(Pn >= pLo && Pn <= pHi)) return null;
  }
  return null;
}

