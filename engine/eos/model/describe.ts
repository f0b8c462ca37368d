/**
 * eos.model.describe: a saved fluid model as the engine reads it: EOS, volume shift, component
 * constants (K, bar, g/mol, cm3/mol, with the defaults the engine fills), normalised composition,
 * the full kij matrix, molar mass, and the model's own reference data.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { quantity, quantityArray } from '../../quantity.js';
import { EOS_NAMES } from '../core/eosFamily.js';
import { componentConstants } from '../fluidInput.js';
import { REF } from '../references.js';
import { LARGEST_MODEL, LARGEST_MODEL_PROJECT } from '../largestFluid.js';
import { DEMO, MODEL_INPUTS, Source } from './inputs.js';
import { attachedModel, modelComponentsLabel, modelFluidInput, modelSource } from './resolved.js';

const Input = Type.Object({ ...MODEL_INPUTS });

const Output = Type.Object({
  source: Source,
  eos: Type.Enum(EOS_NAMES),
  volumeShift: Type.Boolean(),
  components: Type.Array(
    Type.Object({
      name: Type.String(),
      TcK: quantity('temperatureKelvin'),
      PcBar: quantity('pressureBar'),
      omega: quantity('dimensionless'),
      MW: quantity('molarMass'),
      VcCm3PerMol: quantity('molarVolume', { description: 'Given, or estimated (LBC C7+ correlation from SG, else Zc = 0.291 - 0.080 omega)' }),
      volumeShift: quantity('dimensionless', { description: 'Peneloux s = c/b used when the shift is on (given or the library default)' }),
    }),
    { maxItems: 60 },
  ),
  composition: quantityArray('dimensionless', { physical: { minimum: 0, maximum: 1 } }, { maxItems: 60 }),
  kij: Type.Array(quantityArray('dimensionless', { physical: { minimum: -1, maximum: 1 } }, { maxItems: 60 }), { maxItems: 60 }),
  molarMass: quantity('molarMass'),
  reference: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
});

export const describe = defineFunction({
  name: 'eos.model.describe',
  module: 'eos',
  title: "A saved project's fluid model as the engine reads it",
  description:
    "The fluid model of a saved project (projectId; fluidModelId when the project holds several; versionId to read a saved version): EOS, volume shift, every component's " +
    'constants with the defaults the engine fills in, normalised composition, the full kij matrix, molar mass and the reference data the model carries. Needs a key with ' +
    'engine:run and projects:read; another company\'s project is 404. The demo project\'s model volatile-oil-pr78 works out of the box.',
  input: Input,
  output: Output,
  resolve: 'fluidModel',
  references: [REF.whitsonBrule],
  validity: [],
  examples: [
    {
      title: "the demo project's 11-component PR78 model",
      input: { ...DEMO },
      expected: { eos: 'PR78', volumeShift: true, molarMass: 72.5871996 },
      tolerance: 1e-5,
      source: 'api/projects/demo.ts: sum of z_i MW_i of the demo composition (it sums to 1.0000)',
    },
  ],
  sizeExamples: [{ title: 'the 60-component model (largestFluid.ts): 60 components, a 60 x 60 kij', input: { ...LARGEST_MODEL }, projectData: LARGEST_MODEL_PROJECT }],
  run(input) {
    const m = attachedModel(input);
    const f = modelFluidInput(m);
    const comps = f.components.map((c, i) => componentConstants(c, m.eos, `${modelComponentsLabel(m)}[${i}] '${m.components[i]!.name}'`));
    return {
      source: modelSource(m),
      eos: m.eos,
      volumeShift: m.volumeShift,
      components: comps.map((c) => ({ name: c.name, TcK: c.tcK, PcBar: c.pcPa / 1e5, omega: c.omega, MW: c.mw, VcCm3PerMol: c.vcM3 * 1e6, volumeShift: c.shift })),
      composition: m.composition,
      kij: m.kij,
      molarMass: comps.reduce((s, c, i) => s + c.mw * m.composition[i]!, 0),
      reference: m.reference,
    };
  },
});
