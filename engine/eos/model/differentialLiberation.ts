/**
 * eos.model.differentialLiberation: differential liberation of a saved project's oil model at
 * reservoir temperature (lab/differentialLiberation.ts): Rsd, Bod, Btd, gas Z, gravity and Bg,
 * oil density per stage, and the residual oil.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { EngineFailure } from '../../failure.js';
import { quantity } from '../../quantity.js';
import { psiaFromPa } from '../core/constants.js';
import { checkDecreasing } from '../lab/common.js';
import { differentialLiberation } from '../lab/differentialLiberation.js';
import { REF } from '../references.js';
import { DEMO, MODEL_INPUTS, RESERVOIR_TF, Source } from './inputs.js';
import { column, labSetup, nullableColumn, pressureList } from './labInputs.js';
import { LARGEST_MODEL, LARGEST_MODEL_PROJECT, pressureSteps } from '../largestFluid.js';
import { attachedModel, modelSource } from './resolved.js';
import { requireEosPressure } from '../domain.js';

const DEFAULT_FACTORS = [0.85, 0.7, 0.55, 0.4, 0.25, 0.1];

const Input = Type.Object({
  ...MODEL_INPUTS,
  TF: RESERVOIR_TF,
  psia: pressureList(`Stage pressures below the bubble point, decreasing (at most 100); 14.696 psia is always the last stage; default ${DEFAULT_FACTORS.join(', ')} x the bubble point`, 100),
});

const Output = Type.Object({
  source: Source,
  bubblePointPsia: quantity('pressure'),
  rsdbScfPerBbl: quantity('gasOilRatio', { description: 'Gas in solution at the bubble point per bbl of residual oil', physical: { minimum: 0 } }),
  bodb: quantity('formationVolumeFactor', { description: 'Oil volume at the bubble point per bbl of residual oil' }),
  psia: column('pressure', 'Stages: the bubble point, the given pressures, 14.696 psia'),
  rsdScfPerBbl: column('gasOilRatio', 'Gas still in solution, scf per bbl of residual oil', { minimum: 0 }),
  bod: column('formationVolumeFactor', 'Oil volume per bbl of residual oil (rb/bbl)'),
  btd: column('formationVolumeFactor', 'Total (oil + liberated gas) volume per bbl of residual oil'),
  gasZ: nullableColumn('dimensionless', 'Z of the gas removed at the stage (null at the bubble point)', { exclusiveMinimum: 0 }),
  gasGravity: nullableColumn('dimensionless', 'Gravity (air = 1) of the gas removed', { exclusiveMinimum: 0 }),
  gasFvfRbPerMscf: nullableColumn('gasFVF', 'Bg of the gas removed'),
  oilDensityLbft3: column('density', 'Oil density at the stage'),
  residualOil: Type.Object({
    densityLbft3: quantity('density', { description: 'At 60 degF, 14.696 psia' }),
    specificGravity: quantity('dimensionless', { physical: { exclusiveMinimum: 0 } }),
    api: quantity('dimensionless', { description: 'API gravity' }),
    coolingGasScfPerBbl: quantity('gasOilRatio', { description: 'Gas released by cooling from TF to 60 degF (not in Rsd)', physical: { minimum: 0 } }),
  }),
});

export const modelDifferentialLiberation = defineFunction({
  name: 'eos.model.differentialLiberation',
  module: 'eos',
  title: "Differential liberation of a saved project's oil model",
  description:
    'Differential liberation of the oil model of a saved project (projectId; fluidModelId when it holds several; versionId for a saved version) at TF: from the bubble point ' +
    'through the given stages to 14.696 psia, the gas of each stage removed, the residual oil at 60 degF: per stage Rsd (scf/bbl residual oil), Bod, Btd, gas Z, gas ' +
    "gravity, Bg and oil density. A fluid with a dew point at TF (a gas condensate) is refused: use eos.model.cvd. Volumes with the model's volume shift. Needs " +
    'engine:run and projects:read. Units: psia, degF.',
  input: Input,
  output: Output,
  resolve: 'fluidModel',
  references: [REF.whitsonBrule, 'McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell, ch. 10.', REF.split, REF.saturation],
  validity: [],
  examples: [
    {
      title: 'demo volatile oil at 212 degF, stages 3000, 2000, 1000, 500 psia',
      input: { ...DEMO, TF: 212, psia: [3000, 2000, 1000, 500] },
      expected: { psia: [3124.809647413, 3000, 2000, 1000, 500, 14.696] },
      tolerance: 1e-8,
      source: 'demo model; bubble point 3124.809647413 psia at 212 degF (thermo 0.6.1 PR78 flash(T, VF=0) on the same constants and kij)',
    },
  ],
  sizeExamples: [
    { title: '100 stages of the 60-component model at 200 degF, 3600 to 20 psia', input: { ...LARGEST_MODEL, TF: 200, psia: pressureSteps(3600, 20, 100) }, projectData: LARGEST_MODEL_PROJECT },
  ],
  check: (input) => checkDecreasing(input.psia),
  run(input, warnings, context) {
    const m = attachedModel(input);
    requireEosPressure('psia', input.psia);
    const { lab, z, T, sat } = labSetup(m, input.TF, warnings);
    if (sat.kind !== 'bubble') {
      throw new EngineFailure('invalid_input', `at ${input.TF} degF the model has a dew point (${psiaFromPa(sat.P).toPrecision(6)} psia): differential liberation is an oil experiment; use eos.model.cvd`);
    }
    const psia = input.psia ?? DEFAULT_FACTORS.map((f) => psiaFromPa(sat.P) * f);
    const dl = differentialLiberation(lab, z, T, sat, psia, warnings, context.progress);
    return {
      source: modelSource(m),
      bubblePointPsia: psiaFromPa(sat.P),
      rsdbScfPerBbl: dl.rsdbScfPerBbl,
      bodb: dl.bodb,
      psia: dl.rows.map((r) => r.psia),
      rsdScfPerBbl: dl.rows.map((r) => r.rsdScfPerBbl),
      bod: dl.rows.map((r) => r.bod),
      btd: dl.rows.map((r) => r.btd),
      gasZ: dl.rows.map((r) => r.gasZ),
      gasGravity: dl.rows.map((r) => r.gasGravity),
      gasFvfRbPerMscf: dl.rows.map((r) => r.gasFvfRbPerMscf),
      oilDensityLbft3: dl.rows.map((r) => r.oilDensityLbft3),
      residualOil: dl.residualOil,
    };
  },
});
