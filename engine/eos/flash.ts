/**
 * eos.flash: isothermal PT flash of an inline composition with a cubic EOS (PR 1976, PR78 or
 * SRK): Michelsen's tangent-plane stability analysis from several trial phases first, then the
 * two-phase split (successive substitution with dominant-eigenvalue acceleration, then Newton
 * on the Gibbs energy); phases labelled by mass density (the lighter is the vapour), one phase
 * by the phase identification parameter; per phase Z, density, molar mass and Lohrenz-Bray-Clark
 * viscosity. See engine/eos/core/ for each step and its references.
 *
 * Units: psia, degF in; lbm/ft3, cp, g/mol out; component constants K, bar, g/mol, cm3/mol.
 * Validity: two phases at most (no three-phase search: water-rich liquids with hydrocarbon
 * liquids are outside it); the EOS and kij set the accuracy, not the solver.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { kelvinFromF, paFromPsia } from './core/constants.js';
import { flashPT, Isotherm } from './core/flashPT.js';
import { buildFluid, checkFluid, FLUID_INPUTS } from './fluidInput.js';
import { flashOutput, FlashOutput } from './flashOutput.js';
import { REF } from './references.js';
import { LARGEST_FLUID } from './largestFluid.js';
import { EOS_VALIDITY, PSIA_INPUT, TF_INPUT } from './schemaParts.js';
import { requireEosPressure, requireFluidTemperature } from './domain.js';

const Input = Type.Object({ ...FLUID_INPUTS, TF: TF_INPUT, psia: PSIA_INPUT });

const GAS_CONDENSATE = {
  components: ['N2', 'CO2', 'C1', 'C2', 'C3', 'nC4', 'nC5', 'nC6', 'nC10'],
  composition: [0.005, 0.02, 0.75, 0.08, 0.05, 0.03, 0.02, 0.015, 0.03],
  kij: [
    [0, 0, 0.025, 0.01, 0.09, 0.095, 0.1, 0.11, 0.11],
    [0, 0, 0.105, 0.13, 0.125, 0.115, 0.115, 0.115, 0.115],
    [0.025, 0.105, 0, 0, 0, 0, 0, 0, 0],
    [0.01, 0.13, 0, 0, 0, 0, 0, 0, 0],
    [0.09, 0.125, 0, 0, 0, 0, 0, 0, 0],
    [0.095, 0.115, 0, 0, 0, 0, 0, 0, 0],
    [0.1, 0.115, 0, 0, 0, 0, 0, 0, 0],
    [0.11, 0.115, 0, 0, 0, 0, 0, 0, 0],
    [0.11, 0.115, 0, 0, 0, 0, 0, 0, 0],
  ],
};

export const GAS_CONDENSATE_EXAMPLE = GAS_CONDENSATE;

export const flash = defineFunction({
  name: 'eos.flash',
  module: 'eos',
  title: 'EOS PT flash (stability analysis, phase split, phase properties)',
  description:
    'Isothermal flash of an inline composition at psia and TF with the Peng-Robinson (PR 1976, PR78) or SRK equation of state: Michelsen (1982) tangent-plane ' +
    'stability analysis from several trial phases, then the two-phase split (accelerated successive substitution, then Newton on the Gibbs energy; converged flag, ' +
    'residual and iterations in the result). Phase count; labels by density (the lighter phase is the vapour) or, for one phase, by the phase identification ' +
    'parameter; vapour fraction, x, y, K; per phase Z, density, molar mass and Lohrenz-Bray-Clark viscosity. Components: library names or pseudo-components ' +
    '{name, TcK, PcBar, omega, MW} (K, bar, g/mol in both unit systems); kij symmetric with a zero diagonal (default set when omitted); composition summing to 1 ' +
    "within 1e-6. Optional Peneloux volume shift (densities only). Units: psia, degF; lbm/ft3, cp.",
  input: Input,
  output: FlashOutput,
  references: [REF.pr, REF.pr78, REF.srk, REF.stability, REF.split, REF.negativeFlash, REF.pip, REF.lbc, REF.peneloux, REF.book],
  validity: EOS_VALIDITY,
  examples: [
    {
      title: 'gas condensate (PR, illustrative kij) at 1000 psia, 100 degF: two phases',
      input: { ...GAS_CONDENSATE, eos: 'PR', TF: 100, psia: 1000 },
      expected: { phaseCount: 2, vaporFraction: 0.865220704345, zLiquid: 0.299972101904, zVapor: 0.814200037574 },
      tolerance: 1e-6,
      source: 'refdata eos.json flash-PR-gasCondensate-100F-1000psia (thermo 0.6.1 FlashVL with PRMIX)',
    },
  ],
  sizeExamples: [{ title: 'the 60-component volatile oil (largestFluid.ts) at 200 degF, 2000 psia: two phases', input: { ...LARGEST_FLUID, TF: 200, psia: 2000 } }],
  check: (input) => checkFluid(input),
  run(input, warnings) {
    const { fluid, z, names } = buildFluid(input);
    requireEosPressure('psia', input.psia);
    requireFluidTemperature('TF', input.TF, fluid, z, warnings);
    const T = kelvinFromF(input.TF);
    return flashOutput(flashPT(new Isotherm(fluid, T), z, paFromPsia(input.psia)), fluid, names, T, z, warnings);
  },
});
