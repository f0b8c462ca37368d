/**
 * Conventions shared by the black-oil correlations.
 *
 * - Stock-tank oil specific gravity from API gravity: gammaO = 141.5 / (API + 131.5) (API definition).
 * - Standard conditions 14.696 psia and 60 degF; degR = degF + 459.67 (project convention). The
 *   Vasquez–Beggs correlations keep their own printed 460 (see vasquezBeggs.ts).
 * - Density of water at 60 degF and 14.696 psia: 999.0 kg/m3 = 62.367 lbm/ft3, the reference for
 *   stock-tank oil density (rho_STO = 62.367 gammaO lbm/ft3).
 * - Mass of dissolved gas per stock-tank volume: 0.01357 Rs gammaG lbm/ft3 (McCain 1990;
 *   McCain, Spivey & Lenn 2011, Eq 3.21: Bo = (rho_STO + 0.01357 Rs gammaG) / rho_o).
 *
 * References:
 * - McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell, Tulsa.
 * - McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property
 *   Correlations. PennWell, Tulsa.
 */
export { P_SC, RANKINE_OFFSET } from '../../correlations/nonHydrocarbons.js';

/** Density of water at 60 degF and 14.696 psia, lbm/ft3 (999.0 kg/m3). */
export const WATER_DENSITY_60F = 62.367;

/** lbm of dissolved gas per ft3 of stock-tank oil per (scf/STB x gas gravity) (McCain, Eq 3.21). */
export const GAS_MASS_PER_RS = 0.01357;

/** Stock-tank oil specific gravity (water = 1) from API gravity. */
export function oilSGFromApi(api: number): number {
  return 141.5 / (api + 131.5);
}

/** API gravity from stock-tank oil specific gravity (water = 1). */
export function apiFromOilSG(oilSG: number): number {
  return 141.5 / oilSG - 131.5;
}
