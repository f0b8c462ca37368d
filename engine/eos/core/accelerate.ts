/**
 * The dominant-eigenvalue extrapolation of successive substitution (Crowe & Nishio 1975, as used
 * by Michelsen 1982 for flash and stability): when the last two updates g_k, g_(k-1) of a
 * linearly converging iteration are nearly parallel, g_k ~ lambda g_(k-1) with
 * lambda = (g_k . g_k) / (g_k . g_(k-1)), and the limit is x_k + g_k lambda / (1 - lambda).
 * Returns null when lambda is not in (0, 1) (not a contraction): the caller keeps plain steps.
 *
 * References:
 * - Crowe, C.M. and Nishio, M. (1975) Convergence promotion in the simulation of chemical
 *   processes: the general dominant eigenvalue method. AIChE J. 21(3), 528-533.
 * - Michelsen, M.L. (1982) The isothermal flash problem. Part II. Phase-split calculation.
 *   Fluid Phase Equilib. 9, 21-40.
 */

/** The extrapolated point, or null. `cap` bounds lambda/(1 - lambda) (a too-long step is worse than none). */
export function dominantEigenvalueStep(x: Float64Array, gNow: Float64Array, gPrev: Float64Array, cap = 20): Float64Array | null {
  let num = 0;
  let den = 0;
  for (let i = 0; i < x.length; i++) {
    num += gNow[i]! * gNow[i]!;
    den += gNow[i]! * gPrev[i]!;
  }
  if (!(den > 0)) return null;
  const lambda = num / den;
  if (!(lambda > 0 && lambda < 1)) return null;
  const f = Math.min(cap, lambda / (1 - lambda));
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i]! + f * gNow[i]!;
  return out;
}
