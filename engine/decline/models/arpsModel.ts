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

export function arpsCum(s: ArpsSegment, t: number): number {
  if (s.d === 0) return s.qi * t;
  if (s.b <= B_EXPONENTIAL) return (-s.qi / s.d) * Math.expm1(-s.d * t);
  if (Math.abs(1 - s.b) < HARMONIC_EPS) return (s.qi / s.d) * Math.log1p(s.d * t);
  return (-s.qi / ((1 - s.b) * s.d)) * Math.expm1((1 - 1 / s.b) * Math.log1p(s.b * s.d * t));
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
