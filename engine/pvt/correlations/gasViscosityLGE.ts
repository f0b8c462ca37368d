/**
 * Lee, Gonzalez & Eakin (1966) natural-gas viscosity:
 *
 *   mu = 1e-4 K exp(X rho^Y)     (cp),   rho in g/cm3, T in degR, M = gas molecular weight
 *   McCain refit (default):  K = (9.379 + 0.01607 M) T^1.5 / (209.2 + 19.26 M + T)
 *                            X = 3.448 + 986.4/T + 0.01009 M,   Y = 2.447 - 0.2224 X
 *   1966 original:           K = (9.4 + 0.02 M) T^1.5 / (209 + 19 M + T)
 *                            X = 3.5 + 986/T + 0.01 M,          Y = 2.4 - 0.2 X
 *
 * The two constant sets differ by up to ~7% at high gas density; the refit is the one printed in
 * McCain (1990) and Whitson & Brulé (2000), and the refdata default.
 *
 * Density in the exponent: Lee et al. define rho in g/cm3 (rho_lbm/ft3 / 62.427961), used with the
 * 1966 constants. With the refit, the reference implementation of the project's vectors
 * (pyrestoolbox 3.7.6, McCain et al. 2011 forms) takes rho relative to water at 60 degF
 * (rho_lbm/ft3 / 62.367), 0.1% larger; we keep that pairing so 'LGE-McCain' is the same method as
 * the reference's (the choice moves mu by up to 0.3% at 30 lbm/ft3, more than its tolerance).
 * Units: T degR; density lbm/ft3; M lbm/lbmol; mu cp.
 * Validity (authors' data): 100-8000 psia, 100-340 degF, sweet natural gases (a warning above
 * LGE_MAX_ACID_GAS CO2 + H2S).
 * Checked example: 1000 psia, 180 degF, gasSG 0.75 (Sutton, HY z) -> 0.0141189 cp
 * (pyrestoolbox 3.7.6 docs/gas.rst gas_ug example).
 *
 * References:
 * - Lee, A.L., Gonzalez, M.H. and Eakin, B.E. (1966) The Viscosity of Natural Gases. Journal of
 *   Petroleum Technology 18(8), 997-1000. SPE-1340-PA.
 * - McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell, Tulsa.
 * - Whitson, C.H. and Brulé, M.R. (2000) Phase Behavior. SPE Monograph Vol. 20, Richardson, TX.
 */
import { EngineFailure } from '../../failure.js';

export const LGE_METHODS = ['LGE-McCain', 'LGE-original-1966'] as const;
export type LgeMethod = (typeof LGE_METHODS)[number];

export const LGE_RANGE = { psiaMin: 100, psiaMax: 8000, tfMin: 100, tfMax: 340 } as const;

/**
 * Most CO2 + H2S (mole fraction) a gas may carry before its LGE viscosity comes with a warning.
 * Lee et al. measured sweet natural gases and the correlation has no term for the acid gases
 * beyond their weight in M and in the density. Against reference
 * viscosities (CoolProp 8.0 mixture model, at densities the z-factor gets within 3%), LGE stays
 * within 15% up to 15% CO2 + H2S (5% H2S: 7%; 5% CO2 + 10% H2S: 14%) at 100-340 degF and 100-8000
 * psia, and from 25% on it is up to 25-300% high, most at high pressure (25% CO2 + H2S: +28% at
 * 100 degF, 8000 psia; 65% CO2 there: 0.31 cp against 0.077).
 * 0.1 keeps the warning below where the error passes 15%; "sweet", the data's own limit, is lower.
 */
export const LGE_MAX_ACID_GAS = 0.1;

/** The warning for a gas outside LGE's sweet-gas data, or null (the message is built only then). */
export function lgeAcidGasWarning(yCO2: number, yH2S: number): string | null {
  const acid = yCO2 + yH2S;
  if (!(acid > LGE_MAX_ACID_GAS)) return null;
  return `CO2 + H2S ${+acid.toPrecision(6)} (mole fraction) is above ${LGE_MAX_ACID_GAS}: Lee–Gonzalez–Eakin (1966) viscosity data are sweet natural gases, and for acid-gas-rich gas the correlation overstates the viscosity (against reference values up to 25-300% high at 25-65% CO2 + H2S, most at high pressure)`;
}

/** lbm/ft3 per g/cm3 (0.45359237 kg/lbm, 0.3048 m/ft, both exact). */
const LBM_FT3_PER_G_CM3 = (1000 / 0.45359237) * 0.3048 ** 3;
/** Density of water at 60 degF and 14.696 psia (999.0 kg/m3), lbm/ft3. */
const WATER_60F_LBM_FT3 = 62.367;

const CONSTANTS: Record<LgeMethod, readonly number[]> = {
  // k0, k1, k2, k3, x0, x1, x2, y0, y1, density divisor (lbm/ft3 -> rho of the exponent)
  'LGE-McCain': [9.379, 0.01607, 209.2, 19.26, 3.448, 986.4, 0.01009, 2.447, 0.2224, WATER_60F_LBM_FT3],
  'LGE-original-1966': [9.4, 0.02, 209, 19, 3.5, 986, 0.01, 2.4, 0.2, LBM_FT3_PER_G_CM3],
};

/**
 * The parts of Lee–Gonzalez–Eakin fixed by temperature and gas: mu = 1e-4 K exp(X (rho/unit)^Y)
 * with K, X, Y and the density divisor here, so a list of pressures computes them once.
 */
export interface LgeAtTemperature {
  k: number;
  x: number;
  y: number;
  rhoUnit: number;
}

export function lgeAtTemperature(method: LgeMethod, tR: number, mw: number): LgeAtTemperature {
  const [k0, k1, k2, k3, x0, x1, x2, y0, y1, rhoUnit] = CONSTANTS[method] as [number, number, number, number, number, number, number, number, number, number];
  const x = x0 + x1 / tR + x2 * mw;
  return { k: ((k0 + k1 * mw) * tR ** 1.5) / (k2 + k3 * mw + tR), x, y: y0 - y1 * x, rhoUnit };
}

/** Gas viscosity (cp) at temperature tR (degR), density (lbm/ft3) and molecular weight mw. */
export function gasViscosityLGE(method: LgeMethod, tR: number, densityLbmFt3: number, mw: number): number {
  const { k, x, y, rhoUnit } = lgeAtTemperature(method, tR, mw);
  const mu = 1e-4 * k * Math.exp(x * (densityLbmFt3 / rhoUnit) ** y);
  // Far below the data (cryogenic temperatures) the exponent's negative power of density diverges.
  if (!(Number.isFinite(mu) && mu > 0)) {
    throw new EngineFailure('no_solution', `Lee–Gonzalez–Eakin gives no finite gas viscosity at ${(tR - 459.67).toPrecision(5)} degF and ${densityLbmFt3.toPrecision(4)} lbm/ft3 (data 100-340 degF)`);
  }
  return mu;
}
