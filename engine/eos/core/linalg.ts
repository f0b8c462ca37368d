/**
 * Small dense linear solves for the Newton steps of the EOS core (n <= a few dozen): Cholesky
 * for the symmetric Gibbs-energy Hessian of the flash, LU with partial pivoting for the
 * unsymmetric saturation and envelope Jacobians. Matrices are row-major Float64Arrays and are
 * overwritten. Both return null on a (numerically) singular or indefinite matrix, never NaN.
 *
 * Reference: Golub, G.H. and Van Loan, C.F. (2013) Matrix Computations, 4th ed., Johns Hopkins,
 * sections 3.4 (partial pivoting) and 4.2 (Cholesky).
 */

/** Solves A x = b for symmetric positive definite A; null when A is not positive definite. */
export function choleskySolve(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  for (let j = 0; j < n; j++) {
    let s = A[j * n + j]!;
    for (let k = 0; k < j; k++) s -= A[j * n + k]! * A[j * n + k]!;
    if (!(s > 0)) return null;
    const d = Math.sqrt(s);
    A[j * n + j] = d;
    for (let i = j + 1; i < n; i++) {
      let t = A[i * n + j]!;
      for (let k = 0; k < j; k++) t -= A[i * n + k]! * A[j * n + k]!;
      A[i * n + j] = t / d;
    }
  }
  const x = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    let s = x[i]!;
    for (let k = 0; k < i; k++) s -= A[i * n + k]! * x[k]!;
    x[i] = s / A[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i]!;
    for (let k = i + 1; k < n; k++) s -= A[k * n + i]! * x[k]!;
    x[i] = s / A[i * n + i]!;
  }
  return x.every(Number.isFinite) ? x : null;
}

/** Solves A x = b by LU with partial pivoting; null when A is singular to working precision. */
export function luSolve(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const x = Float64Array.from(b);
  let scale = 0;
  for (let i = 0; i < n * n; i++) scale = Math.max(scale, Math.abs(A[i]!));
  if (!(scale > 0) || !Number.isFinite(scale)) return null;
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(A[i * n + k]!) > Math.abs(A[p * n + k]!)) p = i;
    if (!(Math.abs(A[p * n + k]!) > 1e-16 * scale)) return null;
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const t = A[k * n + j]!;
        A[k * n + j] = A[p * n + j]!;
        A[p * n + j] = t;
      }
      const t = x[k]!;
      x[k] = x[p]!;
      x[p] = t;
    }
    const piv = A[k * n + k]!;
    for (let i = k + 1; i < n; i++) {
      const f = A[i * n + k]! / piv;
      if (f === 0) continue;
      A[i * n + k] = f;
      for (let j = k + 1; j < n; j++) A[i * n + j] -= f * A[k * n + j]!;
      x[i] -= f * x[k]!;
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i]!;
    for (let j = i + 1; j < n; j++) s -= A[i * n + j]! * x[j]!;
    x[i] = s / A[i * n + i]!;
  }
  return x.every(Number.isFinite) ? x : null;
}

/**
 * The Newton step -H^-1 g of a minimisation, with H + mu I for the smallest mu (1e-6, 1e-5, ...
 * times the largest diagonal entry) that makes H positive definite: away from a minimum (a saddle
 * of the tangent plane distance, an indefinite Gibbs Hessian near a critical point) the plain
 * step is not a descent direction. Levenberg (1944) / Marquardt (1963) regularisation.
 */
export function descentStep(H: Float64Array, g: Float64Array, n: number): Float64Array | null {
  const rhs = g.map((v) => -v);
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(H[i * n + i]!));
  for (let k = -1; k < 10; k++) {
    const A = Float64Array.from(H);
    if (k >= 0) for (let i = 0; i < n; i++) A[i * n + i] = A[i * n + i]! + scale * 10 ** (k - 6);
    const x = choleskySolve(A, rhs, n);
    if (x) return x;
  }
  return null;
}
