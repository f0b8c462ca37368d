/**
 * Viscosity increase of brine by dissolved methane, as implemented in pyrestoolbox 3.7.6
 * (brine.brine_props and SoreideWhitson, function ch4_viscosity_factor): a three-parameter fit by
 * the pyrestoolbox author to the 23 measurements of Ostermann, Bloori & Dehghani (1985), Tables
 * 1a-1c (methane-saturated and gas-free brine at 100, 150 and 250 degF, 500-7000 psi):
 *
 *   mu_gas / mu_gas-free = 1 + a exp(b / T) x / (k + x)
 *   a = 1.71739196e-3,  b = 1239.77535 K,  k = 1.52860547e-3
 *   x = m_CH4 / (m_CH4 + 1000 / 18.015268)   (salt-free mole fraction of dissolved methane)
 *
 * Arrhenius in T, Langmuir in x (linear as x -> 0). The equation and its constants are not in a
 * published paper: they are pyrestoolbox's own fit of published data (source comments: fit RMS
 * 0.72 percentage points over the 23 points), applied since pyrestoolbox 3.7.4. Ostermann et al.
 * report a 3-6% increase at saturation. Neither Spivey, McCain & North (2004) nor McCain, Spivey &
 * Lenn (2011) carry a dissolved-gas viscosity term.
 * Units: T K, m_CH4 mol/kg water, x mole fraction.
 * Validity: the data, 100-250 degF and 500-7000 psia (outside: a warning from ./brineViscosity.ts).
 * Checked example: methane-saturated fresh water at 500 psia, 100 degF (m_CH4 0.03677 mol/kg)
 * -> 1.02798 (pyrestoolbox 3.7.6: 0.700360 / 0.681299 cp, refdata water-spivey-002 and -001).
 *
 * Reference (data): Ostermann, R.D., Bloori, A. and Dehghani, K. (1985) The Effect of Dissolved
 * Gas on Reservoir Brine Viscosity. SPE Annual Technical Conference, Las Vegas, SPE-14211-MS.
 */
const A = 1.71739196e-3;
const B_K = 1239.77535;
const K_HALF = 1.52860547e-3;
/** Molar mass of water, g/mol (IAPWS). */
const M_H2O = 18.015268;

export const METHANE_VISCOSITY_DATA = { tFMin: 100, tFMax: 250, psiaMin: 500, psiaMax: 7000 } as const;

/** Salt-free mole fraction of dissolved methane from its molality (mol/kg water). */
export function methaneMoleFraction(mCh4: number): number {
  return mCh4 > 0 ? mCh4 / (mCh4 + 1000 / M_H2O) : 0;
}

/** Multiplier on the gas-free brine viscosity at tK kelvin for a dissolved-methane mole fraction x. */
export function methaneViscosityFactor(tK: number, x: number): number {
  return x > 0 ? 1 + (A * Math.exp(B_K / tK) * x) / (K_HALF + x) : 1;
}
