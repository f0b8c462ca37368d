/**
 * eos.model.separatorTest: a multistage separator test of a saved project's oil model
 * (lab/separator.ts): GOR and gas gravity per stage, total GOR, Bo, stock-tank oil density and API.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { EngineFailure } from '../../failure.js';
import { quantity } from '../../quantity.js';
import { paFromPsia, psiaFromPa } from '../core/constants.js';
import { separatorTest } from '../lab/separator.js';
import { REF } from '../references.js';
import { DEMO, MODEL_INPUTS, RESERVOIR_TF, Source } from './inputs.js';
import { column, labSetup, nullableColumn } from './labInputs.js';
import { LARGEST_MODEL, LARGEST_MODEL_PROJECT, pressureSteps } from '../largestFluid.js';
import { attachedModel, modelSource } from './resolved.js';
import { requireEosPressure, requireFluidTemperature } from '../domain.js';

const StageInput = Type.Object(
  { psia: quantity('pressure', { exclusiveMinimum: 0, maximum: 20_000 }), TF: quantity('temperature', { minimum: -100, maximum: 700 }) },
  { additionalProperties: false },
);

const Input = Type.Object({
  ...MODEL_INPUTS,
  TF: RESERVOIR_TF,
  reservoirPsia: Type.Optional(quantity('pressure', { exclusiveMinimum: 0, maximum: 100_000, description: 'Pressure of the reservoir oil for Bo (at or above the bubble point); default the bubble point' })),
  stages: Type.Array(StageInput, { minItems: 1, maxItems: 10, description: 'Separator stages before the stock tank, {psia, TF} each' }),
  stockTank: Type.Optional(
    Type.Object(
      { psia: quantity('pressure', { exclusiveMinimum: 0, maximum: 100 }), TF: quantity('temperature', { minimum: -50, maximum: 200 }) },
      { additionalProperties: false, description: 'Stock-tank conditions; default 14.696 psia, 60 degF' },
    ),
  ),
});

const Output = Type.Object({
  source: Source,
  bubblePointPsia: quantity('pressure'),
  reservoirPsia: quantity('pressure'),
  psia: column('pressure', 'Stage pressures, the stock tank last'),
  TF: column('temperature', 'Stage temperatures'),
  gorScfPerStb: column('gasOilRatio', 'Gas of the stage per STB of stock-tank oil', { minimum: 0 }),
  gasGravity: nullableColumn('dimensionless', 'Gravity (air = 1) of the stage gas (null when none)', { exclusiveMinimum: 0 }),
  totalGorScfPerStb: quantity('gasOilRatio', { physical: { minimum: 0 } }),
  bo: quantity('formationVolumeFactor', { description: 'Reservoir oil volume per STB' }),
  api: quantity('dimensionless', { description: 'Stock-tank oil API gravity' }),
  stockTankDensityLbft3: quantity('density'),
  stockTankSpecificGravity: quantity('dimensionless', { physical: { exclusiveMinimum: 0 } }),
  totalGasGravity: Type.Union([quantity('dimensionless', { physical: { exclusiveMinimum: 0 } }), Type.Null()]),
  reservoirOilDensityLbft3: quantity('density'),
});

export const modelSeparatorTest = defineFunction({
  name: 'eos.model.separatorTest',
  module: 'eos',
  title: "Separator test of a saved project's oil model",
  description:
    'Multistage separator test of the oil model of a saved project (projectId; fluidModelId when it holds several; versionId for a saved version): the reservoir oil at ' +
    'TF and its bubble point (or reservoirPsia) flashed through the stages {psia, TF} to the stock tank (14.696 psia, 60 degF unless given), the liquid of each stage ' +
    "feeding the next: GOR and gas gravity per stage, total GOR, Bo, stock-tank density and API. Volumes with the model's volume shift. Needs engine:run and projects:read. " +
    'Units: psia, degF, scf/STB, rb/STB.',
  input: Input,
  output: Output,
  resolve: 'fluidModel',
  references: [REF.whitsonBrule, 'McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell, ch. 10.', REF.split],
  validity: [],
  examples: [
    {
      title: 'demo volatile oil: 212 degF reservoir, one separator at 100 psia, 75 degF',
      input: { ...DEMO, TF: 212, stages: [{ psia: 100, TF: 75 }] },
      expected: { psia: [100, 14.696], bubblePointPsia: 3124.809647413 },
      tolerance: 1e-8,
      source: 'demo model; bubble point 3124.809647413 psia at 212 degF (thermo 0.6.1 PR78 flash(T, VF=0))',
    },
  ],
  sizeExamples: [
    {
      title: '10 separator stages of the 60-component model, 1000 to 20 psia',
      input: { ...LARGEST_MODEL, TF: 200, stages: pressureSteps(1000, 20, 10).map((psia, i) => ({ psia, TF: 150 - 10 * i })) },
      projectData: LARGEST_MODEL_PROJECT,
    },
  ],
  check: (input) => checkStageOrder(input.stages, input.stockTank),
  run(input, warnings) {
    const m = attachedModel(input);
    requireEosPressure('reservoirPsia', input.reservoirPsia);
    input.stages.forEach((s, i) => requireEosPressure(`stages[${i}].psia`, s.psia));
    requireEosPressure('stockTank.psia', input.stockTank?.psia);
    const { lab, z, T, sat } = labSetup(m, input.TF, warnings);
    input.stages.forEach((s, i) => requireFluidTemperature(`stages[${i}].TF`, s.TF, lab.fluid, z, warnings));
    if (input.stockTank) requireFluidTemperature('stockTank.TF', input.stockTank.TF, lab.fluid, z, warnings);
    if (sat.kind !== 'bubble') warnings.push(`at ${input.TF} degF the model has a dew point: Bo of a gas condensate is not a usual quantity`);
    const P = input.reservoirPsia !== undefined ? paFromPsia(input.reservoirPsia) : sat.P;
    if (P < sat.P * (1 - 1e-9)) throw new EngineFailure('invalid_input', `reservoirPsia ${input.reservoirPsia} is below the bubble point ${psiaFromPa(sat.P).toPrecision(6)} psia: the reservoir oil would not be one phase`);
    const first = input.stages[0]!.psia;
    if (paFromPsia(first) > P * (1 + 1e-9)) throw new EngineFailure('invalid_input', `stages[0].psia ${first} is above the reservoir pressure ${psiaFromPa(P).toPrecision(6)} psia: the oil flows from the reservoir into the first separator, so no higher`);
    const tank = input.stockTank ?? { psia: 14.696, TF: 60 };
    const stages = [...input.stages, tank];
    const r = separatorTest(lab, z, { T, P, singleAsLiquid: sat.kind === 'bubble' }, stages);
    if (!r) throw new EngineFailure('no_solution', 'no liquid reaches the stock tank: the fluid vaporises completely in the separators');
    return {
      source: modelSource(m),
      bubblePointPsia: psiaFromPa(sat.P),
      reservoirPsia: psiaFromPa(P),
      psia: r.rows.map((x) => x.psia),
      TF: r.rows.map((x) => x.TF),
      gorScfPerStb: r.rows.map((x) => x.gorScfPerStb),
      gasGravity: r.rows.map((x) => x.gasGravity),
      totalGorScfPerStb: r.gorScfPerStb,
      bo: r.bo,
      api: r.api,
      stockTankDensityLbft3: r.stockTankDensityLbft3,
      stockTankSpecificGravity: r.stockTankSpecificGravity,
      totalGasGravity: r.totalGasGravity,
      reservoirOilDensityLbft3: r.reservoirDensityLbft3,
    };
  },
});

/**
 * The oil flows from each separator to the next and into the stock tank by pressure alone, so
 * stage pressures do not rise along the train (equal ones are allowed: a heater at the same
 * pressure) and the tank is at or below the last stage. A train out of order was flashed as given.
 */
function checkStageOrder(stages: { psia: number }[], tank: { psia: number } | undefined): Record<string, string> {
  for (let i = 1; i < stages.length; i++) {
    if (stages[i]!.psia > stages[i - 1]!.psia) return { [`stages[${i}].psia`]: `must not be above stages[${i - 1}].psia (${stages[i - 1]!.psia}): the oil flows from stage to stage by pressure, so the pressures do not rise` };
  }
  const last = stages[stages.length - 1]!.psia;
  const tankPsia = tank?.psia ?? 14.696;
  if (tankPsia > last) return { [tank ? 'stockTank.psia' : `stages[${stages.length - 1}].psia`]: `the stock tank (${tankPsia} psia) must not be above the last stage (${last} psia): the oil flows into it by pressure` };
  return {};
}
