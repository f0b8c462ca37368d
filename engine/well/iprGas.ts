/**
 * well.iprGas: gas-well inflow from reservoir parameters by real-gas pseudo-pressure with a
 * rate-dependent (non-Darcy) skin D q, solved as the quadratic in q:
 *
 *   q = k h [m(pr) - m(pwf)] / (1422 T (ln(re/rw) - 0.75 + S + D q))       (Mscf/d, T degR)
 *
 * (steady state: - 0.5). m(p) with the pvt.gasPseudoPressure correlations (default DAK z,
 * Piper–McCain–Corredor pseudo-criticals, LGE-McCain viscosity). AOF at pwf = 14.696 psia.
 * Units: md, ft, psia, degF, d/Mscf, Mscf/d, psia^2/cp.
 * Validity: the z and viscosity correlations' ranges (pvt.gasPseudoPressure); Darcy radial flow in
 * a homogeneous circular drainage area.
 *
 * References:
 * - Al-Hussainy, R., Ramey, H.J. Jr. and Crawford, P.B. (1966) The Flow of Real Gases Through
 *   Porous Media. JPT 18(5), 624-636. SPE-1243-A-PA.
 * - Lee, W.J. and Wattenbarger, R.A. (1996) Gas Reservoir Engineering. SPE Textbook Series 5.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { GAS_INPUTS } from '../pvt/correlations/gasInputs.js';
import { LGE_METHODS } from '../pvt/correlations/gasViscosityLGE.js';
import { P_SC } from '../pvt/correlations/nonHydrocarbons.js';
import { pwfOutput, checkBelowPr, flowRegimeInput, MAX_POINTS, pressureList, pwfGrid, RESERVOIR_INPUTS, shaped } from './common.js';
import { gasRateFromDm, pseudoPressureDelta } from './inflow/gasInflow.js';
import { MAX_GAS_MSCFD, requireComputedRate, requireInflowInputs } from './domain.js';

export const GAS_IPR_REFERENCES = [
  'Al-Hussainy, R., Ramey, H.J. Jr. and Crawford, P.B. (1966) The Flow of Real Gases Through Porous Media. Journal of Petroleum Technology 18(5), 624-636. SPE-1243-A-PA.',
  'Lee, W.J. and Wattenbarger, R.A. (1996) Gas Reservoir Engineering. SPE Textbook Series Vol. 5, Richardson, TX.',
  'Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using Equations of State. JCPT 14(3), 34-36.',
  'Piper, L.D., McCain, W.D. Jr. and Corredor, J.H. (1993) Compressibility Factors for Naturally Occurring Petroleum Gases. SPE-26668-MS.',
  'Lee, A.L., Gonzalez, M.H. and Eakin, B.E. (1966) The Viscosity of Natural Gases. JPT 18(8), 997-1000. SPE-1340-PA.',
];

export const GAS_WELL_INPUTS = {
  ...GAS_INPUTS,
  viscosityMethod: Type.Optional(Type.Enum(LGE_METHODS, { default: 'LGE-McCain', description: "gas viscosity: 'LGE-McCain' (default) or 'LGE-original-1966'" })),
};

export const iprGas = defineFunction({
  name: 'well.iprGas',
  module: 'well',
  title: 'Gas-well IPR by pseudo-pressure with non-Darcy flow',
  description:
    'q = k h [m(pr) - m(pwf)] / (1422 T (ln(re/rw) - 0.75 + S + D q)) solved as a quadratic in q (Mscf/d); steady state uses - 0.5. m(p) by the pvt.gasPseudoPressure correlations ' +
    '(zMethod DAK/HY, pcMethod, viscosityMethod). Rates at pwfPsia (default 21 points from pr to 14.696 psia) and AOF at 14.696 psia. Units: md, ft, psia, degF, d/Mscf.',
  input: Type.Object({
    ...RESERVOIR_INPUTS,
    prPsia: quantity('pressure', { exclusiveMinimum: 0, description: 'Average reservoir pressure' }),
    TF: quantity('temperature', { exclusiveMinimum: -459.67, description: 'Reservoir temperature' }),
    dNonDarcyDPerMscf: Type.Optional(quantity('nonDarcyCoefficient', { minimum: 0, default: 0, description: 'Non-Darcy coefficient D (rate-dependent skin D q)' })),
    flowRegime: flowRegimeInput(),
    pwfPsia: pressureList('Flowing bottom-hole pressure(s)'),
    ...GAS_WELL_INPUTS,
  }),
  output: Type.Object({
    pwfPsia: pwfOutput(),
    qgMscfd: quantityOrArray('gasRate', { description: 'Gas rate at each pwf', physical: { minimum: 0 } }, MAX_POINTS),
    deltaPseudoPressure: quantityOrArray('pseudoPressure', { description: 'm(pr) - m(pwf) at each pwf' }, MAX_POINTS),
    aofMscfd: quantity('gasRate', { description: 'Absolute open flow (pwf = 14.696 psia)', physical: { minimum: 0 } }),
  }),
  references: GAS_IPR_REFERENCES,
  validity: [{ field: 'TF', min: 100, max: 340, unit: 'degF', note: 'Lee–Gonzalez–Eakin (1966) viscosity data' }],
  examples: [
    {
      title: 'k 10 md, h 50 ft, pr 3000, pwf 1500 psia, 200 degF, S 2, D 0.001 d/Mscf, gasSG 0.65',
      input: { kMd: 10, hFt: 50, prPsia: 3000, pwfPsia: 1500, rwFt: 0.35, reFt: 1500, TF: 200, skin: 2, dNonDarcyDPerMscf: 0.001, gasSG: 0.65 },
      expected: { qgMscfd: 10887.080029, deltaPseudoPressure: 418720475.507 },
      tolerance: 3e-3,
      source: 'pyrestoolbox 3.7.6 gas_rate_radial / gas_dmp, refdata well.json darcy-gas-10-50-3000-1500-0.001',
    },
  ],
  run(input, warnings) {
    requireInflowInputs(input);
    const pr = input.prPsia;
    const pwfs = pwfGrid(input.pwfPsia, pr, P_SC);
    checkBelowPr(pwfs, pr, warnings);
    const r = { kMd: input.kMd, hFt: input.hFt, reFt: input.reFt, rwFt: input.rwFt, skin: input.skin ?? 0 };
    const regime = input.flowRegime ?? 'pseudoSteadyState';
    const d = input.dNonDarcyDPerMscf ?? 0;
    const dm = pwfs.map((p) => (p >= pr ? 0 : pseudoPressureDelta(input, input.TF, p, pr, warnings)));
    const q = dm.map((x) => gasRateFromDm(r, input.TF, x, d, regime));
    const aof = gasRateFromDm(r, input.TF, pseudoPressureDelta(input, input.TF, Math.min(P_SC, pr), pr, warnings), d, regime);
    requireComputedRate('the AOF', aof, MAX_GAS_MSCFD, 'Mscf/d', 'kMd, hFt and prPsia');
    return { pwfPsia: shaped(input.pwfPsia, pwfs), qgMscfd: shaped(input.pwfPsia, q), deltaPseudoPressure: shaped(input.pwfPsia, dm), aofMscfd: aof };
  },
});
