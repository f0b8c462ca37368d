/**
 * Arps (1945) rate, cumulative and nominal decline of one hyperbolic segment, written with
 * log1p/expm1 so they stay exact for b -> 0, b = 1 and long times:
 *
 *   q(t) = qi (1 + b D t)^(-1/b)            b > 0;   qi exp(-D t)  b = 0
 *   N(t) = qi/((1 - b) D) [1 - (1 + b D t)^(1 - 1/b)]    b != 1
 *        = qi/D ln(1 + D t)                 b = 1 (harmonic);  qi/D (1 - exp(-D t))  b = 0
 *   D(t) = D / (1 + b D t)
 * b > 1 is allowed (transient flow): the cumulative then grows without bound and only a rate
 * limit makes EUR finite.  Units: q in volume per time unit, t and 1/D in that time unit.
 *
 * Reference: Arps, J.J. (1945) Analysis of Decline Curves. Transactions of the AIME 160(1),
 * 228-247. SPE-945228-G.
 */
import { B_EXPONENTIAL } from './declineTypes.js';

/** |1 - b| below this: harmonic form (the general form divides by 1 - b). */
const HARMONIC_EPS = 1e-10;

/** expm1(y)/y, 1 at y = 0 (exact where y underflows). */
const expm1Ratio = (y: number) => (y === 0 ? 1 : Math.expm1(y) / y);
/** log1p(x)/x, 1 at x = 0. */
const log1pRatio = (x: number) => (x === 0 ? 1 : Math.log1p(x) / x);

export interface ArpsSegment {
  qi: number;
  d: number;
  b: number;
}

export function arpsRate(s: ArpsSegment, t: number): number {
  if (s.d === 0) return s.qi;
  if (s.b <= B_EXPONENTIAL) return s.qi * Math.exp(-s.d * t);
  return s.qi * Math.exp(-Math.log1p(s.b * s.d * t) / s.b);
}

/**
 * Early in the decline (D t < 1) the cumulative is written as qi t times a factor near 1, so a
 * tiny D t (or a tiny D) neither cancels nor divides 0 by 0; later as qi/D times a bounded factor,
 * so a long time does not overflow qi t.
 */
export function arpsCum(s: ArpsSegment, t: number): number {
  if (s.d === 0) return s.qi * t;
  const x = s.d * t;
  const early = x < 1;
  if (s.b <= B_EXPONENTIAL) return early ? s.qi * t * expm1Ratio(-x) : (-s.qi / s.d) * Math.expm1(-x);
  if (Math.abs(1 - s.b) < HARMONIC_EPS) return early ? s.qi * t * log1pRatio(x) : (s.qi / s.d) * Math.log1p(x);
  const bx = s.b * x;
  // (b - 1)/b, not 1 - 1/b: 1 - b is exact, while 1/b's rounding would leave p, for b near 1, only ~1e-16/|1 - b| accurate.
  const p = (s.b - 1) / s.b;
  const l = Math.log1p(bx);
  // N = qi t [expm1(p l)/(p l)] [l/(b D t)] = qi/((1 - b) D) (-expm1(p l)).
  return early ? s.qi * t * expm1Ratio(p * l) * log1pRatio(bx) : (-s.qi / ((1 - s.b) * s.d)) * Math.expm1(p * l);
}

export function arpsDecline(s: ArpsSegment, t: number): number {
  return s.d / (1 + s.b * s.d * t);
}

/** Time at which the rate falls to qLimit (qLimit < qi), or Infinity when it never does. */
export function arpsTimeTo(s: ArpsSegment, qLimit: number): number {
  if (qLimit >= s.qi) return 0;
  if (s.d === 0 || qLimit <= 0) return Infinity;
  if (s.b <= B_EXPONENTIAL) return Math.log(s.qi / qLimit) / s.d;
  return Math.expm1(s.b * Math.log(s.qi / qLimit)) / (s.b * s.d);
}
