/**
 * Mao & Duan (2009) viscosity of water and NaCl brine, as adopted for oilfield brines by McCain,
 * Spivey & Lenn (2011) Eqs 4.42-4.48. T in K, rho_w pure-water density in g/cm3, m NaCl molality:
 *
 *   ln mu_w = sum_{i=1..5} d_i T^(i-3) + rho_w sum_{i=6..10} d_i T^(i-8)           (mu_w in Pa s)
 *   ln mu_r = A m + B m^2 + C m^3,   A = a0 + a1 T + a2 T^2,  B = b0 + b1 T + b2 T^2,  C = c0 + c1 T
 *   mu_brine = 1000 mu_w mu_r                                                       (cp)
 *
 * The pressure dependence enters through rho_w (here from Spivey et al.'s pure-water equation).
 * Units: T K, rho g/cm3, m mol/kg water, mu cp.
 * Validity (authors): 273-623 K, up to 100 MPa, m up to 6 mol/kg.
 * Checked example: pure water 25 degC, 0.101325 MPa -> 0.8896 cp (IAPWS 2008 gives 0.8900 cp);
 * 100 degC, 1 MPa -> 0.2813 cp (IAPWS 2008: 0.2818 cp).
 *
 * References:
 * - Mao, S. and Duan, Z. (2009) The Viscosity of Aqueous Alkali-Chloride Solutions up to 623 K,
 *   1,000 bar, and High Ionic Strength. International Journal of Thermophysics 30, 1510-1523.
 * - McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property
 *   Correlations. PennWell, Tulsa, Chapter 4.
 * - Huber, M.L. et al. (2009) New International Formulation for the Viscosity of H2O. J. Phys.
 *   Chem. Ref. Data 38(2), 101-125 (IAPWS 2008, for the check values).
 */
const D = [2.88531e6, -1.1072577e4, -9.0834095, 3.0925651e-2, -2.74071e-5, -1.9283851e6, 5.6216046e3, 1.382725e1, -4.7609523e-2, 3.5545041e-5] as const;
const A = [-0.21319213, 1.3651589e-3, -1.2191756e-6] as const;
const B = [6.9161945e-2, -2.7292263e-4, 2.0852448e-7] as const;
const C = [-2.5988855e-3, 7.7989227e-6] as const;

export const MAO_DUAN_RANGE = { tKMin: 273, tKMax: 623, pMPaMax: 100, molalityMax: 6 } as const;

/** Brine viscosity (cp) at tK kelvin, pure-water density rhoW (g/cm3) and NaCl molality m. */
export function maoDuanViscosity(tK: number, rhoW: number, m: number): number {
  let lnMuW = 0;
  for (let i = 0; i < 5; i++) lnMuW += (D[i] as number) * tK ** (i - 2);
  for (let i = 5; i < 10; i++) lnMuW += rhoW * (D[i] as number) * tK ** (i - 7);
  const a = A[0] + A[1] * tK + A[2] * tK * tK;
  const b = B[0] + B[1] * tK + B[2] * tK * tK;
  const c = C[0] + C[1] * tK;
  return 1000 * Math.exp(lnMuW + a * m + b * m * m + c * m * m * m);
}
