/**
 * well.iprFetkovich: backpressure (deliverability) inflow, Rawlins & Schellhardt (1936) for gas
 * and Fetkovich (1973) for oil:
 *
 *   q = C (pr^2 - pwf^2)^n,   AOF = C pr^2n
 *
 * C and n given, or fitted to multi-rate (isochronal or flow-after-flow) tests by least squares
 * of log q on log(pr^2 - pwf^2) (n = slope, C = 10^intercept), with R^2.
 * Units: pressures psia; C in rate per psia^(2n), so q has the rate unit C implies (STB/d or Mscf/d).
 * Validity: 0.5 <= n <= 1 (n < 0.5 or > 1 suggests tests that did not stabilize; warning).
 *
 * References:
 * - Rawlins, E.L. and Schellhardt, M.A. (1936) Back-Pressure Data on Natural-Gas Wells and Their
 *   Application to Production Practices. US Bureau of Mines Monograph 7.
 * - Fetkovich, M.J. (1973) The Isochronal Testing of Oil Wells. SPE Annual Fall Meeting. SPE-4529-MS.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { pwfOutput, checkBelowPr, MAX_POINTS, pressureList, pwfGrid, shaped } from './common.js';
import { fetkovichRate, fitBackpressure } from './inflow/oilInflow.js';

const rate = (description: string) => quantity('dimensionless', { unit: 'rate', description, physical: { minimum: 0 } });

export const FETKOVICH_REFERENCES = [
  'Fetkovich, M.J. (1973) The Isochronal Testing of Oil Wells. SPE Annual Fall Meeting, Las Vegas. SPE-4529-MS.',
  'Rawlins, E.L. and Schellhardt, M.A. (1936) Back-Pressure Data on Natural-Gas Wells and Their Application to Production Practices. US Bureau of Mines Monograph 7.',
];

export const iprFetkovich = defineFunction({
  name: 'well.iprFetkovich',
  module: 'well',
  title: 'Fetkovich / backpressure IPR (C, n or fitted from tests)',
  description:
    'Backpressure inflow q = C (pr^2 - pwf^2)^n (Rawlins & Schellhardt 1936 gas; Fetkovich 1973 oil). Give C and n, or testRate and testPwfPsia lists (>= 2 points) to fit them by log-log least squares (R2 returned). ' +
    'AOF = C pr^2n. Units: psia; C in rate per psia^(2n) (always field pressure units), so q and AOF come in the rate unit C implies.',
  input: Type.Object({
    prPsia: quantity('pressure', { exclusiveMinimum: 0, description: 'Average reservoir pressure' }),
    C: Type.Optional(quantity('dimensionless', { exclusiveMinimum: 0, unit: 'rate/psia^(2n)', description: 'Backpressure coefficient C (field pressure units)' })),
    n: Type.Optional(quantity('dimensionless', { exclusiveMinimum: 0, maximum: 2, description: 'Backpressure exponent n' })),
    testRate: Type.Optional(Type.Array(rate('Test rate'), { minItems: 2, maxItems: 100, description: 'Stabilized test rates' })),
    testPwfPsia: Type.Optional(Type.Array(quantity('pressure', { minimum: 0, description: 'Test pwf' }), { minItems: 2, maxItems: 100, description: 'Test flowing pressures, one per rate' })),
    pwfPsia: pressureList('Flowing bottom-hole pressure(s) where the rate is wanted (default 21 points from pr to 0)'),
  }),
  output: Type.Object({
    pwfPsia: pwfOutput(),
    q: Type.Union([rate('Rate'), Type.Array(rate('Rate'), { maxItems: MAX_POINTS })], { description: 'Rate at each pwf (unit implied by C)' }),
    aof: rate('Absolute open flow C pr^2n'),
    C: quantity('dimensionless', { unit: 'rate/psia^(2n)', description: 'C used (fitted or given)' }),
    n: quantity('dimensionless', { description: 'n used (fitted or given)' }),
    r2: Type.Union([quantity('dimensionless', { description: 'R2 of the log-log fit' }), Type.Null()], { description: 'R2 of the fit; null when C and n were given' }),
  }),
  references: FETKOVICH_REFERENCES,
  validity: [{ field: 'n', min: 0.5, max: 1, note: 'n outside 0.5-1 usually means unstabilized or inconsistent tests' }],
  examples: [
    {
      title: 'C 0.0012, n 0.85, pr 3000 psia',
      input: { prPsia: 3000, C: 0.0012, n: 0.85, pwfPsia: [0, 2500] },
      expected: { q: [977.884087251, 356.955465325], aof: 977.884087251 },
      tolerance: 1e-9,
      source: 'closed form 0.0012 (3000^2 - pwf^2)^0.85; refdata well.json fetk-3000.0-0.0012-0.85 (petropt fetkovich_ipr)',
    },
  ],
  run(input, warnings) {
    const pr = input.prPsia;
    let c = input.C;
    let n = input.n;
    let r2: number | null = null;
    if (c === undefined || n === undefined) {
      if (!input.testRate || !input.testPwfPsia) throw new EngineFailure('invalid_input', 'give C and n, or testRate and testPwfPsia to fit them');
      const f = fitBackpressure(pr, input.testRate, input.testPwfPsia);
      c = f.c;
      n = f.n;
      r2 = f.r2;
      if (n < 0.5 || n > 1) warnings.push(`fitted n ${n.toFixed(3)} is outside 0.5-1: check that the tests were stabilized`);
    }
    const pwfs = pwfGrid(input.pwfPsia, pr);
    checkBelowPr(pwfs, pr, warnings);
    const cc = c;
    const nn = n;
    return { pwfPsia: shaped(input.pwfPsia, pwfs), q: shaped(input.pwfPsia, pwfs.map((p) => fetkovichRate(cc, nn, pr, p))), aof: fetkovichRate(cc, nn, pr, 0), C: cc, n: nn, r2 };
  },
});
