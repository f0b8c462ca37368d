/**
 * well.ipr: an inflow performance curve and AOF by `iprMethod`, one entry point over the
 * relations of well.iprVogel, well.iprComposite, well.iprFetkovich and well.iprGas plus the
 * straight-line Darcy liquid IPR:
 *   'darcy'      q = J (pr - pwf), J given, from a test, or 0.00708 k h/(mu B (ln(re/rw) - 0.75 + S)) (steady state - 0.5)
 *   'vogel'      Vogel (1968), qmax or one test
 *   'composite'  Darcy above pb + Vogel below (qmax = qb + J pb/1.8)
 *   'fetkovich'  q = C (pr^2 - pwf^2)^n, C and n given or fitted from tests
 *   'gas'        pseudo-pressure radial flow with non-Darcy D q (Mscf/d)
 * The method-specific functions take the same inputs and give the same numbers (they are what this
 * dispatches to); this one exists so a caller can switch methods with one field.
 * Units: psia, STB/d (liquid methods and fetkovich oil wells), Mscf/d (gas and fetkovich gas wells);
 * metric: bara, sm3/d, Fetkovich C in sm3/d per bara^(2n) (converted in well.iprFetkovich's run).
 * Each rate has its own field (qoStbd/aofStbd for liquid, qgMscfd/aofMscfd for gas), so every
 * number carries the quantity the units layer converts.
 * References: those of the four functions (Vogel 1968; Fetkovich 1973; Rawlins & Schellhardt 1936;
 * Brown 1984; Al-Hussainy et al. 1966) and Craft & Hawkins for Darcy radial flow.
 */
import Type from 'typebox';
import { defineFunction, type RunContext } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { backpressureCOutput, backpressureUnits, pwfOutput, checkBelowPr, flowRegimeInput, MAX_POINTS, pressureList, pwfGrid, shaped } from './common.js';
import { darcyJ } from './inflow/oilInflow.js';
import { iprComposite } from './iprComposite.js';
import { FETKOVICH_INPUTS, FETKOVICH_REFERENCES, fetkovichCurve, MAX_TESTS } from './iprFetkovich.js';
import { GAS_IPR_REFERENCES, GAS_WELL_INPUTS, iprGas } from './iprGas.js';
import { iprVogel, VOGEL_REFERENCE } from './iprVogel.js';
import { MAX_LIQUID_STBD, requireComputedRate, requireInflowInputs } from './domain.js';

const IPR_METHODS = ['darcy', 'vogel', 'composite', 'fetkovich', 'gas'] as const;
const opt = <T extends ReturnType<typeof quantity>>(t: T) => Type.Optional(t);

export const ipr = defineFunction({
  name: 'well.ipr',
  module: 'well',
  title: 'Inflow performance (IPR) curve and AOF by method',
  description:
    "IPR by iprMethod: 'darcy' (q = J (pr - pwf); J given, from a test or from k h, mu, B, re, rw, S), 'vogel' (qmax or a test), 'composite' (Darcy above pbPsia, Vogel below), " +
    "'fetkovich' (C, n or fitted from testRateStbd (oil) or testRateMscfd (gas) and testPwfPsia lists; wellType), 'gas' (pseudo-pressure with non-Darcy D; Mscf/d). Same inputs and numbers as well.iprVogel, well.iprComposite, well.iprFetkovich, well.iprGas. " +
    'Rates at pwfPsia (default 21 points from pr down): qoStbd and aofStbd for liquid (and fetkovich oil), qgMscfd and aofMscfd for gas. Units: psia, STB/d, Mscf/d, md, ft, cp, rb/STB; metric: bara, sm3/d, m, fetkovich C in sm3/d per bara^(2n).',
  input: Type.Object({
    iprMethod: Type.Enum(IPR_METHODS, { description: "'darcy', 'vogel', 'composite', 'fetkovich' or 'gas'" }),
    prPsia: quantity('pressure', { exclusiveMinimum: 0, description: 'Average reservoir pressure' }),
    pbPsia: opt(quantity('pressure', { exclusiveMinimum: 0, description: 'Bubble point (composite)' })),
    pwfPsia: pressureList('Flowing bottom-hole pressure(s)'),
    productivityIndex: opt(quantity('productivityIndex', { exclusiveMinimum: 0, description: 'J (darcy, composite)' })),
    qmaxStbd: opt(quantity('oilRate', { exclusiveMinimum: 0, description: 'Vogel qmax' })),
    testRateStbd: Type.Optional(
      Type.Union([quantity('oilRate', { exclusiveMinimum: 0 }), Type.Array(quantity('oilRate', { exclusiveMinimum: 0 }), { minItems: 2, maxItems: MAX_TESTS })], {
        description: 'Test rate (darcy, vogel, composite); a list of test rates for a fetkovich oil-well fit',
      }),
    ),
    testPwfPsia: Type.Optional(Type.Union([quantity('pressure', { minimum: 0 }), Type.Array(quantity('pressure', { minimum: 0 }), { minItems: 2, maxItems: MAX_TESTS })], { description: 'Test pwf (a list for fetkovich fits)' })),
    ...FETKOVICH_INPUTS,
    kMd: opt(quantity('permeability', { exclusiveMinimum: 0, description: 'Permeability' })),
    hFt: opt(quantity('length', { exclusiveMinimum: 0, description: 'Net pay' })),
    reFt: opt(quantity('length', { exclusiveMinimum: 0, description: 'Drainage radius' })),
    rwFt: opt(quantity('length', { exclusiveMinimum: 0, description: 'Wellbore radius' })),
    skin: opt(quantity('dimensionless', { minimum: -8, default: 0, description: 'Skin' })),
    muCp: opt(quantity('viscosity', { exclusiveMinimum: 0, description: 'Oil viscosity at pr' })),
    boRbStb: opt(quantity('formationVolumeFactor', { exclusiveMinimum: 0, description: 'Oil FVF at pr' })),
    flowRegime: flowRegimeInput(),
    TF: opt(quantity('temperature', { exclusiveMinimum: -459.67, description: 'Reservoir temperature (gas)' })),
    dNonDarcyDPerMscf: opt(quantity('nonDarcyCoefficient', { minimum: 0, description: 'Non-Darcy D (gas)' })),
    ...GAS_WELL_INPUTS,
    gasSG: opt(GAS_WELL_INPUTS.gasSG),
  }),
  output: Type.Object({
    iprMethod: Type.String(),
    pwfPsia: pwfOutput(),
    qoStbd: Type.Optional(quantityOrArray('oilRate', { description: 'Liquid rate (darcy, vogel, composite, fetkovich oil well)', physical: { minimum: 0 } }, MAX_POINTS)),
    qgMscfd: Type.Optional(quantityOrArray('gasRate', { description: 'Gas rate (gas, fetkovich gas well)', physical: { minimum: 0 } }, MAX_POINTS)),
    aofStbd: Type.Optional(quantity('oilRate', { description: 'Absolute open flow (qmax) of a liquid IPR', physical: { minimum: 0 } })),
    aofMscfd: Type.Optional(quantity('gasRate', { description: 'Absolute open flow of a gas IPR', physical: { minimum: 0 } })),
    productivityIndex: Type.Optional(quantity('productivityIndex', { description: 'J (darcy, composite)', physical: { exclusiveMinimum: 0 } })),
    C: Type.Optional(backpressureCOutput("Fetkovich C used (fitted or given), in the caller's units")),
    n: Type.Optional(quantity('dimensionless', { description: 'Fetkovich n used (fitted or given)' })),
  }),
  references: [VOGEL_REFERENCE, ...FETKOVICH_REFERENCES, ...GAS_IPR_REFERENCES, 'Craft, B.C. and Hawkins, M.F. (1991) Applied Petroleum Reservoir Engineering, 2nd ed. (rev. Terry). Prentice Hall (Darcy radial flow).'],
  validity: [],
  examples: [
    {
      title: 'Darcy PSS: k 50 md, h 30 ft, re 1500, rw 0.35 ft, mu 1.2 cp, Bo 1.25, pr 4000 psia',
      input: { iprMethod: 'darcy', prPsia: 4000, kMd: 50, hFt: 30, reFt: 1500, rwFt: 0.35, muCp: 1.2, boRbStb: 1.25, pwfPsia: [2000] },
      expected: { productivityIndex: 0.929982985018, qoStbd: [1859.965970037] },
      tolerance: 1e-8,
      source: 'closed form 0.00708 x 50 x 30 / (1.2 x 1.25 x (ln(1500/0.35) - 0.75)) = 0.92998299 STB/d/psi; q = J x 2000 = 1859.966',
    },
  ],
  run(input, warnings, context: RunContext) {
    requireInflowInputs(input);
    const method = input.iprMethod;
    const pr = input.prPsia;
    const rec = input as Record<string, unknown>;
    const singleTest = typeof input.testPwfPsia === 'number' ? input.testPwfPsia : undefined;
    const singleRate = typeof input.testRateStbd === 'number' ? input.testRateStbd : undefined;
    switch (method) {
      case 'vogel': {
        const r = iprVogel.run({ prPsia: pr, qmaxStbd: input.qmaxStbd, testRateStbd: singleRate, testPwfPsia: singleTest, pwfPsia: input.pwfPsia }, warnings, context);
        return { iprMethod: method, pwfPsia: r.pwfPsia, qoStbd: r.qoStbd, aofStbd: r.qmaxStbd };
      }
      case 'composite': {
        if (input.pbPsia === undefined) throw new EngineFailure('invalid_input', "iprMethod 'composite' needs pbPsia");
        const r = iprComposite.run({ ...(rec as object), prPsia: pr, pbPsia: input.pbPsia, testRateStbd: singleRate, testPwfPsia: singleTest } as never, warnings, context);
        return { iprMethod: method, pwfPsia: r.pwfPsia, qoStbd: r.qoStbd, aofStbd: r.qmaxStbd, productivityIndex: r.productivityIndex };
      }
      case 'fetkovich': {
        const list = <T,>(v: T | T[] | undefined) => (Array.isArray(v) ? v : undefined);
        const f = fetkovichCurve({ ...input, testRateStbd: list(input.testRateStbd), testPwfPsia: list(input.testPwfPsia) }, context.units, warnings);
        const q = shaped(input.pwfPsia, f.q);
        const rates = f.wellType === 'gas' ? { qgMscfd: q, aofMscfd: f.aof } : { qoStbd: q, aofStbd: f.aof };
        return { iprMethod: method, pwfPsia: shaped(input.pwfPsia, f.pwfs), ...rates, C: backpressureUnits(f.wellType, context.units).fromField(f.c, f.n), n: f.n };
      }
      case 'gas': {
        const missing = ['kMd', 'hFt', 'reFt', 'rwFt', 'TF', 'gasSG'].filter((k) => rec[k] === undefined);
        if (missing.length) throw new EngineFailure('invalid_input', `iprMethod 'gas' needs ${missing.join(', ')}`);
        const r = iprGas.run(rec as never, warnings, context);
        return { iprMethod: method, pwfPsia: r.pwfPsia, qgMscfd: r.qgMscfd, aofMscfd: r.aofMscfd };
      }
      case 'darcy': {
        const j = darcyProductivity(input);
        requireComputedRate('the AOF J pr', j * pr, MAX_LIQUID_STBD, 'STB/d', 'J (given, from the test or from k h/(mu B)) and prPsia');
        const pwfs = pwfGrid(input.pwfPsia, pr);
        checkBelowPr(pwfs, pr, warnings);
        const q = pwfs.map((p) => j * Math.max(pr - Math.max(p, 0), 0));
        const shape = <T,>(v: T[]) => (typeof input.pwfPsia === 'number' ? (v[0] as T) : v);
        return { iprMethod: method, pwfPsia: shape(pwfs), qoStbd: shape(q), aofStbd: j * pr, productivityIndex: j };
      }
    }
  },
});

function darcyProductivity(input: { prPsia: number; productivityIndex?: number; testRateStbd?: number | number[]; testPwfPsia?: number | number[]; kMd?: number; hFt?: number; reFt?: number; rwFt?: number; skin?: number; muCp?: number; boRbStb?: number; flowRegime?: 'pseudoSteadyState' | 'steadyState' }): number {
  if (input.productivityIndex !== undefined) return input.productivityIndex;
  if (typeof input.testRateStbd === 'number' && typeof input.testPwfPsia === 'number') {
    if (!(input.testPwfPsia < input.prPsia)) throw new EngineFailure('invalid_input', 'the test pwf must be below pr');
    return input.testRateStbd / (input.prPsia - input.testPwfPsia);
  }
  const { kMd, hFt, reFt, rwFt, muCp, boRbStb } = input;
  if ([kMd, hFt, reFt, rwFt, muCp, boRbStb].some((v) => v === undefined)) throw new EngineFailure('invalid_input', "iprMethod 'darcy' needs productivityIndex, a test (testRateStbd, testPwfPsia), or kMd, hFt, reFt, rwFt, muCp, boRbStb");
  return darcyJ({ kMd: kMd as number, hFt: hFt as number, reFt: reFt as number, rwFt: rwFt as number, skin: input.skin ?? 0 }, muCp as number, boRbStb as number, input.flowRegime ?? 'pseudoSteadyState');
}
