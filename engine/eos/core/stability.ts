/**
 * Phase stability of a feed by Michelsen's (1982a) tangent-plane analysis: the feed z at T, P is
 * stable when the tangent plane distance tm(W) = 1 + sum_i W_i (ln W_i + ln phi_i(w) - d_i - 1),
 * d_i = ln z_i + ln phi_i(z), is non-negative at every stationary point. Stationary points are
 * sought by successive substitution ln W_i <- d_i - ln phi_i(w) (w = W / sum W, each trial phase
 * on its lower-Gibbs root), accelerated by the dominant-eigenvalue step, from several trial
 * phases: Wilson vapour-like (z K) and liquid-like (z / K); when both collapse onto the feed,
 * their cube roots (z K^1/3, z / K^1/3; near-critical feeds) and the pure heaviest and lightest
 * components (liquid-liquid splits, e.g. CO2- or water-rich phases). The first trial that finds
 * tm < 0 ends the test: the feed is unstable and that trial's composition seeds the split. A
 * trial still undecided after 15 substitutions (near a critical point substitution crawls)
 * continues by Newton's method in alpha_i = 2 sqrt(W_i) (Michelsen 1982a, the second-order
 * method: H_ij = d_ij (1 + g_i / alpha_i) + sqrt(W_i W_j) d ln phi_i / d W_j), with a
 * backtracking line search on tm.
 *
 * Feeds must have every z_i > 0 (callers drop absent components).
 * Units: SI (K, Pa). Validity: any single-feed two-phase problem; a three-phase region is not
 * searched for (the engine is two-phase).
 *
 * References:
 * - Michelsen, M.L. (1982a) The isothermal flash problem. Part I. Stability. Fluid Phase Equilib.
 *   9, 1-19.
 * - Li, Z. and Firoozabadi, A. (2012) General strategy for stability testing and phase-split
 *   calculation in two and three phases. SPE J. 17(4), 1096-1107 (cube-root and pure trials).
 */
import { dominantEigenvalueStep } from './accelerate.js';
import { descentStep } from './linalg.js';
import type { Phase, PhaseModel } from './phase.js';
import { wilsonLnK } from './wilson.js';

export interface StabilityOutcome {
  stable: boolean;
  /** The lowest tm found (< 0 when unstable). */
  tm: number;
  /** Composition of the trial phase that found instability (normalised), else null. */
  trial: Float64Array | null;
  /** True when the trial phase is lighter (smaller mass density) than the feed. */
  trialLighter: boolean;
  /** Every unstable trial found, deepest first (the split tries the next when one collapses). */
  unstableTrials: { tm: number; w: Float64Array; lighter: boolean }[];
  /** Successive substitutions over all trials. */
  iterations: number;
}

const MAX_ITER = 400;
/** A stationary point with tm below this is instability (tm is O(1e-16) noise at the feed). */
const TM_UNSTABLE = -1e-9;
/** ln W changes below this: converged. */
const STEP_TOL = 1e-10;
/** Squared distance in ln w from the feed below this: the trial collapsed onto the feed. */
const TRIVIAL = 1e-8;
/** Substitutions before the second-order method takes over. */
const SS_BEFORE_NEWTON = 15;
/** Once unstable: substitutions towards the stationary point, at most this many or to this step. */
const REFINE_MAX = 10;
const REFINE_TOL = 1e-4;
/** Below this tm the trial is far from the feed already: a good start without refining. */
const CLEARLY_UNSTABLE = -1e-2;
const NEWTON_MAX = 30;

export function stabilityTest(pm: PhaseModel, z: Float64Array, P: number, feed: Phase): StabilityOutcome {
  const n = z.length;
  const d = new Float64Array(n);
  for (let i = 0; i < n; i++) d[i] = Math.log(z[i]!) + feed.lnPhi[i]!;
  const lnK = wilsonLnK(pm.ts.fluid, pm.T, P);
  const lnz = z.map(Math.log);
  let iterations = 0;
  let best: { tm: number; w: Float64Array } | null = null;
  const unstableFound: { tm: number; w: Float64Array }[] = [];

  // A trial that ends clearly unstable ends the test; one that finds only a shallow minimum (a
  // stationary point near the feed, a poor start for the split) lets the other trials look for
  // a deeper one; the deepest is kept.
  const run = (init: Float64Array): boolean => {
    const r = stationaryPoint(pm, d, lnz, P, init);
    iterations += r.iterations;
    if (!best || r.tm < best.tm) best = { tm: r.tm, w: r.w };
    if (r.tm < TM_UNSTABLE) unstableFound.push({ tm: r.tm, w: r.w });
    return r.tm < CLEARLY_UNSTABLE;
  };
  const kStep = (s: number) => lnz.map((v, i) => v + s * lnK[i]!);
  let done = run(kStep(1)) || run(kStep(-1));
  if (!done) done = run(kStep(1 / 3)) || run(kStep(-1 / 3));
  if (!done && n > 1) run(pureTrial(pm, 'heaviest')) || run(pureTrial(pm, 'lightest'));
  const found = best as { tm: number; w: Float64Array } | null;
  const unstable = found !== null && found.tm < TM_UNSTABLE;
  if (!unstable || !found) return { stable: true, tm: found ? found.tm : 0, trial: null, trialLighter: false, unstableTrials: [], iterations };
  const unstableTrials = unstableFound.sort((a, b) => a.tm - b.tm).map((t) => ({ ...t, lighter: lighter(pm, t.w, feed) }));
  return { stable: false, tm: found.tm, trial: found.w, trialLighter: unstableTrials[0]!.lighter, unstableTrials, iterations };
}

/** ln W of a trial that is nearly the pure component with the largest (or smallest) b. */
function pureTrial(pm: PhaseModel, which: 'heaviest' | 'lightest'): Float64Array {
  const b = pm.ts.fluid.b;
  let k = 0;
  for (let i = 1; i < b.length; i++) if (which === 'heaviest' ? b[i]! > b[k]! : b[i]! < b[k]!) k = i;
  return Float64Array.from(b, (_, i) => (i === k ? 0 : Math.log(1e-10)));
}

function lighter(pm: PhaseModel, w: Float64Array, feed: Phase): boolean {
  const ph = pm.evaluate(w, feed.P, 'gibbs');
  if (!ph) return true;
  const fl = pm.ts.fluid;
  return fl.molarMass(w) / ph.V < fl.molarMass(feed.x) / feed.V;
}

interface Stationary {
  tm: number;
  w: Float64Array;
  iterations: number;
}

function stationaryPoint(pm: PhaseModel, d: Float64Array, lnz: Float64Array, P: number, init: Float64Array): Stationary {
  const n = d.length;
  let lnW = init;
  let gPrev: Float64Array | null = null;
  let tm = Infinity;
  let w = new Float64Array(n);
  let refine = 0;
  const W = new Float64Array(n);
  for (let it = 1; it <= MAX_ITER; it++) {
    let sumW = 0;
    for (let i = 0; i < n; i++) {
      W[i] = Math.exp(lnW[i]!);
      sumW += W[i]!;
    }
    const lnSum = Math.log(sumW);
    w = Float64Array.from(W, (v) => v / sumW);
    const ph = pm.evaluate(w, P, 'gibbs');
    if (!ph) return { tm: Infinity, w, iterations: it };
    tm = 1;
    const next = new Float64Array(n);
    let step = 0;
    let dist = 0;
    for (let i = 0; i < n; i++) {
      tm += W[i]! * (lnW[i]! + ph.lnPhi[i]! - d[i]! - 1);
      next[i] = d[i]! - ph.lnPhi[i]!;
      step = Math.max(step, Math.abs(next[i]! - lnW[i]!));
      const lw = lnW[i]! - lnSum - lnz[i]!;
      dist += lw * lw;
    }
    if (!Number.isFinite(tm)) return { tm: Infinity, w, iterations: it };
    // Barely unstable (near a saturation or critical point): keep going a little towards the
    // stationary point, whose composition is a far better start for the split than the first
    // trial that crossed tm = 0 (close to the feed).
    if (tm < TM_UNSTABLE && dist > TRIVIAL && (tm < CLEARLY_UNSTABLE || step < REFINE_TOL || ++refine > REFINE_MAX)) return { tm, w, iterations: it };
    if (dist < TRIVIAL && Math.abs(sumW - 1) < 1e-6) return { tm: 0, w, iterations: it };
    if (step < STEP_TOL) return { tm, w, iterations: it };
    // Slow substitution (a near-critical or near-boundary feed): Newton from here.
    if (it === SS_BEFORE_NEWTON) {
      const nt = newtonStationary(pm, d, lnz, P, lnW);
      if (nt) return { ...nt, iterations: it + nt.iterations };
    }
    const g = Float64Array.from(next, (v, i) => v - lnW[i]!);
    let accelerated: Float64Array | null = null;
    if (gPrev && it % 5 === 0) accelerated = dominantEigenvalueStep(next, g, gPrev);
    gPrev = g;
    lnW = accelerated ?? next;
  }
  return { tm, w, iterations: MAX_ITER };
}

/** tm* = 1 + sum W_i (ln W_i + ln phi_i(w) - d_i - 1) and its gradient in alpha = 2 sqrt(W). */
function tmAt(pm: PhaseModel, d: Float64Array, P: number, W: Float64Array) {
  const n = W.length;
  let sumW = 0;
  for (let i = 0; i < n; i++) sumW += W[i]!;
  const ph = pm.evaluate(W, P, 'gibbs');
  if (!ph) return null;
  let tm = 1;
  const g = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = Math.log(W[i]!) + ph.lnPhi[i]! - d[i]!;
    tm += W[i]! * (r - 1);
    g[i] = Math.sqrt(W[i]!) * r;
  }
  return Number.isFinite(tm) ? { tm, g, ph, sumW } : null;
}

function newtonStationary(pm: PhaseModel, d: Float64Array, lnz: Float64Array, P: number, lnW0: Float64Array): Stationary | null {
  const n = d.length;
  let W = lnW0.map(Math.exp);
  let cur = tmAt(pm, d, P, W);
  if (!cur) return null;
  for (let it = 1; it <= NEWTON_MAX; it++) {
    let dist = 0;
    let gmax = 0;
    for (let i = 0; i < n; i++) {
      const lw = Math.log(W[i]! / cur.sumW) - lnz[i]!;
      dist += lw * lw;
      gmax = Math.max(gmax, Math.abs(cur.g[i]!));
    }
    const w = cur.ph.x;
    // Unstable: Newton converges fast, so go on to the stationary point itself (the split's start).
    if (cur.tm < TM_UNSTABLE && dist > TRIVIAL && (gmax < 1e-10 || it === NEWTON_MAX)) return { tm: cur.tm, w, iterations: it };
    if (dist < TRIVIAL) return { tm: 0, w, iterations: it };
    if (gmax < 1e-12) return { tm: cur.tm, w, iterations: it };
    const dn = pm.derivatives(cur.ph).dn;
    const H = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      const si = Math.sqrt(W[i]!);
      for (let j = 0; j < n; j++) H[i * n + j] = si * Math.sqrt(W[j]!) * (dn[i * n + j]! / cur.sumW);
      H[i * n + i] += 1 + cur.g[i]! / (2 * si);
    }
    const step = descentStep(H, cur.g, n);
    if (!step) return null;
    const alpha = W.map((v) => 2 * Math.sqrt(v));
    let lambda = 1;
    let next: ReturnType<typeof tmAt> = null;
    let nextW = W;
    for (let k = 0; k < 12; k++) {
      nextW = alpha.map((a, i) => {
        const an = Math.max(a + lambda * step[i]!, a / 10);
        return (an * an) / 4;
      });
      next = tmAt(pm, d, P, nextW);
      if (next && next.tm <= cur.tm + 1e-14) break;
      next = null;
      lambda /= 2;
    }
    if (!next) return null;
    W = nextW;
    cur = next;
  }
  return cur.tm < TM_UNSTABLE ? { tm: cur.tm, w: cur.ph.x, iterations: NEWTON_MAX } : null;
}

