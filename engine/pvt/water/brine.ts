/**
 * Formation water / brine properties by method set, the one entry point for every engine function
 * that needs water PVT (pvt.waterProperties, black-oil tables).
 *
 * Methods:
 * - 'SpiveyMcCainNorth' (default): Spivey, McCain & North (2004) brine density and compressibility
 *   and their methane solubility, as in McCain, Spivey & Lenn (2011) Chapter 4
 *   (./spiveyMcCainNorth.ts). Salinity is taken as NaCl.
 * - 'McCain': McCain (1990, 1991) Bw, density rho_sc/Bw and Culberson–McKetta methane solubility
 *   (./mccainWater.ts), salinity as total dissolved solids; compressibility -(1/Bw) dBw/dp of that Bw.
 * viscosityMethod (./brineViscosity.ts): 'JonesDoleKestin' (default with SpiveyMcCainNorth; IAPWS
 * 2008 water, Jones-Dole NaCl term, Kestin pressure factor, dissolved-methane factor, as in
 * pyrestoolbox 3.7.6), 'MaoDuan' (Mao & Duan 2009 as in McCain et al. 2011) or 'McCain' (default
 * with McCain). The methane of the viscosity is the Spivey et al. (Duan) molality at the stated
 * saturation, whichever method set gives the other properties.
 * cwMethod for the constant-composition compressibility: by default the method's own, the pressure
 * derivative of the Bw it reports ('McCain': analytic -(1/Bw) dBw/dp of McCain's Bw; 'SpiveyMcCainNorth':
 * theirs), so a simulator rebuilding Bw(p) = Bw,ref exp(-cw (p - pref)) from a PVTW row meets the
 * reported Bw. 'Osif' (1988) is an independent fit (0.75-2.6x McCain's Bw derivative at 200-250 degF,
 * 1000-5000 psia), and any cwMethod other than the method's own comes with a warning saying so. For a gas-saturated brine the saturated compressibility
 * adds the gas released per psi: Spivey et al. Eq 4.35 with their own solubility, or McCain's
 * cw = cw,u + (Bg/Bw) dRsw/dp with Bg of methane.
 *
 * Units: psia, degF, wt%; Bw rb/STB; density lbm/ft3; viscosity cp; cw 1/psi; Rsw scf/STB.
 * sg is the density relative to pure water at 60 degF and 14.696 psia (62.368 lbm/ft3, McCain).
 */
import { EngineFailure } from '../../failure.js';
import { MAX_PSIA, requireWithin } from '../correlations/domain.js';
import { rangeWarnings } from '../../execute.js';
import { METHANE } from '../correlations/components.js';
import { zBy } from '../correlations/zMethods.js';
import { brineViscosity, type ViscosityMethod } from './brineViscosity.js';
import { MCCAIN_WATER_VALIDITY, mccainCw, mccainWater } from './mccainWater.js';
import { OSIF_VALIDITY, osifCw } from './osif.js';
import { gPerLFromWtPct, molalityFromWtPct } from './salinity.js';
import { MPA_PER_PSI, spiveyMcCainNorth } from './spiveyMcCainNorth.js';
import { methaneInBrine, waterVapourPressure } from './methaneInBrine.js';

export const WATER_METHODS = ['SpiveyMcCainNorth', 'McCain'] as const;
export type WaterMethod = (typeof WATER_METHODS)[number];
export const CW_METHODS = ['SpiveyMcCainNorth', 'Osif', 'McCain'] as const;
export type CwMethod = (typeof CW_METHODS)[number];

/** Pure water at 60 degF and 14.696 psia (McCain 1991), lbm/ft3. */
export const WATER_SC_LBM_FT3 = 62.368;
/** ft3 per bbl (exact). */
const FT3_PER_BBL = 0.158987294928 / 0.028316846592;

export interface BrineConditions {
  psia: number;
  TF: number;
  salinityWtPct: number;
  /** Degree of methane saturation, 0 (gas-free) to 1 (saturated at psia). */
  methaneSaturation: number;
  method: WaterMethod;
  cwMethod?: CwMethod;
  /** Default: 'JonesDoleKestin' with SpiveyMcCainNorth, 'McCain' with McCain. */
  viscosityMethod?: ViscosityMethod;
}

export interface BrineState {
  Bw: number;
  densityLbFt3: number;
  densitySCLbFt3: number;
  sg: number;
  viscosityCp: number;
  cwUndersaturatedPerPsi: number;
  cwSaturatedPerPsi: number;
  /** Dissolved methane at the stated saturation, scf/STB. */
  rswScfStb: number;
  /** Methane solubility (the saturated Rsw) at psia and TF, scf/STB. */
  rswMethaneSaturatedScfStb: number;
}

/**
 * Liquid brine exists between the NaCl-water eutectic (-21.2 degC = -6.16 degF: below it any brine
 * freezes) and the critical point of water (647.096 K = 705.1 degF: above it there is no liquid).
 */
export const BRINE_TF_RANGE = { min: -6.16, max: 647.096 * 1.8 - 459.67 } as const;

/** Every property of the brine at one pressure; pushes validity warnings. */
export function brineState(c: BrineConditions, warnings: string[]): BrineState {
  if (!(c.psia > 0)) throw new EngineFailure('invalid_input', `pressure ${c.psia} psia must be positive`);
  requireWithin('psia', c.psia, 0, MAX_PSIA, 'psia', 'no reservoir brine is met above three times the deepest reservoir pressures', true);
  requireWithin('TF', c.TF, BRINE_TF_RANGE.min, BRINE_TF_RANGE.max, 'degF', 'liquid brine exists between the NaCl-water eutectic (-6.16 degF) and the critical point of water (705.1 degF)');
  const s = brineStateBy(c, warnings);
  for (const [k, v] of Object.entries(s)) {
    if (!Number.isFinite(v)) throw new EngineFailure('no_solution', `brine ${k} is not a finite number at ${c.psia} psia, ${c.TF} degF, ${c.salinityWtPct} wt%: far outside the ${c.method} correlations' data`);
  }
  return s;
}

function brineStateBy(c: BrineConditions, warnings: string[]): BrineState {
  if (!(c.methaneSaturation >= 0 && c.methaneSaturation <= 1)) throw new EngineFailure('invalid_input', `methaneSaturation ${c.methaneSaturation} must be within 0..1`);
  const cwMethod = c.cwMethod ?? c.method;
  if (cwMethod !== c.method) {
    warnings.push(
      `cwMethod '${cwMethod}' is not the compressibility of the reported Bw (method '${c.method}'): an independent correlation, so Bw rebuilt from this cw (Bw,ref exp(-cw (p - pref))) departs from the reported Bw away from this pressure`,
    );
  }
  const spivey = c.method === 'SpiveyMcCainNorth' || cwMethod === 'SpiveyMcCainNorth' ? spiveyMcCainNorth(c.psia, c.TF, c.salinityWtPct, c.methaneSaturation, warnings) : null;
  const osif = cwMethod === 'Osif' ? osifAt(c, warnings) : null;
  const viscosityMethod = c.viscosityMethod ?? (c.method === 'McCain' ? 'McCain' : 'JonesDoleKestin');
  const viscosityAt = (methaneMolality: number) =>
    brineViscosity(viscosityMethod, { psia: c.psia, TF: c.TF, salinityWtPct: c.salinityWtPct, methaneMolality }, warnings);

  if (c.method === 'SpiveyMcCainNorth' && spivey) {
    const { methaneMolality, ...rest } = spivey;
    const out = { ...rest, sg: spivey.densityLbFt3 / WATER_SC_LBM_FT3, viscosityCp: viscosityAt(methaneMolality) };
    const cwOther = osif ?? (cwMethod === 'McCain' ? mccainCwAt(c, warnings) : null);
    if (cwOther === null) return out;
    const gas = out.cwSaturatedPerPsi - out.cwUndersaturatedPerPsi;
    return { ...out, cwUndersaturatedPerPsi: cwOther, cwSaturatedPerPsi: cwOther + gas };
  }
  warnings.push(...rangeWarnings(MCCAIN_WATER_VALIDITY, { psia: c.psia, TF: c.TF, salinityWtPct: c.salinityWtPct }));
  requireLiquid(c.psia, c.TF);
  const w = mccainWater(c.psia, c.TF, c.salinityWtPct);
  const methaneMolality =
    viscosityMethod === 'JonesDoleKestin' && c.methaneSaturation > 0
      ? c.methaneSaturation * methaneInBrine((c.TF - 32) / 1.8, c.psia * MPA_PER_PSI, molalityFromWtPct(c.salinityWtPct)).molality
      : 0;
  if (w.rswSaturatedScfStb < 0) {
    warnings.push(`the Culberson–McKetta fit gives a negative methane solubility at ${c.psia} psia, ${c.TF} degF (outside its data); Rsw set to 0`);
    w.rswSaturatedScfStb = 0;
    w.drswdp = 0;
  }
  const cwU = osif ?? (cwMethod === 'McCain' ? mccainCw(c.psia, c.TF) : (spivey as { cwUndersaturatedPerPsi: number }).cwUndersaturatedPerPsi);
  return {
    Bw: w.Bw,
    densityLbFt3: w.densityLbFt3,
    densitySCLbFt3: w.densitySCLbFt3,
    sg: w.densityLbFt3 / WATER_SC_LBM_FT3,
    viscosityCp: viscosityAt(methaneMolality),
    cwUndersaturatedPerPsi: cwU,
    cwSaturatedPerPsi: c.methaneSaturation >= 1 ? cwU + (methaneBgRbPerScf(c.psia, c.TF) / w.Bw) * w.drswdp : cwU,
    rswScfStb: c.methaneSaturation * w.rswSaturatedScfStb,
    rswMethaneSaturatedScfStb: w.rswSaturatedScfStb,
  };
}

/** The McCain correlations know nothing of boiling: below the vapour pressure there is no liquid brine. */
function requireLiquid(psia: number, tF: number): void {
  const tK = (tF - 32) / 1.8 + 273.15;
  if (!(tK < 647.096)) throw new EngineFailure('invalid_input', `TF ${tF} degF is above the critical temperature of water (705.1 degF): no liquid brine`);
  const pvPsia = waterVapourPressure(tK) / MPA_PER_PSI;
  if (!(psia > pvPsia)) throw new EngineFailure('invalid_input', `${psia} psia is below the vapour pressure of water at ${tF} degF (${pvPsia.toPrecision(5)} psia): no liquid brine`);
}

/** McCain's Bw compressibility under another method's Bw, with McCain's Bw ranges. */
function mccainCwAt(c: BrineConditions, warnings: string[]): number {
  warnings.push(...rangeWarnings(MCCAIN_WATER_VALIDITY.filter((r) => r.note === 'McCain (1991) Bw'), { psia: c.psia, TF: c.TF }));
  return mccainCw(c.psia, c.TF);
}

function osifAt(c: BrineConditions, warnings: string[]): number {
  const gPerL = gPerLFromWtPct(c.salinityWtPct);
  warnings.push(...rangeWarnings(OSIF_VALIDITY, { psia: c.psia, TF: c.TF, salinityGPerL: gPerL }));
  return osifCw(c.psia, c.TF, gPerL);
}

/** Bg of methane, rb/scf: z T psc / (p Tsc) / 5.614583 (DAK z, methane critical point). */
function methaneBgRbPerScf(psia: number, tF: number): number {
  const tR = tF + 459.67;
  const { z } = zBy('DAK', psia / METHANE.pc, tR / METHANE.tc);
  return (z * tR * 14.696) / (psia * 519.67) / FT3_PER_BBL;
}

export interface BrinePropertiesInput {
  psia: number;
  TF: number;
  salinityWtPct: number;
  /** Saturated with methane at psia (default false: gas-free brine). */
  methaneSaturated?: boolean;
  /** Method set (default 'SpiveyMcCainNorth'). */
  method?: WaterMethod;
  /** Viscosity method (default by method set, see brineState). */
  viscosityMethod?: ViscosityMethod;
}

export interface BrineProperties {
  Bw: number;
  densityLbFt3: number;
  viscosityCp: number;
  /** Constant-composition (undersaturated) compressibility, what a PVTW table carries, 1/psi. */
  cwPerPsi: number;
  /** Dissolved methane, scf/STB (0 for gas-free brine). */
  rswScfStb: number;
}

/** Brine properties with the default method set; validity warnings go to `warnings` when given. */
export function brineProperties(input: BrinePropertiesInput, warnings: string[] = []): BrineProperties {
  const s = brineState(
    {
      psia: input.psia,
      TF: input.TF,
      salinityWtPct: input.salinityWtPct,
      methaneSaturation: input.methaneSaturated ? 1 : 0,
      method: input.method ?? 'SpiveyMcCainNorth',
      ...(input.viscosityMethod ? { viscosityMethod: input.viscosityMethod } : {}),
    },
    warnings,
  );
  return { Bw: s.Bw, densityLbFt3: s.densityLbFt3, viscosityCp: s.viscosityCp, cwPerPsi: s.cwUndersaturatedPerPsi, rswScfStb: s.rswScfStb };
}
