/**
 * Every internal rate of return of a cash-flow series: all real roots r > -1 of
 * NPV(r) = sum_i c_i (1 + r)^-i (c_0 at t = 0, one period per step), found without a guess.
 *
 * Method. With x = 1/(1 + r) the NPV is the polynomial P(x) = sum_i c_i x^i, and the IRRs are its
 * roots in x > 0. By Descartes' rule of signs there are at most V of them, V = sign changes of
 * c. The constructive proof of that rule isolates them: pick k strictly between the indices of one
 * sign change; Q(x) = sum_i (i - k) c_i x^i = x^(k+1) d/dx[x^-k P(x)] has V - 1 sign changes, and by
 * Rolle's theorem a root of Q lies between any two consecutive positive roots of P. So the positive
 * roots of Q (found the same way, recursively, down to one or no sign change, where exactly one or
 * no root exists) cut (0, inf) into intervals that each hold at most one root of P: where P changes
 * sign across an interval, Brent's method finds that root to full precision; where P vanishes at a
 * root of Q, that point is a double root (tangency, e.g. -100, 200, -100 at r = 0).
 * No grid, no starting guess, no root can slip between grid points. Cost: about V levels, each a
 * few dozen O(n) evaluations.
 *
 * Scaling. (0, inf) in x is mapped onto u in [0, 2]: x = u on [0, 1] (Horner on P at u, r >= 0) and
 * x = 1/(2 - u) on [1, 2] (Horner on the reversed coefficients at y = 2 - u, which is P(x)/x^(n-1),
 * r = 1 - u <= 0). Every power evaluated is <= 1, so nothing overflows for any length or rate and
 * |value| <= sum |c_i|; roots near r = -1 (e.g. -0.99979) and far above (e.g. 400%) keep full
 * relative precision.
 *
 * Safety valve: a series with a very large sign-change count on a very long series (levels x n above
 * WORK_LIMIT) finishes the deepest level with a dense scan instead; `complete` is then false.
 *
 * References: X. Wang, "A simple proof of Descartes's rule of signs", American Mathematical Monthly
 * 111(6), 525-526 (2004) (the x^-k derivative step); R. P. Brent, "Algorithms for Minimization
 * without Derivatives", Prentice-Hall (1973), ch. 4 (zeroin); D. G. Newnan, T. G. Eschenbach,
 * J. P. Lavelle, "Engineering Economic Analysis", Oxford University Press (multiple rates of return
 * and the cash-flow sign rule).
 */
import { compensatedSum } from './compensatedSum.js';

const EPS = Number.EPSILON;
/** Above this many (levels x coefficients) the last level is scanned instead of isolated. */
const WORK_LIMIT = 3_000_000;
/** Grid points of the fallback scan. */
const SCAN_POINTS = 4096;
/** |P| within this many ulps of the Horner magnitude bound counts as zero (tangency). */
const TANGENCY_ULPS = 16;

export interface NpvRoots {
  /** Real roots r > -1 of NPV(r) = 0 (fraction per period), ascending. */
  rates: number[];
  /** False when the safety-valve scan was used and roots could have been missed. */
  complete: boolean;
}

/** All real IRRs of `cashFlows` (fraction per period). All-zero flows have no isolated roots: []. */
export function npvRoots(cashFlows: readonly number[]): NpvRoots {
  const c = stripAndNormalize(Float64Array.from(cashFlows));
  const state = { complete: true };
  if (c.length === 0) return { rates: [], complete: true };
  const levels = Math.max(1, Math.floor(WORK_LIMIT / c.length));
  const us = rootsInU(c, levels, state);
  // u ascending is x ascending is r descending.
  const rates = us.map(rateOfU).reverse();
  snapExactZero(rates, cashFlows);
  return { rates: dedupe(rates), complete: state.complete };
}

/**
 * When the cash flows sum to exactly 0, r = 0 is an exact root; the one found next to it lies
 * within rounding of u = 1 (|r| ~ 1e-16) and may come out just below 0, which would make the
 * "smallest non-negative root" rule skip it (-1, 9, ... summing to 0 chose 16.3% over 0). That
 * root is set to 0. The sum is compensated (./compensatedSum.ts: exact for integer flows).
 */
function snapExactZero(rates: number[], cashFlows: readonly number[]): void {
  if (compensatedSum(cashFlows) !== 0 || rates.length === 0) return;
  let k = 0;
  for (let i = 1; i < rates.length; i++) if (Math.abs(rates[i]) < Math.abs(rates[k])) k = i;
  if (Math.abs(rates[k]) < 1e-9) rates[k] = 0;
}

/** Number of sign changes in a sequence, zeros ignored (Descartes' V). */
export function signChanges(values: ArrayLike<number>): number {
  let count = 0;
  let last = 0;
  for (let i = 0; i < values.length; i++) {
    const s = Math.sign(values[i]);
    if (s === 0) continue;
    if (last !== 0 && s !== last) count++;
    last = s;
  }
  return count;
}

function rateOfU(u: number): number {
  return u <= 1 ? 1 / u - 1 : 1 - u;
}

/** Sorted roots u in (0, 2) of the polynomial with coefficients c (c[0], c[n-1] non-zero). */
function rootsInU(c: Float64Array, levelsLeft: number, state: { complete: boolean }): number[] {
  const n = c.length;
  const v = signChanges(c);
  if (v === 0) return [];
  const f = (u: number): number => evaluateU(c, u).value;
  if (v === 1) return [brentRoot(f, 0, 2, c[0], c[n - 1])];
  if (levelsLeft <= 1) {
    state.complete = false;
    return scanRoots(c, f);
  }
  const critical = rootsInU(stripAndNormalize(dropOneSignChange(c)), levelsLeft - 1, state);
  const roots: number[] = [];
  let ua = 0;
  let fa = c[0];
  let aIsRoot = false;
  for (let j = 0; j <= critical.length; j++) {
    const last = j === critical.length;
    const ub = last ? 2 : critical[j];
    let fb = c[n - 1];
    let bIsRoot = false;
    if (!last) {
      const { value, bound } = evaluateU(c, ub);
      fb = value;
      bIsRoot = Math.abs(value) <= TANGENCY_ULPS * EPS * bound;
    }
    // Between consecutive roots of Q at most one root of P; none beside a double root of P.
    if (bIsRoot) roots.push(ub);
    else if (!aIsRoot && fa !== 0 && (fa > 0) !== (fb > 0)) roots.push(brentRoot(f, ua, ub, fa, fb));
    ua = ub;
    fa = fb;
    aIsRoot = bIsRoot;
  }
  return roots;
}

/** Q = (i - k) c_i with k halfway between the indices of the first sign change: one change fewer. */
function dropOneSignChange(c: Float64Array): Float64Array {
  let prev = -1;
  let k = 0;
  for (let i = 0; i < c.length; i++) {
    if (c[i] === 0) continue;
    if (prev >= 0 && Math.sign(c[i]) !== Math.sign(c[prev])) {
      k = (prev + i) / 2;
      break;
    }
    prev = i;
  }
  const q = new Float64Array(c.length);
  for (let i = 0; i < c.length; i++) q[i] = (i - k) * c[i];
  return q;
}

/** Drops leading/trailing zeros (roots at x = 0 or infinity, not IRRs) and scales to max |c| = 1. */
function stripAndNormalize(c: Float64Array): Float64Array {
  let lo = 0;
  let hi = c.length - 1;
  while (lo <= hi && c[lo] === 0) lo++;
  while (hi >= lo && c[hi] === 0) hi--;
  const out = c.slice(lo, hi + 1);
  let max = 0;
  for (const v of out) max = Math.max(max, Math.abs(v));
  if (max > 0 && max !== 1) for (let i = 0; i < out.length; i++) out[i] /= max;
  return out;
}

/** P at u (sign-exact, scaled as described above) and the Horner bound sum |c_i| |x|^i alike. */
function evaluateU(c: Float64Array, u: number): { value: number; bound: number } {
  const n = c.length;
  let value = 0;
  let bound = 0;
  if (u <= 1) {
    for (let i = n - 1; i >= 0; i--) {
      value = value * u + c[i];
      bound = bound * u + Math.abs(c[i]);
    }
  } else {
    const y = 2 - u;
    for (let i = 0; i < n; i++) {
      value = value * y + c[i];
      bound = bound * y + Math.abs(c[i]);
    }
  }
  return { value, bound };
}

/** Safety valve: sign changes of P on a dense grid in u, each refined by Brent. */
function scanRoots(c: Float64Array, f: (u: number) => number): number[] {
  const roots: number[] = [];
  let ua = 0;
  let fa = c[0];
  for (let j = 1; j <= SCAN_POINTS; j++) {
    const ub = j === SCAN_POINTS ? 2 : (2 * j) / SCAN_POINTS;
    const fb = j === SCAN_POINTS ? c[c.length - 1] : f(ub);
    if (fb === 0) roots.push(ub);
    else if (fa !== 0 && (fa > 0) !== (fb > 0)) roots.push(brentRoot(f, ua, ub, fa, fb));
    ua = ub;
    fa = fb;
  }
  return roots;
}

/**
 * Brent's zeroin (Brent 1973, ch. 4; the netlib `zeroin` algorithm) on [a, b] with f(a), f(b) of
 * opposite sign: inverse quadratic / secant steps guarded by bisection, to a relative width of 2 eps.
 */
export function brentRoot(f: (x: number) => number, a: number, b: number, fa: number, fb: number): number {
  if (fa === 0) return a;
  if (fb === 0) return b;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < 400; iter++) {
    if ((fb > 0) === (fc > 0)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * EPS * Math.abs(b) + 1e-300;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) < tol || Math.abs(fa) <= Math.abs(fb)) {
      d = m;
      e = m;
    } else {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < 3 * m * q - Math.abs(tol * q) && p < Math.abs(0.5 * e * q)) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}

/** Removes roots equal to their neighbour (a tangency reported from both sides). */
function dedupe(sorted: number[]): number[] {
  return sorted.filter((r, i) => i === 0 || r !== sorted[i - 1]);
}
