/**
 * decline.transientHyperbolic: the transient hyperbolic model (THM) of Fulford & Blasingame (2013),
 * in the analytic segment form of Fulford (2018) used by petbox-dca: the b(t) transition from bi
 * (transient linear flow, usually 2) to bf (boundary-dominated) around telf,
 *
 *   b(t) = bi - (bi - bf) exp(-exp(-c (t - telf) + e^gamma)),  c = e^gamma/(1.5 telf)
 *
 * is replaced by Arps segments starting at 0 (bi), telf(e - 1) (bi - (bi - bf)/e) and telf(e + 1)
 * (bf), joined with continuous rate, decline and cumulative; then optionally a terminal regime:
 * ttermYears > 0: a hyperbola with b = min(bterm, bf) from ttermYears (telf x 7 if earlier than
 * the bf segment, as petbox-dca, with a warning); ttermYears = 0 and bterm > 0: bterm is a
 * tangent-effective annual decline and the curve turns exponential when its nominal decline first
 * falls to it, in whichever segment (petbox-dca looks in the bf segment only, and where the decline
 * is below bterm there already, starts the exponential at that segment with a jump up in decline;
 * here the decline never rises, and a warning says where the two differ).
 * di is of declineType for the initial b = bi (petbox: secant-effective per year). Units: rates in
 * any volume per timeUnit, telf in timeUnit, ttermYears in years (365.25 d).
 *
 * References:
 * - Fulford, D.S. and Blasingame, T.A. (2013) Evaluation of Time-Rate Performance of Shale Wells
 *   using the Transient Hyperbolic Relation. SPE Unconventional Resources Conference Canada.
 *   SPE-167242-MS.
 * - Fulford, D.S. (2018) A Model-Based Diagnostic Workflow for Time-Rate Performance of
 *   Unconventional Wells. URTeC-2903036.
 * - petbox-dca 1.1.0 THM (D. S. Fulford, MIT).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { nominalDecline, perTime, rateOf, ratio, timeOf, timesInput } from './inputs.js';
import { thmSchedule } from './models/curves.js';
import { SegmentedArps } from './models/segmented.js';
import { DAYS_PER, DAYS_PER_YEAR, declinePeriodInput, declineTypeInput, nominalFrom, timeUnitInput } from './models/declineTypes.js';
import { CURVE_OUTPUT, curveResult, qLimitInput } from './curveOutput.js';

export const transientHyperbolic = defineFunction({
  name: 'decline.transientHyperbolic',
  module: 'decline',
  title: 'Transient hyperbolic decline (THM)',
  description:
    'Fulford & Blasingame (2013) transient hyperbolic model: b moves from bi (linear flow, ~2) to bf around telf, in the analytic Arps-segment form of Fulford (2018) as petbox-dca computes it; ' +
    'optional terminal regime: ttermYears > 0 a hyperbola with b = bterm from then (moved to 7 telf, with a warning, when before the bf segment at telf(e + 1), as petbox-dca), ' +
    'ttermYears = 0 with bterm > 0 an exponential at the tangent-effective annual decline bterm from when the decline first falls to it (none when it starts below it). ' +
    "di of declineType (petbox: 'secantEffective' per year) for b = bi. Units: rates in any volume per timeUnit, telf in timeUnit, ttermYears in years.",
  input: Type.Object({
    qi: rateOf('Initial rate', { exclusiveMinimum: 0 }),
    di: perTime('Initial decline, of declineType, per declinePeriod', { exclusiveMinimum: 0 }),
    bi: ratio('Initial b (transient linear flow: 2)', { minimum: 0, maximum: 5 }),
    bf: ratio('Final b (boundary-dominated)', { minimum: 0, maximum: 5 }),
    telf: timeOf('Time to the end of linear flow, timeUnit', { minimum: 0 }),
    bterm: Type.Optional(ratio('Terminal b (with ttermYears > 0) or terminal tangent-effective annual decline (with ttermYears = 0); 0 = none', { minimum: 0, default: 0 })),
    ttermYears: Type.Optional(quantityYears()),
    t: timesInput(),
    timeUnit: timeUnitInput(),
    declineType: declineTypeInput(),
    declinePeriod: declinePeriodInput(),
    qLimit: qLimitInput(),
  }),
  output: Type.Object(CURVE_OUTPUT),
  references: [
    'Fulford, D.S. and Blasingame, T.A. (2013) Evaluation of Time-Rate Performance of Shale Wells using the Transient Hyperbolic Relation. SPE-167242-MS.',
    'Fulford, D.S. (2018) A Model-Based Diagnostic Workflow for Time-Rate Performance of Unconventional Wells. URTeC-2903036.',
    'petbox-dca 1.1.0, petbox/dca/primary.py THM (D. S. Fulford, MIT). https://github.com/petbox-dev/dca',
  ],
  validity: [],
  examples: [
    {
      title: 'qi 750/d, Di 80%/yr secant-effective, bi 2, bf 0.5, telf 28 d, no terminal regime',
      input: { qi: 750, di: 0.8, bi: 2, bf: 0.5, telf: 28, t: [1, 365.25], declineType: 'secantEffective' },
      expected: { rate: [726.510783867, 98.5107119171], cum: [738.068551688, 82828.087342] },
      tolerance: 1e-5,
      source: 'refdata decline.json thm-petbox-750.0-0.8-2.0-0.5-28.0-0.0 (petbox-dca 1.1.0 THM.rate/cum)',
    },
  ],
  run(input, warnings) {
    if (input.bf > input.bi) throw new EngineFailure('invalid_input', `bf ${input.bf} must not exceed bi ${input.bi}`);
    const unit = input.timeUnit ?? 'day';
    const perYear = DAYS_PER_YEAR / DAYS_PER[unit];
    const tterm = (input.ttermYears ?? 0) * perYear;
    const bterm = input.bterm ?? 0;
    if (tterm > 0 && bterm > input.bf) throw new EngineFailure('invalid_input', `bterm ${bterm} must not exceed bf ${input.bf} for a hyperbolic terminal regime`);
    if (tterm > 0 && tterm < input.telf) throw new EngineFailure('invalid_input', 'ttermYears must be after telf');
    const dTerm = tterm === 0 && bterm > 0 ? nominalFrom('tangentEffective', bterm, 0) / perYear : 0;
    const d = nominalDecline(input, input.di, input.bi);
    const schedule = thmSchedule({ qi: input.qi, d, bi: input.bi, bf: input.bf, telf: input.telf, bterm, tterm, dTerm });
    const years = (t: number) => `${(t / perYear).toPrecision(4)} years`;
    const bfStart = input.telf * (Math.E + 1);
    if (schedule.ttermMovedFrom !== null) {
      warnings.push(`ttermYears ${years(schedule.ttermMovedFrom)} is before the bf segment starts (telf(e + 1) = ${years(bfStart)}): the terminal hyperbola starts at 7 telf = ${years(schedule.terminalStart!)} (petbox-dca's rule)`);
    }
    if (schedule.terminalBeforeBf) {
      warnings.push(`the decline falls to the terminal decline at ${years(schedule.terminalStart!)}, before the bf segment starts (telf(e + 1) = ${years(bfStart)}): the exponential starts there (petbox-dca starts it at the bf segment, where its decline jumps up to the terminal one)`);
    }
    if (dTerm > 0 && schedule.terminalStart === null && !(d > dTerm)) warnings.push(`the initial decline is not above the terminal decline bterm ${bterm}: no terminal regime`);
    return curveResult(new SegmentedArps(input.qi, d, schedule.starts), input.t, input.qLimit, warnings);
  },
});

function quantityYears() {
  return timeOf('Start of a hyperbolic terminal regime, years (0: exponential terminal regime if bterm > 0)', { minimum: 0, default: 0 });
}
