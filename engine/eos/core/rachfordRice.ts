/**
 * The Rachford-Rice equation for the vapour fraction beta of a feed z with equilibrium ratios K:
 *
 *   f(beta) = sum_i z_i (K_i - 1) / (1 + beta (K_i - 1)) = 0,
 *
 * solved for the root between the asymptotes beta_min = 1/(1 - K_max) and beta_max =
 * 1/(1 - K_min), where f decreases monotonically (Whitson & Michelsen 1989: the "negative flash"
 * root, which may lie outside [0, 1]). Newton steps safeguarded by bisection inside a shrinking
 * bracket, so it always converges; the phase compositions x_i = z_i / (1 + beta (K_i - 1)) and
 * y_i = K_i x_i are computed from the same denominators. With every K_i >= 1 or every K_i <= 1
 * there is no root: the feed is one phase (vapour or liquid), never an error.
 *
 * Units: dimensionless. Validity: z_i >= 0 summing to 1, K_i > 0.
 *
 * References:
 * - Rachford, H.H. Jr. and Rice, J.D. (1952) Procedure for Use of Electronic Digital Computers in
 *   Calculating Flash Vaporization Hydrocarbon Equilibrium. J. Pet. Technol. 4(10), sec. 1, 19.
 * - Whitson, C.H. and Michelsen, M.L. (1989) The negative flash. Fluid Phase Equilib. 53, 51-71.
 * - Leibovici, C.F. and Neoschil, J. (1992) A new look at the Rachford-Rice equation. Fluid
 *   Phase Equilib. 74, 303-308 (the bracket between the asymptotes).
 */

export type RachfordRiceOutcome =
  | { kind: 'root'; beta: number; iterations: number }
  /** No root: all K >= 1 (vapour) or all K <= 1 (liquid). */
  | { kind: 'vapour' | 'liquid' };

const MAX_ITER = 200;

export function solveRachfordRice(z: ArrayLike<number>, K: ArrayLike<number>, guess?: number): RachfordRiceOutcome {
  const n = z.length;
  let kMax = -Infinity;
  let kMin = Infinity;
  for (let i = 0; i < n; i++) {
    if (!(z[i]! > 0)) continue;
    if (K[i]! > kMax) kMax = K[i]!;
    if (K[i]! < kMin) kMin = K[i]!;
  }
  if (!(kMax > 1)) return { kind: 'liquid' };
  if (!(kMin < 1)) return { kind: 'vapour' };
  let lo = 1 / (1 - kMax);
  let hi = 1 / (1 - kMin);
  let beta = guess !== undefined && guess > lo && guess < hi ? guess : bracketStart(lo, hi);
  for (let it = 1; it <= MAX_ITER; it++) {
    let f = 0;
    let df = 0;
    for (let i = 0; i < n; i++) {
      const zi = z[i]!;
      if (!(zi > 0)) continue;
      const k1 = K[i]! - 1;
      const t = 1 / (1 + beta * k1);
      const s = zi * k1 * t;
      f += s;
      df -= s * k1 * t;
    }
    if (f > 0) lo = beta;
    else if (f < 0) hi = beta;
    else return { kind: 'root', beta, iterations: it };
    let next = beta - f / df;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - beta) <= 1e-15 * Math.max(1, Math.abs(beta)) || hi - lo <= 1e-15 * Math.max(1, Math.abs(beta))) {
      return { kind: 'root', beta: next, iterations: it };
    }
    beta = next;
  }
  return { kind: 'root', beta, iterations: MAX_ITER };
}

/** A start inside the bracket: 0.5 when [0, 1] is inside it, else the middle of the bracket's part nearest it. */
function bracketStart(lo: number, hi: number): number {
  const a = Math.max(lo, 0);
  const b = Math.min(hi, 1);
  if (a < b) return 0.5 * (a + b);
  return 0.5 * (lo + hi);
}

/** x and y from beta (unclamped): x_i = z_i / (1 + beta (K_i - 1)), y_i = K_i x_i. */
export function phaseCompositions(z: ArrayLike<number>, K: ArrayLike<number>, beta: number): { x: Float64Array; y: Float64Array } {
  const n = z.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = z[i]! / (1 + beta * (K[i]! - 1));
    y[i] = K[i]! * x[i]!;
  }
  return { x, y };
}
