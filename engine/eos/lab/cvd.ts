/**
 * Constant volume depletion (CVD) at reservoir temperature, the experiment of gas condensates:
 * the cell holds the dew-point volume Vd; at each lower pressure the mixture is flashed and gas
 * is removed at constant pressure until the cell is back at Vd. Per stage: liquid dropout
 * (liquid volume / Vd, %), cumulative moles produced (% of the initial), the produced gas's Z,
 * gravity and composition, and the two-phase Z = P Vd / ((1 - np) R T) of the cell after removal
 * (Whitson & Torp 1983: Vd the cell volume, 1 - np the moles left in it, np those produced so far).
 *
 * Units: psia, degF in; field units out. Volumes with the model's volume shift.
 * References: Whitson & Brule (2000) sec. 6.4; Whitson, C.H. and Torp, S.B. (1983) Evaluating
 * Constant-Volume Depletion Data. J. Pet. Technol. 35(3), 610-620.
 */
import { MW_AIR, paFromPsia, psiaFromPa, R } from '../core/constants.js';
import type { SaturationAnswer } from '../saturationSolve.js';
import { splitOf, type Lab } from './common.js';
import type { RunContext } from '../../definition.js';

export interface CvdRow {
  psia: number;
  liquidDropoutPercent: number;
  producedMolesPercent: number;
  gasZ: number | null;
  twoPhaseZ: number;
  gasGravity: number | null;
  producedGasComposition: number[] | null;
}

/** `progress`: stages depleted of the stages below the saturation pressure (RunContext.progress). */
export function constantVolumeDepletion(lab: Lab, z0: Float64Array, T: number, sat: SaturationAnswer, psia: readonly number[], warnings: string[], progress?: RunContext['progress']) {
  const fluid = lab.fluid;
  const vd = sat.point.feed.V - fluid.shiftVolume(z0);
  const stages = psia.filter((p) => paFromPsia(p) < sat.P);
  if (stages.length < psia.length) warnings.push(`pressures at or above the saturation pressure (${psiaFromPa(sat.P).toPrecision(6)} psia) were left out`);
  let n = 1;
  let z: Float64Array = Float64Array.from(z0);
  let produced = 0;
  const rows: CvdRow[] = [{ psia: psiaFromPa(sat.P), liquidDropoutPercent: sat.kind === 'dew' ? 0 : 100, producedMolesPercent: 0, gasZ: null, twoPhaseZ: (sat.P * vd) / (R * T), gasGravity: null, producedGasComposition: null }];
  let stage = 0;
  for (const p of stages) {
    progress?.(stage++, stages.length);
    const P = paFromPsia(p);
    // One phase in the cell of a dew-point fluid is the gas (just below the dew point, within the
    // flash's tolerance, a dense gas may carry the label L: it holds no liquid).
    const s = splitOf(lab.flash(z, T, P), sat.kind === 'dew' ? 'vapour' : undefined);
    const vCell = n * s.vTotal;
    if (s.nV === 0) {
      // All liquid, no gas to remove: the cell still holds its n moles (in vCell, not Vd, should it have shrunk).
      const twoPhaseZ = (P * vd) / (n * R * T);
      rows.push({ psia: p, liquidDropoutPercent: (100 * n * s.nL * (s.nL > 0 ? s.vL : 0)) / vd, producedMolesPercent: 100 * produced, gasZ: null, twoPhaseZ, gasGravity: null, producedGasComposition: null });
      continue;
    }
    // Two phases, or one gas phase (the liquid revaporised below a lower dew point): the gas
    // expanded beyond Vd is produced all the same, so the cell is back at Vd.
    const nGasCell = n * s.nV;
    const nRemove = Math.min(nGasCell, Math.max(0, (vCell - vd) / s.vV));
    const y = s.y!;
    const x = s.x;
    const nLiq = n * s.nL;
    const nGasLeft = nGasCell - nRemove;
    produced += nRemove;
    const next = new Float64Array(z.length);
    for (let i = 0; i < z.length; i++) next[i] = ((x ? nLiq * x[i]! : 0) + nGasLeft * y[i]!) / (nLiq + nGasLeft);
    rows.push({
      psia: p,
      liquidDropoutPercent: nLiq > 0 ? (100 * nLiq * s.vL) / vd : 0,
      producedMolesPercent: 100 * produced,
      // From the gas's molar volume with the model's shift (the volume the removal used).
      gasZ: (P * s.vV) / (R * T),
      // The cell back at Vd holds the moles left after this stage's removal.
      twoPhaseZ: (P * vd) / ((nLiq + nGasLeft) * R * T),
      gasGravity: s.mwV / MW_AIR,
      producedGasComposition: Array.from(y),
    });
    n = nLiq + nGasLeft;
    z = next;
  }
  progress?.(stages.length, stages.length);
  return { rows, vdFt3PerLbmol: vd * 35.31466672148859 * 453.59237 };
}
