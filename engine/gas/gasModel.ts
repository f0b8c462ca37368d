/**
 * The dry-gas description the gas.* functions share with pvt.gasProperties: gravity, non-hydrocarbon
 * mole fractions and the z-factor / pseudo-critical options, with the same names, defaults
 * (DAK, Piper–McCain–Corredor) and validity warnings. Correlations: engine/pvt/correlations/*.
 * Units: gasSG air = 1; mole fractions; psia; degF.
 */
import { EngineFailure } from '../failure.js';
import { RANKINE_OFFSET, type GasImpurities, type PseudoCriticals } from '../pvt/correlations/nonHydrocarbons.js';
import { GAS_INPUTS } from '../pvt/correlations/gasInputs.js';
import { requireGasTemperature } from '../pvt/correlations/domain.js';
import { pseudoCriticalsBy, type PcMethod } from '../pvt/correlations/pcMethods.js';
import { zBy, zRangeWarnings, type ZMethod } from '../pvt/correlations/zMethods.js';

export { GAS_INPUTS };

export interface GasDescription {
  gasSG: number;
  yCO2?: number;
  yH2S?: number;
  yN2?: number;
  zMethod?: ZMethod;
  pcMethod?: PcMethod;
}

export interface GasAtTemperature {
  tR: number;
  pc: PseudoCriticals;
  zMethod: ZMethod;
  /** z and dz/dp (1/psia) at a pressure (psia). */
  z(psia: number): { z: number; dzdp: number };
  /** Warnings for reduced conditions outside the z method's range at these pressures. */
  rangeWarnings(pressures: number[]): string[];
}

/** The gas at temperature TF: pseudo-criticals fixed, z as a function of pressure. */
export function gasAt(gas: GasDescription, TF: number, warnings: string[]): GasAtTemperature {
  const tR = TF + RANKINE_OFFSET;
  if (!(tR > 0)) throw new EngineFailure('invalid_input', `TF ${TF} degF is at or below absolute zero`);
  requireGasTemperature('TF', TF);
  const y: GasImpurities = { yCO2: gas.yCO2 ?? 0, yH2S: gas.yH2S ?? 0, yN2: gas.yN2 ?? 0 };
  const pc = pseudoCriticalsBy(gas.pcMethod ?? 'PiperMcCainCorredor', gas.gasSG, y, warnings);
  const zMethod = gas.zMethod ?? 'DAK';
  return {
    tR,
    pc,
    zMethod,
    z(psia) {
      const r = zBy(zMethod, psia / pc.ppc, tR / pc.tpc);
      return { z: r.z, dzdp: r.dzdppr / pc.ppc };
    },
    rangeWarnings: (pressures) => zRangeWarnings(zMethod, pressures.map((p) => p / pc.ppc), tR / pc.tpc),
  };
}
