/**
 * eos.phaseEnvelope: the P-T phase envelope of an inline composition by continuation through the
 * critical point (Michelsen 1980): dew side from startPsia, the cricondentherm, the critical
 * point (interpolated where every ln K is zero), the cricondenbar, the bubble side back to
 * startPsia; optional quality lines (constant vapour fraction) from startPsia to the critical
 * point. Each curve at most maxPoints points (<= 2000): ten curves at the cap would be ~0.8 MB of
 * JSON; the largest measured (sizeExamples) is ~90 kB.
 *
 * Units: psia, degF. Validity: two-phase envelopes (no three-phase regions); fluids with a
 * liquid-liquid region at low temperature stop where the trace cannot continue (said so).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { GAS_CONDENSATE_EXAMPLE } from './flash.js';
import { buildFluid, checkFluid, FLUID_INPUTS } from './fluidInput.js';
import { ENVELOPE_INPUTS, envelopeOutput, EnvelopeOutput, MAX_ENVELOPE_POINTS } from './envelopeOutput.js';
import { LARGEST_FLUID, NINE_QUALITY_LINES } from './largestFluid.js';
import { REF } from './references.js';

const Input = Type.Object({ ...FLUID_INPUTS, ...ENVELOPE_INPUTS });

export const phaseEnvelope = defineFunction({
  name: 'eos.phaseEnvelope',
  module: 'eos',
  title: 'EOS phase envelope with critical point, cricondenbar and cricondentherm',
  description:
    'P-T phase envelope of an inline composition with PR (1976), PR78 or SRK, traced by Newton continuation in (ln K, ln T, ln P) through the critical point ' +
    '(Michelsen 1980): dew points from startPsia up, the critical point (where all ln K change sign), the cricondenbar and cricondentherm (maxima of the interpolated ' +
    'curve, corrected onto it), bubble points back down to startPsia; optional quality lines (vapour fractions). Each curve at most maxPoints (<= 2000) points. ' +
    'Components, kij, composition, eos and volumeShift as eos.flash. Units: psia, degF.',
  input: Input,
  output: EnvelopeOutput,
  references: [REF.envelope, REF.book, REF.pr, REF.pr78, REF.srk],
  validity: [],
  examples: [
    {
      title: 'gas condensate (PR, illustrative kij): envelope from 14.696 psia',
      input: { ...GAS_CONDENSATE_EXAMPLE, eos: 'PR', maxPoints: 400 },
      expected: { complete: true, cricondenbar: { TF: 144.2, psia: 3034.26 } },
      tolerance: 1e-3,
      source: 'engcalc continuation; the cricondenbar pressure equals eos.saturationPressure at its temperature to 1e-9 (test/engine/eos/phaseEnvelope.test.ts)',
    },
  ],
  sizeExamples: [
    {
      title: 'the 60-component volatile oil (largestFluid.ts) from 0.1 psia, 2000 points per curve, 9 quality lines',
      input: { ...LARGEST_FLUID, startPsia: 0.1, maxPoints: MAX_ENVELOPE_POINTS, qualityLines: NINE_QUALITY_LINES },
    },
  ],
  check: (input) => checkFluid(input),
  run(input, warnings, context) {
    const { fluid, z } = buildFluid(input);
    return envelopeOutput(fluid, z, input, warnings, context.progress);
  },
});
