/**
 * decline.stretchedExponential: the stretched-exponential production decline (SEPD) of Valko (2009):
 *
 *   q(t) = qi exp(-(t/tau)^n),   N(t) = qi tau/n Gamma(1/n) P(1/n, (t/tau)^n),   D(t) = n tau^-n t^(n-1)
 *
 * (P the regularized lower incomplete gamma; N(inf) = qi tau/n Gamma(1/n), Valko's EUR).
 * tau in timeUnit, 0 < n <= 1. Units: rates in any volume per timeUnit.
 * Validity: Valko's Barnett wells had n about 0.2-0.5.
 *
 * References:
 * - Valko, P.P. (2009) Assigning Value to Stimulation in the Barnett Shale: A Simultaneous Analysis
 *   of 7000 Plus Production Histories and Well Completion Records. SPE Hydraulic Fracturing
 *   Technology Conference. SPE-119369-MS.
 * - Valko, P.P. and Lee, W.J. (2010) A Better Way to Forecast Production from Unconventional Gas
 *   Wells. SPE-134231-MS.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { rateOf, ratio, timeOf, timesInput } from './inputs.js';
import { stretchedExponentialCurve } from './models/curves.js';
import { timeUnitInput } from './models/declineTypes.js';
import { CURVE_OUTPUT, curveResult, qLimitInput } from './curveOutput.js';
import { lnGamma } from './models/gamma.js';
import { volumeOf } from './inputs.js';

export const stretchedExponential = defineFunction({
  name: 'decline.stretchedExponential',
  module: 'decline',
  title: 'Stretched-exponential (SEPD) decline',
  description:
    'Valko (2009) stretched exponential: q = qi exp(-(t/tau)^n); cumulative qi tau/n Gamma(1/n) P(1/n, (t/tau)^n) (exact integral), EUR at infinite time qi tau/n Gamma(1/n). ' +
    'tau in timeUnit, 0 < n <= 1. Rate, cumulative, decline over t; EUR to qLimit. Units: rates in any volume per timeUnit.',
  input: Type.Object({
    qi: rateOf('Rate at t = 0', { exclusiveMinimum: 0 }),
    tau: timeOf('Characteristic time tau, timeUnit', { exclusiveMinimum: 0 }),
    n: ratio('Exponent n', { exclusiveMinimum: 0, maximum: 1 }),
    t: timesInput(),
    timeUnit: timeUnitInput(),
    qLimit: qLimitInput(),
  }),
  output: Type.Object({ ...CURVE_OUTPUT, eurInfinite: volumeOf('Cumulative at infinite time, qi tau/n Gamma(1/n)') }),
  references: [
    'Valko, P.P. (2009) Assigning Value to Stimulation in the Barnett Shale: A Simultaneous Analysis of 7000 Plus Production Histories and Well Completion Records. SPE-119369-MS.',
    'Valko, P.P. and Lee, W.J. (2010) A Better Way to Forecast Production from Unconventional Gas Wells. SPE-134231-MS.',
    'Abramowitz, M. and Stegun, I.A. (1964) Handbook of Mathematical Functions, 6.5 (incomplete gamma).',
  ],
  validity: [],
  examples: [
    {
      title: 'qi 1000/d, tau 90 d, n 0.5 (Gamma(2) = 1)',
      input: { qi: 1000, tau: 90, n: 0.5, t: [1, 365.25] },
      expected: { rate: [899.956135356, 133.38300544], cum: [932.428544118, 107624.313966], eurInfinite: 180000 },
      tolerance: 1e-6,
      source: 'refdata decline.json se-petbox-1000.0-90.0-0.5 (petbox-dca 1.1.0 SE); EUR = 1000 x 90/0.5 x Gamma(2) = 180000',
    },
  ],
  run(input, warnings) {
    const res = curveResult(stretchedExponentialCurve(input.qi, input.tau, input.n), input.t, input.qLimit, warnings);
    const eurInfinite = Math.exp(Math.log((input.qi * input.tau) / input.n) + lnGamma(1 / input.n));
    if (!Number.isFinite(eurInfinite)) throw new EngineFailure('out_of_range', `n ${input.n} is too small: Gamma(1/n) and the EUR exceed the floating-point range`);
    return { ...res, eurInfinite };
  },
});
