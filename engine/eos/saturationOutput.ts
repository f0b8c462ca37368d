/** The result of a saturation-point calculation (eos.saturationPressure, eos.model.saturationPressure). */
import Type from 'typebox';
import { quantity, quantityArray } from '../quantity.js';
import { KG_M3_PER_LBM_FT3, psiaFromPa } from './core/constants.js';
import type { Fluid } from './core/fluid.js';
import type { SaturationAnswer } from './saturationSolve.js';
import { requirePositiveVolume } from './domain.js';

export const SATURATION_INPUTS = {
  kind: Type.Optional(Type.Enum(['bubble', 'dew', 'auto'], { default: 'auto', description: "'bubble', 'dew', or 'auto' (whichever the fluid has at TF on the branch)" })),
  branch: Type.Optional(
    Type.Enum(['upper', 'lower'], {
      default: 'upper',
      description: "'upper': the upper boundary of the two-phase region (bubble point, or the retrograde dew point); 'lower': the lower boundary (the lower dew point)",
    }),
  ),
};

export const SaturationOutput = Type.Object({
  psatPsia: quantity('pressure', { description: 'Saturation pressure' }),
  kind: Type.Enum(['bubble', 'dew'], { description: 'bubble: the incipient phase is lighter than the feed; dew: denser' }),
  branch: Type.Enum(['upper', 'lower']),
  components: Type.Array(Type.String(), { maxItems: 60 }),
  incipientPhaseComposition: quantityArray('dimensionless', { description: 'Mole fractions of the incipient phase', physical: { minimum: 0, maximum: 1 } }, { maxItems: 60 }),
  feedZ: quantity('dimensionless', { description: 'Z of the feed at the saturation point', physical: { exclusiveMinimum: 0 } }),
  incipientZ: quantity('dimensionless', { description: 'Z of the incipient phase', physical: { exclusiveMinimum: 0 } }),
  feedDensityLbft3: quantity('density', { description: 'Feed density at the saturation point' }),
  incipientDensityLbft3: quantity('density', { description: 'Incipient phase density' }),
  converged: Type.Boolean({ description: 'Newton converged (max residual 1e-12); false: bisection result to 1e-9 (near-critical)' }),
  residual: quantity('dimensionless', { description: 'Max residual of the saturation equations', physical: { minimum: 0 } }),
  iterations: Type.Integer({ minimum: 0, description: 'Bisection and Newton iterations after the scan' }),
  validation: Type.Object({
    psiaAbove: quantity('pressure', { description: '1.005 x psat' }),
    phasesAbove: Type.Integer({ minimum: 0, maximum: 2 }),
    psiaBelow: quantity('pressure', { description: '0.995 x psat' }),
    phasesBelow: Type.Integer({ minimum: 0, maximum: 2 }),
    passed: Type.Boolean({ description: 'upper branch: one phase above and two below; lower branch: two above and one below' }),
  }),
});

export function saturationOutput(a: SaturationAnswer, fluid: Fluid, names: string[], z: ArrayLike<number>, warnings: string[]) {
  const { feed, incipient } = a.point;
  const rho = (ph: typeof feed, x: ArrayLike<number>) => {
    const v = ph.V - fluid.shiftVolume(x);
    requirePositiveVolume(v, ph.V);
    return fluid.molarMass(x) / 1000 / v / KG_M3_PER_LBM_FT3;
  };
  if (!a.validation.passed) {
    warnings.push(
      `validation flashes disagree: ${a.validation.phasesAbove} phase(s) at ${psiaFromPa(a.validation.pAbove).toPrecision(6)} psia and ${a.validation.phasesBelow} at ${psiaFromPa(a.validation.pBelow).toPrecision(6)} psia (near-critical or a narrow two-phase window)`,
    );
  }
  if (!a.point.converged) warnings.push(`the saturation point is a bisection result (residual ${a.point.residual.toExponential(2)}): Newton did not converge, as near a critical point`);
  return {
    psatPsia: psiaFromPa(a.P),
    kind: a.kind,
    branch: a.branch,
    components: names,
    incipientPhaseComposition: Array.from(a.w),
    feedZ: feed.Z,
    incipientZ: incipient.Z,
    feedDensityLbft3: rho(feed, z),
    incipientDensityLbft3: rho(incipient, a.w),
    converged: a.point.converged,
    residual: a.point.residual,
    iterations: a.point.iterations,
    validation: {
      psiaAbove: psiaFromPa(a.validation.pAbove),
      phasesAbove: a.validation.phasesAbove,
      psiaBelow: psiaFromPa(a.validation.pBelow),
      phasesBelow: a.validation.phasesBelow,
      passed: a.validation.passed,
    },
  };
}
