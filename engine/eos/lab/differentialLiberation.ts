/**
 * Differential liberation (DL) of an oil at reservoir temperature: from the bubble point the
 * pressure is lowered in stages; at each the evolved gas is flashed off and removed; at the last
 * stage (14.696 psia) the oil left is cooled to 60 degF: the residual oil, the reference volume.
 * Per stage: Rsd (standard gas still in solution per bbl of residual oil: the gas of all later
 * stages), Bod (oil volume per bbl of residual oil), Btd = Bod + (Rsdb - Rsd) Bg, the removed gas's
 * Z, gravity (MW / 28.9647) and formation volume factor Bg = Z T Psc / (P Tsc), and the oil
 * density. Gas released by the cooling to 60 degF is reported with the residual oil, not in Rsd.
 *
 * Units: psia, degF in; scf/bbl, rb/bbl, rb/Mscf, lbm/ft3 out. Volumes with the model's shift.
 * References: Whitson & Brule (2000) sec. 6.3; McCain, W.D. Jr. (1990) The Properties of
 * Petroleum Fluids, 2nd ed., ch. 10.
 */
import { EngineFailure } from '../../failure.js';
import { KG_M3_PER_LBM_FT3, MW_AIR, paFromPsia, P_SC_PSIA, psiaFromPa, R } from '../core/constants.js';
import { WATER_DENSITY_60F } from '../../pvt/oil/correlations/oilConstants.js';
import type { SaturationAnswer } from '../saturationSolve.js';
import { FT3_PER_M3, M3_PER_BBL, P_SC, splitOf, T_SC, V_SC, type Lab } from './common.js';
import type { RunContext } from '../../definition.js';

/** scf per bbl for a ratio of m3 gas (standard) to m3 oil. */
const SCF_PER_BBL = FT3_PER_M3 * M3_PER_BBL;

/** A given stage this close to 14.696 psia is the stock-tank stage itself (psi). */
const STOCK_TANK_MATCH_PSI = 0.01;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface DlRow {
  psia: number;
  rsdScfPerBbl: number;
  bod: number;
  btd: number;
  gasZ: number | null;
  gasGravity: number | null;
  gasFvfRbPerMscf: number | null;
  oilDensityLbft3: number;
}

/** `progress`: stages liberated (those below the bubble point, then stock tank), RunContext.progress. */
export function differentialLiberation(lab: Lab, z: Float64Array, T: number, sat: SaturationAnswer, stagesPsia: readonly number[], warnings: string[], progress?: RunContext['progress']) {
  const fluid = lab.fluid;
  // A stage the user gives at the stock tank's pressure (14.696, or 14.7 as reports round it) is the
  // last stage, which is always run: dropped without a word. Others outside the span are named.
  const isStockTank = (p: number) => Math.abs(p - P_SC_PSIA) <= STOCK_TANK_MATCH_PSI;
  const stages = stagesPsia.filter((p) => paFromPsia(p) < sat.P && p > P_SC_PSIA && !isStockTank(p));
  const above = stagesPsia.filter((p) => paFromPsia(p) >= sat.P);
  const below = stagesPsia.filter((p) => p < P_SC_PSIA && !isStockTank(p));
  const pb = psiaFromPa(sat.P).toPrecision(6);
  if (above.length > 0) warnings.push(`${plural(above.length, 'stage')} at or above the bubble point (${pb} psia) left out: ${above.join(', ')} psia`);
  if (below.length > 0) warnings.push(`${plural(below.length, 'stage')} below 14.696 psia (the last stage, always run) left out: ${below.join(', ')} psia`);
  const pressures = [psiaFromPa(sat.P), ...stages, P_SC_PSIA];
  let nL = 1;
  let x: Float64Array = Float64Array.from(z);
  const raw: { psia: number; gasStd: number; oilV: number; oilMass: number; zG: number | null; mwG: number | null; bg: number | null }[] = [];
  // At the bubble point: the oil itself (the saturation solve's feed phase).
  raw.push({ psia: pressures[0]!, gasStd: 0, oilV: sat.point.feed.V - fluid.shiftVolume(z), oilMass: fluid.molarMass(z) / 1000, zG: null, mwG: null, bg: null });
  let stage = 0;
  for (const p of pressures.slice(1)) {
    progress?.(stage++, pressures.length - 1);
    const P = paFromPsia(p);
    const s = splitOf(lab.flash(x, T, P), undefined);
    // The oil left vaporises completely (below its lower dew point, e.g. at a high TF near
    // 14.696 psia): no oil remains, so no residual oil, Bod or Rsd; counting it both as removed
    // gas and as oil left would break the material balance.
    if (!(s.nL > 0)) throw new EngineFailure('no_solution', `the oil left vaporises completely at ${p.toPrecision(6)} psia and ${(T * 1.8 - 459.67).toPrecision(5)} degF: no residual oil, so no differential liberation to report`);
    const nGas = nL * s.nV;
    if (s.nL > 0) {
      x = Float64Array.from(s.x!);
      nL *= s.nL;
    }
    const vOil = s.nL > 0 ? s.vL : s.vTotal;
    const mwOil = s.nL > 0 ? s.mwL : fluid.molarMass(x);
    // Z and Bg of the gas from its molar volume with the model's shift, like every other volume
    // here (Bod, Btd): Z = P V / (R T), the EOS root's Z less c P / (R T).
    const zGas = (P * s.vV) / (R * T);
    const bg = nGas > 0 ? (zGas * T * P_SC) / (P * T_SC) : null;
    raw.push({ psia: p, gasStd: nGas * V_SC, oilV: nL * vOil, oilMass: (nL * mwOil) / 1000, zG: nGas > 0 ? zGas : null, mwG: nGas > 0 ? s.mwV : null, bg });
  }
  progress?.(pressures.length - 1, pressures.length - 1);
  // Residual oil: the last oil cooled to 60 degF at 14.696 psia.
  const cooled = splitOf(lab.flash(x, T_SC, P_SC), 'liquid');
  const vr = nL * (cooled.nL > 0 ? cooled.nL * cooled.vL : cooled.vTotal);
  const residualMass = (nL * (cooled.nL > 0 ? cooled.nL * cooled.mwL : fluid.molarMass(x))) / 1000;
  const coolingGas = nL * cooled.nV * V_SC;
  const total = raw.reduce((s, r) => s + r.gasStd, 0);
  let later = total;
  const rsdb = (total / vr) * SCF_PER_BBL;
  const rows: DlRow[] = raw.map((r) => {
    later -= r.gasStd;
    const rsd = (later / vr) * SCF_PER_BBL;
    const bod = r.oilV / vr;
    // Bg in bbl per scf for Btd: (rcf/scf) / 5.614583
    const btd = bod + (r.bg !== null ? ((rsdb - rsd) * r.bg) / (FT3_PER_M3 * M3_PER_BBL) : 0);
    return {
      psia: r.psia,
      rsdScfPerBbl: Math.max(0, rsd),
      bod,
      btd,
      gasZ: r.zG,
      gasGravity: r.mwG !== null ? r.mwG / MW_AIR : null,
      gasFvfRbPerMscf: r.bg !== null ? (r.bg * 1000) / (FT3_PER_M3 * M3_PER_BBL) : null,
      oilDensityLbft3: r.oilMass / r.oilV / KG_M3_PER_LBM_FT3,
    };
  });
  const residualDensity = residualMass / vr / KG_M3_PER_LBM_FT3;
  const sg = residualDensity / WATER_DENSITY_60F;
  return {
    rows,
    rsdbScfPerBbl: rsdb,
    bodb: rows[0]!.bod,
    residualOil: { densityLbft3: residualDensity, specificGravity: sg, api: 141.5 / sg - 131.5, coolingGasScfPerBbl: (coolingGas / vr) * SCF_PER_BBL },
  };
}
