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
  // The resolution beta needs: relative to itself, and near 0 relative to the nearer asymptote
  // (|lo| = 1/(Kmax - 1) is tiny for a huge K: an absolute 1e-15 would stop far from the root).
  const scale = Math.min(1, -lo);
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
    const tol = 1e-15 * Math.max(scale, Math.abs(beta));
    if (Math.abs(next - beta) <= tol || hi - lo <= tol) {
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

/**
 * The root and the phase compositions when the root lies within a rounding error of an
 * asymptote, or so far out that 1 + beta (K_i - 1) overflows (a trace of a component whose K is
 * far from the others', a K within 1e-15 of 1, a K of 1e300). The equation is written in its poles
 * p_i = 1/(1 - K_i): f = sum z_i / (beta - p_i), x_i = (z_i / (K_i - 1)) / (beta - p_i), and the
 * unknown is the distance d > 0 of the root from the pole of `side` (hi: that of the smallest K,
 * beta = p* - d; lo: of the largest, beta = p* + d), so beta - p_i = (p* - p_i) -/+ d is exactly d
 * for the component that sets it. d is bisected in ln d from the smallest double to the nearest
 * pole on the other side. The pole form is that of Leibovici, C.F. and Nichita, D.V. (2010)
 * Iterative solutions for sum a_i/(lambda - c_i) = 1 equations. Chem. Eng. Res. Des. 88(5),
 * 602-605; solving for the distance from the pole is what keeps the digits there.
 * Null when there is no root on that side's terms (one phase, or every K on one side of 1).
 */
export function rachfordRiceNearAsymptote(z: ArrayLike<number>, K: ArrayLike<number>, side: 'lo' | 'hi'): { beta: number; x: Float64Array; y: Float64Array; iterations: number } | null {
  const n = z.length;
  let star = -1;
  for (let i = 0; i < n; i++) {
    if (!(z[i]! > 0) || K[i] === 1) continue;
    if (star < 0 || (side === 'hi' ? K[i]! < K[star]! : K[i]! > K[star]!)) star = i;
  }
  if (star < 0 || (side === 'hi' ? !(K[star]! < 1) : !(K[star]! > 1))) return null;
  const pole = (i: number) => 1 / (1 - K[i]!);
  const P = pole(star);
  const sign = side === 'hi' ? -1 : 1;
  // beta - p_i at distance d: exactly d (times sign) for the components of the pole itself.
  const gap = Float64Array.from({ length: n }, (_, i) => (K[i] === K[star] ? 0 : P - pole(i)));
  const distance = (d: number, i: number) => gap[i]! + sign * d;
  const f = (d: number) => {
    let s = 0;
    for (let i = 0; i < n; i++) if (z[i]! > 0 && K[i] !== 1) s += z[i]! / distance(d, i);
    return s;
  };
  // The root lies between this pole and the nearest pole on the other side of 1.
  let other = Infinity;
  for (let i = 0; i < n; i++) if (z[i]! > 0 && K[i] !== 1 && K[i]! > 1 !== K[star]! > 1) other = Math.min(other, Math.abs(P - pole(i)));
  if (!(other > 0 && other < Infinity)) return null;
  // f(beta) falls with beta: next to the hi pole it is -infinity, next to the lo pole +infinity.
  const nearPole = (v: number) => (side === 'hi' ? v < 0 : v > 0);
  let lnLo = Math.log(Number.MIN_VALUE);
  let lnHi = Math.log(other);
  if (!nearPole(f(Number.MIN_VALUE))) return null;
  let iterations = 0;
  for (; iterations < 400 && lnHi - lnLo > 1e-15 * Math.max(1, Math.abs(lnHi)); iterations++) {
    const mid = 0.5 * (lnLo + lnHi);
    if (nearPole(f(Math.exp(mid)))) lnLo = mid;
    else lnHi = mid;
  }
  const d = Math.exp(0.5 * (lnLo + lnHi));
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (!(z[i]! > 0)) continue;
    if (K[i] === 1) {
      x[i] = z[i]!;
      y[i] = z[i]!;
      continue;
    }
    const a = K[i]! - 1;
    const g = distance(d, i);
    x[i] = z[i]! / a / g;
    y[i] = ((K[i]! / a) * z[i]!) / g;
  }
  return { beta: P + sign * d, x, y, iterations };
}
