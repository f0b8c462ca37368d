/** eos.model.flash: eos.flash on a saved project's fluid model (see ../flash.ts). */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { kelvinFromF, paFromPsia } from '../core/constants.js';
import { flashPT, Isotherm } from '../core/flashPT.js';
import { FLASH_OUTPUT, flashOutput } from '../flashOutput.js';
import { flash as inlineFlash } from '../flash.js';
import { EOS_VALIDITY, PSIA_INPUT, TF_INPUT } from '../schemaParts.js';
import { DEMO, MODEL_INPUTS, Source } from './inputs.js';
import { LARGEST_MODEL, LARGEST_MODEL_PROJECT } from '../largestFluid.js';
import { requireEosPressure, requireFluidTemperature } from '../domain.js';
import { attachedModel, modelFluid, modelSource } from './resolved.js';

const Input = Type.Object({ ...MODEL_INPUTS, TF: TF_INPUT, psia: PSIA_INPUT });
const Output = Type.Object({ source: Source, ...FLASH_OUTPUT });

export const modelFlash = defineFunction({
  name: 'eos.model.flash',
  module: 'eos',
  title: "EOS PT flash of a saved project's fluid model",
  description:
    "eos.flash on the fluid model of a saved project (projectId; fluidModelId when it holds several; versionId for a saved version) at psia and TF: stability analysis, " +
    'phase split, phase count and labels, vapour fraction, x, y, K, Z, density, molar mass and LBC viscosity per phase. Needs engine:run and projects:read. Units: psia, degF.',
  input: Input,
  output: Output,
  resolve: 'fluidModel',
  references: inlineFlash.references,
  validity: EOS_VALIDITY,
  examples: [
    {
      title: 'demo volatile oil at 212 degF, 2000 psia (below its bubble point)',
      input: { ...DEMO, TF: 212, psia: 2000 },
      expected: { phaseCount: 2, phase: 'two-phase' },
      tolerance: 1e-9,
      source: 'demo model (api/projects/demo.ts); bubble point at 212 degF from eos.model.saturationPressure',
    },
  ],
  sizeExamples: [{ title: 'the 60-component model at 200 degF, 2000 psia: two phases', input: { ...LARGEST_MODEL, TF: 200, psia: 2000 }, projectData: LARGEST_MODEL_PROJECT }],
  run(input, warnings) {
    const m = attachedModel(input);
    const { fluid, z, names } = modelFluid(m);
    requireEosPressure('psia', input.psia);
    requireFluidTemperature('TF', input.TF, fluid, z, warnings);
    const T = kelvinFromF(input.TF);
    return { source: modelSource(m), ...flashOutput(flashPT(new Isotherm(fluid, T), z, paFromPsia(input.psia)), fluid, names, T, z, warnings) };
  },
});
