/**
 * The dry-gas description the gas.* functions share with pvt.gasProperties: gravity, non-hydrocarbon
 * mole fractions and the z-factor / pseudo-critical options, with the same names, defaults
 * (DAK, Piper–McCain–Corredor) and validity warnings. Correlations: engine/pvt/correlations/*.
 * Units: gasSG air = 1; mole fractions; psia; degF.
 */
import Type from 'typebox';
import { EngineFailure } from '../failure.js';
import { quantity } from '../quantity.js';
import { RANKINE_OFFSET, type GasImpurities, type PseudoCriticals } from '../pvt/correlations/nonHydrocarbons.js';
import { PC_METHODS, pseudoCriticalsBy, type PcMethod } from '../pvt/correlations/pcMethods.js';
import { Z_METHODS, zBy, zRangeWarnings, type ZMethod } from '../pvt/correlations/zMethods.js';

const moleFraction = (name: string) =>
  Type.Optional(quantity('dimensionless', { minimum: 0, maximum: 1, default: 0, unit: 'mole fraction', description: `${name} mole fraction in the gas` }));

/** Input properties describing the gas (spread into a function's Type.Object). */
export const GAS_INPUTS = {
  gasSG: quantity('dimensionless', { exclusiveMinimum: 0, unit: 'air=1', description: 'Gas specific gravity (air = 1), whole gas including non-hydrocarbons' }),
  yCO2: moleFraction('CO2'),
  yH2S: moleFraction('H2S'),
  yN2: moleFraction('N2'),
  zMethod: Type.Optional(Type.Enum(Z_METHODS, { default: 'DAK', description: "z-factor: 'DAK' Dranchuk & Abou-Kassem (1975), 'HY' Hall & Yarborough (1973)" })),
  pcMethod: Type.Optional(Type.Enum(PC_METHODS, { default: 'PiperMcCainCorredor', description: "pseudo-criticals: 'PiperMcCainCorredor' (1993) or 'SuttonWichertAziz'" })),
};

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
  const y: GasImpurities = { yCO2: gas.yCO2 ?? 0, yH2S: gas.yH2S ?? 0, yN2: gas.yN2 ?? 0 };
  if (y.yCO2 + y.yH2S + y.yN2 > 1 + 1e-9) throw new EngineFailure('invalid_input', 'yCO2 + yH2S + yN2 exceeds 1');
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
