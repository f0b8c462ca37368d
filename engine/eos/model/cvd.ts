/**
 * eos.model.cvd: constant volume depletion of a saved project's fluid model at reservoir
 * temperature (lab/cvd.ts): liquid dropout, cumulative produced moles, produced gas Z, gravity
 * and composition, two-phase Z per stage.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { quantityArray } from '../../quantity.js';
import { psiaFromPa } from '../core/constants.js';
import { checkDecreasing } from '../lab/common.js';
import { constantVolumeDepletion } from '../lab/cvd.js';
import { REF } from '../references.js';
import { DEMO, MODEL_INPUTS, RESERVOIR_TF, Source } from './inputs.js';
import { column, labSetup, nullableColumn, pressureList, SaturationSummary } from './labInputs.js';
import { LARGEST_MODEL, LARGEST_MODEL_PROJECT, pressureSteps } from '../largestFluid.js';
import { attachedModel, modelSource } from './resolved.js';
import { requireEosPressure } from '../domain.js';

const DEFAULT_FACTORS = [0.85, 0.7, 0.55, 0.4, 0.25];

const Input = Type.Object({
  ...MODEL_INPUTS,
  TF: RESERVOIR_TF,
  psia: pressureList(`Stage pressures below the saturation pressure, decreasing (at most 100); default ${DEFAULT_FACTORS.join(', ')} x the saturation pressure`, 100),
});

const Output = Type.Object({
  source: Source,
  saturation: SaturationSummary,
  psia: column('pressure', 'Stages: the saturation pressure, then the given pressures'),
  liquidDropoutPercent: column('dimensionless', 'Liquid volume as % of the saturation (cell) volume', { minimum: 0 }),
  producedMolesPercent: column('dimensionless', 'Cumulative moles produced, % of the initial', { minimum: 0, maximum: 100 }),
  gasZ: nullableColumn('dimensionless', 'Z of the produced gas', { exclusiveMinimum: 0 }),
  twoPhaseZ: column('dimensionless', 'Two-phase Z: P Vd / ((1 - np) R T), the cell at its saturation volume Vd holding the moles left after the stage\'s gas removal (Whitson & Torp 1983)', { exclusiveMinimum: 0 }),
  gasGravity: nullableColumn('dimensionless', 'Gravity (air = 1) of the produced gas', { exclusiveMinimum: 0 }),
  producedGasComposition: Type.Array(Type.Union([quantityArray('dimensionless', { physical: { minimum: 0, maximum: 1 } }, { maxItems: 60 }), Type.Null()]), { maxItems: 102, description: 'Mole fractions of the produced gas per stage (null at the saturation point)' }),
  components: Type.Array(Type.String(), { maxItems: 60 }),
});

export const modelCvd = defineFunction({
  name: 'eos.model.cvd',
  module: 'eos',
  title: "Constant volume depletion of a saved project's fluid model",
  description:
    'Constant volume depletion of the fluid model of a saved project (projectId; fluidModelId when it holds several; versionId for a saved version) at TF: the cell at the ' +
    'saturation volume, gas removed at each stage pressure until the cell is back at that volume: liquid dropout (% of the cell), cumulative produced moles (%), produced ' +
    "gas Z, gravity and composition, two-phase Z. The gas-condensate experiment (an oil model runs, with a warning). Volumes with the model's volume shift. Needs " +
    'engine:run and projects:read. Runs on a worker thread under the engine time limit. Units: psia, degF.',
  input: Input,
  output: Output,
  resolve: 'fluidModel',
  references: [REF.whitsonBrule, 'Whitson, C.H. and Torp, S.B. (1983) Evaluating Constant-Volume Depletion Data. J. Pet. Technol. 35(3), 610-620. SPE-10067-PA.', REF.split, REF.saturation],
  validity: [],
  examples: [
    {
      title: 'demo volatile oil at 212 degF, stages 3000, 2000, 1000 psia',
      input: { ...DEMO, TF: 212, psia: [3000, 2000, 1000] },
      expected: { psia: [3124.809647413, 3000, 2000, 1000], saturation: { kind: 'bubble' } },
      tolerance: 1e-8,
      source: 'demo model; saturation pressure 3124.809647413 psia at 212 degF (thermo 0.6.1 PR78 flash(T, VF=0))',
    },
  ],
  sizeExamples: [
    {
      title: '100 stages of the 60-component model at 200 degF, 3600 to 100 psia (a produced-gas composition of 60 per stage)',
      input: { ...LARGEST_MODEL, TF: 200, psia: pressureSteps(3600, 100, 100) },
      projectData: LARGEST_MODEL_PROJECT,
    },
  ],
  check: (input) => checkDecreasing(input.psia),
  run(input, warnings, context) {
    const m = attachedModel(input);
    requireEosPressure('psia', input.psia);
    const { lab, z, T, sat, names } = labSetup(m, input.TF, warnings);
    if (sat.kind === 'bubble') warnings.push(`at ${input.TF} degF the model has a bubble point: CVD is the gas-condensate experiment (volatile oils are sometimes studied this way)`);
    const psia = input.psia ?? DEFAULT_FACTORS.map((f) => psiaFromPa(sat.P) * f);
    const { rows } = constantVolumeDepletion(lab, z, T, sat, psia, warnings, context.progress);
    return {
      source: modelSource(m),
      saturation: { psia: psiaFromPa(sat.P), kind: sat.kind },
      psia: rows.map((r) => r.psia),
      liquidDropoutPercent: rows.map((r) => r.liquidDropoutPercent),
      producedMolesPercent: rows.map((r) => r.producedMolesPercent),
      gasZ: rows.map((r) => r.gasZ),
      twoPhaseZ: rows.map((r) => r.twoPhaseZ),
      gasGravity: rows.map((r) => r.gasGravity),
      producedGasComposition: rows.map((r) => r.producedGasComposition),
      components: names,
    };
  },
});
