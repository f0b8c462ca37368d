/** eos.model.phaseEnvelope: eos.phaseEnvelope on a saved project's fluid model. */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { ENVELOPE_INPUTS, EnvelopeOutput, envelopeOutput, MAX_ENVELOPE_POINTS } from '../envelopeOutput.js';
import { LARGEST_MODEL, LARGEST_MODEL_PROJECT, NINE_QUALITY_LINES } from '../largestFluid.js';
import { phaseEnvelope as inline } from '../phaseEnvelope.js';
import { DEMO, MODEL_INPUTS, Source } from './inputs.js';
import { attachedModel, modelFluid, modelSource } from './resolved.js';

const Input = Type.Object({ ...MODEL_INPUTS, ...ENVELOPE_INPUTS });
const Output = Type.Object({ source: Source, ...EnvelopeOutput.properties });

export const modelPhaseEnvelope = defineFunction({
  name: 'eos.model.phaseEnvelope',
  module: 'eos',
  title: "Phase envelope of a saved project's fluid model",
  description:
    'eos.phaseEnvelope on the fluid model of a saved project (projectId; fluidModelId when it holds several; versionId for a saved version): the P-T envelope by ' +
    'continuation through the critical point (Michelsen 1980), critical point, cricondenbar, cricondentherm, optional quality lines; each curve at most maxPoints ' +
    '(<= 2000). Runs on a worker thread under the engine time limit. Needs engine:run and projects:read. Units: psia, degF.',
  input: Input,
  output: Output,
  resolve: 'fluidModel',
  references: inline.references,
  validity: [],
  examples: [
    {
      title: 'demo volatile oil envelope from 14.696 psia',
      input: { ...DEMO },
      expected: { complete: true },
      tolerance: 1e-9,
      source: 'demo model (api/projects/demo.ts); continuation checked against eos.saturationPressure (test/engine/eos)',
    },
  ],
  sizeExamples: [
    {
      title: 'the 60-component model from 0.1 psia, 2000 points per curve, 9 quality lines',
      input: { ...LARGEST_MODEL, startPsia: 0.1, maxPoints: MAX_ENVELOPE_POINTS, qualityLines: NINE_QUALITY_LINES },
      projectData: LARGEST_MODEL_PROJECT,
    },
  ],
  run(input, warnings, context) {
    const m = attachedModel(input);
    const { fluid, z } = modelFluid(m);
    return { source: modelSource(m), ...envelopeOutput(fluid, z, input, warnings, context.progress) };
  },
});
