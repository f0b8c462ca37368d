/**
 * The phase envelope of a feed by continuation (Michelsen 1980): the curve of points where a
 * phase of vapour fraction beta coexists with the feed, traced in X = (ln K_1..ln K_n, ln T,
 * ln P) from a low pressure on the dew side, through the cricondentherm, the critical point and
 * the cricondenbar, down the bubble side to the same pressure. With t_i = 1 - beta + beta K_i,
 * x_i = z_i / t_i and y_i = K_i x_i, each point solves
 *
 *   ln K_i + ln phi_i(y, T, P) - ln phi_i(x, T, P) = 0,   sum_i (y_i - x_i) = 0,   X_s = S,
 *
 * by Newton's method with the analytic Jacobian (phase.ts derivatives). After each point the
 * sensitivities dX/dS (J dX/dS = e_s) give the tangent; the next specified variable is the one
 * changing fastest, the predictor is linear, and the step grows or shrinks with the Newton
 * iteration count. Near the critical point (all ln K -> 0) the specification is switched to the
 * largest ln K and the step jumps over zero to the mirror value; the critical point is where the
 * cubic Hermite interpolant of X(S) between the two points has ln K = 0, and the cricondenbar and
 * cricondentherm are the maxima of the same interpolants of ln P and ln T, each corrected onto
 * the envelope by one more Newton solve.
 *
 * beta = 0 traces the saturation envelope (the feed and an incipient phase: dew points until the
 * critical point, bubble points after it); 0 < beta < 1 traces a quality line from the low
 * pressure up to the critical point.
 *
 * Feeds must have every z_i > 0. Units: SI. Every loop is bounded (point cap, step floor,
 * iteration caps); a trace that cannot continue stops and says why.
 *
 * References:
 * - Michelsen, M.L. (1980) Calculation of phase envelopes and critical points for
 *   multicomponent mixtures. Fluid Phase Equilib. 4, 1-10.
 * - Michelsen & Mollerup (2007) ch. 12 (phase envelope construction).
 */
import { luSolve } from './linalg.js';
import type { Fluid } from './fluid.js';
import { flashPT, Isotherm } from './flashPT.js';
import { PhaseModel, type Phase } from './phase.js';

export interface EnvelopePoint {
  T: number;
  P: number;
  /** For beta = 0: 'dew' (incipient phase denser than the feed) or 'bubble'; else 'quality'. */
  kind: 'dew' | 'bubble' | 'quality';
  X: Float64Array;
}

export interface SpecialPoint {
  T: number;
  P: number;
}

export interface EnvelopeTrace {
  points: EnvelopePoint[];
  critical: SpecialPoint | null;
  /** The highest pressure and temperature of the trace; null when it stopped before reaching it. */
  cricondenbar: SpecialPoint | null;
  cricondentherm: SpecialPoint | null;
  /** True when the trace came back down to the starting pressure (or, for a quality line, reached the critical point). */
  complete: boolean;
  stopReason: string;
  newtonIterations: number;
}

export interface EnvelopeOptions {
  beta: number;
  /** Starting (and closing) pressure, Pa. */
  pStart: number;
  maxPoints: number;
  pMax: number;
  tMin: number;
  tMax: number;
  /** Called with the number of points traced so far, after each new point. */
  onPoint?: (count: number) => void;
}

const NEWTON_MAX = 25;
const TOL = 1e-10;
const H_START = 0.05;
const H_MAX = 0.4;
const H_MIN = 1e-6;
/** Largest change of ln T and ln P per step (curve resolution). */
const MAX_DLNT = 0.03;
const MAX_DLNP = 0.12;
/** Jump over the critical point when the predicted largest |ln K| falls below this. */
const CRITICAL_APPROACH = 0.06;

interface Solved {
  X: Float64Array;
  iterations: number;
  /** dX/dS for the specification used. */
  dXdS: Float64Array;
  kind: 'dew' | 'bubble' | 'quality';
}

class EnvelopeSystem {
  readonly n: number;
  constructor(
    readonly fluid: Fluid,
    readonly z: Float64Array,
    readonly beta: number,
  ) {
    this.n = fluid.n;
  }

  private phases(X: Float64Array): { pm: PhaseModel; x: Float64Array; y: Float64Array; Px: Phase; Py: Phase; T: number; P: number } | null {
    const n = this.n;
    const T = Math.exp(X[n]!);
    const P = Math.exp(X[n + 1]!);
    if (!Number.isFinite(T) || !Number.isFinite(P)) return null;
    const pm = new PhaseModel(this.fluid.atTemperature(T, true));
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const K = Math.exp(X[i]!);
      x[i] = this.z[i]! / (1 - this.beta + this.beta * K);
      y[i] = K * x[i]!;
    }
    const Px = pm.evaluate(x, P, 'gibbs');
    const Py = pm.evaluate(y, P, 'gibbs');
    if (!Px || !Py) return null;
    return { pm, x, y, Px, Py, T, P };
  }

  /** Residuals and Jacobian at X for specification index s, value S. */
  system(X: Float64Array, s: number, S: number): { F: Float64Array; J: Float64Array; kind: Solved['kind'] } | null {
    const st = this.phases(X);
    if (!st) return null;
    const { pm, x, y, Px, Py, T, P } = st;
    const n = this.n;
    const m = n + 2;
    const F = new Float64Array(m);
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < n; i++) {
      F[i] = X[i]! + Py.lnPhi[i]! - Px.lnPhi[i]!;
      sx += x[i]!;
      sy += y[i]!;
    }
    F[n] = sy - sx;
    F[n + 1] = X[s]! - S;
    const dx = pm.derivatives(Px, true);
    const dy = pm.derivatives(Py, true);
    const J = new Float64Array(m * m);
    const b = this.beta;
    for (let j = 0; j < n; j++) {
      const xy = (x[j]! * y[j]!) / this.z[j]!;
      const dyj = ((1 - b) * xy) / sy;
      const dxj = (-b * xy) / sx;
      for (let i = 0; i < n; i++) J[i * m + j] = (i === j ? 1 : 0) + dy.dn[i * n + j]! * dyj - dx.dn[i * n + j]! * dxj;
      J[n * m + j] = xy;
    }
    for (let i = 0; i < n; i++) {
      J[i * m + n] = T * (dy.dT![i]! - dx.dT![i]!);
      J[i * m + n + 1] = P * (dy.dP[i]! - dx.dP[i]!);
    }
    J[(n + 1) * m + s] = 1;
    const f = this.fluid;
    const kind = this.beta > 0 ? 'quality' : f.molarMass(Py.x) / Py.V < f.molarMass(Px.x) / Px.V ? 'bubble' : 'dew';
    return { F, J, kind };
  }

  /** Newton from X0 with X_s = S; null when it does not converge. */
  solve(X0: Float64Array, s: number, S: number): Solved | null {
    const m = this.n + 2;
    const X = Float64Array.from(X0);
    X[s] = S;
    for (let it = 0; it <= NEWTON_MAX; it++) {
      const sys = this.system(X, s, S);
      if (!sys) return null;
      const res = sys.F.reduce((a, v) => Math.max(a, Math.abs(v)), 0);
      if (!Number.isFinite(res)) return null;
      if (res <= TOL) {
        const rhs = new Float64Array(m);
        rhs[m - 1] = 1;
        const dXdS = luSolve(sys.J, rhs, m);
        if (!dXdS) return null;
        return { X, iterations: it, dXdS, kind: sys.kind };
      }
      const step = luSolve(sys.J, sys.F.map((v) => -v), m);
      if (!step) return null;
      const n = this.n;
      const big = Math.max(Math.abs(step[n]!) / 0.1, Math.abs(step[n + 1]!) / 0.3, ...Array.from(step.subarray(0, n), (v) => Math.abs(v) / 1.5));
      const scale = big > 1 ? 1 / big : 1;
      for (let i = 0; i < m; i++) X[i] = X[i]! + scale * step[i]!;
    }
    return null;
  }
}

/** Traces one envelope (beta = 0) or quality line. Null when no starting point can be found. */
export function traceEnvelope(fluid: Fluid, z: Float64Array, o: EnvelopeOptions): EnvelopeTrace | null {
  const sys = new EnvelopeSystem(fluid, z, o.beta);
  const n = fluid.n;
  const iT = n;
  const iP = n + 1;
  const first = startPoint(sys, o);
  if (!first) return null;
  let newtonIterations = first.iterations;
  const points: EnvelopePoint[] = [pointOf(first, n)];
  let cur = first;
  let spec = iP;
  let tangent = unit(first.dXdS, first.dXdS[iP]! >= 0 ? 1 : -1);
  let h = H_START;
  let critical: SpecialPoint | null = null;
  let cricondenbar: SpecialPoint | null = null;
  let cricondentherm: SpecialPoint | null = null;
  let passedMaxP = false;
  let passedMaxT = false;
  let stopReason = 'point cap reached';
  let complete = false;

  while (points.length < o.maxPoints) {
    // Spec: the fastest-changing variable; step h in it, limited by the resolution caps.
    spec = argMaxAbs(tangent);
    let ds = h * Math.sign(tangent[spec]!);
    const per = (d: number) => tangent.map((t) => (t / tangent[spec]!) * d);
    let dX = per(ds);
    const capT = Math.abs(dX[iT]!) > MAX_DLNT ? MAX_DLNT / Math.abs(dX[iT]!) : 1;
    const capP = Math.abs(dX[iP]!) > MAX_DLNP ? MAX_DLNP / Math.abs(dX[iP]!) : 1;
    ds *= Math.min(capT, capP);
    dX = per(ds);
    let S = cur.X[spec]! + ds;
    let crossing = false;
    // Critical point ahead (beta = 0): jump from ln K_s to -ln K_s.
    const lnKmax = maxAbsLnK(cur.X, n);
    const predicted = maxAbsLnK(cur.X.map((v, i) => v + dX[i]!), n);
    if (o.beta === 0 && !critical && predicted < CRITICAL_APPROACH && predicted < lnKmax) {
      spec = argMaxAbs(cur.X.subarray(0, n));
      S = -cur.X[spec]!;
      // Along the tangent: every ln K goes to about minus itself, T and P move a little.
      const jump = S - cur.X[spec]!;
      dX = tangent.map((t) => (t / tangent[spec]!) * jump);
      crossing = true;
    }
    // Closing at the starting pressure on the way down.
    if (passedMaxP && cur.X[iP]! + dX[iP]! < Math.log(o.pStart) && tangent[iP]! < 0) {
      spec = iP;
      S = Math.log(o.pStart);
      dX = cur.dXdS.map(() => 0);
    }
    const guess = Float64Array.from(cur.X, (v, i) => v + dX[i]!);
    const next = sys.solve(guess, spec, S);
    if (!next) {
      h /= 2;
      if (h < H_MIN) {
        stopReason = 'no convergence near ' + describeXY(cur.X, n);
        break;
      }
      continue;
    }
    newtonIterations += next.iterations;
    // The tangent at the new point, oriented along the direction of travel.
    const stepDir = Float64Array.from(next.X, (v, i) => v - cur.X[i]!);
    const nextTangent = orient(unit(next.dXdS, 1), stepDir);
    const curTangent = orient(unit(cur.dXdS, 1), stepDir);
    const seg = { X0: cur.X, X1: next.X, D0: scaleTo(curTangent, spec), D1: scaleTo(nextTangent, spec), S0: cur.X[spec]!, S1: next.X[spec]! };
    if (o.beta === 0 && !critical) {
      const j = argMaxAbs(cur.X.subarray(0, n));
      if (Math.sign(cur.X[j]!) !== Math.sign(next.X[j]!)) critical = criticalBetween(seg, j, n);
    }
    if (curTangent[iP]! > 0 && nextTangent[iP]! <= 0) {
      const c = extremumBetween(sys, seg, spec, iP);
      if (c && (!cricondenbar || c.P > cricondenbar.P)) cricondenbar = c;
      passedMaxP = true;
    }
    if (curTangent[iT]! > 0 && nextTangent[iT]! <= 0) {
      const c = extremumBetween(sys, seg, spec, iT);
      if (c && (!cricondentherm || c.T > cricondentherm.T)) cricondentherm = c;
      passedMaxT = true;
    }
    points.push(pointOf(next, n));
    o.onPoint?.(points.length);
    cur = next;
    tangent = nextTangent;
    if (!crossing) h = next.iterations <= 3 ? Math.min(H_MAX, h * 1.5) : next.iterations >= 6 ? h * 0.7 : h;
    const T = Math.exp(next.X[iT]!);
    const P = Math.exp(next.X[iP]!);
    if (passedMaxP && Math.abs(next.X[iP]! - Math.log(o.pStart)) < 1e-9) {
      stopReason = 'returned to the starting pressure';
      complete = true;
      break;
    }
    if (o.beta > 0 && maxAbsLnK(next.X, n) < CRITICAL_APPROACH) {
      stopReason = 'reached the critical region';
      complete = true;
      break;
    }
    if (P > o.pMax) {
      stopReason = 'pressure above the limit';
      break;
    }
    if (T < o.tMin || T > o.tMax) {
      stopReason = T < o.tMin ? `temperature below the limit of ${+o.tMin.toPrecision(5)} K` : `temperature above the limit of ${+o.tMax.toPrecision(5)} K`;
      break;
    }
  }
  return {
    points,
    critical,
    cricondenbar: extreme(points, cricondenbar, passedMaxP, 'P'),
    cricondentherm: extreme(points, cricondentherm, passedMaxT, 'T'),
    complete,
    stopReason,
    newtonIterations,
  };
}

/**
 * The envelope's highest P (or T) from what the trace saw: the stationary point interpolated
 * where its tangent turned (`found`), raised to a traced point between the ends that is a hair
 * higher (the interpolant's error). None when the trace never turned (`passed` false: it stopped
 * short of the extreme: the pressure still rising at the limit, a point cap, no convergence), or
 * when an end of the trace is higher still (the extreme lies beyond the traced part, e.g. below a
 * high startPsia): the last or first point is never passed off as the extreme.
 */
function extreme(points: EnvelopePoint[], found: SpecialPoint | null, passed: boolean, key: 'P' | 'T'): SpecialPoint | null {
  if (!passed) return null;
  let best = found;
  for (let k = 1; k < points.length - 1; k++) {
    const p = points[k]!;
    if (!best || p[key] > best[key]) best = { T: p.T, P: p.P };
  }
  if (!best) return null;
  const ends = [points[0]!, points[points.length - 1]!];
  return ends.some((p) => p[key] > best![key]) ? null : best;
}

function pointOf(s: Solved, n: number): EnvelopePoint {
  return { T: Math.exp(s.X[n]!), P: Math.exp(s.X[n + 1]!), kind: s.kind, X: s.X };
}

function describeXY(X: Float64Array, n: number): string {
  return `T ${Math.exp(X[n]!).toFixed(2)} K, P ${(Math.exp(X[n + 1]!) / 1e5).toFixed(3)} bar`;
}

/** Starting point at pStart: Wilson's estimate of the dew (beta = 0) or quality temperature, then Newton at fixed P. */
function startPoint(sys: EnvelopeSystem, o: EnvelopeOptions): Solved | null {
  const f = sys.fluid;
  const n = f.n;
  const lnP = Math.log(o.pStart);
  const lnKw = (T: number) => Float64Array.from({ length: n }, (_, i) => Math.log(f.pc[i]! / o.pStart) + 5.373 * (1 + f.omega[i]!) * (1 - f.tc[i]! / T));
  // g(T) = sum z (K - 1)/(1 + beta (K - 1)) with K vapour/liquid; beta = 0 -> the incipient phase is the liquid: 1 - sum z / K.
  const g = (T: number) => {
    const K = lnKw(T).map(Math.exp);
    if (o.beta === 0) return 1 - sys.z.reduce((s, zi, i) => s + zi / K[i]!, 0);
    return sys.z.reduce((s, zi, i) => s + (zi * (K[i]! - 1)) / (1 + o.beta * (K[i]! - 1)), 0);
  };
  let lo = o.tMin;
  let hi = o.tMax;
  if (!(g(lo) < 0 && g(hi) > 0)) return null;
  for (let i = 0; i < 100; i++) {
    const mid = 0.5 * (lo + hi);
    if (g(mid) < 0) lo = mid;
    else hi = mid;
  }
  const T0 = 0.5 * (lo + hi);
  const X = new Float64Array(n + 2);
  const lnK = lnKw(T0);
  // beta = 0: K = incipient/feed = liquid/vapour = 1/K_Wilson; a quality line: K = vapour/liquid.
  for (let i = 0; i < n; i++) X[i] = o.beta === 0 ? -lnK[i]! : lnK[i]!;
  X[n] = Math.log(T0);
  X[n + 1] = lnP;
  // Newton at fixed P from Wilson's K; when they are too rough (wide-boiling fluids, made-up
  // pseudo-components), from the K of a converged two-phase flash at a temperature near T0.
  const direct = sys.solve(X, n + 1, lnP);
  if (direct) return direct;
  for (const f of [1, 0.97, 1.03, 0.93, 1.07, 0.85, 1.15, 0.75, 1.3]) {
    const T = T0 * f;
    const r = flashPT(new Isotherm(sys.fluid, T), sys.z, o.pStart);
    if (!r || r.phases !== 2) continue;
    const Y = new Float64Array(n + 2);
    for (let i = 0; i < n; i++) {
      const k = Math.log(r.vapour!.x[i]! / r.liquid!.x[i]!);
      Y[i] = o.beta === 0 ? -k : k;
    }
    Y[n] = Math.log(T);
    Y[n + 1] = lnP;
    const s = sys.solve(Y, n + 1, lnP);
    if (s) return s;
  }
  return null;
}

function unit(v: Float64Array, sign: number): Float64Array {
  let s = 0;
  for (const x of v) s += x * x;
  const k = sign / Math.sqrt(s);
  return v.map((x) => x * k);
}

function orient(t: Float64Array, dir: Float64Array): Float64Array {
  let d = 0;
  for (let i = 0; i < t.length; i++) d += t[i]! * dir[i]!;
  return d >= 0 ? t : t.map((v) => -v);
}

/** The tangent as dX/dS for spec index s. */
function scaleTo(t: Float64Array, s: number): Float64Array {
  const k = t[s]!;
  return t.map((v) => v / k);
}

function argMaxAbs(v: ArrayLike<number>): number {
  let k = 0;
  for (let i = 1; i < v.length; i++) if (Math.abs(v[i]!) > Math.abs(v[k]!)) k = i;
  return k;
}

function maxAbsLnK(X: ArrayLike<number>, n: number): number {
  let m = 0;
  for (let i = 0; i < n; i++) m = Math.max(m, Math.abs(X[i]!));
  return m;
}

interface Segment {
  X0: Float64Array;
  X1: Float64Array;
  D0: Float64Array;
  D1: Float64Array;
  S0: number;
  S1: number;
}

/** Cubic Hermite interpolant of component i at theta in [0, 1], and its derivative in theta. */
function hermite(seg: Segment, i: number, th: number): [number, number] {
  const h = seg.S1 - seg.S0;
  const p0 = seg.X0[i]!;
  const p1 = seg.X1[i]!;
  const m0 = seg.D0[i]! * h;
  const m1 = seg.D1[i]! * h;
  const t2 = th * th;
  const t3 = t2 * th;
  const v = (2 * t3 - 3 * t2 + 1) * p0 + (t3 - 2 * t2 + th) * m0 + (-2 * t3 + 3 * t2) * p1 + (t3 - t2) * m1;
  const d = (6 * t2 - 6 * th) * p0 + (3 * t2 - 4 * th + 1) * m0 + (-6 * t2 + 6 * th) * p1 + (3 * t2 - 2 * th) * m1;
  return [v, d];
}

/** The critical point: where the interpolant of ln K_j (the largest) is zero on the segment. */
function criticalBetween(seg: Segment, j: number, n: number): SpecialPoint {
  let lo = 0;
  let hi = 1;
  const s0 = Math.sign(seg.X0[j]!);
  for (let k = 0; k < 60; k++) {
    const mid = 0.5 * (lo + hi);
    if (Math.sign(hermite(seg, j, mid)[0]) === s0) lo = mid;
    else hi = mid;
  }
  const th = 0.5 * (lo + hi);
  return { T: Math.exp(hermite(seg, n, th)[0]), P: Math.exp(hermite(seg, n + 1, th)[0]) };
}

/** The maximum of component i (ln T or ln P) on the segment, corrected onto the envelope. */
function extremumBetween(sys: EnvelopeSystem, seg: Segment, spec: number, i: number): SpecialPoint | null {
  // Derivative in theta of the cubic: a quadratic; bisect on its sign change in [0, 1].
  let lo = 0;
  let hi = 1;
  const d0 = hermite(seg, i, 0)[1];
  const d1 = hermite(seg, i, 1)[1];
  if (!(d0 > 0 && d1 <= 0)) return null;
  for (let k = 0; k < 60; k++) {
    const mid = 0.5 * (lo + hi);
    if (hermite(seg, i, mid)[1] > 0) lo = mid;
    else hi = mid;
  }
  const th = 0.5 * (lo + hi);
  const guess = Float64Array.from(seg.X0, (_, k) => hermite(seg, k, th)[0]);
  const solved = sys.solve(guess, spec, guess[spec]!);
  const X = solved ? solved.X : guess;
  const n = sys.n;
  return { T: Math.exp(X[n]!), P: Math.exp(X[n + 1]!) };
}
