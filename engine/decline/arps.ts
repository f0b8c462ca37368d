/**
 * decline.arps: Arps (1945) exponential (b = 0), hyperbolic (0 < b, b != 1) and harmonic (b = 1)
 * decline: rate, cumulative and nominal decline at a list of times, and, with an economic limit
 * qLimit, the time to reach it and EUR (the cumulative then).
 *
 *   q = qi (1 + b D t)^(-1/b);   N = qi/((1 - b) D) [1 - (1 + b D t)^(1 - 1/b)];  D(t) = D/(1 + b D t)
 *
 * D is the initial nominal decline per timeUnit; a tangent- or secant-effective decline (per
 * declinePeriod, default one year) is converted first (models/declineTypes.ts). Units: rates in
 * any volume per timeUnit, cumulatives in that volume, t in timeUnit.
 * Validity: 0 <= b <= 1 for boundary-dominated flow (Arps); b > 1 describes transient flow and
 * has an unbounded cumulative (warning); b is accepted up to 5.
 *
 * References:
 * - Arps, J.J. (1945) Analysis of Decline Curves. Transactions of the AIME 160(1), 228-247. SPE-945228-G.
 * - Fetkovich, M.J. (1980) Decline Curve Analysis Using Type Curves. Journal of Petroleum
 *   Technology 32(6), 1065-1077. SPE-4629-PA (b in 0..1 for boundary-dominated flow).
 * - SPEE (2016) Monograph 4, Ch. 3: nominal, tangent- and secant-effective declines.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { cumList, declineList, limitAtStart, nominalDecline, over, perTime, rateList, rateOf, ratio, requireFiniteDecline, timeOf, timesInput, volumeOf } from './inputs.js';
import { arpsCurve } from './models/curves.js';
import { declinePeriodInput, declineTypeInput, timeUnitInput } from './models/declineTypes.js';

export const ARPS_REFERENCES = [
  'Arps, J.J. (1945) Analysis of Decline Curves. Transactions of the AIME 160(1), 228-247. SPE-945228-G.',
  'Fetkovich, M.J. (1980) Decline Curve Analysis Using Type Curves. Journal of Petroleum Technology 32(6), 1065-1077. SPE-4629-PA.',
  'SPEE (2016) Monograph 4: Estimating Ultimate Recovery of Developed Wells in Low-Permeability Reservoirs. Society of Petroleum Evaluation Engineers. Ch. 3.',
];

export const ARPS_INPUTS = {
  qi: rateOf('Initial rate (volume per timeUnit)', { exclusiveMinimum: 0 }),
  di: perTime('Initial decline, of declineType, per declinePeriod (nominal: per timeUnit by default)', { minimum: 0 }),
  b: ratio('Arps exponent b: 0 exponential, 0 < b < 1 hyperbolic, 1 harmonic, > 1 transient flow', { minimum: 0, maximum: 5 }),
  timeUnit: timeUnitInput(),
  declineType: declineTypeInput(),
  declinePeriod: declinePeriodInput(),
};

export const arps = defineFunction({
  name: 'decline.arps',
  module: 'decline',
  title: 'Arps decline: rate, cumulative, decline, time to limit, EUR',
  description:
    'Arps (1945) decline at a list of times: q = qi (1 + b D t)^(-1/b) (b = 0 exponential, b = 1 harmonic), cumulative N(t), nominal decline D(t) = D/(1 + b D t). ' +
    "di is of declineType ('nominal' default, 'tangentEffective', 'secantEffective') per declinePeriod (effective: a year by default). " +
    'With qLimit: time to the limit and EUR. Units: rates in any volume per timeUnit (day, month = 365.25/12 d, year = 365.25 d), cumulatives in that volume. b > 1 warns: the cumulative is unbounded.',
  input: Type.Object({
    ...ARPS_INPUTS,
    t: timesInput(),
    qLimit: Type.Optional(rateOf('Economic limit rate: the time to reach it and EUR are returned', { exclusiveMinimum: 0 })),
  }),
  output: Type.Object({
    rate: rateList('Rate at each t'),
    cum: cumList('Cumulative from t = 0 at each t'),
    decline: declineList('Nominal decline -dln q/dt at each t, per timeUnit'),
    diNominal: perTime('Initial nominal decline used, per timeUnit'),
    regime: Type.Enum(['exponential', 'hyperbolic', 'harmonic'], { description: 'Arps regime of b' }),
    tLimit: Type.Optional(timeOf('Time at which the rate reaches qLimit', { physical: { minimum: 0 } })),
    eur: Type.Optional(volumeOf('Cumulative when the rate reaches qLimit')),
  }),
  references: ARPS_REFERENCES,
  validity: [{ field: 'b', min: 0, max: 1, note: 'b > 1 is transient (not boundary-dominated) flow; its cumulative grows without bound' }],
  examples: [
    {
      title: 'hyperbolic qi 1000, D 0.1 nominal per time unit, b 0.5, at t = 10 (pyrestoolbox docs)',
      input: { qi: 1000, di: 0.1, b: 0.5, t: [10] },
      expected: { rate: [444.444444444] },
      tolerance: 1e-10,
      source: 'pyrestoolbox 3.7.6 docs/dca.rst arps_rate example; refdata decline.json arps-docex; closed form 1000/(1 + 0.5*0.1*10)^2',
    },
    {
      title: 'EUR to 10 volume/time: qi 1000, D 0.1, b 0.5',
      input: { qi: 1000, di: 0.1, b: 0.5, t: [0], qLimit: 10 },
      expected: { eur: 18000, tLimit: 180 },
      tolerance: 1e-10,
      source: 'closed form: tLimit = ((1000/10)^0.5 - 1)/(0.5*0.1) = 180; N = 1000/(0.5*0.1)(1 - (1 + 9)^-1) = 18000; refdata eur-1000-0.1-0.5-10',
    },
  ],
  run(input, warnings) {
    const d = nominalDecline(input, input.di, input.b);
    const curve = arpsCurve(input.qi, d, input.b);
    const regime = input.b <= 1e-10 ? 'exponential' : Math.abs(input.b - 1) < 1e-10 ? 'harmonic' : 'hyperbolic';
    const out = {
      rate: over(input.t, (t) => curve.rate(t)),
      cum: over(input.t, (t) => curve.cum(t)),
      decline: over(input.t, (t) => curve.decline(t)),
      diNominal: d,
      regime: regime as 'exponential' | 'hyperbolic' | 'harmonic',
    };
    requireFiniteDecline({ rate: out.rate, cum: out.cum, diNominal: d }, `qi ${input.qi}, di ${input.di}, b ${input.b} and t`);
    if (input.qLimit === undefined) return out;
    const tLimit = curve.timeTo(input.qLimit);
    if (Number.isFinite(tLimit)) {
      const eur = curve.cum(tLimit);
      requireFiniteDecline({ eur }, `qi ${input.qi}, di ${input.di}, b ${input.b} and qLimit ${input.qLimit}`);
      limitAtStart(input.qLimit, tLimit, warnings);
      return { ...out, tLimit, eur };
    }
    warnings.push(`the rate never falls to qLimit ${input.qLimit} within the floating-point range of time (decline ${d} per time unit): no tLimit or EUR`);
    return out;
  },
});
