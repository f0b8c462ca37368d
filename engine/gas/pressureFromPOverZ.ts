/**
 * gas.pressureFromPOverZ: the pressure p at which a gas has a given p/z, at temperature T.
 *
 *   solve g(p) = p / z(p, T) - (p/z)target = 0,   dg/dp = (1 - (p/z) dz/dp) / z = (p/z) cg > 0
 *
 * g is increasing wherever the gas compressibility cg is positive (always, for a stable gas), so
 * the root is unique: it is bracketed from p = 0 upward and found by Newton steps kept inside the
 * bracket (engine/pvt/correlations/solve.ts), converged to 1e-13 relative.
 * z and pseudo-criticals as pvt.gasProperties (DAK / HY, Piper–McCain–Corredor / Sutton–Wichert–Aziz).
 * Units: p/z and p in psia, T degF. Validity: the z method's Ppr/Tpr range (outside -> warnings).
 *
 * References:
 * - Dranchuk, P.M. and Abou-Kassem, J.H. (1975) JCPT 14(3), 34-36; Hall, K.R. and Yarborough, L.
 *   (1973) Oil & Gas Journal 71(25), 82-92; Piper, McCain & Corredor (1993) SPE-26668-MS.
 * - Craft, B.C. and Hawkins, M.F. (1991) Applied Petroleum Reservoir Engineering, 2nd ed. (revised
 *   by R.E. Terry). Prentice Hall, Ch. 2 (p/z of volumetric gas reservoirs).
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { requireGasPressures } from '../pvt/correlations/domain.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { newtonInBracket } from '../pvt/correlations/solve.js';
import { gasAt, GAS_INPUTS, type GasAtTemperature } from './gasModel.js';

const Input = Type.Object({
  pOverZ: quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'p/z, or a list of p/z values' }),
  TF: quantity('temperature', { exclusiveMinimum: -459.67, description: 'Reservoir temperature' }),
  ...GAS_INPUTS,
});

const Output = Type.Object({
  psia: quantityOrArray('pressure', { description: 'Pressure with that p/z' }),
  z: quantityOrArray('dimensionless', { description: 'z at that pressure', physical: { exclusiveMinimum: 0 } }),
});

/** Largest pressure searched: far beyond any reservoir (Ppr ~ 150 for common gases). */
const P_MAX = 1e5;

/** The pressure (psia) with p/z = target, and z there. */
export function pressureFromPOverZ(gas: GasAtTemperature, target: number): { psia: number; z: number } {
  const g = (p: number): [number, number] => {
    if (p === 0) return [-target, 1];
    const { z, dzdp } = gas.z(p);
    return [p / z - target, (1 - (p / z) * dzdp) / z];
  };
  let lo = 0;
  let hi = target;
  while (g(hi)[0] < 0) {
    lo = hi;
    hi *= 2;
    if (hi > P_MAX) throw new EngineFailure('no_solution', `no pressure up to ${P_MAX} psia has p/z = ${target} psia`);
  }
  const p = newtonInBracket(g, lo, hi, hi === target ? target * gas.z(target).z : (lo + hi) / 2);
  if (p === null || !(p > 0)) throw new EngineFailure('no_solution', `p/z = ${target} psia could not be inverted`);
  return { psia: p, z: gas.z(p).z };
}

export const pressureFromPOverZDefinition = defineFunction({
  name: 'gas.pressureFromPOverZ',
  module: 'gas',
  title: 'Pressure from p/z',
  description:
    'The pressure (psia) at which a gas has the given p/z (psia) at reservoir temperature, and its z: inverts p/z(p) with the z-factor of pvt.gasProperties ' +
    "('DAK' or 'HY'; pseudo-criticals 'PiperMcCainCorredor' or 'SuttonWichertAziz'). p/z increases with p for any stable gas, so the answer is unique. " +
    'Accepts one p/z or a list (e.g. the abandonment or forecast points of a p/z material balance). Outside the z method range the result comes with warnings.',
  input: Input,
  output: Output,
  references: [
    'Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36. PETSOC-75-03-03.',
    'Hall, K.R. and Yarborough, L. (1973) A New Equation of State for Z-factor Calculations. Oil & Gas Journal 71(25), 82-92.',
    'Piper, L.D., McCain, W.D. Jr. and Corredor, J.H. (1993) Compressibility Factors for Naturally Occurring Petroleum Gases. SPE-26668-MS.',
    'Sutton, R.P. (1985) Compressibility Factors for High-Molecular-Weight Reservoir Gases. SPE-14265-MS.',
    'Craft, B.C. and Hawkins, M.F. (1991) Applied Petroleum Reservoir Engineering, 2nd ed., revised by R.E. Terry. Prentice Hall.',
  ],
  validity: [],
  examples: [
    {
      title: 'p/z 2500 psia at 165 degF, gasSG 0.75 (DAK, Piper–McCain–Corredor)',
      input: { pOverZ: 2500, TF: 165, gasSG: 0.75 },
      expected: { psia: 2081.54929429, z: 0.832619686323 },
      tolerance: 1e-5,
      source: 'pyrestoolbox 3.7.6 gas_ponz2p, refdata gas.json ponz2p-2500.0-165.0-0.75',
    },
  ],
  run(input, warnings) {
    const gas = gasAt(input, input.TF, warnings);
    const targets = Array.isArray(input.pOverZ) ? input.pOverZ : [input.pOverZ];
    // p/z of a real gas is within a factor of a few of p, so the gas pressure domain bounds it too.
    requireGasPressures('pOverZ', targets);
    const points = targets.map((t) => pressureFromPOverZ(gas, t));
    warnings.push(...gas.rangeWarnings(points.map((p) => p.psia)));
    const list = Array.isArray(input.pOverZ);
    return {
      psia: list ? points.map((p) => p.psia) : (points[0] as { psia: number }).psia,
      z: list ? points.map((p) => p.z) : (points[0] as { z: number }).z,
    };
  },
});
