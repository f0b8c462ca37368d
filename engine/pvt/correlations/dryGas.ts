/**
 * A dry gas as every gas calculation needs it, built once from its description: pseudo-criticals
 * (Piper–McCain–Corredor or Sutton/Kay/Wichert–Aziz), apparent molecular weight, and at any
 * pressure and temperature z (DAK or Hall–Yarborough), density, Lee–Gonzalez–Eakin viscosity and
 * Bg, plus the real-gas pseudo-pressure integrand 2p/(mu z) (Al-Hussainy, Ramey & Crawford 1966).
 * Used by pvt.gasPseudoPressure, the gas.* functions (engine/gas/gasModel.ts) and the well module
 * (inflow and flow), so one description means one gas everywhere.
 *
 * Units: psia, degR, lbm/ft3, cp, ft3/scf; gasSG air = 1; mole fractions.
 */
import { gasViscosityLGE, lgeAcidGasWarning, type LgeMethod } from './gasViscosityLGE.js';
import { MW_AIR, P_SC, R_GAS, T_SC_R, type GasImpurities, type PseudoCriticals } from './nonHydrocarbons.js';
import { pseudoCriticalsBy, type PcMethod } from './pcMethods.js';
import { zBy, type ZMethod } from './zMethods.js';

/** The description every gas input block gives (engine/pvt/correlations/gasInputs.ts). */
export interface GasDescription {
  gasSG: number;
  yCO2?: number;
  yH2S?: number;
  yN2?: number;
  zMethod?: ZMethod;
  pcMethod?: PcMethod;
  viscosityMethod?: LgeMethod;
}

/** The gas at one pressure and temperature. */
export interface GasState {
  z: number;
  /** dz/dPpr. */
  dzdppr: number;
  /** lbm/ft3 */
  density: number;
  /** cp */
  viscosity: number;
  /** Reservoir ft3 per standard ft3. */
  bg: number;
}

export interface DryGas {
  pc: PseudoCriticals;
  /** lbm/lbmol */
  mw: number;
  zMethod: ZMethod;
  viscosityMethod: LgeMethod;
  /** z and dz/dPpr alone (what material balances need). */
  z(psia: number, tR: number): { z: number; dzdppr: number };
  at(psia: number, tR: number): GasState;
  /** 2p/(mu z) at temperature tR (psia/cp), 0 at p = 0: what m(p) integrates. */
  pseudoPressureIntegrand(tR: number): (psia: number) => number;
}

export function dryGas(gas: GasDescription, warnings: string[]): DryGas {
  const y: GasImpurities = { yCO2: gas.yCO2 ?? 0, yH2S: gas.yH2S ?? 0, yN2: gas.yN2 ?? 0 };
  // pseudoCriticalsBy checks the gas is a natural gas (engine/pvt/correlations/domain.ts).
  const pc = pseudoCriticalsBy(gas.pcMethod ?? 'PiperMcCainCorredor', gas.gasSG, y, warnings);
  const mw = MW_AIR * gas.gasSG;
  const zMethod = gas.zMethod ?? 'DAK';
  const viscosityMethod = gas.viscosityMethod ?? 'LGE-McCain';
  const z = (p: number, tR: number) => zBy(zMethod, p / pc.ppc, tR / pc.tpc);
  // Lee–Gonzalez–Eakin's data are sweet gases: said once, when a viscosity is first taken (a
  // function that needs z alone, such as a p/z material balance, is not warned about viscosity).
  let viscosityUsed = false;
  const at = (p: number, tR: number): GasState => {
    if (!viscosityUsed) {
      viscosityUsed = true;
      const acidGas = lgeAcidGasWarning(y.yCO2, y.yH2S);
      if (acidGas !== null) warnings.push(acidGas);
    }
    const { z: zUsed, dzdppr } = z(p, tR);
    const density = (p * mw) / (zUsed * R_GAS * tR);
    return { z: zUsed, dzdppr, density, viscosity: gasViscosityLGE(viscosityMethod, tR, density, mw), bg: (zUsed * tR * P_SC) / (p * T_SC_R) };
  };
  return {
    pc,
    mw,
    zMethod,
    viscosityMethod,
    z,
    at,
    pseudoPressureIntegrand: (tR) => (p) => {
      if (p <= 0) return 0;
      const s = at(p, tR);
      return (2 * p) / (s.viscosity * s.z);
    },
  };
}
