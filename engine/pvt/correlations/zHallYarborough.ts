/**
 * Hall & Yarborough (1973): Starling–Carnahan hard-sphere equation of state fitted to the
 * Standing–Katz (1942) chart, solved for the reduced density y:
 *
 *   F(y) = -A Ppr + (y + y^2 + y^3 - y^4)/(1 - y)^3 - B y^2 + C y^D = 0,   z = A Ppr / y
 *   t = 1/Tpr, A = 0.06125 t exp(-1.2 (1 - t)^2), B = 14.76 t - 9.76 t^2 + 4.58 t^3,
 *   C = 90.7 t - 242.2 t^2 + 42.4 t^3, D = 2.18 + 2.82 t
 *
 * F(0) = -A Ppr < 0 and F -> +infinity as y -> 1, so the first root in (0, 1) is bracketed.
 *
 * Units: Ppr, Tpr, y and z are dimensionless.
 * Validity (as usually quoted from the authors' fit): 1.2 <= Tpr <= 3.0, 0.1 <= Ppr <= 24; the
 * authors advise against Tpr < 1.
 * Checked example: Ppr 0.5, Tpr 1.3 -> z = 0.91763 (R package zFactor 0.1.9, vignette
 * Beggs-Brill.Rmd, z.HallYarborough grid; also pyrestoolbox 3.7.6: 0.917630042).
 *
 * References:
 * - Hall, K.R. and Yarborough, L. (1973) A New Equation of State for Z-factor Calculations.
 *   Oil & Gas Journal 71(25), 82-92.
 * - Yarborough, L. and Hall, K.R. (1974) How to Solve Equation of State for Z-factors.
 *   Oil & Gas Journal 72(7), 86-88.
 * - Standing, M.B. and Katz, D.L. (1942) Density of Natural Gases. Trans. AIME 146, 140-149. SPE-942140-G.
 */
import { firstBracket, firstBracketIn, newtonInBracket } from './solve.js';
import type { ZResult } from './zResult.js';

export const HY_VALIDITY = { pprMin: 0.1, pprMax: 24, tprMin: 1.2, tprMax: 3.0 } as const;

/** The scan stops short of the pole at y = 1. */
const Y_LIMIT = 1 - 1e-9;

/** z and dz/dPpr (at constant Tpr) by Hall–Yarborough, or null when no root is found. */
export function zHallYarborough(ppr: number, tpr: number): ZResult | null {
  const t = 1 / tpr;
  const a = 0.06125 * t * Math.exp(-1.2 * (1 - t) * (1 - t));
  const b = 14.76 * t - 9.76 * t * t + 4.58 * t * t * t;
  const c = 90.7 * t - 242.2 * t * t + 42.4 * t * t * t;
  const d = 2.18 + 2.82 * t;
  const f = (y: number): [number, number] => {
    const m = 1 - y;
    const hs = (y + y * y + y * y * y - y * y * y * y) / (m * m * m);
    const dhs = (1 + 4 * y + 4 * y * y - 4 * y * y * y + y * y * y * y) / (m * m * m * m);
    return [-a * ppr + hs - b * y * y + c * Math.pow(y, d), dhs - 2 * b * y + c * d * Math.pow(y, d - 1)];
  };
  // F rises from 0 with slope 1 to its first maximum near y = 1/(2B); the gas root is below it. Far
  // below the authors' Tpr (B > 12.5, Tpr below ~0.78) that hump is narrower than the 0.01 grid, and a
  // step over it would take the dense root (z 2e-10 at Ppr 1e-6, Tpr 0.29): sixteen steps of an
  // eighth of the hump cover it (to 2/B), then the usual grid, a bounded scan at any Tpr.
  const fineEnd = b > 12.5 ? 2 / b : 0;
  const bracket = (fineEnd > 0 ? firstBracketIn(f, 1 / (8 * b), 16) : null) ?? firstBracket(f, fineEnd, 0.01, 0.99) ?? lastBracket(f);
  if (!bracket) return null;
  const y = newtonInBracket(f, bracket[0], bracket[1], a * ppr);
  if (y === null || !(y > 0)) return null;
  const z = (a * ppr) / y;
  // dF/dPpr = -A, so dy/dPpr = A / F'(y); then z = A Ppr / y gives dz/dPpr = z/Ppr - z A / (y F'(y)).
  const dzdppr = z / ppr - (z * a) / (y * f(y)[1]);
  return Number.isFinite(z) && z > 0 && Number.isFinite(dzdppr) ? { z, dzdppr } : null;
}

/** The sliver (0.99, 1): F changes sign there only at extreme pressures. */
function lastBracket(f: (y: number) => [number, number]): [number, number] | null {
  return f(Y_LIMIT)[0] >= 0 ? [0.99, Y_LIMIT] : null;
}
