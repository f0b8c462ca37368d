/**
 * well.iprComposite: composite IPR of an undersaturated oil well: straight-line Darcy inflow above
 * the bubble point, Vogel below it (Brown 1984; Beggs 1991):
 *
 *   pwf >= pb: q = J (pr - pwf)
 *   pwf <  pb: q = qb + (J pb/1.8) [1 - 0.2 (pwf/pb) - 0.8 (pwf/pb)^2],   qb = J (pr - pb),   qmax = qb + J pb/1.8
 *
 * J (STB/d/psi) given, from a test point (above or below pb), or from Darcy radial flow
 * J = 0.00708 k h / (mu B (ln(re/rw) - 0.75 + S)) (steady state: - 0.5) with the oil viscosity
 * and FVF at pr. With pr <= pb the curve is Vogel's with qmax = J pr/1.8.
 * Units: psia, STB/d, STB/d/psi, md, ft, cp, rb/STB.
 *
 * References:
 * - Vogel, J.V. (1968) JPT 20(1), 83-92. SPE-1476-PA.
 * - Brown, K.E. (1984) The Technology of Artificial Lift Methods, Vol. 4. PennWell.
 * - Beggs, H.D. (1991) Production Optimization Using Nodal Analysis. OGCI, Tulsa, Ch. 2.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { pwfOutput, checkBelowPr, flowRegimeInput, MAX_POINTS, pressureList, pwfGrid, shaped } from './common.js';
import { compositeJFromTest, compositeQb, compositeQmax, compositeRate, darcyJ } from './inflow/oilInflow.js';
import { VOGEL_REFERENCE } from './iprVogel.js';
import { MAX_LIQUID_STBD, requireComputedRate, requireInflowInputs } from './domain.js';

const optionalLength = (description: string) => Type.Optional(quantity('length', { exclusiveMinimum: 0, description }));

export const iprComposite = defineFunction({
  name: 'well.iprComposite',
  module: 'well',
  title: 'Composite IPR (Darcy above pb, Vogel below)',
  description:
    'Undersaturated oil well: q = J (pr - pwf) above pb, qb + (J pb/1.8)(1 - 0.2 pwf/pb - 0.8 (pwf/pb)^2) below; qmax = qb + J pb/1.8. ' +
    'J from productivityIndex, a test point (testRateStbd, testPwfPsia) or Darcy radial flow (kMd, hFt, reFt, rwFt, skin, muCp, boRbStb; flowRegime pseudo-steady or steady state). Units: psia, STB/d, STB/d/psi.',
  input: Type.Object({
    prPsia: quantity('pressure', { exclusiveMinimum: 0, description: 'Average reservoir pressure' }),
    pbPsia: quantity('pressure', { exclusiveMinimum: 0, description: 'Bubble-point pressure' }),
    productivityIndex: Type.Optional(quantity('productivityIndex', { exclusiveMinimum: 0, description: 'Liquid productivity index J above pb' })),
    testRateStbd: Type.Optional(quantity('oilRate', { exclusiveMinimum: 0, description: 'Stabilized test rate' })),
    testPwfPsia: Type.Optional(quantity('pressure', { minimum: 0, description: 'Test flowing bottom-hole pressure' })),
    kMd: Type.Optional(quantity('permeability', { exclusiveMinimum: 0, description: 'Permeability (Darcy J)' })),
    hFt: optionalLength('Net pay (Darcy J)'),
    reFt: optionalLength('Drainage radius (Darcy J)'),
    rwFt: optionalLength('Wellbore radius (Darcy J)'),
    skin: Type.Optional(quantity('dimensionless', { minimum: -8, default: 0, description: 'Skin (Darcy J)' })),
    muCp: Type.Optional(quantity('viscosity', { exclusiveMinimum: 0, description: 'Oil viscosity at pr (Darcy J)' })),
    boRbStb: Type.Optional(quantity('formationVolumeFactor', { exclusiveMinimum: 0, description: 'Oil FVF at pr (Darcy J)' })),
    flowRegime: flowRegimeInput(),
    pwfPsia: pressureList('Flowing bottom-hole pressure(s) (default 21 points from pr to 0)'),
  }),
  output: Type.Object({
    pwfPsia: pwfOutput(),
    qoStbd: quantityOrArray('oilRate', { description: 'Rate at each pwf', physical: { minimum: 0 } }, MAX_POINTS),
    qbStbd: quantity('oilRate', { description: 'Rate at pwf = pb', physical: { minimum: 0 } }),
    qmaxStbd: quantity('oilRate', { description: 'Maximum rate (pwf = 0)', physical: { minimum: 0 } }),
    productivityIndex: quantity('productivityIndex', { description: 'J used', physical: { exclusiveMinimum: 0 } }),
  }),
  references: [VOGEL_REFERENCE, 'Brown, K.E. (1984) The Technology of Artificial Lift Methods, Vol. 4. PennWell Books, Tulsa.', 'Beggs, H.D. (1991) Production Optimization Using Nodal Analysis. OGCI Publications, Tulsa.'],
  validity: [],
  examples: [
    {
      title: 'pr 4000, pb 2500 psia, J 1.2 STB/d/psi',
      input: { prPsia: 4000, pbPsia: 2500, productivityIndex: 1.2, pwfPsia: [0, 2000, 3000] },
      expected: { qoStbd: [3466.66666667, 2346.66666667, 1200], qbStbd: 1800, qmaxStbd: 3466.66666667 },
      tolerance: 1e-9,
      source: 'closed form: qb = 1.2 x 1500 = 1800, qmax = 1800 + 1.2 x 2500/1.8; refdata well.json composite-4000.0-2500.0-1.2 (petropt composite_ipr)',
    },
  ],
  run(input, warnings) {
    requireInflowInputs(input);
    const pr = input.prPsia;
    const pb = input.pbPsia;
    let j = input.productivityIndex;
    if (j === undefined && input.testRateStbd !== undefined && input.testPwfPsia !== undefined) j = compositeJFromTest(pr, pb, input.testRateStbd, input.testPwfPsia);
    if (j === undefined) {
      const { kMd, hFt, reFt, rwFt, muCp, boRbStb } = input;
      if ([kMd, hFt, reFt, rwFt, muCp, boRbStb].some((v) => v === undefined)) {
        throw new EngineFailure('invalid_input', 'give productivityIndex, or testRateStbd and testPwfPsia, or kMd, hFt, reFt, rwFt, muCp and boRbStb for Darcy J');
      }
      j = darcyJ({ kMd: kMd as number, hFt: hFt as number, reFt: reFt as number, rwFt: rwFt as number, skin: input.skin ?? 0 }, muCp as number, boRbStb as number, input.flowRegime ?? 'pseudoSteadyState');
    }
    if (pr <= pb) warnings.push(`pr ${pr} psia is at or below pb ${pb} psia: the curve is Vogel's with qmax = J pr/1.8`);
    const c = { pr, pb, j };
    requireComputedRate('qmax', compositeQmax(c), MAX_LIQUID_STBD, 'STB/d', 'J (given, from the test or from k h/(mu B)), prPsia and pbPsia');
    const pwfs = pwfGrid(input.pwfPsia, pr);
    checkBelowPr(pwfs, pr, warnings);
    return { pwfPsia: shaped(input.pwfPsia, pwfs), qoStbd: shaped(input.pwfPsia, pwfs.map((p) => compositeRate(c, p))), qbStbd: compositeQb(c), qmaxStbd: compositeQmax(c), productivityIndex: j };
  },
});
