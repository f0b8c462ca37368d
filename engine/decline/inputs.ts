/**
 * Schema pieces the decline.* functions share. Decline analysis is unit-agnostic: rates are in
 * the caller's volume per time unit (STB/d, Mscf/month, ...), cumulatives in that volume
 * (rate x time unit), so these numbers carry no field/metric conversion; `timeUnit` says what one
 * unit of t is, and declines are converted explicitly (./models/declineTypes.ts).
 */
import Type from 'typebox';
import { EngineFailure } from '../failure.js';
import { quantity, type NumberOptions } from '../quantity.js';
import { defaultPeriod, nominalPer, type DeclineType, type TimeUnit } from './models/declineTypes.js';

/** Largest time list (and forecast grid) one call takes or returns. */
export const MAX_TIMES = 10_000;

export const rateOf = (description: string, extra: NumberOptions = {}) => quantity('dimensionless', { unit: 'volume/time', description, ...extra });
export const volumeOf = (description: string) => quantity('dimensionless', { unit: 'volume', description });
export const timeOf = (description: string, extra: NumberOptions = {}) => quantity('dimensionless', { unit: 'time unit', description, ...extra });
export const perTime = (description: string, extra: NumberOptions = {}) => quantity('dimensionless', { unit: '1/time unit', description, ...extra });
export const ratio = (description: string, extra: NumberOptions = {}) => quantity('dimensionless', { unit: '-', description, ...extra });

export const timesInput = (description = 'Times at which to evaluate, in timeUnit (0 = start of the decline)') =>
  Type.Array(timeOf('Time', { minimum: 0 }), { minItems: 1, maxItems: MAX_TIMES, description });

export const rateList = (description: string) => Type.Array(quantity('dimensionless', { unit: 'volume/time', description: 'Rate', physical: { minimum: 0 } }), { description });
export const cumList = (description: string) => Type.Array(quantity('dimensionless', { unit: 'volume', description: 'Cumulative volume', physical: { minimum: 0 } }), { description });
export const declineList = (description: string) => Type.Array(quantity('dimensionless', { unit: '1/time unit', description: 'Nominal decline' }), { description });

export interface DeclineSpec {
  timeUnit?: TimeUnit;
  declineType?: DeclineType;
  declinePeriod?: TimeUnit;
}

/** A decline input as nominal per timeUnit, given the b of the curve it belongs to (secant). */
export function nominalDecline(spec: DeclineSpec, value: number, b: number): number {
  const timeUnit = spec.timeUnit ?? 'day';
  const type = spec.declineType ?? 'nominal';
  return nominalPer(timeUnit, type, value, b, spec.declinePeriod ?? defaultPeriod(type, timeUnit));
}

/**
 * Refuses an answer whose numbers left the floating-point range. Decline rates carry no unit, so
 * no physical bound applies to qi or to a time on its own; what is refused is a combination whose
 * volumes (qi x t, qi/D) or times (1/D) exceed ~1e308 of any unit. `inputs` names them.
 */
export function requireFiniteDecline(values: Record<string, number | readonly (number | null)[] | null | undefined>, inputs: string): void {
  for (const [name, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw beyondRange(name, inputs);
      continue;
    }
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (x !== null && x !== undefined && !Number.isFinite(x)) throw beyondRange(`${name}[${i}]`, inputs);
    }
  }
}

const beyondRange = (what: string, inputs: string) =>
  new EngineFailure('out_of_range', `${what} is beyond the floating-point range for ${inputs}: the volumes (qi x t, qi/D) or times (1/D) these inputs imply exceed ~1e308 of any unit`);

/** Evaluates f over a list, as a plain array. */
export const over = (times: readonly number[], f: (t: number) => number): number[] => times.map(f);

/** The warning of an economic limit at or above the rate from t = 0 on: tLimit and EUR are 0. */
export function limitAtStart(qLimit: number, tLimit: number, warnings: string[]): void {
  if (tLimit === 0) warnings.push(`the rate does not exceed qLimit ${qLimit} after t = 0: the well is at its economic limit from the start (tLimit 0, EUR 0)`);
}
