/**
 * McCain (1990, 1991) formation-water correlations, T in degF, p in psia, S in wt% total solids:
 *
 * Formation volume factor (gas-free water; McCain notes salinity and dissolved gas move it little,
 * so the same expression serves brines):
 *   dVwT = -1.0001e-2 + 1.33391e-4 T + 5.50654e-7 T^2
 *   dVwp = -1.95301e-9 p T - 1.72834e-13 p^2 T - 3.58922e-7 p - 2.25341e-10 p^2
 *   Bw = (1 + dVwp)(1 + dVwT)                                                       (rb/STB)
 *   cw = -(1/Bw) dBw/dp = -(d dVwp/dp)/(1 + dVwp)                                   (1/psi)
 * Density: rho_sc = 62.368 + 0.438603 S + 1.60074e-3 S^2 (lbm/ft3), rho = rho_sc / Bw.
 * Viscosity: mu1 = A T^-B at 14.7 psia,
 *   A = 109.574 - 8.40564 S + 0.313314 S^2 + 8.72213e-3 S^3
 *   B = 1.12166 - 2.63951e-2 S + 6.79461e-4 S^2 + 5.47119e-5 S^3 - 1.55586e-6 S^4
 *   mu/mu1 = 0.9994 + 4.0295e-5 p + 3.1062e-9 p^2                                   (cp)
 * Methane solubility (McCain's fit of Culberson & McKetta 1951), pure water Rsw = A + B p + C p^2:
 *   A = 8.15839 - 6.12265e-2 T + 1.91663e-4 T^2 - 2.1654e-7 T^3
 *   B = 1.01021e-2 - 7.44241e-5 T + 3.05553e-7 T^2 - 2.94883e-10 T^3
 *   C = -1e-7 (9.02505 - 0.130237 T + 8.53425e-4 T^2 - 2.34122e-6 T^3 + 2.37049e-9 T^4)
 *   brine: log10(Rsw,b / Rsw,w) = -0.0840655 S T^-0.285854                         (scf/STB)
 *
 * Validity (McCain 1991): Bw T <= 260 degF, p <= 5000 psia; viscosity 100-400 degF, S <= 26%,
 * pressure factor 86.5-167 degF, p <= 14000 psia; Rsw 100-340 degF, 1000-10000 psia, salinity
 * correction S <= 30%, 70-250 degF.
 * Checked example: 500 psia, 80 degF, S 3% -> Bw 1.003876, mu 0.895734 cp, rho_sc 63.698216,
 * Rsw 6.1654 scf/STB (refdata pvt_water.json water-mccain-80-500-3: McCain equations cross-checked
 * against petpropy).
 *
 * References:
 * - McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell, Tulsa, Ch. 16.
 * - McCain, W.D. Jr. (1991) Reservoir-Fluid Property Correlations—State of the Art. SPE Reservoir
 *   Engineering 6(2), 266-272. SPE-18571-PA.
 * - Culberson, O.L. and McKetta, J.J. Jr. (1951) Phase Equilibria in Hydrocarbon-Water Systems III:
 *   The Solubility of Methane in Water at Pressures to 10,000 psia. Trans. AIME 192, 223-226.
 */
import type { ValidityRange } from '../../definition.js';
import { mccainDensitySC } from './salinity.js';

/** Ranges of Bw and the Culberson–McKetta solubility (the viscosity's are MCCAIN_VISCOSITY_VALIDITY). */
export const MCCAIN_WATER_VALIDITY: ValidityRange[] = [
  { field: 'TF', max: 260, unit: 'degF', note: 'McCain (1991) Bw' },
  { field: 'psia', max: 5000, unit: 'psia', note: 'McCain (1991) Bw' },
  { field: 'psia', min: 1000, max: 10000, unit: 'psia', note: 'Culberson–McKetta methane solubility data' },
  { field: 'TF', max: 340, unit: 'degF', note: 'Culberson–McKetta methane solubility data' },
];

export const MCCAIN_VISCOSITY_VALIDITY: ValidityRange[] = [
  { field: 'TF', min: 100, max: 400, unit: 'degF', note: 'McCain (1991) water viscosity' },
  { field: 'psia', max: 14000, unit: 'psia', note: 'McCain (1991) viscosity pressure correction' },
  // The pressure correction's own data span 86.5-167 degF, narrower than the 1-atm viscosity's 100-400 degF.
  { field: 'TF', min: 86.5, max: 167, unit: 'degF', note: 'McCain (1991) viscosity pressure correction (fitted at 86.5-167 degF)' },
  { field: 'salinityWtPct', max: 26, unit: 'wt%', note: 'McCain (1991) water viscosity' },
];

export function mccainBw(psia: number, TF: number): number {
  const dVwT = -1.0001e-2 + 1.33391e-4 * TF + 5.50654e-7 * TF * TF;
  const dVwp = -1.95301e-9 * psia * TF - 1.72834e-13 * psia * psia * TF - 3.58922e-7 * psia - 2.25341e-10 * psia * psia;
  return (1 + dVwp) * (1 + dVwT);
}

/**
 * Constant-composition compressibility (1/psi) of McCain's Bw: cw = -(1/Bw) dBw/dp
 * = -(d dVwp/dp) / (1 + dVwp), analytic, so a Bw rebuilt from it matches mccainBw.
 */
export function mccainCw(psia: number, TF: number): number {
  const dVwp = -1.95301e-9 * psia * TF - 1.72834e-13 * psia * psia * TF - 3.58922e-7 * psia - 2.25341e-10 * psia * psia;
  const dDVwpDp = -1.95301e-9 * TF - 2 * 1.72834e-13 * psia * TF - 3.58922e-7 - 2 * 2.25341e-10 * psia;
  return -dDVwpDp / (1 + dVwp);
}

export function mccainViscosity(psia: number, TF: number, S: number): number {
  const a = 109.574 - 8.40564 * S + 0.313314 * S * S + 8.72213e-3 * S ** 3;
  const b = 1.12166 - 2.63951e-2 * S + 6.79461e-4 * S * S + 5.47119e-5 * S ** 3 - 1.55586e-6 * S ** 4;
  return a * TF ** -b * (0.9994 + 4.0295e-5 * psia + 3.1062e-9 * psia * psia);
}

/** Methane solubility in the brine (scf/STB) and its pressure derivative (scf/STB/psi). */
export function mccainRsw(psia: number, TF: number, S: number): { rsw: number; drswdp: number } {
  const t2 = TF * TF;
  const t3 = t2 * TF;
  const a = 8.15839 - 6.12265e-2 * TF + 1.91663e-4 * t2 - 2.1654e-7 * t3;
  const b = 1.01021e-2 - 7.44241e-5 * TF + 3.05553e-7 * t2 - 2.94883e-10 * t3;
  const c = -1e-7 * (9.02505 - 0.130237 * TF + 8.53425e-4 * t2 - 2.34122e-6 * t3 + 2.37049e-9 * t2 * t2);
  const salt = 10 ** (-0.0840655 * S * TF ** -0.285854);
  return { rsw: (a + b * psia + c * psia * psia) * salt, drswdp: (b + 2 * c * psia) * salt };
}

export interface McCainWater {
  Bw: number;
  densityLbFt3: number;
  densitySCLbFt3: number;
  viscosityCp: number;
  rswSaturatedScfStb: number;
  drswdp: number;
}

export function mccainWater(psia: number, TF: number, salinityWtPct: number): McCainWater {
  const Bw = mccainBw(psia, TF);
  const densitySCLbFt3 = mccainDensitySC(salinityWtPct);
  const { rsw, drswdp } = mccainRsw(psia, TF, salinityWtPct);
  return {
    Bw,
    densityLbFt3: densitySCLbFt3 / Bw,
    densitySCLbFt3,
    viscosityCp: mccainViscosity(psia, TF, salinityWtPct),
    rswSaturatedScfStb: rsw,
    drswdp,
  };
}
