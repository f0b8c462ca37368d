/** Inputs and output pieces shared by the eos.model.* laboratory experiments. */
import Type from 'typebox';
import { EngineFailure } from '../../failure.js';
import { quantity, quantityArray, type Quantity } from '../../quantity.js';
import { kelvinFromF } from '../core/constants.js';
import { Lab } from '../lab/common.js';
import { findSaturation, type SaturationAnswer } from '../saturationSolve.js';
import { requireFluidTemperature } from '../domain.js';
import { modelFluid, type ResolvedFluidModel } from './resolved.js';

export const MAX_STAGES = 200;

export const pressureList = (description: string, maxItems = MAX_STAGES) =>
  Type.Optional(quantityArray('pressure', { exclusiveMinimum: 0, maximum: 100_000 }, { minItems: 1, maxItems, description }));

export const column = (q: Quantity, description: string, physical?: { minimum?: number; exclusiveMinimum?: number; maximum?: number }) =>
  quantityArray(q, { description, ...(physical ? { physical } : {}) }, { maxItems: MAX_STAGES + 2 });

export const nullableColumn = (q: Quantity, description: string, physical?: { minimum?: number; exclusiveMinimum?: number; maximum?: number }) =>
  Type.Array(Type.Union([quantity(q, physical ? { physical } : {}), Type.Null()]), { maxItems: MAX_STAGES + 2, description });

export const SaturationSummary = Type.Object({
  psia: quantity('pressure', { description: 'Saturation pressure at the experiment temperature' }),
  kind: Type.Enum(['bubble', 'dew']),
});

/** The model's fluid, a Lab for it, and its upper saturation point at TF. */
export function labSetup(m: ResolvedFluidModel, tF: number, warnings: string[]): { lab: Lab; z: Float64Array; T: number; sat: SaturationAnswer; names: string[] } {
  const { fluid, z, names } = modelFluid(m);
  requireFluidTemperature('TF', tF, fluid, z, warnings);
  const T = kelvinFromF(tF);
  const lab = new Lab(fluid);
  const sat = findSaturation(lab.at(T), z, 'auto', 'upper');
  if (!Number.isFinite(sat.P)) throw new EngineFailure('no_solution', 'no saturation pressure at this temperature');
  return { lab, z, T, sat, names };
}
