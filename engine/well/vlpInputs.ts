/** Inputs well.vlp and well.nodal share: the flow path, temperatures, method and fluids. */
import Type from 'typebox';
import { quantity } from '../quantity.js';
import { METHOD_SETS } from '../pvt/oil/methods.js';
import { GAS_WELL_INPUTS } from './iprGas.js';
import { VLP_METHODS } from './flow/vlpModel.js';

const opt = <T extends ReturnType<typeof quantity>>(t: T) => Type.Optional(t);

export const MAX_SEGMENTS = 50;

export const GEOMETRY_INPUTS = {
  tubingIdIn: opt(quantity('diameter', { exclusiveMinimum: 0, maximum: 24, description: 'Tubing inside diameter (vertical or uniformly deviated string)' })),
  mdFt: opt(quantity('length', { exclusiveMinimum: 0, maximum: 50_000, description: 'Measured depth of the string (wellhead to the node)' })),
  tvdFt: opt(quantity('length', { exclusiveMinimum: 0, maximum: 50_000, description: 'True vertical depth (default mdFt: vertical)' })),
  roughnessIn: opt(quantity('diameter', { minimum: 0, maximum: 0.1, default: 0.0006, description: 'Absolute pipe roughness (default 0.0006 in, new tubing)' })),
  segments: Type.Optional(
    Type.Array(
      Type.Object({
        mdFt: quantity('length', { exclusiveMinimum: 0, description: 'Measured length of the segment' }),
        idIn: quantity('diameter', { exclusiveMinimum: 0, maximum: 24, description: 'Inside diameter' }),
        deviationDeg: Type.Optional(quantity('dimensionless', { minimum: 0, maximum: 90, unit: 'deg', default: 0, description: 'Deviation from vertical' })),
        roughnessIn: opt(quantity('diameter', { minimum: 0, maximum: 0.1, description: 'Roughness (default roughnessIn)' })),
      }, { additionalProperties: false }),
      { minItems: 1, maxItems: MAX_SEGMENTS, description: 'Flow path from the wellhead down, segment by segment (instead of tubingIdIn/mdFt/tvdFt)' },
    ),
  ),
  whtF: quantity('temperature', { exclusiveMinimum: -459.67, description: 'Flowing wellhead temperature' }),
  bhtF: quantity('temperature', { exclusiveMinimum: -459.67, description: 'Bottom-hole temperature (linear in TVD between)' }),
};

export const METHOD_INPUT = Type.Optional(
  Type.Enum(VLP_METHODS, {
    default: 'BeggsBrill',
    description:
      "'BeggsBrill' (1973, Payne 1979 corrections; any inclination, default), 'HagedornBrown' (1965 modified, Griffith bubble flow; vertical), 'Gray' (1974; gas wells with condensate/water), " +
      "'WoldesemayatGhajar' (2007 drift flux + Lockhart–Martinelli/Chisholm friction), 'CullenderSmith' (dry gas)",
  }),
);

export const FLUID_INPUTS = {
  ...GAS_WELL_INPUTS,
  cgrStbPerMMscf: opt(quantity('liquidGasRatio', { minimum: 0, default: 0, description: 'Gas well: condensate-gas ratio' })),
  qwStbd: opt(quantity('oilRate', { minimum: 0, default: 0, description: 'Gas well: water rate' })),
  condensateApi: opt(quantity('dimensionless', { exclusiveMinimum: 0, unit: 'degAPI', default: 45, description: 'Gas well: condensate API gravity (default 45)' })),
  oilViscosityCp: opt(quantity('viscosity', { exclusiveMinimum: 0, description: 'Gas well: condensate viscosity (default Beggs–Robinson dead oil at T)' })),
  gorScfStb: opt(quantity('gasOilRatio', { minimum: 0, description: 'Oil well: producing gas-oil ratio' })),
  waterCut: opt(quantity('dimensionless', { minimum: 0, exclusiveMaximum: 1, default: 0, unit: 'fraction', description: 'Oil well: water cut of the liquid' })),
  api: opt(quantity('dimensionless', { exclusiveMinimum: 0, unit: 'degAPI', description: 'Oil well: stock-tank oil gravity' })),
  sepGasSG: opt(quantity('dimensionless', { exclusiveMinimum: 0, unit: 'air=1', description: 'Oil well: separator gas gravity (default gasSG)' })),
  pbPsia: opt(quantity('pressure', { exclusiveMinimum: 0, description: 'Oil well: bubble point (with rsbScfStb; else computed by the method set)' })),
  rsbScfStb: opt(quantity('gasOilRatio', { exclusiveMinimum: 0, description: 'Oil well: solution GOR at the bubble point (default: gorScfStb)' })),
  oilMethodSet: Type.Optional(Type.Enum(METHOD_SETS, { default: 'ValkoMcCain', description: 'Oil well: black-oil method set (as pvt.oilProperties)' })),
  waterSG: opt(quantity('dimensionless', { exclusiveMinimum: 0, default: 1.07, unit: 'water=1', description: 'Produced water specific gravity (default 1.07)' })),
};
