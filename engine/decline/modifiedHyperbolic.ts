/**
 * decline.modifiedHyperbolic: the modified hyperbolic decline of Robertson (1988): Arps
 * hyperbolic with exponent b until its nominal decline D(t) = D/(1 + b D t) falls to the terminal
 * decline dterm, then exponential at dterm; rate, decline and cumulative are continuous at
 *
 *   tSwitch = (1/dterm - 1/D)/b,   qSwitch = q(tSwitch),   N = N_hyp(tSwitch) + qSwitch/dterm (1 - exp(-dterm (t - tSwitch)))
 *
 * Declines of declineType per declinePeriod: with 'secantEffective' di is the secant-effective
 * decline of the b hyperbola and dterm that of the exponential tail (b = 0, equal to its
 * tangent-effective decline) — petbox-dca's MH convention (Di secant-effective per year, Dterm
 * tangent-effective per year, t in days). With dterm = 0 (or b = 0) it is plain Arps.
 * Units: rates in any volume per timeUnit, cumulatives in that volume, t in timeUnit.
 * Validity: b typically 0.5-2 with dterm 5-10%/yr (SPEE Monograph 4); dterm must be below D.
 *
 * References:
 * - Robertson, S. (1988) Generalized Hyperbolic Equation. SPE-18731-MS.
 * - SPEE (2016) Monograph 4, Ch. 3 (terminal decline).
 * - Fulford, D.S. petbox-dca 1.1.0 (MIT) MH model: the decline conventions checked against.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { ARPS_INPUTS } from './arps.js';
import { cumList, declineList, limitAtStart, nominalDecline, over, perTime, rateList, rateOf, requireFiniteDecline, timeOf, timesInput, volumeOf } from './inputs.js';
import { mhSwitchTime, modifiedHyperbolicCurve } from './models/curves.js';
import { B_EXPONENTIAL } from './models/declineTypes.js';

export const modifiedHyperbolic = defineFunction({
  name: 'decline.modifiedHyperbolic',
  module: 'decline',
  title: 'Modified hyperbolic decline (hyperbolic to terminal exponential)',
  description:
    'Robertson (1988) modified hyperbolic: Arps hyperbolic (b) until the nominal decline falls to dterm, then exponential at dterm. Rate, cumulative and nominal decline at a list of times; ' +
    "the switch time and rate; with qLimit the time to it and EUR. Declines of declineType per declinePeriod ('secantEffective': di secant-effective of the hyperbola, dterm of the exponential tail = tangent-effective, the petbox-dca convention). " +
    'Units: rates in any volume per timeUnit, cumulatives in that volume.',
  input: Type.Object({
    ...ARPS_INPUTS,
    dterm: perTime('Terminal decline (same declineType and declinePeriod as di)', { minimum: 0 }),
    t: timesInput(),
    qLimit: Type.Optional(rateOf('Economic limit rate', { exclusiveMinimum: 0 })),
  }),
  output: Type.Object({
    rate: rateList('Rate at each t'),
    cum: cumList('Cumulative at each t'),
    decline: declineList('Nominal decline at each t, per timeUnit'),
    diNominal: perTime('Initial nominal decline, per timeUnit'),
    dtermNominal: perTime('Terminal nominal decline, per timeUnit'),
    tSwitch: Type.Union([timeOf('Switch time'), Type.Null()], { description: 'Time the decline becomes exponential (timeUnit); null when it never does (dterm 0 or b 0)' }),
    qSwitch: Type.Union([rateOf('Rate at the switch'), Type.Null()], { description: 'Rate at the switch; null without a switch' }),
    tLimit: Type.Optional(timeOf('Time at which the rate reaches qLimit')),
    eur: Type.Optional(volumeOf('Cumulative when the rate reaches qLimit')),
  }),
  references: [
    'Robertson, S. (1988) Generalized Hyperbolic Equation. SPE-18731-MS.',
    'Arps, J.J. (1945) Analysis of Decline Curves. Transactions of the AIME 160(1), 228-247. SPE-945228-G.',
    'SPEE (2016) Monograph 4: Estimating Ultimate Recovery of Developed Wells in Low-Permeability Reservoirs. Ch. 3.',
    'petbox-dca 1.1.0, petbox/dca/primary.py MH (D. S. Fulford, MIT): secant/tangent conventions. https://github.com/petbox-dev/dca',
  ],
  validity: [{ field: 'b', min: 0, max: 2.5, note: 'modified hyperbolic fits use b up to about 2 (transient linear flow)' }],
  examples: [
    {
      title: 'qi 1000/d, D 0.01/d nominal, b 1.2, dterm 0.0003/d, to 5/d',
      input: { qi: 1000, di: 0.01, b: 1.2, dterm: 0.0003, t: [365, 5000], qLimit: 5 },
      expected: { rate: [246.045128223, 26.9492921368], tSwitch: 2694.44444444, eur: 559710.247582 },
      tolerance: 1e-8,
      source: 'refdata decline.json mh-pyrtb-1000-0.01-1.2-0.0003 (pyrestoolbox 3.7.6 mh_rate/mh_eur); tSwitch = (1/0.0003 - 1/0.01)/1.2',
    },
  ],
  run(input, warnings) {
    const d = nominalDecline(input, input.di, input.b);
    const dterm = nominalDecline(input, input.dterm, 0);
    if (input.dterm > 0 && dterm >= d) throw new EngineFailure('invalid_input', `the terminal decline (${dterm} nominal per ${input.timeUnit ?? 'day'}) must be below the initial one (${d})`);
    const tSwitch = mhSwitchTime(d, input.b, dterm);
    if (tSwitch === null && input.dterm > 0) {
      warnings.push(input.b <= B_EXPONENTIAL ? 'b = 0: the decline is exponential throughout and never switches' : 'the switch to dterm lies beyond the floating-point range of time: the decline stays hyperbolic');
    }
    const curve = modifiedHyperbolicCurve(input.qi, d, input.b, dterm);
    const out = {
      rate: over(input.t, (t) => curve.rate(t)),
      cum: over(input.t, (t) => curve.cum(t)),
      decline: over(input.t, (t) => curve.decline(t)),
      diNominal: d,
      dtermNominal: dterm,
      tSwitch,
      qSwitch: tSwitch === null ? null : curve.rate(tSwitch),
    };
    requireFiniteDecline({ rate: out.rate, cum: out.cum, diNominal: d, dtermNominal: dterm }, `qi ${input.qi}, di ${input.di}, b ${input.b}, dterm ${input.dterm} and t`);
    if (input.qLimit === undefined) return out;
    const tLimit = curve.timeTo(input.qLimit);
    if (!Number.isFinite(tLimit)) {
      warnings.push(`the rate never falls to qLimit ${input.qLimit}: no tLimit or EUR`);
      return out;
    }
    const eur = curve.cum(tLimit);
    requireFiniteDecline({ eur }, `qi ${input.qi}, di ${input.di}, b ${input.b}, dterm ${input.dterm} and qLimit ${input.qLimit}`);
    limitAtStart(input.qLimit, tLimit, warnings);
    return { ...out, tLimit, eur };
  },
});
