/**
 * eos.rachfordRice: the vapour fraction of a feed z with given equilibrium ratios K, by the
 * Rachford-Rice equation solved between its asymptotes 1/(1 - Kmax) and 1/(1 - Kmin) (the
 * negative-flash root of Whitson & Michelsen 1989), and that root clamped to [0, 1]; x and y
 * from the unclamped root. No root (every K >= 1, or every K <= 1): one phase, not an error.
 * Where x and y from that root do not close (the root within a rounding error of an asymptote,
 * or 1 + V (K - 1) beyond the double range), the pole form solved for the distance from the
 * asymptote (core/rachfordRice.ts rachfordRiceNearAsymptote); a mole fraction below 1e-20 counts
 * as absent, as in every EOS function. Every answer's x and y sum to the feed's within 1e-9.
 *
 * Units: dimensionless. Validity: z >= 0 summing to 1 within 1e-6, K > 0.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { quantity, quantityArray } from '../quantity.js';
import { TRACE_FRACTION } from './core/constants.js';
import { phaseCompositions, rachfordRiceNearAsymptote, solveRachfordRice } from './core/rachfordRice.js';
import { assertChecked, COMPOSITION_TOLERANCE, MAX_COMPONENTS } from './fluidInput.js';
import { REF } from './references.js';
import { EngineFailure } from '../failure.js';

const Input = Type.Object({
  z: quantityArray('dimensionless', { minimum: 0, maximum: 1 }, { minItems: 1, maxItems: MAX_COMPONENTS, description: 'Feed mole fractions (sum 1 within 1e-6)' }),
  K: quantityArray('dimensionless', { exclusiveMinimum: 0, maximum: 1e300 }, { minItems: 1, maxItems: MAX_COMPONENTS, description: 'Equilibrium ratios y/x' }),
});

const PHASES = ['two-phase', 'single-phase liquid (negative flash, V<0)', 'single-phase vapour (negative flash, V>1)', 'single-phase liquid (all K <= 1)', 'single-phase vapour (all K >= 1)'] as const;

const Output = Type.Object({
  vaporFraction: Type.Union([quantity('dimensionless', { description: 'Unclamped root between the asymptotes (negative flash); null when there is no root' }), Type.Null()]),
  vaporFractionClamped: quantity('dimensionless', { description: 'The root clamped to [0, 1] (0 or 1 when there is no root)', physical: { minimum: 0, maximum: 1 } }),
  phase: Type.Enum(PHASES),
  x: quantityArray('dimensionless', { description: 'Liquid mole fractions at the unclamped root (the feed when there is no root)', physical: { minimum: 0, maximum: 1 } }, { maxItems: MAX_COMPONENTS }),
  y: quantityArray('dimensionless', { description: 'Vapour mole fractions K x at the unclamped root (the feed when there is no root)', physical: { minimum: 0, maximum: 1 } }, { maxItems: MAX_COMPONENTS }),
  iterations: Type.Integer({ minimum: 0 }),
});

function checkRr(input: { z: number[]; K: number[] }): Record<string, string> {
  const out: Record<string, string> = {};
  if (input.K.length !== input.z.length) out.K = `has ${input.K.length} values for ${input.z.length} mole fractions`;
  const sum = input.z.reduce((a, b) => a + b, 0);
  if (!(Math.abs(sum - 1) <= COMPOSITION_TOLERANCE)) out.z = `sums to ${sum}; mole fractions must sum to 1 within ${COMPOSITION_TOLERANCE}`;
  return out;
}

/** At the root sum x = sum y = sum z; a solution that does not close lost its digits to an asymptote. */
function closes(z: number[], x: Float64Array, y: Float64Array): boolean {
  let sz = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < z.length; i++) {
    sz += z[i]!;
    sx += x[i]!;
    sy += y[i]!;
  }
  return Math.abs(sx - sz) <= 1e-9 && Math.abs(sy - sz) <= 1e-9;
}

/**
 * The root and x, y: the safeguarded Newton of core/rachfordRice.ts, and where its x and y do
 * not close (the root within a rounding error of an asymptote: a trace whose K is far from the
 * others', a K within 1e-15 of 1; or 1 + V (K - 1) beyond the double range for a K of 1e300), the
 * same root in the pole form, as a distance from the nearer asymptote (then the other).
 */
function solve(z: number[], K: number[], r: { beta: number; iterations: number }) {
  const first = phaseCompositions(z, K, r.beta);
  if (closes(z, first.x, first.y)) return { beta: r.beta, ...first, iterations: r.iterations };
  let kMax = -Infinity;
  let kMin = Infinity;
  z.forEach((zi, i) => {
    if (zi > 0) {
      kMax = Math.max(kMax, K[i]!);
      kMin = Math.min(kMin, K[i]!);
    }
  });
  const lo = 1 / (1 - kMax);
  const hi = 1 / (1 - kMin);
  const nearer = hi - r.beta < r.beta - lo ? 'hi' : 'lo';
  for (const side of [nearer, nearer === 'hi' ? 'lo' : 'hi'] as const) {
    const near = rachfordRiceNearAsymptote(z, K, side);
    if (near && closes(z, near.x, near.y)) return { ...near, iterations: r.iterations + near.iterations };
  }
  throw new EngineFailure(
    'out_of_range',
    `the root lies closer to an asymptote (1/(1 - K) of K = ${hi - r.beta < r.beta - lo ? kMin : kMax}) than a double can resolve: x and y would not close to the feed; ` +
      'no equilibrium ratios of two real phases put it there',
  );
}

export const rachfordRice = defineFunction({
  name: 'eos.rachfordRice',
  module: 'eos',
  title: 'Rachford-Rice vapour fraction (negative flash allowed)',
  description:
    'Vapour fraction V of a feed z with equilibrium ratios K from the Rachford-Rice equation sum z(K-1)/(1+V(K-1)) = 0: the root between the asymptotes 1/(1-Kmax) and ' +
    '1/(1-Kmin) (may be < 0 or > 1: negative flash, Whitson & Michelsen 1989) and the same clamped to [0, 1], with x = z/(1+V(K-1)) and y = K x at the unclamped root. ' +
    'Every K >= 1 or every K <= 1: no root, one phase (vaporFraction null), not an error. Safeguarded Newton (bisection inside the bracket); where the root lies within a ' +
    'rounding error of an asymptote, the pole form (Leibovici & Nichita 2010) solved for the distance from it. A mole fraction below 1e-20 counts as absent (x and y 0).',
  input: Input,
  output: Output,
  references: [
    REF.rr,
    REF.negativeFlash,
    'Leibovici, C.F. and Neoschil, J. (1992) A new look at the Rachford-Rice equation. Fluid Phase Equilib. 74, 303-308.',
    'Leibovici, C.F. and Nichita, D.V. (2010) Iterative solutions for sum a_i/(lambda - c_i) = 1 equations. Chem. Eng. Res. Des. 88(5), 602-605.',
  ],
  validity: [],
  examples: [
    {
      title: 'three components, K = 1.8, 0.6, 0.2',
      input: { z: [0.5, 0.3, 0.2], K: [1.8, 0.6, 0.2] },
      expected: { vaporFraction: 0.25, vaporFractionClamped: 0.25, x: [0.416666666667, 0.333333333333, 0.25], y: [0.75, 0.2, 0.05] },
      tolerance: 1e-9,
      source: 'refdata eos.json rr-82 (bisection on RR between the asymptotes; pyrestoolbox rr_solver agrees)',
    },
  ],
  sizeExamples: [
    {
      title: `${MAX_COMPONENTS} components, K from 1e3 down to 1e-3`,
      input: { z: Array.from({ length: MAX_COMPONENTS }, () => 1 / MAX_COMPONENTS), K: Array.from({ length: MAX_COMPONENTS }, (_, i) => 10 ** (3 - (6 * i) / (MAX_COMPONENTS - 1))) },
    },
  ],
  check: checkRr,
  run(input) {
    assertChecked(checkRr(input));
    // A fraction below TRACE_FRACTION counts as absent, as in every EOS function (its x and y are 0).
    const z = input.z.map((v) => (v >= TRACE_FRACTION ? v : 0));
    const r = solveRachfordRice(z, input.K);
    if (r.kind !== 'root') {
      const vapour = r.kind === 'vapour';
      return { vaporFraction: null, vaporFractionClamped: vapour ? 1 : 0, phase: vapour ? PHASES[4] : PHASES[3], x: z, y: z, iterations: 0 };
    }
    const { beta, x, y, iterations } = solve(z, input.K, r);
    // x and y each sum to 1 at the root; a fraction a rounding error above 1 is 1.
    for (const v of [x, y]) for (let i = 0; i < v.length; i++) if (v[i]! > 1 && v[i]! < 1 + 1e-9) v[i] = 1;
    const phase = beta < 0 ? PHASES[1] : beta > 1 ? PHASES[2] : PHASES[0];
    return { vaporFraction: beta, vaporFractionClamped: Math.min(1, Math.max(0, beta)), phase, x: Array.from(x), y: Array.from(y), iterations };
  },
});
