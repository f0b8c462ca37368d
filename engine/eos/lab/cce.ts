/**
 * Constant composition expansion (CCE, constant mass expansion) at reservoir temperature: the
 * whole sample expanded through a list of pressures, nothing removed. Per pressure: relative
 * volume V/Vsat, the Y-function Y = (Psat - P) / (P (V/Vsat - 1)) below a bubble point, the
 * liquid volume as a percentage of Vsat (the liquid dropout of a gas condensate; above a bubble
 * point the whole oil), density and Z = P V / (R T) of the mixture, phase count and vapour
 * fraction. Vsat is the feed's molar volume at the saturation pressure.
 *
 * Units: psia, degF in; field units out. Volumes with the model's volume shift.
 * References: Standing, M.B. (1952) Volumetric and Phase Behavior of Oil Field Hydrocarbon
 * Systems (the Y-function); Whitson & Brule (2000) sec. 6.2.
 */
import { KG_M3_PER_LBM_FT3, paFromPsia, R } from '../core/constants.js';
import type { SaturationAnswer } from '../saturationSolve.js';
import { FT3_PER_M3, splitOf, type Lab } from './common.js';

export interface CceRow {
  psia: number;
  phaseCount: number;
  vaporFraction: number;
  relativeVolume: number;
  yFunction: number | null;
  liquidDropoutPercent: number;
  densityLbft3: number;
  z: number;
}

export function constantCompositionExpansion(lab: Lab, z: Float64Array, T: number, sat: SaturationAnswer, psia: readonly number[]) {
  const fluid = lab.fluid;
  const vSat = sat.point.feed.V - fluid.shiftVolume(z);
  const mw = fluid.molarMass(z) / 1000;
  const rows: CceRow[] = psia.map((p) => {
    const P = paFromPsia(p);
    const above = P >= sat.P;
    // One phase: above a bubble point the oil; a dew-point fluid at constant composition is the
    // gas wherever it is one phase (above its dew point, or within the flash's tolerance below it,
    // where the dense gas may carry the label L); below a bubble point, by its label.
    const s = splitOf(lab.flash(z, T, P), sat.kind === 'dew' ? 'vapour' : above ? 'liquid' : undefined);
    const rel = s.vTotal / vSat;
    const liquid = s.nL > 0 ? s.nL * s.vL : 0;
    return {
      psia: p,
      phaseCount: s.phases,
      vaporFraction: s.nV,
      relativeVolume: rel,
      yFunction: sat.kind === 'bubble' && !above && s.phases === 2 && rel > 1 ? (sat.P - P) / (P * (rel - 1)) : null,
      liquidDropoutPercent: (100 * liquid) / vSat,
      densityLbft3: mw / s.vTotal / KG_M3_PER_LBM_FT3,
      z: (P * s.vTotal) / (R * T),
    };
  });
  return { vSatFt3PerLbmol: vSat * FT3_PER_M3 * 453.59237, rows };
}
