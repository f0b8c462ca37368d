/**
 * decline.powerLawExponential: the power-law exponential (PLE) rate relation of Ilk et al. (2008):
 *
 *   q(t) = qi exp(-Di t^n - Dinf t),   D(t) = Dinf + n Di t^(n-1)
 *
 * Di in 1/timeUnit^n, Dinf (the late-time decline) in 1/timeUnit, 0 < n < 1. The cumulative is
 * the integral of q by adaptive 8-point Gauss–Legendre quadrature to 1e-10 relative (no closed
 * form). Units: rates in any volume per timeUnit.
 * Validity: tight-gas and shale wells, n about 0.1-0.8 (Ilk et al. 2008).
 *
 * References:
 * - Ilk, D., Perego, A.D., Rushing, J.A. and Blasingame, T.A. (2008) Exponential vs. Hyperbolic
 *   Decline in Tight Gas Sands. SPE Annual Technical Conference, Denver. SPE-116731-MS.
 * - petbox-dca 1.1.0 PLE (D. S. Fulford, MIT).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { perTime, rateOf, ratio, timesInput } from './inputs.js';
import { powerLawExponentialCurve } from './models/curves.js';
import { timeUnitInput } from './models/declineTypes.js';
import { CURVE_OUTPUT, curveResult, qLimitInput } from './curveOutput.js';

export const powerLawExponential = defineFunction({
  name: 'decline.powerLawExponential',
  module: 'decline',
  title: 'Power-law exponential (PLE) decline',
  description:
    'Ilk et al. (2008) power-law exponential: q = qi exp(-Di t^n - Dinf t), D(t) = Dinf + n Di t^(n-1); cumulative by adaptive Gauss–Legendre quadrature. ' +
    'Di in 1/timeUnit^n, Dinf in 1/timeUnit, 0 < n < 1. Rate, cumulative, decline over t; EUR to qLimit. Units: rates in any volume per timeUnit.',
  input: Type.Object({
    qi: rateOf('Rate at t = 0', { exclusiveMinimum: 0 }),
    di: perTime('Decline constant Di, 1/timeUnit^n', { minimum: 0 }),
    dinf: perTime('Decline at infinite time Dinf, 1/timeUnit', { minimum: 0 }),
    n: ratio('Time exponent n', { exclusiveMinimum: 0, exclusiveMaximum: 1 }),
    t: timesInput(),
    timeUnit: timeUnitInput(),
    qLimit: qLimitInput(),
  }),
  output: Type.Object(CURVE_OUTPUT),
  references: [
    'Ilk, D., Perego, A.D., Rushing, J.A. and Blasingame, T.A. (2008) Exponential vs. Hyperbolic Decline in Tight Gas Sands: Understanding the Origin and Implications for Reserve Estimates Using Arps Decline Curves. SPE-116731-MS.',
    'petbox-dca 1.1.0, petbox/dca/primary.py PLE (D. S. Fulford, MIT). https://github.com/petbox-dev/dca',
  ],
  validity: [],
  examples: [
    {
      title: 'qi 1000/d, Di 0.1, Dinf 7e-5/d, n 0.5 at 1 and 365.25 days',
      input: { qi: 1000, di: 0.1, dinf: 7e-5, n: 0.5, t: [1, 365.25] },
      expected: { rate: [904.774081633, 144.176218878], cum: [935.735639474, 112821.693418] },
      tolerance: 1e-4,
      source: 'refdata decline.json ple-petbox-1000.0-0.1-0.5 (petbox-dca 1.1.0 PLE.rate/cum; its cum by fixed 50-point Gauss quadrature, hence 1e-4)',
    },
  ],
  run(input, warnings) {
    const sorted = input.t.every((t, i) => i === 0 || t >= (input.t[i - 1] as number));
    const curve = powerLawExponentialCurve(input.qi, input.di, input.dinf, input.n);
    // The quadrature caches integrals between increasing times; an unsorted list is evaluated sorted.
    if (sorted) return curveResult(curve, input.t, input.qLimit, warnings);
    const order = input.t.map((t, i) => [t, i] as const).sort((x, y) => x[0] - y[0]);
    const cumSorted = new Map(order.map(([t]) => [t, curve.cum(t)]));
    const res = curveResult(curve, input.t, input.qLimit, warnings);
    return { ...res, cum: input.t.map((t) => cumSorted.get(t) as number) };
  },
});
