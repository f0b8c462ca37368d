/**
 * Dranchuk & Abou-Kassem (1975): the 11-constant fit of the Standing–Katz (1942) z-factor chart.
 *
 *   z = 1 + c1 rho + c2 rho^2 - c3 rho^5 + c4 (1 + A11 rho^2) rho^2 exp(-A11 rho^2)
 *   c1 = A1 + A2/Tpr + A3/Tpr^3 + A4/Tpr^4 + A5/Tpr^5,  c2 = A6 + A7/Tpr + A8/Tpr^2,
 *   c3 = A9 (A7/Tpr + A8/Tpr^2),  c4 = A10/Tpr^3,  rho = 0.27 Ppr / (z Tpr)  (reduced density)
 *
 * Solved for rho (not z): g(rho) = rho z(rho) - 0.27 Ppr/Tpr is negative at rho = 0 and grows like
 * rho^6, so the first (gas-like) root is always bracketed.
 *
 * Units: Ppr, Tpr and z are dimensionless.
 * Validity (authors): 0.2 <= Ppr < 30 with 1.0 < Tpr <= 3.0, and Ppr < 1.0 with 0.7 < Tpr <= 1.0.
 * Checked example: Ppr 0.5, Tpr 1.3 -> z = 0.9203019 (R package zFactor 0.1.9, vignette
 * Beggs-Brill.Rmd, z.DranchukAbuKassem grid; also pyrestoolbox 3.7.6: 0.920301909).
 *
 * References:
 * - Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using
 *   Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36. PETSOC-75-03-03.
 * - Standing, M.B. and Katz, D.L. (1942) Density of Natural Gases. Trans. AIME 146, 140-149. SPE-942140-G.
 */
import { firstBracket, newtonInBracket } from './solve.js';
import type { ZResult } from './zResult.js';

const A1 = 0.3265;
const A2 = -1.07;
const A3 = -0.5339;
const A4 = 0.01569;
const A5 = -0.05165;
const A6 = 0.5475;
const A7 = -0.7361;
const A8 = 0.1844;
const A9 = 0.1056;
const A10 = 0.6134;
const A11 = 0.721;

export const DAK_VALIDITY = {
  pprMin: 0.2,
  pprMax: 30,
  tprMin: 1.0,
  tprMax: 3.0,
  /** The authors' second region: 0.7 < Tpr <= 1.0 is fitted only for Ppr < 1.0. */
  lowTpr: { tprMin: 0.7, pprBelow: 1.0 },
} as const;

/** z(rho) and dz/drho at one reduced temperature. */
function zOfRho(rho: number, tpr: number): [z: number, dzdrho: number] {
  const t2 = tpr * tpr;
  const t3 = t2 * tpr;
  const c1 = A1 + A2 / tpr + A3 / t3 + A4 / (t3 * tpr) + A5 / (t3 * t2);
  const c2 = A6 + A7 / tpr + A8 / t2;
  const c3 = A9 * (A7 / tpr + A8 / t2);
  const c4 = A10 / t3;
  const r2 = rho * rho;
  const e = Math.exp(-A11 * r2);
  const z = 1 + c1 * rho + c2 * r2 - c3 * r2 * r2 * rho + c4 * (1 + A11 * r2) * r2 * e;
  const dz = c1 + 2 * c2 * rho - 5 * c3 * r2 * r2 + c4 * e * (2 * rho + 2 * A11 * r2 * rho - 2 * A11 * A11 * r2 * r2 * rho);
  return [z, dz];
}

/**
 * z and dz/dPpr (at constant Tpr) by DAK, or null when no root is found.
 * dz/dPpr = z_rho * drho/dPpr, with drho/dPpr = 0.27 / (Tpr (z + rho z_rho)) from g(rho) = 0.
 */
export function zDAK(ppr: number, tpr: number): ZResult | null {
  const target = (0.27 * ppr) / tpr;
  const g = (rho: number): [number, number] => {
    const [z, dz] = zOfRho(rho, tpr);
    return [rho * z - target, z + rho * dz];
  };
  // Reduced densities of real gases stay below ~3; the scan goes well past that.
  const bracket = firstBracket(g, 0, 0.05, 20);
  if (!bracket) return null;
  const rho = newtonInBracket(g, bracket[0], bracket[1], target);
  if (rho === null || !(rho > 0)) return null;
  const [z, dz] = zOfRho(rho, tpr);
  const dzdppr = (dz * 0.27) / (tpr * (z + rho * dz));
  return Number.isFinite(z) && z > 0 && Number.isFinite(dzdppr) ? { z, dzdppr } : null;
}
