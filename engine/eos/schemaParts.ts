/**
 * Schema builders shared by the EOS definitions: nullable numbers and lists (a phase that does
 * not exist has null properties), condition inputs, and the iteration report.
 */
import Type, { type TSchema } from 'typebox';
import { quantity, quantityArray, type NumberOptions, type Quantity } from '../quantity.js';

export const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
export const nullableNumber = (q: Quantity, o: NumberOptions = {}) => nullable(quantity(q, o));
export const nullableList = (q: Quantity, o: NumberOptions = {}, maxItems = 60) => nullable(quantityArray(q, o, { maxItems }));

/**
 * Physical ranges of phase properties (field units): a mass density is positive and no fluid is
 * denser than mercury (845 lbm/ft3, 13.5 g/cm3; 1000 leaves room); a viscosity is positive and
 * none is ten times bitumen's ~1e6 cp (beyond that LBC is far outside any fluid's reduced density).
 */
export const DENSITY = { physical: { exclusiveMinimum: 0, maximum: 1000 } };
export const VISCOSITY = { physical: { exclusiveMinimum: 0, maximum: 1e7 } };

export const fraction = (description: string) => quantity('dimensionless', { description, physical: { minimum: 0, maximum: 1 } });

/** Temperature and pressure inputs of the EOS functions (degF, psia). */
export const TF_INPUT = quantity('temperature', { minimum: -400, maximum: 1500, description: 'Temperature' });
export const PSIA_INPUT = quantity('pressure', { exclusiveMinimum: 0, maximum: 100_000, description: 'Pressure' });

export const Iterations = Type.Object({
  stability: Type.Integer({ minimum: 0, description: 'Successive substitutions of the stability test, over all trial phases' }),
  successiveSubstitution: Type.Integer({ minimum: 0, description: 'Accelerated successive substitutions of the split' }),
  newton: Type.Integer({ minimum: 0, description: 'Newton iterations of the split' }),
});

/** The usual validity of cubic-EOS phase behaviour for reservoir fluids (warnings outside). */
export const EOS_VALIDITY = [
  { field: 'TF', min: -250, max: 700, unit: 'degF', note: 'cubic EOS with the Soave alpha, as used for reservoir and process fluids; the alpha is extrapolated beyond' },
  { field: 'psia', min: 0.1, max: 30_000, unit: 'psia', note: 'cubic EOS liquid densities degrade at very high pressure' },
];
