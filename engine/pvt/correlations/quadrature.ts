/**
 * Adaptive Gauss–Legendre quadrature for smooth integrands (pseudo-pressure and similar).
 *
 * Each panel is integrated with the 8-point Gauss–Legendre rule (exact for polynomials of degree
 * 15) and with the same rule on its two halves; when the two estimates agree to `relTol` of the
 * running magnitude (or to an absolute floor) the finer one is accepted, else both halves recurse.
 * For integrands as smooth as p/(mu z) the accepted estimate is well inside the tolerance (the
 * error of the finer estimate is about 2^-16 of the difference that was tested).
 *
 * Reference: Abramowitz, M. and Stegun, I.A. (1964) Handbook of Mathematical Functions, Table 25.4
 * (Gauss–Legendre abscissae and weights, n = 8).
 */
import { EngineFailure } from '../../failure.js';

const NODES = [0.1834346424956498, 0.525532409916329, 0.7966664774136267, 0.9602898564975363];
const WEIGHTS = [0.362683783378362, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763];

function gauss8(f: (x: number) => number, a: number, b: number): number {
  const half = (b - a) / 2;
  const mid = (a + b) / 2;
  let s = 0;
  for (let i = 0; i < 4; i++) {
    const dx = half * (NODES[i] as number);
    s += (WEIGHTS[i] as number) * (f(mid - dx) + f(mid + dx));
  }
  return s * half;
}

/** Integral of f over [a, b] (a > b gives the negative), relative tolerance relTol. */
export function integrate(f: (x: number) => number, a: number, b: number, relTol = 1e-10, maxDepth = 30): number {
  if (a === b) return 0;
  const whole = gauss8(f, a, b);
  return refine(f, a, b, whole, relTol, Math.abs(whole), maxDepth);
}

function refine(f: (x: number) => number, a: number, b: number, whole: number, relTol: number, scale: number, depth: number): number {
  const m = (a + b) / 2;
  const left = gauss8(f, a, m);
  const right = gauss8(f, m, b);
  const finer = left + right;
  if (!Number.isFinite(finer)) throw new EngineFailure('no_solution', 'the integrand is not finite over the interval');
  const size = Math.max(scale, Math.abs(finer));
  if (Math.abs(finer - whole) <= relTol * size || depth <= 0) return finer;
  return refine(f, a, m, left, relTol, size, depth - 1) + refine(f, m, b, right, relTol, size, depth - 1);
}
