/**
 * Root finding for the z-factor equations: bracket the first sign change of f on a grid, then
 * Newton steps kept inside the bracket (a step that leaves it, or stalls, becomes a bisection).
 * Newton alone can jump to a liquid-like root or diverge near Tpr 1; the bracket cannot.
 */

/** f(x) and f'(x) at x. */
export type ValueAndSlope = (x: number) => [value: number, slope: number];

/** Convergence in x: |dx| <= X_TOL * max(1, |x|); the refdata assume <= 1e-10 in reduced density. */
const X_TOL = 1e-13;
const MAX_ITER = 200;

/**
 * First bracket [a, b] with f(a) < 0 <= f(b), scanning from `start` (where f < 0) in steps of
 * `step` up to `limit`. Null when f never turns non-negative (no root in range).
 */
export function firstBracket(f: ValueAndSlope, start: number, step: number, limit: number): [number, number] | null {
  let a = start;
  for (let b = start + step; b <= limit + 1e-15; b += step) {
    const fb = f(b)[0];
    if (!Number.isFinite(fb)) return null;
    if (fb >= 0) return [a, b];
    a = b;
  }
  return null;
}

/**
 * The first bracket [a, b] on the grid step, 2 step, ..., n step (a count, not an end: a step of
 * 1e-300 still takes n steps), or null.
 */
export function firstBracketIn(f: ValueAndSlope, step: number, n: number): [number, number] | null {
  let a = 0;
  for (let i = 1; i <= n; i++) {
    const b = i * step;
    const fb = f(b)[0];
    if (!Number.isFinite(fb)) return null;
    if (fb >= 0) return [a, b];
    a = b;
  }
  return null;
}

/** Root of f in [a, b] (f(a) < 0 <= f(b)) by safeguarded Newton from x0, or null if not converged. */
export function newtonInBracket(f: ValueAndSlope, a: number, b: number, x0: number): number | null {
  let lo = a;
  let hi = b;
  let x = x0 > lo && x0 < hi ? x0 : (lo + hi) / 2;
  for (let i = 0; i < MAX_ITER; i++) {
    const [fx, dfx] = f(x);
    if (!Number.isFinite(fx)) return null;
    if (fx === 0) return x;
    if (fx < 0) lo = x;
    else hi = x;
    let next = x - fx / dfx;
    // Converged by Newton's own step, tested before the safeguard: at the root, rounding can put
    // x - f/f' on the bracket's end, and bisecting there threw the converged iterate away (up to
    // ~40 more steps on one point in three of a DAK sweep).
    if (Math.abs(next - x) <= X_TOL * Math.max(1, Math.abs(x))) return next;
    // Outside the bracket or not finite (dfx = 0): bisect instead.
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (hi - lo <= X_TOL * Math.max(1, Math.abs(x))) return next;
    x = next;
  }
  return null;
}
