/**
 * well.iprFetkovich: backpressure (deliverability) inflow, Rawlins & Schellhardt (1936) for gas
 * and Fetkovich (1973) for oil:
 *
 *   q = C (pr^2 - pwf^2)^n,   AOF = C pr^2n
 *
 * C and n given, or fitted to multi-rate (isochronal or flow-after-flow) tests by least squares
 * of log q on log(pr^2 - pwf^2) (n = slope, C = 10^intercept), with R^2.
 * Units: pressures psia; rates STB/d (wellType 'oil') or Mscf/d ('gas'); C in that rate per
 * psia^(2n). Metric callers: bara, sm3/d, and C in sm3/d per bara^(2n), which `run` converts itself
 * (the exponent is an input; see backpressureUnits in ./common.ts).
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
import { backpressureCInput, backpressureCOutput, backpressureUnits, pwfOutput, checkBelowPr, MAX_POINTS, pressureList, pwfGrid, shaped, type WellType } from './common.js';
import { fetkovichRate, fitBackpressure } from './inflow/oilInflow.js';
import { MAX_GAS_MSCFD, MAX_LIQUID_STBD, requireComputedRate, requireInflowInputs } from './domain.js';

export const FETKOVICH_REFERENCES = [
  'Fetkovich, M.J. (1973) The Isochronal Testing of Oil Wells. SPE Annual Fall Meeting, Las Vegas. SPE-4529-MS.',
  'Rawlins, E.L. and Schellhardt, M.A. (1936) Back-Pressure Data on Natural-Gas Wells and Their Application to Production Practices. US Bureau of Mines Monograph 7.',
];

export const MAX_TESTS = 100;

const testRates = (q: 'oilRate' | 'gasRate', description: string) =>
  Type.Optional(Type.Array(quantity(q, { exclusiveMinimum: 0, description: 'Test rate' }), { minItems: 2, maxItems: MAX_TESTS, description }));

/** The inputs iprFetkovich and well.ipr's 'fetkovich' share. */
export const FETKOVICH_INPUTS = {
  wellType: Type.Optional(
    Type.Enum(['oil', 'gas'], { description: "'oil' (rates STB/d; Fetkovich 1973) or 'gas' (rates Mscf/d; Rawlins & Schellhardt 1936); default 'gas' when testRateMscfd is given, else 'oil'" }),
  ),
  C: Type.Optional(backpressureCInput('Backpressure coefficient C: STB/d (oil) or Mscf/d (gas) per psia^(2n); metric: sm3/d per bara^(2n)')),
  n: Type.Optional(quantity('dimensionless', { exclusiveMinimum: 0, maximum: 2, description: 'Backpressure exponent n' })),
  testRateMscfd: testRates('gasRate', 'Gas well: stabilized test rates (fit C and n), one per testPwfPsia'),
};

export interface FetkovichInput {
  prPsia: number;
  wellType?: WellType;
  C?: number;
  n?: number;
  testRateStbd?: number[];
  testRateMscfd?: number[];
  testPwfPsia?: number[];
  pwfPsia?: number | number[];
}

export interface FetkovichCurve {
  wellType: WellType;
  pwfs: number[];
  q: number[];
  aof: number;
  /** C in field units. */
  c: number;
  n: number;
  r2: number | null;
}

/** The well type a backpressure call describes, and its test rates. */
function testsOf(input: FetkovichInput): { wellType: WellType; rates: number[] | undefined } {
  const wellType = input.wellType ?? (input.testRateMscfd !== undefined ? 'gas' : 'oil');
  const [mine, other, otherName] = wellType === 'gas' ? [input.testRateMscfd, input.testRateStbd, 'testRateStbd'] : [input.testRateStbd, input.testRateMscfd, 'testRateMscfd'];
  if (other !== undefined) throw new EngineFailure('invalid_input', `${otherName} does not belong to a${wellType === 'oil' ? 'n oil' : ' gas'} well (wellType '${wellType}')`);
  return { wellType, rates: mine };
}

/** The backpressure curve in field units; C of the input in the caller's `units`. */
export function fetkovichCurve(input: FetkovichInput, units: 'field' | 'metric', warnings: string[]): FetkovichCurve {
  requireInflowInputs(input);
  const pr = input.prPsia;
  const { wellType, rates } = testsOf(input);
  let c: number;
  let n: number;
  let r2: number | null = null;
  if (input.C !== undefined && input.n !== undefined) {
    n = input.n;
    c = backpressureUnits(wellType, units).toField(input.C, n);
  } else {
    const name = wellType === 'gas' ? 'testRateMscfd' : 'testRateStbd';
    if (!rates || !input.testPwfPsia) throw new EngineFailure('invalid_input', `give C and n, or ${name} and testPwfPsia (lists) to fit them`);
    const f = fitBackpressure(pr, rates, input.testPwfPsia);
    c = f.c;
    n = f.n;
    r2 = f.r2;
    if (n < 0.5 || n > 1) warnings.push(`fitted n ${n.toFixed(3)} is outside 0.5-1: check that the tests were stabilized`);
  }
  if (!(c > 0 && Number.isFinite(c))) throw new EngineFailure('out_of_range', `C ${c} (field units) is outside the floating-point range: no well has it`);
  const aof = fetkovichRate(c, n, pr, 0);
  const [max, unit] = wellType === 'gas' ? [MAX_GAS_MSCFD, 'Mscf/d'] : [MAX_LIQUID_STBD, 'STB/d'];
  requireComputedRate('the AOF C pr^2n', aof, max, unit, `C ${c} (field units), n ${n} and prPsia ${pr}`);
  const pwfs = pwfGrid(input.pwfPsia, pr);
  checkBelowPr(pwfs, pr, warnings);
  return { wellType, pwfs, q: pwfs.map((p) => fetkovichRate(c, n, pr, p)), aof, c, n, r2 };
}

export const iprFetkovich = defineFunction({
  name: 'well.iprFetkovich',
  module: 'well',
  title: 'Fetkovich / backpressure IPR (C, n or fitted from tests)',
  description:
    'Backpressure inflow q = C (pr^2 - pwf^2)^n (Rawlins & Schellhardt 1936 gas; Fetkovich 1973 oil). Give C and n, or test lists (testRateStbd for an oil well, testRateMscfd for a gas well, with testPwfPsia; >= 2 points) to fit them by log-log least squares (R2 returned). ' +
    "AOF = C pr^2n. wellType 'oil' (default) answers qoStbd and aofStbd, 'gas' qgMscfd and aofMscfd. Units: psia, STB/d or Mscf/d, C in that rate per psia^(2n); metric: bara, sm3/d, C in sm3/d per bara^(2n) (converted with n).",
  input: Type.Object({
    prPsia: quantity('pressure', { exclusiveMinimum: 0, description: 'Average reservoir pressure' }),
    ...FETKOVICH_INPUTS,
    testRateStbd: testRates('oilRate', 'Oil well: stabilized test rates (fit C and n), one per testPwfPsia'),
    testPwfPsia: Type.Optional(Type.Array(quantity('pressure', { minimum: 0, description: 'Test pwf' }), { minItems: 2, maxItems: MAX_TESTS, description: 'Test flowing pressures, one per rate' })),
    pwfPsia: pressureList('Flowing bottom-hole pressure(s) where the rate is wanted (default 21 points from pr to 0)'),
  }),
  output: Type.Object({
    wellType: Type.Enum(['oil', 'gas']),
    pwfPsia: pwfOutput(),
    qoStbd: Type.Optional(quantityOrArray('oilRate', { description: 'Oil well: rate at each pwf', physical: { minimum: 0 } }, MAX_POINTS)),
    qgMscfd: Type.Optional(quantityOrArray('gasRate', { description: 'Gas well: rate at each pwf', physical: { minimum: 0 } }, MAX_POINTS)),
    aofStbd: Type.Optional(quantity('oilRate', { description: 'Oil well: absolute open flow C pr^2n', physical: { minimum: 0 } })),
    aofMscfd: Type.Optional(quantity('gasRate', { description: 'Gas well: absolute open flow C pr^2n', physical: { minimum: 0 } })),
    C: backpressureCOutput('C used (fitted or given), in the caller\'s units'),
    n: quantity('dimensionless', { description: 'n used (fitted or given)' }),
    r2: Type.Union([quantity('dimensionless', { description: 'R2 of the log-log fit', physical: { minimum: 0, maximum: 1 } }), Type.Null()], { description: 'R2 of the fit; null when C and n were given' }),
  }),
  references: FETKOVICH_REFERENCES,
  validity: [{ field: 'n', min: 0.5, max: 1, note: 'n outside 0.5-1 usually means unstabilized or inconsistent tests' }],
  examples: [
    {
      title: 'oil well: C 0.0012 STB/d/psia^1.7, n 0.85, pr 3000 psia',
      input: { prPsia: 3000, C: 0.0012, n: 0.85, pwfPsia: [0, 2500] },
      expected: { qoStbd: [977.884087251, 356.955465325], aofStbd: 977.884087251 },
      tolerance: 1e-9,
      source: 'closed form 0.0012 (3000^2 - pwf^2)^0.85; refdata well.json fetk-3000.0-0.0012-0.85 (petropt fetkovich_ipr)',
    },
  ],
  run(input, warnings, context) {
    const f = fetkovichCurve(input, context.units, warnings);
    const gas = f.wellType === 'gas';
    const rates = shaped(input.pwfPsia, f.q);
    return {
      wellType: f.wellType,
      pwfPsia: shaped(input.pwfPsia, f.pwfs),
      ...(gas ? { qgMscfd: rates, aofMscfd: f.aof } : { qoStbd: rates, aofStbd: f.aof }),
      C: backpressureUnits(f.wellType, context.units).fromField(f.c, f.n),
      n: f.n,
      r2: f.r2,
    };
  },
});
