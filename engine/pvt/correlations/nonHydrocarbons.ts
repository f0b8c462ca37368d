/**
 * Critical constants and molecular weights of the non-hydrocarbons in natural gas, and the gas
 * constant conventions shared by the gas correlations.
 *
 * Units: Tc degR, Pc psia, MW lbm/lbmol.
 *
 * The values are those of the non-hydrocarbon table used with the Piper–McCain–Corredor and
 * Sutton/Kay/Wichert–Aziz methods in McCain, Spivey & Lenn (2011) as implemented by pyrestoolbox
 * 3.7.6 (the source of the project's reference vectors, refdata/pvt_gas.json). Note that the
 * nitrogen entry (239.26 degR, 507.5 psia) differs from pure N2 (227.16 degR, 493.1 psia, GPSA
 * Engineering Data Book); it is kept because Piper et al.'s coefficients are used with this table
 * and the reference values depend on it. Changing it moves Tpc/Ppc of a 10% N2 gas by ~0.3%.
 *
 * References:
 * - McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property
 *   Correlations. PennWell, Tulsa.
 * - GPSA (2004) Engineering Data Book, 12th ed., Section 23 (physical constants).
 */
export interface CriticalConstants {
  tc: number;
  pc: number;
  mw: number;
}

export const CO2: CriticalConstants = { tc: 547.58, pc: 1071.0, mw: 44.01 };
export const H2S: CriticalConstants = { tc: 672.35, pc: 1306.0, mw: 34.1 };
export const N2: CriticalConstants = { tc: 239.26, pc: 507.5, mw: 28.01 };

/** Molecular weight of air (lbm/lbmol), the refdata convention: MW = 28.97 * gasSG. */
export const MW_AIR = 28.97;
/** Universal gas constant, psia ft3 / (lbmol degR). */
export const R_GAS = 10.731577;
/** Standard conditions: 14.696 psia and 60 degF (519.67 degR). */
export const P_SC = 14.696;
export const T_SC_R = 519.67;
/** degR = degF + 459.67. */
export const RANKINE_OFFSET = 459.67;

/** Mole fractions of the non-hydrocarbons (each 0..1). */
export interface GasImpurities {
  yCO2: number;
  yH2S: number;
  yN2: number;
}

/** Pseudo-critical temperature (degR) and pressure (psia) of a gas. */
export interface PseudoCriticals {
  tpc: number;
  ppc: number;
}
