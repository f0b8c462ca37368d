/** Schema pieces and helpers the well.* functions share (field units inside; see each definition). */
import Type from 'typebox';
import { quantity, quantityOrArray } from '../quantity.js';
import { EngineFailure } from '../failure.js';
import type { RunContext } from '../definition.js';
import { CONVERSIONS, PSI_PER_BAR } from '../units.js';

/** Largest pressure or rate list one call takes; curves are capped at the same size. */
export const MAX_POINTS = 2_000;
/** Points of a default curve. */
export const CURVE_POINTS = 21;

export const pressureList = (description: string) => Type.Optional(quantityOrArray('pressure', { minimum: 0, description }, MAX_POINTS));

export const RESERVOIR_INPUTS = {
  kMd: quantity('permeability', { exclusiveMinimum: 0, description: 'Permeability' }),
  hFt: quantity('length', { exclusiveMinimum: 0, description: 'Net pay thickness' }),
  reFt: quantity('length', { exclusiveMinimum: 0, description: 'Drainage radius' }),
  rwFt: quantity('length', { exclusiveMinimum: 0, description: 'Wellbore radius' }),
  skin: Type.Optional(quantity('dimensionless', { minimum: -8, maximum: 1000, default: 0, description: 'Total skin S' })),
};

export const flowRegimeInput = () =>
  Type.Optional(
    Type.Enum(['pseudoSteadyState', 'steadyState'], {
      default: 'pseudoSteadyState',
      description: "'pseudoSteadyState' (pr = average pressure, ln(re/rw) - 0.75, default) or 'steadyState' (pr at re, ln(re/rw) - 0.5)",
    }),
  );

/** The pwf list of a call: as given, or CURVE_POINTS from pr down to `floor`. */
export function pwfGrid(pwf: number | number[] | undefined, pr: number, floor = 0): number[] {
  // floor + span x fraction ends exactly at floor (pr - span x 1 could round a hair below 0 psia).
  if (pwf === undefined) return Array.from({ length: CURVE_POINTS }, (_, i) => floor + (pr - floor) * ((CURVE_POINTS - 1 - i) / (CURVE_POINTS - 1)));
  return Array.isArray(pwf) ? pwf : [pwf];
}

/** Same shape as the pwf input: a number for a number, else the list. */
export const shaped = (pwf: number | number[] | undefined, values: number[]): number | number[] => (typeof pwf === 'number' ? (values[0] as number) : values);

export function checkBelowPr(pwfs: number[], pr: number, warnings: string[]): void {
  const above = pwfs.filter((p) => p > pr);
  if (above.length) warnings.push(`${above.length} pwf value(s) above pr ${pr} psia (injection side): rate reported as 0`);
}

export function requirePositive(value: number | undefined, name: string): number {
  if (value === undefined || !(value > 0)) throw new EngineFailure('invalid_input', `${name} must be given and positive`);
  return value;
}

/** The pwf list of an IPR result: 0 psia (full drawdown) is a valid point, unlike an absolute pressure elsewhere. */
export const pwfOutput = () =>
  quantityOrArray('pressure', { description: 'Flowing bottom-hole pressure(s)', physical: { minimum: 0, exclusiveMinimum: undefined } }, MAX_POINTS);

export type WellType = 'oil' | 'gas';

/**
 * The backpressure (Fetkovich / Rawlins–Schellhardt) coefficient C of q = C (pr^2 - pwf^2)^n: a
 * rate per pressure^(2n), so its unit depends on the input n and the units layer (which converts
 * by a fixed factor per quantity) cannot convert it. Field C is STB/d (oil) or Mscf/d (gas) per
 * psia^(2n); metric C is sm3/d per bara^(2n). The well functions convert it in `run` with the
 * caller's unit system: C_metric = C_field x (sm3/d per field rate unit) x (psi per bar)^(2n),
 * with the exact factors of engine/units.ts.
 */
export const backpressureCInput = (description: string) =>
  quantity('dimensionless', { exclusiveMinimum: 0, unit: '(STB/d or Mscf/d)/psia^(2n)', metricUnit: 'sm3/d/bara^(2n)', description });

export const backpressureCOutput = (description: string) =>
  quantity('dimensionless', { unit: '(STB/d or Mscf/d)/psia^(2n)', metricUnit: 'sm3/d/bara^(2n)', description, physical: { exclusiveMinimum: 0 } });

/** Converts C between the caller's units and field units (identity for field callers). */
export function backpressureUnits(wellType: WellType, units: RunContext['units']): { toField(c: number, n: number): number; fromField(c: number, n: number): number } {
  if (units === 'field') return { toField: (c) => c, fromField: (c) => c };
  const rate = (CONVERSIONS[wellType === 'oil' ? 'STB/d' : 'Mscf/d'] as { toMetric(v: number): number }).toMetric(1);
  const factor = (n: number) => rate * PSI_PER_BAR ** (2 * n);
  return { toField: (c, n) => c / factor(n), fromField: (c, n) => c * factor(n) };
}
