/**
 * Live (methane-bearing) brine by Spivey, McCain & North (2004) as set out in McCain, Spivey &
 * Lenn (2011) Chapter 4: per kilogram of water, with w = 1000 + 58.4428 m grams of brine and
 * n = s m_CH4,b moles of methane dissolved (s = degree of saturation, 0..1),
 *
 *   V = w / rho_b + n V_CH4                             brine volume at p, T (cm3)       (4.23-4.24)
 *   Bw = V / (w / rho_b,sc)                             rho_b,sc at 60 degF, 14.696 psia
 *   rho = (w + 16.043 n) / V
 *   cw,undersaturated = -(w dv_b/dp + n dV_CH4/dp) / V,    dv_b/dp = -c_b / rho_b           (4.32)
 *   cw,saturated = -(w dv_b/dp + n dV_CH4/dp + dm_CH4/dp (V_CH4 - V_g)) / V  (s = 1 only)   (4.35)
 *   V_g = z R T / p, z of methane by Dranchuk–Abou-Kassem with methane's critical point   (4.34)
 *   Rsw = n V_g,sc / (w / rho_b,sc): the gas volume at 60 degF and 14.696 psia (real gas,
 *         z_sc = 0.9979) per volume of stock-tank brine                              (scf/STB)
 *   viscosity: not part of this state; ./brineViscosity.ts by method, from the methane molality n.
 *
 * A brine below full saturation (s < 1) is above its bubble point: no gas comes out of solution
 * as pressure falls, so its total compressibility is the undersaturated one.
 * Units: psia, degF, wt% NaCl; Bw rb/STB; density lbm/ft3; viscosity cp; cw 1/psi; Rsw scf/STB.
 * Validity (authors): 32-527 degF (0-275 degC), to 29,000 psia (200 MPa), NaCl to 5.7 mol/kg
 * (25 wt%); liquid water only (p above the vapour pressure, else EngineFailure).
 * Checked example: 2500 psia, 175 degF, 15 wt% NaCl, methane-saturated -> Bw 1.0272, Rsw 7.349
 * scf/STB (refdata pvt_water.json water-spivey-046, pyrestoolbox 3.7.6 brine_props).
 *
 * References: see spiveyBrine.ts and methaneInBrine.ts.
 */
import type { ValidityRange } from '../../definition.js';
import { rangeWarnings } from '../../execute.js';
import { EngineFailure } from '../../failure.js';
import { METHANE } from '../correlations/components.js';
import { zBy } from '../correlations/zMethods.js';
import { methaneInBrine, R_MPA_CM3, waterVapourPressure } from './methaneInBrine.js';
import { M_NACL, molalityFromWtPct } from './salinity.js';
import { spiveyBrineDensity } from './spiveyBrine.js';

/** MPa per psi (1 psi = 6894.757293168 Pa). */
export const MPA_PER_PSI = 6894.757293168e-6;
/** lbm/ft3 per g/cm3 (0.45359237 kg/lbm, 0.3048 m/ft, both exact). */
export const LBM_FT3_PER_G_CM3 = 1000 / (0.45359237 / 0.3048 ** 3);
/** ft3 per bbl (0.158987294928 / 0.028316846592, exact). */
const FT3_PER_BBL = 0.158987294928 / 0.028316846592;
const M_CH4 = 16.043;
const P_SC_PSIA = 14.696;
const T_SC_F = 60;

export const SPIVEY_VALIDITY: ValidityRange[] = [
  { field: 'TF', min: 32, max: 527, unit: 'degF', note: 'Spivey, McCain & North (2004) brine correlations (0-275 degC)' },
  { field: 'psia', max: 29000, unit: 'psia', note: 'Spivey, McCain & North (2004) brine correlations (200 MPa)' },
  { field: 'salinityWtPct', max: 25, unit: 'wt%', note: 'Spivey, McCain & North (2004) brine correlations (5.7 mol/kg NaCl)' },
];

const toC = (tF: number) => (tF - 32) / 1.8;

export interface SpiveyBrineState {
  Bw: number;
  densityLbFt3: number;
  densitySCLbFt3: number;
  /** Dissolved methane n, mol/kg water. */
  methaneMolality: number;
  cwUndersaturatedPerPsi: number;
  cwSaturatedPerPsi: number;
  rswScfStb: number;
  rswMethaneSaturatedScfStb: number;
}

/** Molar volume of methane gas (cm3/mol) at psia and degF, real gas (DAK z). */
function methaneGasVolume(psia: number, tF: number): number {
  const { z } = zBy('DAK', psia / METHANE.pc, (tF + 459.67) / METHANE.tc);
  return (z * R_MPA_CM3 * (toC(tF) + 273.15)) / (psia * MPA_PER_PSI);
}

export function spiveyMcCainNorth(psia: number, tF: number, salinityWtPct: number, methaneSaturation: number, warnings: string[]): SpiveyBrineState {
  warnings.push(...rangeWarnings(SPIVEY_VALIDITY, { psia, TF: tF, salinityWtPct }));
  const tC = toC(tF);
  const tK = tC + 273.15;
  if (!(tK < 647.096)) throw new EngineFailure('invalid_input', `TF ${tF} degF is above the critical temperature of water (705.1 degF): no liquid brine`);
  const pMPa = psia * MPA_PER_PSI;
  const pv = waterVapourPressure(tK);
  if (!(pMPa > pv)) {
    throw new EngineFailure('invalid_input', `${psia} psia is below the vapour pressure of water at ${tF} degF (${(pv / MPA_PER_PSI).toPrecision(5)} psia): no liquid brine`);
  }
  const m = molalityFromWtPct(salinityWtPct);
  const w = 1000 + M_NACL * m;
  const brine = spiveyBrineDensity(tC, pMPa, m);
  const stockTank = spiveyBrineDensity(toC(T_SC_F), P_SC_PSIA * MPA_PER_PSI, m);
  const stockTankVolume = w / stockTank.rho;
  const ch4 = methaneInBrine(tC, pMPa, m);
  const n = methaneSaturation * ch4.molality;

  const volume = w / brine.rho + n * ch4.partialMolarVolume;
  const compression = w * (-brine.c / brine.rho) + n * ch4.dPartialMolarVolumeDp;
  const cwU = -compression / volume;
  const cwS = methaneSaturation >= 1 ? -(compression + ch4.dMolalityDp * (ch4.partialMolarVolume - methaneGasVolume(psia, tF))) / volume : cwU;
  const rswPerMolality = (methaneGasVolume(P_SC_PSIA, T_SC_F) / stockTankVolume) * FT3_PER_BBL;
  return {
    Bw: volume / stockTankVolume,
    densityLbFt3: ((w + M_CH4 * n) / volume) * LBM_FT3_PER_G_CM3,
    densitySCLbFt3: stockTank.rho * LBM_FT3_PER_G_CM3,
    methaneMolality: n,
    cwUndersaturatedPerPsi: cwU * MPA_PER_PSI,
    cwSaturatedPerPsi: cwS * MPA_PER_PSI,
    rswScfStb: n * rswPerMolality,
    rswMethaneSaturatedScfStb: ch4.molality * rswPerMolality,
  };
}
