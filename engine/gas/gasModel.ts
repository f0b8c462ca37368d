/**
 * The dry-gas description the gas.* functions share with pvt.gasProperties: gravity, non-hydrocarbon
 * mole fractions and the z-factor / pseudo-critical options, with the same names, defaults
 * (DAK, Piper–McCain–Corredor) and validity warnings. Correlations: engine/pvt/correlations/*.
 * Units: gasSG air = 1; mole fractions; psia; degF.
 */
import { EngineFailure } from '../failure.js';
import { RANKINE_OFFSET, type PseudoCriticals } from '../pvt/correlations/nonHydrocarbons.js';
import { dryGas, type GasDescription } from '../pvt/correlations/dryGas.js';
import { GAS_INPUTS } from '../pvt/correlations/gasInputs.js';
import { requireGasTemperature } from '../pvt/correlations/domain.js';
import { zRangeWarnings, type ZMethod } from '../pvt/correlations/zMethods.js';

export { GAS_INPUTS };

export type { GasDescription };

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
  const g = dryGas(gas, warnings);
  const { pc, zMethod } = g;
  return {
    tR,
    pc,
    zMethod,
    z(psia) {
      const r = g.z(psia, tR);
      return { z: r.z, dzdp: r.dzdppr / pc.ppc };
    },
    rangeWarnings: (pressures) => zRangeWarnings(zMethod, pressures.map((p) => p / pc.ppc), tR / pc.tpc),
  };
}
