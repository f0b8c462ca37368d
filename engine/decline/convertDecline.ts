/**
 * decline.convertDecline: one decline rate in all three conventions, and between time units.
 *
 *   nominal D (instantaneous, -dln q/dt)   tangent effective Dt = 1 - exp(-D)
 *   secant effective Ds = 1 - (1 + b D)^(-1/b) (b > 0; = Dt at b = 0),  D = ((1 - Ds)^-b - 1)/b
 * Effective declines are fractions lost over one period; the nominal decline scales with the
 * period (per year = 365.25 x per day, per month = 365.25/12 x per day). The given decline is
 * converted to nominal over its own period, scaled to toPeriod, and expressed in every convention.
 * Units: nominal 1/period, effective fraction per period.
 *
 * References: SPEE (2016) Monograph 4, Ch. 3; petbox-dca 1.1.0 nominal_from_secant,
 * secant_from_nominal, tangent_from_nominal (D. S. Fulford, MIT).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { perTime, ratio } from './inputs.js';
import { DAYS_PER, nominalFrom, secantFromNominal, tangentFromNominal, TIME_UNITS, type DeclineType } from './models/declineTypes.js';

const fraction = (description: string) => ratio(description, { minimum: 0, exclusiveMaximum: 1 });

export const convertDecline = defineFunction({
  name: 'decline.convertDecline',
  module: 'decline',
  title: 'Convert a decline between nominal, tangent- and secant-effective, and time units',
  description:
    'Give one of nominal (instantaneous -dln q/dt, 1/period), tangentEffective (1 - exp(-D)) or secantEffective (1 - (1 + bD)^(-1/b), needs b; b = 0 equals tangent-effective), ' +
    "quoted per period ('day', 'month' = 365.25/12 d, 'year' = 365.25 d; default 'year'); get all three per toPeriod (default the same period).",
  input: Type.Object({
    nominal: Type.Optional(perTime('Nominal decline, 1/period', { minimum: 0 })),
    tangentEffective: Type.Optional(fraction('Tangent-effective decline, fraction per period')),
    secantEffective: Type.Optional(fraction('Secant-effective decline, fraction per period')),
    b: Type.Optional(ratio('Arps exponent of the curve the secant-effective decline belongs to (default 0)', { minimum: 0, maximum: 5, default: 0 })),
    period: Type.Optional(Type.Enum(TIME_UNITS, { default: 'year', description: "Period the given decline is per: 'day', 'month' or 'year' (default)" })),
    toPeriod: Type.Optional(Type.Enum(TIME_UNITS, { description: 'Period of the results (default: period)' })),
  }),
  output: Type.Object({
    nominal: perTime('Nominal decline per toPeriod', { physical: { minimum: 0 } }),
    tangentEffective: ratio('Tangent-effective decline per toPeriod', { physical: { minimum: 0, maximum: 1 } }),
    secantEffective: ratio('Secant-effective decline per toPeriod (for b)', { physical: { minimum: 0, maximum: 1 } }),
  }),
  references: [
    'SPEE (2016) Monograph 4: Estimating Ultimate Recovery of Developed Wells in Low-Permeability Reservoirs. Society of Petroleum Evaluation Engineers. Ch. 3.',
    'petbox-dca 1.1.0, petbox/dca/primary.py (D. S. Fulford, MIT): nominal_from_secant, secant_from_nominal, tangent_from_nominal. https://github.com/petbox-dev/dca',
  ],
  validity: [],
  examples: [
    {
      title: '20%/yr secant-effective at b = 0.5',
      input: { secantEffective: 0.2, b: 0.5 },
      expected: { nominal: 0.2360679775, tangentEffective: 0.210273011558, secantEffective: 0.2 },
      tolerance: 1e-10,
      source: 'closed form ((1 - 0.2)^-0.5 - 1)/0.5 = 0.23606798; 1 - exp(-0.23606798) = 0.21027301; refdata dconv-0.2-0.5 (petbox-dca 1.1.0)',
    },
  ],
  run(input) {
    const given = (['nominal', 'tangentEffective', 'secantEffective'] as const).filter((k) => input[k] !== undefined);
    if (given.length !== 1) throw new EngineFailure('invalid_input', 'give exactly one of nominal, tangentEffective, secantEffective');
    const type = given[0] as DeclineType;
    const b = input.b ?? 0;
    const period = input.period ?? 'year';
    const d = nominalFrom(type, input[type] as number, b) * (DAYS_PER[input.toPeriod ?? period] / DAYS_PER[period]);
    return { nominal: d, tangentEffective: tangentFromNominal(d), secantEffective: secantFromNominal(d, b) };
  },
});
