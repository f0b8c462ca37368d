/**
 * decline.eur: estimated ultimate recovery to an economic-limit rate for Arps (1945) or the
 * modified hyperbolic (Robertson 1988): the cumulative at the time the rate reaches qLimit.
 *
 *   Arps:  tLimit = ((qi/qLimit)^b - 1)/(b D)  (b > 0),  ln(qi/qLimit)/D  (b = 0);  EUR = N(tLimit)
 *   Modified hyperbolic: the hyperbolic cumulative to the switch (if the limit is later), plus
 *   (qSwitch - qLimit)/dterm for the exponential tail.
 * Units: rates in any volume per timeUnit, EUR in that volume. b > 1 needs qLimit > 0 (always
 * required here) for a finite EUR.
 *
 * References: Arps (1945); Robertson, S. (1988) Generalized Hyperbolic Equation. SPE-18731-MS.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { ARPS_INPUTS, ARPS_REFERENCES } from './arps.js';
import { nominalDecline, perTime, rateOf, requireFiniteDecline, timeOf, volumeOf } from './inputs.js';
import { arpsCurve, mhSwitchTime, modifiedHyperbolicCurve } from './models/curves.js';

export const eur = defineFunction({
  name: 'decline.eur',
  module: 'decline',
  title: 'EUR to an economic limit (Arps or modified hyperbolic)',
  description:
    "EUR = cumulative when the rate reaches qLimit, for Arps (model 'arps', default) or the modified hyperbolic ('modifiedHyperbolic', give dterm: exponential at dterm once the nominal decline falls to it). " +
    "Declines of declineType ('nominal' default, 'tangentEffective', 'secantEffective') per declinePeriod. Units: rates in any volume per timeUnit; EUR in that volume; tLimit in timeUnit.",
  input: Type.Object({
    model: Type.Optional(Type.Enum(['arps', 'modifiedHyperbolic'], { default: 'arps', description: "'arps' (default) or 'modifiedHyperbolic'" })),
    ...ARPS_INPUTS,
    dterm: Type.Optional(perTime('Terminal decline of the modified hyperbolic (same declineType/period as di; a secant-effective terminal decline has b = 0, i.e. equals tangent-effective)', { minimum: 0 })),
    qLimit: rateOf('Economic limit rate', { exclusiveMinimum: 0 }),
  }),
  output: Type.Object({
    eur: volumeOf('Cumulative production when the rate reaches qLimit'),
    tLimit: timeOf('Time at which the rate reaches qLimit, timeUnit', { physical: { minimum: 0 } }),
    diNominal: perTime('Initial nominal decline used, per timeUnit'),
  }),
  references: [...ARPS_REFERENCES, 'Robertson, S. (1988) Generalized Hyperbolic Equation. SPE-18731-MS.'],
  validity: [{ field: 'b', min: 0, max: 2, note: 'b above 2 is outside the range decline analyses use' }],
  examples: [
    {
      title: 'harmonic: qi 1000, D 0.1, qLimit 10',
      input: { qi: 1000, di: 0.1, b: 1, qLimit: 10 },
      expected: { eur: 46051.7018599, tLimit: 990 },
      tolerance: 1e-10,
      source: 'closed form: tLimit = (1000/10 - 1)/0.1 = 990; N = 1000/0.1 ln(1 + 99) = 46051.70186; refdata eur-1000-0.1-1.0-10 (pyrestoolbox 3.7.6 eur)',
    },
  ],
  run(input) {
    if (input.qLimit >= input.qi) throw new EngineFailure('invalid_input', `qLimit ${input.qLimit} must be below qi ${input.qi}`);
    const d = nominalDecline(input, input.di, input.b);
    if (!(d > 0)) throw new EngineFailure('no_solution', 'with zero decline the rate never reaches qLimit: EUR is unbounded');
    let curve;
    if ((input.model ?? 'arps') === 'modifiedHyperbolic') {
      if (input.dterm === undefined) throw new EngineFailure('invalid_input', "model 'modifiedHyperbolic' needs dterm");
      const dterm = nominalDecline(input, input.dterm, 0);
      if (mhSwitchTime(d, input.b, dterm) === null && dterm >= d) throw new EngineFailure('invalid_input', `dterm (${dterm} nominal) must be below the initial nominal decline ${d}`);
      curve = modifiedHyperbolicCurve(input.qi, d, input.b, dterm);
    } else {
      curve = arpsCurve(input.qi, d, input.b);
    }
    const tLimit = curve.timeTo(input.qLimit);
    const eur = curve.cum(tLimit);
    // A harmonic or hyperbolic decline to a limit far below qi takes ~(qi/qLimit)^b/D time units and gathers ~qi ln(qi/qLimit)/D or more.
    requireFiniteDecline({ tLimit, eur }, `qi ${input.qi}, di ${input.di}, b ${input.b} and qLimit ${input.qLimit}`);
    return { eur, tLimit, diNominal: d };
  },
});
