/**
 * well.iprVogel: Vogel (1968) inflow performance of a solution-gas-drive well below the bubble point:
 *
 *   q/qmax = 1 - 0.2 (pwf/pr) - 0.8 (pwf/pr)^2
 *
 * qmax (the AOF) given, or from one stabilized test (q, pwf): qmax = q / (1 - 0.2 x - 0.8 x^2).
 * Units: psia, STB/d. Validity: pr at or below the bubble point (for pr > pb use well.iprComposite);
 * Vogel's simulations had no skin (flow efficiency 1); his curves are within ~10-20% of field wells.
 *
 * Reference: Vogel, J.V. (1968) Inflow Performance Relationships for Solution-Gas Drive Wells.
 * Journal of Petroleum Technology 20(1), 83-92. SPE-1476-PA.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { pwfOutput, checkBelowPr, MAX_POINTS, pressureList, pwfGrid, shaped } from './common.js';
import { vogelQmaxFromTest, vogelRate } from './inflow/oilInflow.js';
import { MAX_LIQUID_STBD, requireComputedRate, requireInflowInputs } from './domain.js';

export const VOGEL_REFERENCE = 'Vogel, J.V. (1968) Inflow Performance Relationships for Solution-Gas Drive Wells. Journal of Petroleum Technology 20(1), 83-92. SPE-1476-PA.';

export const iprVogel = defineFunction({
  name: 'well.iprVogel',
  module: 'well',
  title: 'Vogel IPR (solution-gas drive)',
  description:
    'Vogel (1968): q/qmax = 1 - 0.2 (pwf/pr) - 0.8 (pwf/pr)^2. Give qmaxStbd, or a stabilized test (testRateStbd at testPwfPsia). Rates at pwfPsia (a value or a list; default 21 points from pr to 0). Units: psia, STB/d.',
  input: Type.Object({
    prPsia: quantity('pressure', { exclusiveMinimum: 0, description: 'Average reservoir pressure (at or below the bubble point)' }),
    qmaxStbd: Type.Optional(quantity('oilRate', { exclusiveMinimum: 0, description: 'Maximum rate (AOF, pwf = 0)' })),
    testRateStbd: Type.Optional(quantity('oilRate', { exclusiveMinimum: 0, description: 'Stabilized test rate' })),
    testPwfPsia: Type.Optional(quantity('pressure', { minimum: 0, description: 'Flowing bottom-hole pressure of the test' })),
    pwfPsia: pressureList('Flowing bottom-hole pressure(s) where the rate is wanted'),
  }),
  output: Type.Object({
    pwfPsia: pwfOutput(),
    qoStbd: quantityOrArray('oilRate', { description: 'Oil rate at each pwf', physical: { minimum: 0 } }, MAX_POINTS),
    qmaxStbd: quantity('oilRate', { description: 'Maximum rate (AOF)', physical: { minimum: 0 } }),
  }),
  references: [VOGEL_REFERENCE, 'Brown, K.E. (1984) The Technology of Artificial Lift Methods, Vol. 4. PennWell Books, Tulsa.'],
  validity: [],
  examples: [
    {
      title: 'textbook test: pr 2500 psia, 350 STB/d at 2000 psia',
      input: { prPsia: 2500, testRateStbd: 350, testPwfPsia: 2000, pwfPsia: [0, 1000] },
      expected: { qmaxStbd: 1067.07317073, qoStbd: [1067.07317073, 845.12195122] },
      tolerance: 1e-9,
      source: 'closed form 350/(1 - 0.2 x 0.8 - 0.8 x 0.64) = 1067.073; refdata well.json vogel-test-2500.0-350.0-2000.0',
    },
  ],
  run(input, warnings) {
    requireInflowInputs(input);
    const pr = input.prPsia;
    let qmax = input.qmaxStbd;
    if (qmax === undefined) {
      if (input.testRateStbd === undefined || input.testPwfPsia === undefined) throw new EngineFailure('invalid_input', 'give qmaxStbd, or testRateStbd and testPwfPsia');
      qmax = vogelQmaxFromTest(pr, input.testRateStbd, input.testPwfPsia);
      requireComputedRate('qmax from the test', qmax, MAX_LIQUID_STBD, 'STB/d', 'testRateStbd, testPwfPsia and prPsia');
    }
    const pwfs = pwfGrid(input.pwfPsia, pr);
    checkBelowPr(pwfs, pr, warnings);
    return { pwfPsia: shaped(input.pwfPsia, pwfs), qoStbd: shaped(input.pwfPsia, pwfs.map((p) => vogelRate(pr, qmax as number, p))), qmaxStbd: qmax };
  },
});
