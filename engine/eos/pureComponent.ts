/**
 * eos.pureComponent: one component at T and P with a cubic EOS: the compressibility roots, ln phi
 * of each, which is stable (lower Gibbs energy), and the EOS vapour pressure at T.
 *
 * The liquid-like root is the smallest above B and the vapour-like the largest; with one real
 * root it is labelled by the phase identification parameter (Venkatarathnam & Oellrich 2011):
 * PIP > 1 liquid-like, else vapour-like (so a dense supercritical fluid reports zLiquid). The
 * vapour pressure is where both roots have equal fugacity (core/vapourPressure.ts); null at or
 * above Tc.
 *
 * Units: psia, degF; constants K, bar, g/mol. Validity: any T below which the Soave alpha is
 * reasonable (Tr > ~0.3); the EOS vapour pressure matches data best near Tr = 0.7 (where omega
 * is defined).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { quantity } from '../quantity.js';
import { fFromKelvin, KG_M3_PER_LBM_FT3, kelvinFromF, paFromPsia, psiaFromPa, R } from './core/constants.js';
import { EngineFailure } from '../failure.js';
import { PhaseModel } from './core/phase.js';
import { vapourPressure } from './core/vapourPressure.js';
import { assertChecked, buildFluid, checkFluid, FLUID_INPUTS } from './fluidInput.js';
import { REF } from './references.js';
import { EOS_VALIDITY, nullableNumber, PSIA_INPUT, TF_INPUT } from './schemaParts.js';
import { requireEosPressure, requireFluidTemperature, requirePositiveVolume } from './domain.js';

const { components, kij, eos, volumeShift } = FLUID_INPUTS;
const Input = Type.Object({
  components: Type.Array(components.items, { minItems: 1, maxItems: 1, description: 'Exactly one component: a library name or {name, TcK, PcBar, omega, MW}' }),
  kij: kij,
  eos,
  volumeShift,
  TF: TF_INPUT,
  psia: PSIA_INPUT,
});

const Output = Type.Object({
  roots: Type.Integer({ minimum: 1, maximum: 3, description: 'Real compressibility roots above B' }),
  zLiquid: nullableNumber('dimensionless', { description: 'Liquid-like root (null when the only root is vapour-like)', physical: { exclusiveMinimum: 0 } }),
  lnPhiLiquid: nullableNumber('dimensionless', { description: 'ln fugacity coefficient on the liquid-like root' }),
  zVapor: nullableNumber('dimensionless', { description: 'Vapour-like root (null when the only root is liquid-like)', physical: { exclusiveMinimum: 0 } }),
  lnPhiVapor: nullableNumber('dimensionless', { description: 'ln fugacity coefficient on the vapour-like root' }),
  stableRoot: Type.Enum(['liquid', 'vapour'], { description: 'The root of lower Gibbs energy' }),
  densityLbft3: quantity('density', { description: 'Density on the stable root (volume shift when on)' }),
  fugacityPsia: quantity('pressure', { description: 'Fugacity on the stable root' }),
  psatPsia: nullableNumber('pressure', { description: 'EOS vapour pressure at TF (null at or above Tc)' }),
  TcF: quantity('temperature', { description: 'Critical temperature used' }),
  PcPsia: quantity('pressure', { description: 'Critical pressure used' }),
});

export const pureComponent = defineFunction({
  name: 'eos.pureComponent',
  module: 'eos',
  title: 'EOS pure component: Z roots, ln phi, vapour pressure',
  description:
    'One component at psia and TF with PR (1976), PR78 or SRK: the real compressibility roots, ln phi on each, which root is stable (lower Gibbs energy), the density ' +
    'and fugacity on it, and the EOS vapour pressure at TF (null at or above Tc). A single root is labelled liquid- or vapour-like by the phase identification ' +
    'parameter (Venkatarathnam & Oellrich 2011). components: exactly one library name or {name, TcK, PcBar, omega, MW} (K, bar, g/mol). Units: psia, degF.',
  input: Input,
  output: Output,
  references: [REF.pr, REF.pr78, REF.srk, REF.pip, REF.book],
  validity: EOS_VALIDITY,
  examples: [
    {
      title: 'propane (PR) at 100 degF, 150 psia: both roots, vapour stable',
      input: { components: ['C3'], eos: 'PR', TF: 100, psia: 150 },
      expected: { zVapor: 0.829188819449, lnPhiVapor: -0.159903018239, zLiquid: 0.0366090755934, lnPhiLiquid: 0.015774989095, stableRoot: 'vapour' },
      tolerance: 1e-9,
      source: 'refdata eos.json pure-PR-C3-100F-150psia (thermo 0.6.1 PR, chemicals 1.5.2 constants)',
    },
  ],
  check: (input) => checkFluid({ ...input, composition: [1] }, 1),
  run(input, warnings) {
    assertChecked(checkFluid({ ...input, composition: [1] }, 1));
    const { fluid } = buildFluid({ ...input, composition: [1] });
    requireEosPressure('psia', input.psia);
    requireFluidTemperature('TF', input.TF, fluid, undefined, warnings);
    const T = kelvinFromF(input.TF);
    const P = paFromPsia(input.psia);
    const pm = new PhaseModel(fluid.atTemperature(T, true));
    const l = pm.evaluate([1], P, 'liquid');
    const v = pm.evaluate([1], P, 'vapour');
    if (!l || !v) throw new EngineFailure('no_solution', 'the equation of state has no volume root at these conditions');
    const one = l.roots === 1;
    const liquidLike = one ? pm.pip(l) > 1 : true;
    const stable = l.gRes <= v.gRes ? l : v;
    const stableRoot: 'liquid' | 'vapour' = one ? (liquidLike ? 'liquid' : 'vapour') : stable === l ? 'liquid' : 'vapour';
    // Peneloux: V and ln phi move by -c and -cP/RT (the same for every root).
    const c = fluid.shiftVolume([1]);
    const cz = (c * P) / (R * T);
    requirePositiveVolume(stable.V - c, stable.V);
    const lnFugacity = Math.log(input.psia) + stable.lnPhi[0]! - cz;
    if (!(Math.abs(lnFugacity) < 709)) {
      throw new EngineFailure(
        'out_of_range',
        `the fugacity on the stable root is e^${lnFugacity.toFixed(0)} psia, beyond the floating-point range: psia ${input.psia} is ${+(P / fluid.pc[0]!).toPrecision(3)} times the component's critical pressure at ${+(T / fluid.tc[0]!).toPrecision(3)} times its critical temperature`,
      );
    }
    const psat = vapourPressure(fluid, 0, T);
    return {
      roots: l.roots,
      zLiquid: liquidLike ? l.Z - cz : null,
      lnPhiLiquid: liquidLike ? l.lnPhi[0]! - cz : null,
      zVapor: !one || !liquidLike ? v.Z - cz : null,
      lnPhiVapor: !one || !liquidLike ? v.lnPhi[0]! - cz : null,
      stableRoot,
      densityLbft3: fluid.mw[0]! / 1000 / (stable.V - c) / KG_M3_PER_LBM_FT3,
      fugacityPsia: Math.exp(lnFugacity),
      psatPsia: psat === null ? null : psiaFromPa(psat),
      TcF: fFromKelvin(fluid.tc[0]!),
      PcPsia: psiaFromPa(fluid.pc[0]!),
    };
  },
});
