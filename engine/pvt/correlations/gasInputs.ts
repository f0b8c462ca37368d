/**
 * The dry-gas description every gas function takes, declared once: gravity, non-hydrocarbon
 * mole fractions and the z-factor / pseudo-critical options, with the same names, defaults
 * (DAK, Piper–McCain–Corredor) and wording in pvt.gasProperties, pvt.gasPseudoPressure and gas.*.
 * Units: gasSG air = 1; mole fractions.
 */
import Type from 'typebox';
import { quantity } from '../../quantity.js';
import { PC_METHODS } from './pcMethods.js';
import { Z_METHODS } from './zMethods.js';

export const moleFraction = (name: string) =>
  Type.Optional(quantity('dimensionless', { minimum: 0, maximum: 1, default: 0, unit: 'mole fraction', description: `${name} mole fraction in the gas` }));

/** Input properties describing the gas (spread into a function's Type.Object). */
export const GAS_INPUTS = {
  gasSG: quantity('dimensionless', { exclusiveMinimum: 0, unit: 'air=1', description: 'Gas specific gravity (air = 1), whole gas including non-hydrocarbons' }),
  yCO2: moleFraction('CO2'),
  yH2S: moleFraction('H2S'),
  yN2: moleFraction('N2'),
  zMethod: Type.Optional(Type.Enum(Z_METHODS, { default: 'DAK', description: "z-factor: 'DAK' Dranchuk & Abou-Kassem (1975), 'HY' Hall & Yarborough (1973)" })),
  pcMethod: Type.Optional(
    Type.Enum(PC_METHODS, { default: 'PiperMcCainCorredor', description: "pseudo-criticals: 'PiperMcCainCorredor' (1993) or 'SuttonWichertAziz' (Sutton 1985 + Kay + Wichert–Aziz 1972)" }),
  ),
};
