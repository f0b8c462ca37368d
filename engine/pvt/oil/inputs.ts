/**
 * Input schemas shared by the pvt.oil* functions, so every function names and describes the oil
 * the same way (names follow refdata/pvt_oil.json: api, TF, gasSG, rsbScfStb, pbPsia, psia, ...).
 */
import Type from 'typebox';
import { quantity, quantityOrArray, type PhysicalRange } from '../../quantity.js';

export const apiInput = (description = 'Stock-tank oil gravity') => quantity('dimensionless', { exclusiveMinimum: 0, unit: 'degAPI', description });

export const oilSGInput = () =>
  Type.Optional(quantity('dimensionless', { exclusiveMinimum: 0, unit: 'water=1', description: 'Stock-tank oil specific gravity (water = 1); give api or oilSG' }));

/** Schema bounds would apply to metric values too, so TF > 0 degF is checked in run. */
export const tfInput = () => quantity('temperature', { description: 'Reservoir temperature (above 0 degF)' });

export const gasGravityInputs = () => ({
  gasSG: Type.Optional(
    quantity('dimensionless', {
      exclusiveMinimum: 0,
      unit: 'air=1',
      description: 'Total surface gas gravity (separator + stock-tank gas, air = 1); also taken as the separator gas gravity when sepGasSG is not given',
    }),
  ),
  sepGasSG: Type.Optional(
    quantity('dimensionless', {
      exclusiveMinimum: 0,
      unit: 'air=1',
      description: 'Separator gas gravity (air = 1), used by Valko–McCain, Velarde and McCain; when gasSG is not given the total is estimated from it. Give gasSG, sepGasSG or both',
    }),
  ),
  sepPsia: Type.Optional(quantity('pressure', { exclusiveMinimum: 0, description: 'Separator pressure: with sepTF, refers the gas gravity to a 100 psig separator for Vasquez–Beggs' })),
  sepTF: Type.Optional(quantity('temperature', { description: 'Separator temperature (with sepPsia, for the Vasquez–Beggs gravity correction)' })),
});

export const rsbInput = (description = 'Solution GOR at the bubble point; give rsbScfStb, pbPsia or both') =>
  Type.Optional(quantity('gasOilRatio', { minimum: 0, description }));

export const pbInput = (description = 'Bubble point pressure; give pbPsia, rsbScfStb or both') => Type.Optional(quantity('pressure', { exclusiveMinimum: 0, description }));

export const pressuresInput = (description = 'Pressure, or a list of pressures') => quantityOrArray('pressure', { exclusiveMinimum: 0, description });

export const option = <T extends string[]>(values: readonly [...T], description: string, def?: T[number]) =>
  Type.Optional(Type.Enum(values, def === undefined ? { description } : { default: def, description }));

/**
 * A pressure-dependent output: a number, or a list when the pressure input is a list; `physical`
 * narrows where it can lie (engine/pvt/physicalRanges.ts).
 */
export const perPressure = (q: Parameters<typeof quantityOrArray>[0], description: string, physical?: PhysicalRange) => quantityOrArray(q, physical ? { description, physical } : { description });

/** Values per pressure, shaped like the pressure input (a list gives a list). */
export function shaped<T>(psia: number | number[], values: T[]): T | T[] {
  return Array.isArray(psia) ? values : (values[0] as T);
}

export const asList = (v: number | number[]): number[] => (Array.isArray(v) ? v : [v]);
