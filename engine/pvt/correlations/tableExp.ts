/**
 * e^x by Tang's table-driven method, in plain arithmetic the compiler inlines into a loop:
 *
 *   x = (64 m + j) ln2/64 + r,  |r| <= ln2/128,  e^x = 2^m 2^(j/64) (1 + p(r))
 *
 * with k = 64 m + j the nearest integer to 64 x/ln2, ln2/64 split in two parts (the first with
 * trailing zero bits, so k ln2/64 is exact), p the Taylor polynomial of e^r - 1 to r^5 (its
 * remainder r^6/720 < 4e-17), 2^(j/64) and 2^m from tables. Within 2 ulp of Math.exp
 * (test/engine/pvt/tableExp.test.ts); outside |x| < 700, and for NaN, it is Math.exp.
 *
 * Why: Math.exp is a call out of the compiled loop (registers saved, nothing overlapped); in the
 * array paths (the DAK sweep, Lee–Gonzalez–Eakin viscosity) this form costs about two thirds.
 * Units: dimensionless.
 *
 * Reference: Tang, P.T.P. (1989) Table-driven Implementation of the Exponential Function in IEEE
 * Floating-point Arithmetic. ACM Transactions on Mathematical Software 15(2), 144-157.
 */

const N = 64;
/** 2^(j/64), j = 0..63. */
const TWO_J = new Float64Array(N);
for (let j = 0; j < N; j++) TWO_J[j] = 2 ** (j / N);
/** 2^m for m = -1050..1049 at m + M_OFFSET (|x| < 700: |m| < 1011). */
const M_OFFSET = 1050;
const TWO_M = new Float64Array(2 * M_OFFSET);
for (let m = -M_OFFSET; m < M_OFFSET; m++) TWO_M[m + M_OFFSET] = 2 ** m;

const INV_STEP = N / Math.LN2;
/** ln2/64 in two parts: fdlibm's ln2_hi (32 significant bits) and ln2_lo, each over 64 (exact). */
const STEP_HI = 6.93147180369123816490e-1 / N;
const STEP_LO = 1.90821492927058770002e-10 / N;
/** 1.5 * 2^52: adding and subtracting it rounds to the nearest integer (|64 x/ln2| < 2^31 here). */
const ROUND = 6755399441055744;

export function tableExp(x: number): number {
  if (!(x > -700 && x < 700)) return Math.exp(x);
  const kd = x * INV_STEP + ROUND - ROUND;
  const k = kd | 0;
  const r = x - kd * STEP_HI - kd * STEP_LO;
  const p = r + r * r * (0.5 + r * (1 / 6 + r * (1 / 24 + r * (1 / 120))));
  const t = TWO_J[k & (N - 1)] as number;
  return (t + t * p) * (TWO_M[(k >> 6) + M_OFFSET] as number);
}
