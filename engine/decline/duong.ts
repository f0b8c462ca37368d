/**
 * decline.duong: Duong (2011) rate-time relation for fracture-dominated flow in shale wells:
 *
 *   q(t) = q1 t^-m exp(a/(1 - m) (t^(1-m) - 1)),   N(t) = q(t) t^m / a,   D(t) = m/t - a t^-m
 *
 * q1 is the rate at t = 1 time unit (the model is infinite at t = 0, so every t must be > 0);
 * N(t) is Duong's cumulative relation (from q/N = a t^-m), the integral of q from t = 0 when
 * m >= 1 (petbox-dca reports the same); with m < 1 it does not vanish at t = 0, and its value
 * there, q1/a exp(-a/(1-m)), is subtracted so N stays the integral. Units: rates in any volume per timeUnit.
 * Validity: Duong's shale wells had a 0.5-2 and m 1-1.5 (typical, his Table 2); outside warns.
 *
 * References:
 * - Duong, A.N. (2011) Rate-Decline Analysis for Fracture-Dominated Shale Reservoirs. SPE
 *   Reservoir Evaluation & Engineering 14(3), 377-387. SPE-137748-PA.
 * - petbox-dca 1.1.0 Duong (D. S. Fulford, MIT).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { timeOf, rateOf, ratio, MAX_TIMES } from './inputs.js';
import { duongCurve } from './models/curves.js';
import { timeUnitInput } from './models/declineTypes.js';
import { CURVE_OUTPUT, curveResult, qLimitInput } from './curveOutput.js';

export const duong = defineFunction({
  name: 'decline.duong',
  module: 'decline',
  title: 'Duong (2011) shale decline',
  description:
    'Duong (2011): q = q1 t^-m exp(a/(1-m)(t^(1-m) - 1)), q1 the rate at t = 1 time unit (t must be > 0); cumulative N = q t^m/a (Duong; less its value at t = 0 when m < 1, so N is the integral of q); nominal decline m/t - a t^-m. ' +
    'Rate, cumulative and decline over t, EUR to qLimit. Units: rates in any volume per timeUnit.',
  input: Type.Object({
    qi: rateOf('Rate at t = 1 time unit (q1)', { exclusiveMinimum: 0 }),
    a: ratio('Intercept constant a', { exclusiveMinimum: 0, maximum: 10 }),
    m: ratio('Slope exponent m', { exclusiveMinimum: 0, maximum: 5 }),
    t: Type.Array(timeOf('Time', { exclusiveMinimum: 0 }), { minItems: 1, maxItems: MAX_TIMES, description: 'Times (> 0) in timeUnit' }),
    timeUnit: timeUnitInput(),
    qLimit: qLimitInput(),
  }),
  output: Type.Object(CURVE_OUTPUT),
  references: [
    'Duong, A.N. (2011) Rate-Decline Analysis for Fracture-Dominated Shale Reservoirs. SPE Reservoir Evaluation & Engineering 14(3), 377-387. SPE-137748-PA.',
    'petbox-dca 1.1.0, petbox/dca/primary.py Duong (D. S. Fulford, MIT). https://github.com/petbox-dev/dca',
  ],
  validity: [
    { field: 'a', min: 0.5, max: 2, note: 'typical range of Duong (2011) shale wells' },
    { field: 'm', min: 1, max: 1.5, note: 'typical range of Duong (2011) shale wells' },
  ],
  examples: [
    {
      title: 'q1 1000/d, a 1.2, m 1.1 at 1 and 365.25 days',
      input: { qi: 1000, a: 1.2, m: 1.1, t: [1, 365.25] },
      expected: { rate: [1000, 319.122413662], cum: [833.333333333, 175236.79805] },
      tolerance: 1e-8,
      source: 'refdata decline.json duong-1000.0-1.2-1.1 (petbox-dca 1.1.0 Duong.rate/cum); at t = 1: q = q1, N = q1/a',
    },
  ],
  run(input, warnings) {
    return curveResult(duongCurve(input.qi, input.a, input.m), input.t, input.qLimit, warnings);
  },
});
