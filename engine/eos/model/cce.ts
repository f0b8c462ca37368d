/**
 * eos.model.cce: constant composition expansion of a saved project's fluid model at reservoir
 * temperature (lab/cce.ts): relative volume, Y-function, liquid dropout, density and Z per
 * pressure, with the saturation point found first.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { psiaFromPa } from '../core/constants.js';
import { constantCompositionExpansion } from '../lab/cce.js';
import { REF } from '../references.js';
import { DEMO, MODEL_INPUTS, RESERVOIR_TF, Source } from './inputs.js';
import { column, labSetup, MAX_STAGES, nullableColumn, pressureList, SaturationSummary } from './labInputs.js';
import { LARGEST_MODEL, LARGEST_MODEL_PROJECT, pressureSteps } from '../largestFluid.js';
import { attachedModel, modelSource } from './resolved.js';
import { requireEosPressure } from '../domain.js';

/** Pressures as multiples of the saturation pressure when none are given. */
const DEFAULT_FACTORS = [2, 1.75, 1.5, 1.25, 1.1, 1, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2];

const Input = Type.Object({
  ...MODEL_INPUTS,
  TF: RESERVOIR_TF,
  psia: pressureList(`Pressures of the expansion (at most 200); default ${DEFAULT_FACTORS.join(', ')} x the saturation pressure`),
});

const Output = Type.Object({
  source: Source,
  saturation: SaturationSummary,
  psia: column('pressure', 'Pressures'),
  phaseCount: Type.Array(Type.Integer({ minimum: 1, maximum: 2 }), { maxItems: 202 }),
  vaporFraction: column('dimensionless', 'Vapour mole fraction', { minimum: 0, maximum: 1 }),
  relativeVolume: column('dimensionless', 'V / Vsat', { exclusiveMinimum: 0 }),
  yFunction: nullableColumn('dimensionless', 'Y = (Psat - P) / (P (V/Vsat - 1)) below a bubble point; null elsewhere', { exclusiveMinimum: 0 }),
  liquidDropoutPercent: column('dimensionless', 'Liquid volume as % of Vsat (retrograde liquid dropout of a condensate; above a bubble point the whole oil)', { minimum: 0 }),
  densityLbft3: column('density', 'Density of the whole sample'),
  z: column('dimensionless', 'Z = P V / (R T) of the whole sample (shifted volume)', { exclusiveMinimum: 0 }),
});

export const modelCce = defineFunction({
  name: 'eos.model.cce',
  module: 'eos',
  title: "Constant composition expansion of a saved project's fluid model",
  description:
    'Constant composition (mass) expansion of the fluid model of a saved project (projectId; fluidModelId when it holds several; versionId for a saved version) at TF: ' +
    'the saturation point, then per pressure relative volume V/Vsat, Y-function below a bubble point, liquid dropout (% of Vsat), density and Z. Volumes with the ' +
    "model's volume shift. Needs engine:run and projects:read. Units: psia, degF, lbm/ft3.",
  input: Input,
  output: Output,
  resolve: 'fluidModel',
  references: [REF.whitsonBrule, 'Standing, M.B. (1952) Volumetric and Phase Behavior of Oil Field Hydrocarbon Systems. Reinhold (the Y-function).', REF.stability, REF.split, REF.saturation],
  validity: [],
  examples: [
    {
      title: 'demo volatile oil at 212 degF',
      input: { ...DEMO, TF: 212, psia: [5000, 4000, 3000, 2000, 1000] },
      expected: { phaseCount: [1, 1, 2, 2, 2] },
      tolerance: 1e-9,
      source: 'demo model; its bubble point at 212 degF is 3124.81 psia (eos.model.saturationPressure; thermo 0.6.1 PR78 flash(T, VF=0) gives 3124.809647413)',
    },
  ],
  sizeExamples: [
    {
      title: `the 60-component model at 200 degF, ${MAX_STAGES} pressures from 10 000 to 100 psia`,
      input: { ...LARGEST_MODEL, TF: 200, psia: pressureSteps(10_000, 100, MAX_STAGES) },
      projectData: LARGEST_MODEL_PROJECT,
    },
  ],
  check: (input) => (input.psia && new Set(input.psia).size !== input.psia.length ? { psia: 'repeats a pressure' } : null),
  run(input, warnings) {
    const m = attachedModel(input);
    requireEosPressure('psia', input.psia);
    const { lab, z, T, sat } = labSetup(m, input.TF, warnings);
    const psia = input.psia ?? DEFAULT_FACTORS.map((f) => psiaFromPa(sat.P) * f);
    const { rows } = constantCompositionExpansion(lab, z, T, sat, psia);
    if (!sat.validation.passed) warnings.push('the saturation point did not pass its validation flashes (near-critical)');
    return {
      source: modelSource(m),
      saturation: { psia: psiaFromPa(sat.P), kind: sat.kind },
      psia: rows.map((r) => r.psia),
      phaseCount: rows.map((r) => r.phaseCount),
      vaporFraction: rows.map((r) => r.vaporFraction),
      relativeVolume: rows.map((r) => r.relativeVolume),
      yFunction: rows.map((r) => r.yFunction),
      liquidDropoutPercent: rows.map((r) => r.liquidDropoutPercent),
      densityLbft3: rows.map((r) => r.densityLbft3),
      z: rows.map((r) => r.z),
    };
  },
});
