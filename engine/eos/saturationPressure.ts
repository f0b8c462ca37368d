/**
 * eos.saturationPressure: bubble or dew pressure of an inline composition at a temperature,
 * with a cubic EOS. The two-phase boundary is bracketed by Michelsen stability tests over a
 * geometric pressure scan, narrowed by bisection, and solved by Newton on the saturation
 * equations (Michelsen 1985); the phase envelope is the fallback for narrow windows. Both dew
 * branches of a retrograde fluid ('upper', 'lower'); the incipient phase composition; each
 * answer validated by one phase just outside and two just inside (flashes at +-0.5%).
 *
 * Units: psia, degF; component constants K, bar, g/mol. Validity: as eos.flash; within ~0.1 K of
 * a critical point Newton may fall back to bisection (converged false, warned).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { kelvinFromF } from './core/constants.js';
import { Isotherm } from './core/flashPT.js';
import { GAS_CONDENSATE_EXAMPLE } from './flash.js';
import { buildFluid, checkFluid, FLUID_INPUTS } from './fluidInput.js';
import { REF } from './references.js';
import { LARGEST_FLUID } from './largestFluid.js';
import { SATURATION_INPUTS, saturationOutput, SaturationOutput } from './saturationOutput.js';
import { findSaturation } from './saturationSolve.js';
import { EOS_VALIDITY, TF_INPUT } from './schemaParts.js';
import { requireFluidTemperature } from './domain.js';

const Input = Type.Object({ ...FLUID_INPUTS, TF: TF_INPUT, ...SATURATION_INPUTS });

export const saturationPressure = defineFunction({
  name: 'eos.saturationPressure',
  module: 'eos',
  title: 'EOS bubble or dew pressure at a temperature',
  description:
    'Saturation pressure of an inline composition at TF with PR (1976), PR78 or SRK: kind bubble | dew | auto; for a retrograde fluid both dew branches (branch upper, ' +
    'the retrograde dew point, or lower). Stability-bracketed (Michelsen 1982) and solved by Newton on the saturation equations (Michelsen 1985); the incipient phase ' +
    'composition; validated by flashes 0.5% above and below (one phase outside the two-phase region, two inside). A kind the fluid does not have at TF is refused ' +
    '(422) with the kind it has. Components, kij, composition, eos and volumeShift as eos.flash. Units: psia, degF.',
  input: Input,
  output: SaturationOutput,
  references: [REF.saturation, REF.stability, REF.envelope, REF.pr, REF.pr78, REF.srk, REF.book],
  validity: EOS_VALIDITY.filter((v) => v.field === 'TF'),
  examples: [
    {
      title: 'upper (retrograde) dew point of a gas condensate (PR, illustrative kij) at 100 degF',
      input: { ...GAS_CONDENSATE_EXAMPLE, eos: 'PR', TF: 100, kind: 'dew', branch: 'upper' },
      expected: { psatPsia: 2955.47102846, kind: 'dew' },
      tolerance: 1e-6,
      source: 'refdata eos.json sat-PR-gasCondensate-dew-100F (bisection on two-phase existence and Newton; thermo 0.6.1 PT flashes either side)',
    },
  ],
  sizeExamples: [{ title: 'the 60-component volatile oil (largestFluid.ts) at 200 degF', input: { ...LARGEST_FLUID, TF: 200 } }],
  check: (input) => checkFluid(input),
  run(input, warnings) {
    const { fluid, z, names } = buildFluid(input);
    requireFluidTemperature('TF', input.TF, fluid, z, warnings);
    const iso = new Isotherm(fluid, kelvinFromF(input.TF));
    return saturationOutput(findSaturation(iso, z, input.kind ?? 'auto', input.branch ?? 'upper'), fluid, names, z, warnings);
  },
});
