/**
 * Schema builders shared by the EOS definitions: nullable numbers and lists (a phase that does
 * not exist has null properties), condition inputs, and the iteration report.
 */
import Type, { type TSchema } from 'typebox';
import { quantity, quantityArray, type NumberOptions, type Quantity } from '../quantity.js';

export const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
export const nullableNumber = (q: Quantity, o: NumberOptions = {}) => nullable(quantity(q, o));
export const nullableList = (q: Quantity, o: NumberOptions = {}, maxItems = 60) => nullable(quantityArray(q, o, { maxItems }));

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
  { field: 'psia', min: 0.1, max: 30_000, unit: 'psia', note: 'reservoir and process conditions: below them, trace amounts and vacuum; above, cubic EOS liquid densities degrade' },
];
