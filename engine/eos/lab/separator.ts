/**
 * Multistage separator test: the reservoir oil (1 mole at the saturation pressure, or at a given
 * reservoir pressure above it, and reservoir temperature) is flashed through separator stages,
 * the liquid of each feeding the next, the last stage being the stock tank (14.696 psia, 60 degF
 * unless given). Per stage: the gas's standard volume per STB of stock-tank oil (GOR), its
 * gravity (MW / 28.9647), and the stage's liquid; in total: GOR, Bo = reservoir oil volume / STO
 * volume, STO density, specific gravity and API (water 62.367 lbm/ft3 at 60 degF).
 *
 * Units: psia, degF in; scf/STB, rb/STB, lbm/ft3 out. Volumes with the model's volume shift.
 * References: Whitson & Brule (2000) sec. 6.5; McCain (1990) ch. 10.
 */
import { kelvinFromF, KG_M3_PER_LBM_FT3, MW_AIR, paFromPsia } from '../core/constants.js';
import { WATER_DENSITY_60F } from '../../pvt/oil/correlations/oilConstants.js';
import { FT3_PER_M3, M3_PER_BBL, splitOf, V_SC, type Lab } from './common.js';

export interface Stage {
  psia: number;
  TF: number;
}

export interface SeparatorRow {
  psia: number;
  TF: number;
  gorScfPerStb: number;
  gasGravity: number | null;
  liquidMolesPerMoleFeed: number;
}

export function separatorTest(lab: Lab, z: Float64Array, reservoir: { T: number; P: number; singleAsLiquid: boolean }, stages: readonly Stage[]) {
  const fluid = lab.fluid;
  const res = splitOf(lab.flash(z, reservoir.T, reservoir.P), reservoir.singleAsLiquid ? 'liquid' : undefined);
  const vRes = res.vTotal;
  let nL = 1;
  let x: Float64Array = Float64Array.from(z);
  const gas: { psia: number; TF: number; std: number; mw: number | null; nL: number }[] = [];
  let last = res;
  for (const st of stages) {
    const s = splitOf(lab.flash(x, kelvinFromF(st.TF), paFromPsia(st.psia)), undefined);
    const nGas = nL * s.nV;
    if (s.nL > 0) {
      x = Float64Array.from(s.x!);
      nL *= s.nL;
    } else nL = 0;
    gas.push({ psia: st.psia, TF: st.TF, std: nGas * V_SC, mw: nGas > 0 ? s.mwV : null, nL });
    last = s;
    if (nL === 0) break;
  }
  if (!(nL > 0) || !(last.nL > 0)) return null;
  const vSto = nL * last.vL;
  const scfPerStb = (m3: number) => (m3 / vSto) * FT3_PER_M3 * M3_PER_BBL;
  const rows: SeparatorRow[] = gas.map((g) => ({ psia: g.psia, TF: g.TF, gorScfPerStb: scfPerStb(g.std), gasGravity: g.mw !== null ? g.mw / MW_AIR : null, liquidMolesPerMoleFeed: g.nL }));
  const totalStd = gas.reduce((s, g) => s + g.std, 0);
  const stoDensity = (nL * last.mwL) / 1000 / vSto / KG_M3_PER_LBM_FT3;
  const sg = stoDensity / WATER_DENSITY_60F;
  const gasMass = gas.reduce((s, g) => s + (g.mw !== null ? (g.std / V_SC) * g.mw : 0), 0);
  const gasMoles = totalStd / V_SC;
  return {
    rows,
    gorScfPerStb: scfPerStb(totalStd),
    bo: vRes / vSto,
    stockTankDensityLbft3: stoDensity,
    stockTankSpecificGravity: sg,
    api: 141.5 / sg - 131.5,
    totalGasGravity: gasMoles > 0 ? gasMass / gasMoles / MW_AIR : null,
    reservoirDensityLbft3: fluid.molarMass(z) / 1000 / vRes / KG_M3_PER_LBM_FT3,
  };
}
