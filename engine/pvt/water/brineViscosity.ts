/**
 * Brine viscosity by method, for any of the water method sets (./brine.ts). p psia, T degF,
 * S wt% (NaCl, m = its molality), m_CH4 dissolved methane, mol/kg water:
 *
 * - 'JonesDoleKestin' (default with SpiveyMcCainNorth): the chain of pyrestoolbox 3.7.6 brine_props,
 *     mu = mu_w(T, p) x [mu/mu_w]_JonesDole(T, p, m) x F_p(T, p, m) x f_CH4(T, x_CH4)
 *   mu_w: IAPWS 2008 water viscosity with IAPWS-IF97 density (./iapwsViscosity.ts);
 *   [mu/mu_w]_JonesDole: extended Jones-Dole ratio with PHREEQC's pitzer.dat parameters
 *     (./jonesDoleViscosity.ts), which has no pressure term of its own;
 *   F_p: Kestin, Khalifa & Correia (1981) brine/water ratio at p over that at 0.1 MPa, held at the
 *     edges of their data (./kestinViscosity.ts);
 *   f_CH4: dissolved-methane factor, pyrestoolbox's fit of Ostermann et al. (1985) data
 *     (./methaneViscosityFactor.ts), x_CH4 from the methane molality.
 * - 'MaoDuan': Mao & Duan (2009) as given by McCain, Spivey & Lenn (2011) Eqs 4.42-4.48 with the pure
 *   water density of Spivey et al. (./maoDuanViscosity.ts); gas-free (no dissolved-gas term).
 * - 'McCain' (default with McCain): McCain (1991) viscosity and pressure factor (./mccainWater.ts);
 *   salinity as total dissolved solids, no dissolved-gas term.
 *
 * Why JonesDoleKestin is the default: in 20-150 degC and to 35 MPa (Kestin's data) the gas-free
 * JonesDoleKestin and MaoDuan values stay within about 2% of Kestin's correlation of measurements
 * (mean 0.4% and 0.5%; they differ from each other by up to 3% in concentrated brine), so the
 * methane term decides: a methane-saturated brine is 1-5% more viscous (Ostermann et al. measured
 * 3-6%) and only JonesDoleKestin carries that. Its weak side: above 150 degC or 35 MPa the salt
 * pressure factor is held at the edge of Kestin's data and the salt parameters at 200 degC, while
 * Mao & Duan fitted data to 350 degC and 100 MPa; the two differ there by up to 3% at 5 mol/kg.
 * Units: psia, degF, wt%, mol/kg; viscosity cp.
 * Validity: see the ranges below; outside, warnings and the value is still returned.
 *
 * References: those of the modules named above.
 */
import type { ValidityRange } from '../../definition.js';
import { rangeWarnings } from '../../execute.js';
import { waterViscosity } from './iapwsViscosity.js';
import { JONES_DOLE_T_CAP_C, jonesDoleRatio } from './jonesDoleViscosity.js';
import { KESTIN_RANGE, kestinPressureFactor } from './kestinViscosity.js';
import { maoDuanViscosity, MAO_DUAN_RANGE } from './maoDuanViscosity.js';
import { MCCAIN_VISCOSITY_VALIDITY, mccainViscosity } from './mccainWater.js';
import { METHANE_VISCOSITY_DATA, methaneMoleFraction, methaneViscosityFactor } from './methaneViscosityFactor.js';
import { molalityFromWtPct } from './salinity.js';
import { spiveyBrineDensity } from './spiveyBrine.js';
import { MPA_PER_PSI } from './spiveyMcCainNorth.js';

export const VISCOSITY_METHODS = ['JonesDoleKestin', 'MaoDuan', 'McCain'] as const;
export type ViscosityMethod = (typeof VISCOSITY_METHODS)[number];

const psiaOf = (mPa: number) => Math.round((mPa / MPA_PER_PSI) * 10) / 10;
const degFOf = (tC: number) => Math.round((tC * 1.8 + 32) * 10) / 10;
/** wt% NaCl of a molality (inverse of molalityFromWtPct, M_NaCl 58.4428). */
const wtPctOf = (m: number) => Math.round(((100 * m * 58.4428) / (1000 + m * 58.4428)) * 100) / 100;

const SALT_RANGES: ValidityRange[] = [
  { field: 'TF', min: degFOf(KESTIN_RANGE.tCMin), max: degFOf(KESTIN_RANGE.tCMax), unit: 'degF', note: 'Kestin et al. (1981) NaCl viscosity data (20-150 degC): the salt pressure factor is held at its edge value' },
  { field: 'psia', max: psiaOf(KESTIN_RANGE.pMPaMax), unit: 'psia', note: 'Kestin et al. (1981) NaCl viscosity data (35 MPa): the salt pressure factor is held at its 35 MPa value' },
  { field: 'salinityWtPct', max: wtPctOf(KESTIN_RANGE.molalityMax), unit: 'wt%', note: 'Kestin et al. (1981) NaCl viscosity data (6 mol/kg)' },
  { field: 'TF', max: degFOf(JONES_DOLE_T_CAP_C), unit: 'degF', note: 'PHREEQC Jones-Dole viscosity parameters, held at their 200 degC values' },
];
const WATER_RANGES: ValidityRange[] = [{ field: 'psia', max: psiaOf(100), unit: 'psia', note: "IAPWS-IF97 Region 1 water density (100 MPa; past it compressed as Spivey et al.'s water density)" }];
const METHANE_RANGES: ValidityRange[] = [
  { field: 'TF', min: METHANE_VISCOSITY_DATA.tFMin, max: METHANE_VISCOSITY_DATA.tFMax, unit: 'degF', note: 'Ostermann et al. (1985) dissolved-methane viscosity data' },
  { field: 'psia', min: METHANE_VISCOSITY_DATA.psiaMin, max: METHANE_VISCOSITY_DATA.psiaMax, unit: 'psia', note: 'Ostermann et al. (1985) dissolved-methane viscosity data' },
];
const MAO_DUAN_RANGES: ValidityRange[] = [
  { field: 'TF', min: degFOf(MAO_DUAN_RANGE.tKMin - 273.15), max: degFOf(MAO_DUAN_RANGE.tKMax - 273.15), unit: 'degF', note: 'Mao & Duan (2009) viscosity (273-623 K)' },
  { field: 'psia', max: psiaOf(MAO_DUAN_RANGE.pMPaMax), unit: 'psia', note: 'Mao & Duan (2009) viscosity (100 MPa)' },
  { field: 'salinityWtPct', max: wtPctOf(MAO_DUAN_RANGE.molalityMax), unit: 'wt%', note: 'Mao & Duan (2009) viscosity (6 mol/kg)' },
];

export interface ViscosityConditions {
  psia: number;
  TF: number;
  salinityWtPct: number;
  /** Dissolved methane, mol/kg water (0 for gas-free brine). */
  methaneMolality: number;
}

/** Brine viscosity, cp, by `method`; validity warnings go to `warnings`. */
export function brineViscosity(method: ViscosityMethod, c: ViscosityConditions, warnings: string[]): number {
  const at = { psia: c.psia, TF: c.TF, salinityWtPct: c.salinityWtPct };
  const tC = (c.TF - 32) / 1.8;
  const tK = tC + 273.15;
  const pMPa = c.psia * MPA_PER_PSI;
  const m = molalityFromWtPct(c.salinityWtPct);
  if (method === 'McCain') {
    warnings.push(...rangeWarnings(MCCAIN_VISCOSITY_VALIDITY, at));
    return mccainViscosity(c.psia, c.TF, c.salinityWtPct);
  }
  if (method === 'MaoDuan') {
    warnings.push(...rangeWarnings(MAO_DUAN_RANGES, at));
    return maoDuanViscosity(tK, spiveyBrineDensity(tC, pMPa, 0).rho, m);
  }
  warnings.push(...rangeWarnings(WATER_RANGES, at));
  if (m > 0) warnings.push(...rangeWarnings(SALT_RANGES, at));
  if (c.methaneMolality > 0) warnings.push(...rangeWarnings(METHANE_RANGES, at));
  const muW = waterViscosity(tK, pMPa);
  return muW * jonesDoleRatio(tK, pMPa, m, muW) * kestinPressureFactor(tC, pMPa, m) * methaneViscosityFactor(tK, methaneMoleFraction(c.methaneMolality));
}
