/**
 * Spivey, McCain & North (2004) density and compressibility of methane-free NaCl brine, in the
 * form of McCain, Spivey & Lenn (2011) Eqs 4.1-4.12. T in degC, p in MPa, m = NaCl molality
 * (mol/kg water), tau = T/100:
 *
 *   every coefficient X(T) = (a1 tau^2 + a2 tau + a3) / (a4 tau^2 + a5 tau + 1)           (4.1)
 *   pure water at the 70 MPa reference: rho_w70(T), E_w(T), F_w(T)
 *   brine:  rho_b70 = rho_w70 + Dm2 m^2 + Dm3/2 m^1.5 + Dm1 m + Dm1/2 m^0.5               (4.6)
 *           E_b = E_w + Em m,   F_b = F_w + Fm3/2 m^1.5 + Fm1 m + Fm1/2 m^0.5               (4.7-4.8)
 *   c_b = (1/70) / (E_b p/70 + F_b)                 (1/MPa, isothermal compressibility)    (4.9)
 *   I_b(p) = (1/E_b) ln|E_b p/70 + F_b|,  rho_b = rho_b70 exp(I_b(p) - I_b(70))  (g/cm3)   (4.10-4.12)
 *
 * Coefficients: Table 4-1 of McCain, Spivey & Lenn (2011) (the book's refit of the 2004 paper's
 * Tables 3-4). Two public transcriptions disagree on the brine terms; this set reproduces the
 * refdata vectors (pyrestoolbox brine_props, which cites the book) to 5e-5 in density.
 * Validity (authors): 0-275 degC, p up to 200 MPa, m up to 5.7 mol/kg (about 25 wt% NaCl), and
 * liquid water (p above the vapour pressure).
 *
 * References:
 * - Spivey, J.P., McCain, W.D. Jr. and North, R. (2004) Estimating Density, Formation Volume
 *   Factor, Compressibility, Methane Solubility, and Viscosity for Oilfield Brines at Temperatures
 *   From 0 to 275°C, Pressures to 200 MPa, and Salinities to 5.7 mole/kg. Journal of Canadian
 *   Petroleum Technology 43(7), 52-61. PETSOC-04-07-05.
 * - McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property
 *   Correlations. PennWell, Tulsa, Chapter 4.
 */

type Coefficients = readonly [number, number, number, number, number];

const RHO_W70: Coefficients = [-0.127213, 0.645486, 1.03265, -0.070291, 0.639589];
const E_W: Coefficients = [4.221, -3.478, 6.221, 0.5182, -0.4405];
const F_W: Coefficients = [-11.403, 29.932, 27.952, 0.20684, 0.3768];
const D_M2: Coefficients = [-1.1149e-4, 1.75105e-4, -4.3766e-4, 0, 0];
const D_M32: Coefficients = [-8.878e-4, -1.388e-4, -2.96318e-3, 0, 0.51103];
const D_M1: Coefficients = [2.1466e-3, 1.2427e-2, 4.2648e-2, -8.1009e-2, 0.525417];
const D_M12: Coefficients = [2.356e-4, -3.636e-4, -2.278e-4, 0, 0];
const E_M: Coefficients = [0, 0, 0.1249, 0, 0];
const F_M32: Coefficients = [-0.617, -0.747, -0.4339, 0, 10.26];
const F_M1: Coefficients = [0, 9.917, 5.1128, 0, 3.892];
const F_M12: Coefficients = [0.0365, -0.0369, 0, 0, 0];

/** Reference pressure of the density equations, MPa. */
const P_REF = 70;

export const SPIVEY_RANGE = { tcMin: 0, tcMax: 275, pMPaMax: 200, molalityMax: 5.7 } as const;

/** Eq 4.1. */
function coefficient(c: Coefficients, tC: number): number {
  const t = tC / 100;
  return (c[0] * t * t + c[1] * t + c[2]) / (c[3] * t * t + c[4] * t + 1);
}

export interface SpiveyDensity {
  /** Density, g/cm3. */
  rho: number;
  /** Isothermal compressibility at constant composition, 1/MPa. */
  c: number;
}

/** Density and compressibility of pure water (m = 0) or methane-free brine at tC degC and pMPa. */
export function spiveyBrineDensity(tC: number, pMPa: number, m: number): SpiveyDensity {
  const rootM = Math.sqrt(m);
  const rho70 =
    coefficient(RHO_W70, tC) + coefficient(D_M2, tC) * m * m + coefficient(D_M32, tC) * m * rootM + coefficient(D_M1, tC) * m + coefficient(D_M12, tC) * rootM;
  const e = coefficient(E_W, tC) + coefficient(E_M, tC) * m;
  const f = coefficient(F_W, tC) + coefficient(F_M32, tC) * m * rootM + coefficient(F_M1, tC) * m + coefficient(F_M12, tC) * rootM;
  const integral = (p: number) => Math.log(Math.abs((e * p) / P_REF + f)) / e;
  return { rho: rho70 * Math.exp(integral(pMPa) - integral(P_REF)), c: 1 / P_REF / ((e * pMPa) / P_REF + f) };
}
