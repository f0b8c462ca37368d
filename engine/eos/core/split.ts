/**
 * The two-phase split of an unstable feed at T, P (Michelsen 1982b): successive substitution on
 * ln K_i = ln phi_i^L - ln phi_i^V with the Rachford-Rice vapour fraction, accelerated every
 * fifth step by the dominant-eigenvalue extrapolation (kept only when it lowers the Gibbs
 * energy), then Newton's method on the Gibbs energy in the vapour mole numbers v_i:
 *
 *   g_i = ln f_i^V - ln f_i^L,
 *   H_ij = (d_ij / y_i - 1 + Phi^V_ij) / beta + (d_ij / x_i - 1 + Phi^L_ij) / (1 - beta),
 *
 * (Phi_ij = d ln phi_i / d n_j of one mole) solved by Cholesky, with steps kept inside
 * 0 < v_i < z_i and a backtracking line search on G while far from the solution. Compositions
 * come from the mole numbers (x = (z - v)/(1 - beta), y = v/beta), so the mass balance closes to
 * rounding. Converged when max |ln f_i^V - ln f_i^L| <= 1e-12 (a Newton step from 1e-7 usually
 * lands near 1e-15).
 *
 * Feeds must have every z_i > 0. Units: SI. Every loop is bounded; non-convergence is reported
 * with its residual, never hidden.
 *
 * References:
 * - Michelsen, M.L. (1982b) The isothermal flash problem. Part II. Phase-split calculation.
 *   Fluid Phase Equilib. 9, 21-40.
 * - Michelsen & Mollerup (2007) ch. 10 (the Newton step and its safeguards).
 */
import { dominantEigenvalueStep } from './accelerate.js';
import { descentStep } from './linalg.js';
import type { Phase, PhaseModel } from './phase.js';
import { phaseCompositions, solveRachfordRice } from './rachfordRice.js';

export interface SplitOutcome {
  /** 'trivial': the iteration collapsed onto the feed (K -> 1) or lost its root: one phase after all. */
  status: 'two-phase' | 'trivial';
  converged: boolean;
  ssIterations: number;
  newtonIterations: number;
  /** Mole fraction of the y phase (unclamped: outside (0, 1) means one phase). */
  beta: number;
  x: Float64Array;
  y: Float64Array;
  L: Phase | null;
  V: Phase | null;
  /** max_i |ln f_i^y - ln f_i^x| at the answer. */
  residual: number;
  /** G/RT of the split per mole of feed (up to the ideal-gas reference). */
  gibbs: number;
}

const SS_MAX = 600;
const NEWTON_MAX = 40;
const SWITCH_TO_NEWTON = 1e-6;
/** Substitutions after which Newton (with its line search) takes over however far the residual is. */
const SS_BEFORE_NEWTON = 8;
const TOL = 1e-12;
const TRIVIAL_LNK = 1e-5;
const LINE_SEARCH_MAX = 12;

interface SsState {
  lnK: Float64Array;
  beta: number;
  x: Float64Array;
  y: Float64Array;
  L: Phase;
  V: Phase;
  lnKNext: Float64Array;
  residual: number;
  gibbs: number;
}

export function twoPhaseSplit(pm: PhaseModel, z: Float64Array, P: number, lnK0: Float64Array, betaGuess?: number): SplitOutcome {
  let ss = 0;
  let state = ssState(pm, z, P, lnK0, betaGuess);
  if (!state) return trivial(z, 0, 0);
  let gPrev: Float64Array | null = null;
  let newtonTries = 0;
  while (ss < SS_MAX) {
    ss++;
    if (state.residual <= TOL) return finish(state, ss, 0, true);
    if (maxAbs(state.lnKNext) < TRIVIAL_LNK) return trivial(z, ss, 0);
    // Newton from close enough, or once substitution proves slow (a split far from the start,
    // a near-critical one); should it fail, more substitution and at most two more tries.
    const slow = ss >= SS_BEFORE_NEWTON * (newtonTries + 1);
    if ((state.residual < SWITCH_TO_NEWTON / 10 ** (2 * newtonTries) || slow) && state.beta > 0 && state.beta < 1 && newtonTries < 3) {
      newtonTries++;
      const nt = newton(pm, z, P, state);
      if (nt.converged) return { ...nt.outcome, ssIterations: ss, newtonIterations: nt.iterations };
    }
    const g = Float64Array.from(state.lnKNext, (v, i) => v - state!.lnK[i]!);
    let next = ssState(pm, z, P, state.lnKNext, state.beta);
    if (next && gPrev && ss % 5 === 0) {
      const acc = dominantEigenvalueStep(state.lnKNext, g, gPrev);
      const accState: SsState | null = acc ? ssState(pm, z, P, acc, state.beta) : null;
      if (accState && accState.gibbs < next.gibbs) next = accState;
    }
    gPrev = g;
    if (!next) return trivial(z, ss, 0);
    state = next;
  }
  return finish(state, ss, 0, state.residual <= TOL);
}

function ssState(pm: PhaseModel, z: Float64Array, P: number, lnK: Float64Array, betaGuess?: number): SsState | null {
  const K = lnK.map(Math.exp);
  const rr = solveRachfordRice(z, K, betaGuess);
  if (rr.kind !== 'root') return null;
  const { x, y } = phaseCompositions(z, K, rr.beta);
  const L = pm.evaluate(x, P, 'gibbs');
  const V = pm.evaluate(y, P, 'gibbs');
  if (!L || !V) return null;
  const n = z.length;
  const lnKNext = new Float64Array(n);
  let residual = 0;
  for (let i = 0; i < n; i++) {
    lnKNext[i] = L.lnPhi[i]! - V.lnPhi[i]!;
    residual = Math.max(residual, Math.abs(lnKNext[i]! - lnK[i]!));
  }
  return { lnK, beta: rr.beta, x: L.x, y: V.x, L, V, lnKNext, residual, gibbs: splitGibbs(rr.beta, L, V) };
}

/** G/RT per mole of feed: (1 - beta) sum x (ln x + ln phi_L) + beta sum y (ln y + ln phi_V). */
export function splitGibbs(beta: number, L: Phase, V: Phase): number {
  return (1 - beta) * phaseGibbs(L) + beta * phaseGibbs(V);
}

/** sum x_i (ln x_i + ln phi_i) of one phase (0 ln 0 = 0). */
export function phaseGibbs(ph: Phase): number {
  let s = 0;
  for (let i = 0; i < ph.x.length; i++) {
    const xi = ph.x[i]!;
    if (xi > 0) s += xi * (Math.log(xi) + ph.lnPhi[i]!);
  }
  return s;
}

function finish(s: SsState, ss: number, newtonIt: number, converged: boolean): SplitOutcome {
  return {
    status: 'two-phase',
    converged,
    ssIterations: ss,
    newtonIterations: newtonIt,
    beta: s.beta,
    x: s.x,
    y: s.y,
    L: s.L,
    V: s.V,
    residual: s.residual,
    gibbs: s.gibbs,
  };
}

function trivial(z: Float64Array, ss: number, nt: number): SplitOutcome {
  return { status: 'trivial', converged: true, ssIterations: ss, newtonIterations: nt, beta: NaN, x: z, y: z, L: null, V: null, residual: 0, gibbs: NaN };
}

const maxAbs = (a: Float64Array) => a.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

interface NewtonResult {
  converged: boolean;
  iterations: number;
  outcome: SplitOutcome;
}

function newton(pm: PhaseModel, z: Float64Array, P: number, start: SsState): NewtonResult {
  const n = z.length;
  const v = Float64Array.from(start.y, (yi) => yi * start.beta);
  let cur = evalMoles(pm, z, P, v);
  if (!cur) return { converged: false, iterations: 0, outcome: finish(start, 0, 0, false) };
  for (let it = 1; it <= NEWTON_MAX; it++) {
    if (cur.residual <= TOL) return { converged: true, iterations: it - 1, outcome: cur.outcome(it - 1) };
    const dV = pm.derivatives(cur.V);
    const dL = pm.derivatives(cur.L);
    const H = new Float64Array(n * n);
    const b = cur.beta;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const diag = i === j;
        H[i * n + j] = ((diag ? 1 / cur.y[i]! : 0) - 1 + dV.dn[i * n + j]!) / b + ((diag ? 1 / cur.x[i]! : 0) - 1 + dL.dn[i * n + j]!) / (1 - b);
      }
    }
    const step = descentStep(H, cur.g, n);
    if (!step) return { converged: false, iterations: it, outcome: cur.outcome(it) };
    // A component the full step would drive out of (0, z_i) - a trace component whose moles the
    // step overshoots - keeps a tenth of its distance to the bound instead of shortening the
    // whole step (which would stall Newton on the trace).
    const trialAt = (alpha: number) =>
      Float64Array.from(v, (vi, i) => {
        const t = vi + alpha * step[i]!;
        return t <= 0 ? vi * 0.1 : t >= z[i]! ? z[i]! - (z[i]! - vi) * 0.1 : t;
      });
    let slope = 0;
    for (let i = 0; i < n; i++) slope += cur.g[i]! * step[i]!;
    let alpha = 1;
    let next: ReturnType<typeof evalMoles> = null;
    for (let k = 0; k < LINE_SEARCH_MAX; k++) {
      const trial = trialAt(alpha);
      next = evalMoles(pm, z, P, trial);
      // Near the solution G changes by less than rounding: take the Newton step as it is.
      if (next && (cur.residual < 1e-8 || next.G <= cur.G + 1e-4 * alpha * slope)) {
        v.set(trial);
        break;
      }
      next = null;
      alpha /= 2;
    }
    if (!next) return { converged: false, iterations: it, outcome: cur.outcome(it) };
    cur = next;
  }
  return { converged: cur.residual <= TOL, iterations: NEWTON_MAX, outcome: cur.outcome(NEWTON_MAX) };
}

function evalMoles(pm: PhaseModel, z: Float64Array, P: number, v: Float64Array) {
  const n = z.length;
  let beta = 0;
  for (let i = 0; i < n; i++) beta += v[i]!;
  if (!(beta > 0 && beta < 1)) return null;
  const y = Float64Array.from(v, (vi) => vi / beta);
  const x = Float64Array.from(v, (vi, i) => (z[i]! - vi) / (1 - beta));
  const V = pm.evaluate(y, P, 'gibbs');
  const L = pm.evaluate(x, P, 'gibbs');
  if (!V || !L) return null;
  const g = new Float64Array(n);
  let residual = 0;
  for (let i = 0; i < n; i++) {
    g[i] = Math.log(y[i]!) + V.lnPhi[i]! - Math.log(x[i]!) - L.lnPhi[i]!;
    residual = Math.max(residual, Math.abs(g[i]!));
  }
  if (!Number.isFinite(residual)) return null;
  const G = splitGibbs(beta, L, V);
  return {
    beta,
    x,
    y,
    V,
    L,
    g,
    residual,
    G,
    outcome: (nt: number): SplitOutcome => ({
      status: 'two-phase',
      converged: residual <= TOL,
      ssIterations: 0,
      newtonIterations: nt,
      beta,
      x,
      y,
      L,
      V,
      residual,
      gibbs: G,
    }),
  };
}
