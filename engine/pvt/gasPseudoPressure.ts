/**
 * pvt.gasPseudoPressure: the real-gas pseudo-pressure of Al-Hussainy, Ramey & Crawford (1966)
 *
 *   m(p) = 2 integral_{p_ref}^{p} p' / (mu(p') z(p')) dp'          (psia^2/cp)
 *
 * as a table over a list of pressures (from psiaRef, default 0 psia) and/or as the difference
 * deltaMp = m(psia2) - m(psia1) between two pressures.
 *
 * z, pseudo-criticals and viscosity are those of pvt.gasProperties (same option names and
 * defaults: DAK, Piper–McCain–Corredor, LGE-McCain; ./correlations/*). The integral is evaluated by
 * adaptive 8-point Gauss–Legendre quadrature (./correlations/quadrature.ts) to a relative tolerance
 * of 1e-10 of its magnitude; the integrand is smooth on (0, p] and tends to 0 as p -> 0, so the
 * quadrature error is far below the uncertainty of the z and viscosity correlations (~1-2%).
 * Units: psia, degF, cp; m(p) psia^2/cp.
 * Validity: the z method's Ppr/Tpr range (at the highest pressure; the low-pressure end is the ideal
 * gas limit z -> 1), the Lee–Gonzalez–Eakin data (100-8000 psia, 100-340 degF); outside -> warnings.
 *
 * References:
 * - Al-Hussainy, R., Ramey, H.J. Jr. and Crawford, P.B. (1966) The Flow of Real Gases Through Porous
 *   Media. Journal of Petroleum Technology 18(5), 624-636. SPE-1243-A-PA.
 * - and the z, pseudo-critical and viscosity references of pvt.gasProperties.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { gasViscosityLGE, LGE_METHODS, LGE_RANGE } from './correlations/gasViscosityLGE.js';
import { RANKINE_OFFSET } from './correlations/nonHydrocarbons.js';
import { dryGas, type DryGas } from './correlations/dryGas.js';
import { GAS_INPUTS } from './correlations/gasInputs.js';
import { MAX_PSIA, requireGasTemperature, requireWithin } from './correlations/domain.js';
import { integrate } from './correlations/quadrature.js';
import { zFoldWarning, zRangeWarnings } from './correlations/zMethods.js';

const Input = Type.Object({
  psia: Type.Optional(quantityOrArray('pressure', { minimum: 0, description: 'Pressure or list of pressures for the m(p) table' })),
  psiaRef: Type.Optional(quantity('pressure', { minimum: 0, default: 0, description: 'Lower limit of the m(p) table integral (m(psiaRef) = 0)' })),
  psia1: Type.Optional(quantity('pressure', { minimum: 0, description: 'Lower pressure of deltaMp (give with psia2)' })),
  psia2: Type.Optional(quantity('pressure', { minimum: 0, description: 'Upper pressure of deltaMp (give with psia1)' })),
  TF: quantity('temperature', { exclusiveMinimum: -RANKINE_OFFSET, description: 'Temperature' }),
  ...GAS_INPUTS,
  viscosityMethod: Type.Optional(Type.Enum(LGE_METHODS, { default: 'LGE-McCain', description: "viscosity: 'LGE-McCain' or 'LGE-original-1966'" })),
});

const Output = Type.Object({
  mp: Type.Optional(quantityOrArray('pseudoPressure', { description: 'm(p) - m(psiaRef) at each pressure of psia' })),
  z: Type.Optional(quantityOrArray('dimensionless', { description: 'z at each pressure of psia', physical: { exclusiveMinimum: 0 } })),
  viscosity: Type.Optional(quantityOrArray('viscosity', { description: 'Gas viscosity at each pressure of psia' })),
  deltaMp: Type.Optional(quantity('pseudoPressure', { description: 'm(psia2) - m(psia1)' })),
  Tpc: quantity('temperatureAbsolute', { description: 'Pseudo-critical temperature' }),
  Ppc: quantity('pressure', { description: 'Pseudo-critical pressure' }),
});

/** z and mu at one pressure (for the table's columns); at 0 psia the ideal-gas limit. */
function stateFor(gas: DryGas, tR: number): (p: number) => { z: number; mu: number } {
  return (p) => {
    if (p === 0) return { z: 1, mu: gasViscosityLGE(gas.viscosityMethod, tR, 0, gas.mw) };
    const s = gas.at(p, tR);
    return { z: s.z, mu: s.viscosity };
  };
}

/** m(p) - m(ref) at every pressure: one integral per gap between sorted distinct pressures. */
function cumulative(f: (p: number) => number, ref: number, pressures: number[]): Map<number, number> {
  const out = new Map<number, number>([[ref, 0]]);
  const above = [...new Set(pressures.filter((p) => p > ref))].sort((a, b) => a - b);
  const below = [...new Set(pressures.filter((p) => p < ref))].sort((a, b) => b - a);
  for (const side of [above, below]) {
    let from = ref;
    let sum = 0;
    for (const p of side) {
      sum += integrate(f, from, p);
      out.set(p, sum);
      from = p;
    }
  }
  return out;
}

export const gasPseudoPressure = defineFunction({
  name: 'pvt.gasPseudoPressure',
  module: 'pvt',
  title: 'Real-gas pseudo-pressure m(p)',
  description:
    'Real-gas pseudo-pressure m(p) = 2 ∫ p/(mu z) dp (psia^2/cp; Al-Hussainy, Ramey & Crawford 1966): a table over a pressure list (psia, from psiaRef, default 0) ' +
    'and/or the difference deltaMp = m(psia2) - m(psia1). Give psia, or psia1 and psia2, or both. ' +
    'z, pseudo-criticals and viscosity as pvt.gasProperties (DAK or HY; Piper–McCain–Corredor or Sutton/Kay/Wichert–Aziz; Lee–Gonzalez–Eakin). ' +
    'Adaptive 8-point Gauss–Legendre quadrature to 1e-10 relative. Validity: the z method range at the highest pressure and the viscosity data ' +
    '(100-8000 psia, 100-340 degF, sweet gases: a warning above 10% CO2 + H2S); outside -> warnings.',
  input: Input,
  output: Output,
  references: [
    'Al-Hussainy, R., Ramey, H.J. Jr. and Crawford, P.B. (1966) The Flow of Real Gases Through Porous Media. Journal of Petroleum Technology 18(5), 624-636. SPE-1243-A-PA.',
    'Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36. PETSOC-75-03-03.',
    'Hall, K.R. and Yarborough, L. (1973) A New Equation of State for Z-factor Calculations. Oil & Gas Journal 71(25), 82-92.',
    'Piper, L.D., McCain, W.D. Jr. and Corredor, J.H. (1993) Compressibility Factors for Naturally Occurring Petroleum Gases. SPE-26668-MS.',
    'Sutton, R.P. (1985) Compressibility Factors for High-Molecular-Weight Reservoir Gases. SPE-14265-MS.',
    "Wichert, E. and Aziz, K. (1972) Calculate Z's for Sour Gases. Hydrocarbon Processing 51(5), 119-122.",
    'Lee, A.L., Gonzalez, M.H. and Eakin, B.E. (1966) The Viscosity of Natural Gases. Journal of Petroleum Technology 18(8), 997-1000. SPE-1340-PA.',
    'McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property Correlations. PennWell, Tulsa.',
  ],
  validity: [{ field: 'TF', min: LGE_RANGE.tfMin, max: LGE_RANGE.tfMax, unit: 'degF', note: 'Lee–Gonzalez–Eakin (1966) viscosity data' }],
  examples: [
    {
      title: 'deltaMp from 14.696 to 1000 psia at 200 degF, gasSG 0.65 (DAK, Piper–McCain–Corredor, LGE-McCain)',
      input: { psia1: 14.696, psia2: 1000, TF: 200, gasSG: 0.65 },
      expected: { deltaMp: 74373722.8144 },
      tolerance: 3e-3,
      source: 'pyrestoolbox 3.7.6 gas_dmp, refdata pvt_gas.json gas-dmp-0445',
    },
    {
      title: 'the same integral as an m(p) table from psiaRef 14.696 psia: m(1000) at 200 degF, gasSG 0.65',
      input: { psia: [1000], psiaRef: 14.696, TF: 200, gasSG: 0.65 },
      expected: { mp: [74373722.8144] },
      tolerance: 3e-3,
      source: 'pyrestoolbox 3.7.6 gas_dmp from 14.696 to 1000 psia, refdata pvt_gas.json gas-dmp-0445 (m(1000) - m(14.696) is that delta)',
    },
  ],
  run(input, warnings) {
    const table = input.psia !== undefined;
    const delta = input.psia1 !== undefined || input.psia2 !== undefined;
    if (!table && !delta) throw new EngineFailure('invalid_input', 'give psia (a pressure or list for the m(p) table), or psia1 and psia2 (for deltaMp)');
    if (delta && (input.psia1 === undefined || input.psia2 === undefined)) throw new EngineFailure('invalid_input', 'deltaMp needs both psia1 and psia2');
    const tR = input.TF + RANKINE_OFFSET;
    if (!(tR > 0)) throw new EngineFailure('invalid_input', `TF ${input.TF} degF is at or below absolute zero`);
    requireGasTemperature('TF', input.TF);
    // 0 psia is the integral's natural lower limit; above it the gas domain's ceiling applies.
    for (const [name, p] of [['psia', input.psia], ['psiaRef', input.psiaRef], ['psia1', input.psia1], ['psia2', input.psia2]] as const) {
      for (const v of p === undefined ? [] : Array.isArray(p) ? p : [p]) requireWithin(name, v, 0, MAX_PSIA, 'psia', 'no petroleum gas is met above three times the deepest reservoir pressures');
    }
    const gas = dryGas(input, warnings);
    const { pc, zMethod } = gas;
    const value = gas.pseudoPressureIntegrand(tR);
    const state = stateFor(gas, tR);

    const pressures = table ? (Array.isArray(input.psia) ? input.psia : [input.psia as number]) : [];
    const all = [...pressures, ...(delta ? [input.psia1 as number, input.psia2 as number] : []), input.psiaRef ?? 0];
    const pMax = Math.max(...all);
    const tpr = tR / pc.tpc;
    warnings.push(...zRangeWarnings(zMethod, Math.max(pMax / pc.ppc, 0.2), tpr));
    // The integral takes z at every pressure from 0 up: where DAK folds anywhere on the way, say so (once).
    const fold = zFoldWarning(zMethod, 0, pMax / pc.ppc, tpr);
    if (fold !== null && !warnings.includes(fold)) warnings.push(fold);
    if (pMax > LGE_RANGE.psiaMax) warnings.push(`pressure ${pMax} psia is above the Lee–Gonzalez–Eakin (1966) viscosity data (max ${LGE_RANGE.psiaMax} psia)`);

    const out: Record<string, unknown> = { Tpc: pc.tpc, Ppc: pc.ppc };
    if (table) {
      const ref = input.psiaRef ?? 0;
      const mAt = cumulative(value, ref, pressures);
      const points = pressures.map((p) => ({ mp: mAt.get(p) as number, ...state(p) }));
      const column = (k: 'mp' | 'z' | 'mu') => (Array.isArray(input.psia) ? points.map((pt) => pt[k]) : (points[0] as Record<typeof k, number>)[k]);
      out.mp = column('mp');
      out.z = column('z');
      out.viscosity = column('mu');
    }
    if (delta) out.deltaMp = integrate(value, input.psia1 as number, input.psia2 as number);
    return out as never;
  },
});
