/**
 * Real roots of the cubic z^3 + c2 z^2 + c1 z + c0 = 0, the compressibility equation of a cubic
 * equation of state. Closed form (Cardano with the cancellation-free choice of cube root when
 * there is one real root; the trigonometric form of Viete when there are three), then each root
 * polished by Newton steps on the original cubic, kept only while they reduce |f|. The closed
 * form alone loses digits when roots nearly coincide (near a critical point or the spinodal);
 * the polish gives them back to machine precision, and a polished root never gets worse.
 *
 * Units: dimensionless. Valid for any finite coefficients; non-finite coefficients give no roots.
 *
 * References:
 * - Press, W.H., Teukolsky, S.A., Vetterling, W.T. and Flannery, B.P. (2007) Numerical Recipes,
 *   3rd ed., Cambridge University Press, section 5.6 (quadratic and cubic equations).
 * - Deiters, U.K. and Macias-Salinas, R. (2014) Calculation of Densities from Cubic Equations of
 *   State: Revisited. Ind. Eng. Chem. Res. 53(6), 2529-2536 (why polishing matters).
 */

const TWO_PI_3 = (2 * Math.PI) / 3;
const POLISH_STEPS = 4;

/** The real roots in increasing order (1 to 3 of them; none for non-finite input). */
export function cubicRoots(c2: number, c1: number, c0: number): number[] {
  if (!Number.isFinite(c2) || !Number.isFinite(c1) || !Number.isFinite(c0)) return [];
  const shift = c2 / 3;
  const p = c1 - c2 * shift;
  const q = (2 * c2 * c2 * c2) / 27 - (c2 * c1) / 3 + c0;
  const disc = (q * q) / 4 + (p * p * p) / 27;
  const roots: number[] = [];
  if (disc > 0) {
    const s = Math.sqrt(disc);
    const u = Math.cbrt(-q / 2 - (q >= 0 ? s : -s));
    roots.push((u === 0 ? 0 : u - p / (3 * u)) - shift);
  } else if (p === 0) {
    roots.push(Math.cbrt(-q) - shift);
  } else {
    const r = Math.sqrt(-p / 3);
    const cosArg = Math.max(-1, Math.min(1, (3 * q) / (2 * p * r)));
    const phi = Math.acos(cosArg) / 3;
    for (let k = 0; k < 3; k++) roots.push(2 * r * Math.cos(phi - k * TWO_PI_3) - shift);
  }
  const polished = roots.map((z) => polish(z, c2, c1, c0));
  polished.sort((a, b) => a - b);
  return dedupe(polished);
}

function polish(z0: number, c2: number, c1: number, c0: number): number {
  let z = z0;
  let f = ((z + c2) * z + c1) * z + c0;
  for (let i = 0; i < POLISH_STEPS && f !== 0; i++) {
    const df = (3 * z + 2 * c2) * z + c1;
    if (df === 0) break;
    const next = z - f / df;
    const fNext = ((next + c2) * next + c1) * next + c0;
    if (!(Math.abs(fNext) < Math.abs(f))) break;
    z = next;
    f = fNext;
  }
  return z;
}

/** Roots that polished onto each other (a double root) are one root. */
function dedupe(sorted: number[]): number[] {
  const out: number[] = [];
  for (const z of sorted) {
    const last = out[out.length - 1];
    if (last === undefined || Math.abs(z - last) > 1e-14 * Math.max(1, Math.abs(z))) out.push(z);
  }
  return out;
}
