/**
 * gas.pzMaterialBalance: original gas in place of a volumetric dry-gas reservoir from the p/z
 * plot (Havlena & Odeh 1963; Craft & Hawkins 1991 Ch. 2):
 *
 *   p/z = (p/z)i (1 - Gp / G)     ->  least squares p/z = a + b Gp,   G = -a / b,   (p/z)i = a
 *
 * The fitted line is p/z = pOverZInitial (1 - Gp/ogip) (its slope, psia per gp unit, is
 * -pOverZInitial/ogip; not returned because it has no unit of its own in metric calls).
 * Fit quality: R^2, standard errors of the intercept and of G by the delta
 * method (var G = var(a)/b^2 + a^2 var(b)/b^4 - 2 a cov(a,b)/b^3), the fitted line and residuals.
 * Volumetric depletion model: Gp(p) = G (1 - (p/z)/(p/z)i), recovery Gp/G, and, with psiaAbandon,
 * the recoverable gas at abandonment. A quadratic term whose t statistic exceeds 3 is reported as
 * a warning (curving p/z: water influx or pressure support bends it up, abnormal pressure / rock
 * compressibility or a non-volumetric reservoir bends it down — a straight-line G is then biased).
 *
 * z by the methods of pvt.gasProperties at each survey pressure (or given as z).
 * Units: psia, degF; Gp in any gas volume unit (Mscf when calling in field units; sm3 in metric):
 * G comes back in the same unit.
 *
 * References:
 * - Havlena, D. and Odeh, A.S. (1963) The Material Balance as an Equation of a Straight Line.
 *   Journal of Petroleum Technology 15(8), 896-900. SPE-559-PA.
 * - Craft, B.C. and Hawkins, M.F. (1991) Applied Petroleum Reservoir Engineering, 2nd ed., revised
 *   by R.E. Terry. Prentice Hall, Ch. 2.
 * - Draper, N.R. and Smith, H. (1998) Applied Regression Analysis, 3rd ed. Wiley.
 * - z-factor and pseudo-critical references of pvt.gasProperties.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { MAX_Z, requireGasPressures, requireWithin } from '../pvt/correlations/domain.js';
import { quantity, quantityArray } from '../quantity.js';
import { gasAt, GAS_INPUTS } from './gasModel.js';
import { curvatureT, fitLine } from './regression.js';

/**
 * Surveys per call: far beyond any field's pressure history, and it keeps the largest answer (five
 * numbers per survey) near 1 MB of JSON, under ENGINE_RESULT_LIMIT_BYTES.
 */
const MAX_SURVEYS = 10_000;

const Input = Type.Object({
  psia: quantityArray('pressure', { exclusiveMinimum: 0 }, { minItems: 2, maxItems: MAX_SURVEYS, description: 'Average reservoir pressure at each survey (the first is usually the initial pressure)' }),
  gp: quantityArray('gasVolume', { minimum: 0 }, { minItems: 2, maxItems: MAX_SURVEYS, description: 'Cumulative gas produced at each survey (any volume unit in field units; ogip comes back in the same unit)' }),
  TF: quantity('temperature', { exclusiveMinimum: -459.67, description: 'Reservoir temperature' }),
  ...GAS_INPUTS,
  z: Type.Optional(quantityArray('dimensionless', { exclusiveMinimum: 0 }, { minItems: 2, maxItems: MAX_SURVEYS, description: 'Measured z at each survey pressure (instead of the correlation)' })),
  psiaAbandon: Type.Optional(quantity('pressure', { exclusiveMinimum: 0, description: 'Abandonment pressure for the recoverable-gas estimate' })),
});

const Output = Type.Object({
  ogip: quantity('gasVolume', { description: 'Original gas in place G = -intercept/slope (same unit as gp)' }),
  pOverZ: quantityArray('pressure', {}, { description: 'p/z at each survey' }),
  z: quantityArray('dimensionless', {}, { description: 'z at each survey pressure' }),
  pOverZInitial: quantity('pressure', { description: 'Fitted p/z at Gp = 0 (intercept)' }),
  r2: quantity('dimensionless', { description: 'Coefficient of determination of the straight line' }),
  // A standard error is zero when the surveys lie exactly on a line (not a pressure, which is > 0).
  interceptStdError: Type.Optional(quantity('pressure', { description: 'Standard error of the intercept (3+ surveys; 0 on an exact line)', physical: { minimum: 0, exclusiveMinimum: undefined } })),
  ogipStdError: Type.Optional(quantity('gasVolume', { description: 'Standard error of ogip, delta method (3+ surveys)' })),
  pOverZFit: quantityArray('pressure', {}, { description: 'The fitted line at each survey' }),
  residuals: quantityArray('pressureDifference', {}, { description: 'p/z minus the fitted line at each survey' }),
  recoveryFactor: quantityArray('dimensionless', { unit: 'fraction' }, { description: 'Gp / ogip at each survey' }),
  gpAbandon: Type.Optional(quantity('gasVolume', { description: 'Cumulative gas at psiaAbandon by the volumetric model G (1 - (p/z)a/(p/z)i)' })),
  recoveryFactorAbandon: Type.Optional(quantity('dimensionless', { unit: 'fraction', description: 'gpAbandon / ogip' })),
  zAbandon: Type.Optional(quantity('dimensionless', { description: 'z at psiaAbandon' })),
});

/** |t| of the quadratic term above which the p/z data are said to curve. */
const CURVATURE_T = 3;

export const pzMaterialBalance = defineFunction({
  name: 'gas.pzMaterialBalance',
  module: 'gas',
  title: 'p/z material balance (OGIP of a volumetric gas reservoir)',
  description:
    'Original gas in place from a straight line through p/z vs cumulative production Gp (least squares; G = -intercept/slope), with R², standard errors of the ' +
    'intercept and of G (delta method), the fitted line, residuals, recovery factors, and the recoverable gas at an optional abandonment pressure from the volumetric ' +
    'depletion model Gp = G (1 - (p/z)/(p/z)i). z from the pvt.gasProperties correlations (DAK or HY; Piper–McCain–Corredor or Sutton–Wichert–Aziz) unless given. ' +
    'A warning flags p/z data that curve (significant quadratic term): water drive or pressure support bends the line up, abnormal pressure/compaction down, and a ' +
    'straight-line G is then biased. Gp in any volume unit (field) or sm3 (metric); ogip in the same unit.',
  input: Input,
  output: Output,
  references: [
    'Havlena, D. and Odeh, A.S. (1963) The Material Balance as an Equation of a Straight Line. Journal of Petroleum Technology 15(8), 896-900. SPE-559-PA.',
    'Craft, B.C. and Hawkins, M.F. (1991) Applied Petroleum Reservoir Engineering, 2nd ed., revised by R.E. Terry. Prentice Hall, Ch. 2.',
    'Draper, N.R. and Smith, H. (1998) Applied Regression Analysis, 3rd ed. Wiley.',
    'Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36. PETSOC-75-03-03.',
    'Piper, L.D., McCain, W.D. Jr. and Corredor, J.H. (1993) Compressibility Factors for Naturally Occurring Petroleum Gases. SPE-26668-MS.',
  ],
  validity: [],
  examples: [
    {
      title: 'synthetic volumetric reservoir, OGIP 100 (DAK, Piper–McCain–Corredor), 200 degF, gasSG 0.65',
      input: { psia: [5000.000286, 4314.39564774, 3714.93703535, 2930.56934382, 2234.13303767], gp: [0, 10, 20, 35, 50], TF: 200, gasSG: 0.65 },
      expected: { ogip: 100, pOverZInitial: 4929.58432681 },
      tolerance: 1e-4,
      source: 'refdata gas.json pz-5000.0-100.0 (pressures built with pyrestoolbox 3.7.6 gas_ponz2p so that p/z is exactly linear with OGIP 100)',
    },
  ],
  run(input, warnings) {
    const n = input.psia.length;
    if (input.gp.length !== n) throw new EngineFailure('invalid_input', `psia has ${n} values but gp has ${input.gp.length}`);
    if (input.z && input.z.length !== n) throw new EngineFailure('invalid_input', `psia has ${n} values but z has ${input.z.length}`);
    requireGasPressures('psia', input.psiaAbandon === undefined ? input.psia : [...input.psia, input.psiaAbandon]);
    if (input.z) for (const z of input.z) requireWithin('z', z, 0, MAX_Z, '', 'no natural gas has a z-factor outside it (z reaches ~2.5 at Ppr 30)', true);
    const gas = gasAt(input, input.TF, warnings);
    const z = input.z ?? input.psia.map((p) => gas.z(p).z);
    if (!input.z) warnings.push(...gas.rangeWarnings(input.psia));
    const pOverZ = input.psia.map((p, i) => p / (z[i] as number));
    if (new Set(input.gp).size < 2) throw new EngineFailure('invalid_input', 'gp needs at least two different values to fit a line');

    const fit = fitLine(input.gp, pOverZ);
    if (!(fit.slope < 0 && fit.intercept > 0)) {
      throw new EngineFailure('no_solution', `p/z does not decline with production (slope ${fit.slope.toPrecision(4)} psia per unit gp): no volumetric depletion trend, no OGIP`);
    }
    const ogip = -fit.intercept / fit.slope;
    const out: Record<string, unknown> = {
      ogip,
      pOverZ,
      z,
      pOverZInitial: fit.intercept,
      r2: fit.r2,
      pOverZFit: fit.fitted,
      residuals: fit.residuals,
      recoveryFactor: input.gp.map((g) => g / ogip),
    };
    if (fit.stats) {
      const { seSlope, seIntercept, covInterceptSlope } = fit.stats;
      const a = fit.intercept;
      const b = fit.slope;
      // Var(G) by the delta method, G = -a/b: written as G^2 times relative variances so that no
      // power of the slope under- or overflows whatever the volume unit of gp.
      const varG = ogip * ogip * ((seIntercept / a) ** 2 + (seSlope / b) ** 2 - (2 * covInterceptSlope) / (a * b));
      Object.assign(out, { interceptStdError: seIntercept, ogipStdError: Math.sqrt(Math.max(varG, 0)) });
      // Only data that scatter beyond round-off can be said to curve.
      const meaningful = fit.stats.s > 1e-9 * Math.abs(a);
      const curve = meaningful ? curvatureT(input.gp, pOverZ) : null;
      if (curve && Math.abs(curve.t) > CURVATURE_T) {
        warnings.push(
          `p/z vs Gp curves (quadratic term ${Number.isFinite(curve.t) ? `t = ${curve.t.toFixed(1)}` : 'exact'}): ${curve.c > 0 ? 'bending up, as with water influx or pressure support' : 'bending down, as with abnormal pressure, rock compaction or a non-volumetric reservoir'}; the straight-line OGIP is biased`,
        );
      }
    }
    if (fit.r2 < 0.95 && n >= 3) warnings.push(`the straight line explains little of the p/z data (R² ${fit.r2.toFixed(3)})`);
    if (input.psiaAbandon !== undefined) {
      const za = gas.z(input.psiaAbandon).z;
      const pzA = input.psiaAbandon / za;
      // Above the initial p/z the volumetric model gives negative cumulative production: no gas
      // is produced on the way up to a pressure the reservoir never depletes to.
      if (pzA > fit.intercept) {
        throw new EngineFailure(
          'invalid_input',
          `psiaAbandon ${input.psiaAbandon} psia has p/z ${pzA.toPrecision(6)} psia, above the initial p/z ${fit.intercept.toPrecision(6)} psia of the fitted line: an abandonment pressure must be below the initial pressure`,
        );
      }
      const gpA = ogip * (1 - pzA / fit.intercept);
      Object.assign(out, { gpAbandon: gpA, recoveryFactorAbandon: gpA / ogip, zAbandon: za });
    }
    return out as never;
  },
});
