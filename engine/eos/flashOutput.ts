/**
 * The result of a PT flash as callers see it (eos.flash and eos.model.flash): phase count and
 * labels, vapour fraction, x, y, K, and per phase Z, density, molar mass and Lohrenz-Bray-Clark
 * viscosity, with convergence data. Field units (lbm/ft3, cp, g/mol = lbm/lbmol).
 */
import Type from 'typebox';
import { EngineFailure } from '../failure.js';
import { quantity } from '../quantity.js';
import { KG_M3_PER_LBM_FT3 } from './core/constants.js';
import type { FlashOutcome, FlashPhase } from './core/flashPT.js';
import type { Fluid } from './core/fluid.js';
import { lbcViscosity } from './properties/lbcViscosity.js';
import { Iterations, nullableList, nullableNumber } from './schemaParts.js';
import { requirePositiveVolume } from './domain.js';

const positive = { physical: { exclusiveMinimum: 0 } };
const unitFraction = { physical: { minimum: 0, maximum: 1 } };

export const FLASH_OUTPUT = {
  components: Type.Array(Type.String(), { maxItems: 60, description: 'Component names, the order of x, y and K' }),
  phaseCount: Type.Integer({ minimum: 1, maximum: 2 }),
  phase: Type.Enum(['single-phase', 'two-phase']),
  phaseLabel: Type.Enum(['V', 'L', 'VL'], {
    description: 'Two phases: VL (the lighter by mass density is the vapour). One phase: V or L by the phase identification parameter of Venkatarathnam & Oellrich (2011): PIP > 1 liquid-like',
  }),
  vaporFraction: nullableNumber('dimensionless', { description: 'Mole fraction of the feed in the vapour (lighter) phase; null for one phase', physical: { exclusiveMinimum: 0, exclusiveMaximum: 1 } }),
  x: nullableList('dimensionless', { description: 'Liquid mole fractions', ...unitFraction }),
  y: nullableList('dimensionless', { description: 'Vapour mole fractions', ...unitFraction }),
  K: nullableList('dimensionless', { description: 'Equilibrium ratios y/x', ...positive }),
  zLiquid: nullableNumber('dimensionless', { description: 'Liquid compressibility factor (without volume shift)', ...positive }),
  zVapor: nullableNumber('dimensionless', { description: 'Vapour compressibility factor (without volume shift)', ...positive }),
  liquidDensityLbft3: nullableNumber('density', { description: 'Liquid mass density (with the volume shift when on)' }),
  vaporDensityLbft3: nullableNumber('density', { description: 'Vapour mass density (with the volume shift when on)' }),
  liquidMW: nullableNumber('molarMass', { description: 'Liquid molar mass' }),
  vaporMW: nullableNumber('molarMass', { description: 'Vapour molar mass' }),
  liquidViscosityCp: nullableNumber('viscosity', { description: 'Liquid viscosity, Lohrenz-Bray-Clark (1964)' }),
  vaporViscosityCp: nullableNumber('viscosity', { description: 'Vapour viscosity, Lohrenz-Bray-Clark (1964)' }),
  z: nullableNumber('dimensionless', { description: 'One phase: compressibility factor (without volume shift)', ...positive }),
  densityLbft3: nullableNumber('density', { description: 'One phase: mass density' }),
  MW: quantity('molarMass', { description: 'Molar mass of the feed' }),
  viscosityCp: nullableNumber('viscosity', { description: 'One phase: viscosity, Lohrenz-Bray-Clark (1964)' }),
  pip: nullableNumber('dimensionless', { description: 'One phase: phase identification parameter' }),
  converged: Type.Boolean({ description: 'False when the split stopped at its iteration limit (see residual)' }),
  residual: quantity('dimensionless', { description: 'max |ln f_i(vapour) - ln f_i(liquid)| at the answer (0 for one phase)', physical: { minimum: 0 } }),
  tangentPlaneDistance: quantity('dimensionless', { description: 'Lowest tangent plane distance of the stability test (< 0: the feed splits)' }),
  iterations: Iterations,
};

export const FlashOutput = Type.Object(FLASH_OUTPUT);

const lbft3 = (kgm3: number) => kgm3 / KG_M3_PER_LBM_FT3;

/**
 * Every K a double: with physical constants and conditions |ln K| stays far below 709, but a
 * made-up pseudo-component (a huge co-volume beside tiny ones) or a component absent from the
 * feed (its K at infinite dilution) can put it beyond; that answer cannot be written as a number.
 */
function requireRepresentableK(K: Float64Array, names: string[]): void {
  for (let i = 0; i < K.length; i++) {
    const k = K[i]!;
    if (k > 0 && k < Infinity) continue;
    throw new EngineFailure(
      'out_of_range',
      `the equilibrium ratio K of ${names[i]} is ${k === 0 ? 'below 1e-308' : 'above 1e308'} at these conditions, beyond the floating-point range: ` +
        'its constants put it impossibly far from the other components (check its TcK, PcBar, omega), or the conditions are far outside its phase behaviour',
    );
  }
}

/** The output of a flash, or EngineFailure when the EOS has no root at these conditions. */
export function flashOutput(r: FlashOutcome | null, fluid: Fluid, names: string[], T: number, z: ArrayLike<number>, warnings: string[]) {
  if (!r) throw new EngineFailure('no_solution', 'the equation of state has no volume root at these conditions');
  for (const p of [r.liquid, r.vapour, r.single]) if (p) requirePositiveVolume(p.V, p.phase.V);
  const visc = (p: FlashPhase) => lbcViscosity(fluid, p.x, T, p.V);
  const mwFeed = fluid.molarMass(z);
  if (!r.converged) warnings.push(`the two-phase split did not converge within its iteration limits: residual max |ln f_V - ln f_L| = ${r.residual.toExponential(2)}`);
  const base = {
    components: names,
    MW: mwFeed,
    converged: r.converged,
    residual: r.residual,
    tangentPlaneDistance: r.tm,
    iterations: { stability: r.stabilityIterations, successiveSubstitution: r.ssIterations, newton: r.newtonIterations },
  };
  if (r.phases === 2) {
    const L = r.liquid!;
    const V = r.vapour!;
    requireRepresentableK(r.K!, names);
    return {
      ...base,
      phaseCount: 2,
      phase: 'two-phase' as const,
      phaseLabel: 'VL' as const,
      vaporFraction: r.vaporFraction,
      x: Array.from(L.x),
      y: Array.from(V.x),
      K: Array.from(r.K!),
      zLiquid: L.Z,
      zVapor: V.Z,
      liquidDensityLbft3: lbft3(L.density),
      vaporDensityLbft3: lbft3(V.density),
      liquidMW: L.mw,
      vaporMW: V.mw,
      liquidViscosityCp: visc(L),
      vaporViscosityCp: visc(V),
      z: null,
      densityLbft3: null,
      viscosityCp: null,
      pip: null,
    };
  }
  const S = r.single!;
  return {
    ...base,
    phaseCount: 1,
    phase: 'single-phase' as const,
    phaseLabel: r.state === 'liquid' ? ('L' as const) : ('V' as const),
    vaporFraction: null,
    x: null,
    y: null,
    K: null,
    zLiquid: null,
    zVapor: null,
    liquidDensityLbft3: null,
    vaporDensityLbft3: null,
    liquidMW: null,
    vaporMW: null,
    liquidViscosityCp: null,
    vaporViscosityCp: null,
    z: S.Z,
    densityLbft3: lbft3(S.density),
    viscosityCp: visc(S),
    pip: S.pip,
  };
}
