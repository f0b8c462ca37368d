/** eos.model.saturationPressure: eos.saturationPressure on a saved project's fluid model. */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { kelvinFromF } from '../core/constants.js';
import { Isotherm } from '../core/flashPT.js';
import { saturationPressure as inline } from '../saturationPressure.js';
import { SATURATION_INPUTS, SaturationOutput, saturationOutput } from '../saturationOutput.js';
import { findSaturation } from '../saturationSolve.js';
import { TF_INPUT } from '../schemaParts.js';
import { DEMO, MODEL_INPUTS, Source } from './inputs.js';
import { LARGEST_MODEL, LARGEST_MODEL_PROJECT } from '../largestFluid.js';
import { requireFluidTemperature } from '../domain.js';
import { attachedModel, modelFluid, modelSource } from './resolved.js';

const Input = Type.Object({ ...MODEL_INPUTS, TF: TF_INPUT, ...SATURATION_INPUTS });
const Output = Type.Object({ source: Source, ...SaturationOutput.properties });

export const modelSaturationPressure = defineFunction({
  name: 'eos.model.saturationPressure',
  module: 'eos',
  title: "Bubble or dew pressure of a saved project's fluid model",
  description:
    'eos.saturationPressure on the fluid model of a saved project (projectId; fluidModelId when it holds several; versionId for a saved version) at TF: kind bubble | dew | auto, ' +
    'branch upper | lower, incipient phase composition, validated by flashes 0.5% either side. Needs engine:run and projects:read. Units: psia, degF.',
  input: Input,
  output: Output,
  resolve: 'fluidModel',
  references: inline.references,
  validity: inline.validity,
  examples: [
    {
      title: 'demo volatile oil at 212 degF',
      input: { ...DEMO, TF: 212 },
      expected: { kind: 'bubble', branch: 'upper' },
      tolerance: 1e-9,
      source: 'demo model (api/projects/demo.ts)',
    },
  ],
  sizeExamples: [{ title: 'the 60-component model at 200 degF', input: { ...LARGEST_MODEL, TF: 200 }, projectData: LARGEST_MODEL_PROJECT }],
  run(input, warnings) {
    const m = attachedModel(input);
    const { fluid, z, names } = modelFluid(m);
    requireFluidTemperature('TF', input.TF, fluid, z, warnings);
    const a = findSaturation(new Isotherm(fluid, kelvinFromF(input.TF)), z, input.kind ?? 'auto', input.branch ?? 'upper');
    return { source: modelSource(m), ...saturationOutput(a, fluid, names, z, warnings) };
  },
});
