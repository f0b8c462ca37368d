/**
 * well.nodal: the operating point of a well at a tubing-head pressure, where the inflow (IPR)
 * meets the outflow (VLP) at the bottom-hole node.
 *
 * Inflow by iprMethod: 'gas' (pseudo-pressure radial flow with non-Darcy D, as well.iprGas),
 * 'composite' (Darcy above pb, Vogel below; J given, from a test, or 0.00708 k h/(mu B (ln(re/rw)
 * - 0.75 + S)) with mu and Bo of the black oil at pr and reservoirTF, applied to the total liquid:
 * the usual liquid-PI simplification without relative permeability), 'vogel' (qmax or a test),
 * 'darcy' (J given or from a test), 'fetkovich' (C, n). Outflow: well.vlp (same inputs, methods
 * and stated choices).
 * Solution: the VLP and IPR bottom-hole pressures are compared at nodalPoints rates from 0.2% to
 * 99.9% of the AOF (default 50, at most 1000); every sign change of bhp_VLP - pwf_IPR is refined by
 * bisection (<= 100 halvings, to 1e-6 of the AOF). A crossing where the VLP rises through the IPR
 * (right-hand, d(bhp_VLP - pwf_IPR)/dq > 0) is stable; one where it falls through (left-hand, in
 * the VLP's heading/loading branch) is unstable. The answer is the stable crossing at the highest
 * rate; with only an unstable one it is returned with stable = false and a warning; with none,
 * 422 (the well does not flow at this tubing-head pressure). Gas wells are checked against the
 * Turner (1969) and Coleman (1991) critical rates at wellhead conditions (gas.criticalRate).
 * Units: psia, degF, ft, in, MMscf/d (gas), STB/d (liquid); Fetkovich C in Mscf/d (gas) or STB/d
 * (liquid) per psia^(2n). Every rate has its phase's field (qgMMscfd for a gas well, qLiquidStbd
 * for an oil well) so the units layer converts it; metric C (sm3/d per bara^(2n)) is converted in
 * `run` because its unit depends on the input n.
 *
 * References: the IPR and VLP references of well.ipr and well.vlp;
 * - Brown, K.E. and Lea, J.F. (1985) Nodal Systems Analysis of Oil and Gas Wells. JPT 37(10),
 *   1751-1763. SPE-14714-PA.
 * - Turner, R.G., Hubbard, M.G. and Dukler, A.E. (1969) JPT 21(11), 1475-1482. SPE-2198-PA;
 *   Coleman, S.B. et al. (1991) JPT 43(3), 329-333. SPE-20280-PA.
 */
import Type, { type Static } from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity } from '../quantity.js';
import { criticalRate } from '../gas/criticalRate.js';
import { resolveFluid } from '../pvt/oil/fluid.js';
import { resolveMethods } from '../pvt/oil/methods.js';
import { OilModel } from '../pvt/oil/model.js';
import { backpressureCInput, backpressureUnits, flowRegimeInput } from './common.js';
import { bottomHolePressure, vlpWell, type VlpWell } from './flow/vlpModel.js';
import { gasInflow, liquidInflow, type InflowModel } from './inflow/inflowModel.js';
import { compositeJFromTest, compositeRate, darcyJ, fetkovichRate, vogelQmaxFromTest, vogelRate } from './inflow/oilInflow.js';
import { GAS_IPR_REFERENCES } from './iprGas.js';
import { VOGEL_REFERENCE } from './iprVogel.js';
import { VLP_REFERENCES } from './vlp.js';
import { FLUID_INPUTS, GEOMETRY_INPUTS, METHOD_INPUT } from './vlpInputs.js';
import { MAX_GAS_MSCFD, MAX_LIQUID_STBD, requireComputedRate, requireInflowInputs, requirePressures } from './domain.js';

const MAX_NODAL_POINTS = 1000;
const opt = <T extends ReturnType<typeof quantity>>(t: T) => Type.Optional(t);
const gasRateOut = (description: string) => quantity('gasRate', { unit: 'MMscf/d', description, physical: { minimum: 0 } });
const liquidRateOut = (description: string) => quantity('oilRate', { description, physical: { minimum: 0 } });
/** A rate of the well's phase: qgMMscfd for a gas well, qLiquidStbd for an oil well (one of them is given). */
const phaseRate = (what: string) => ({ qgMMscfd: Type.Optional(gasRateOut(`Gas well: ${what}`)), qLiquidStbd: Type.Optional(liquidRateOut(`Oil well: ${what}`)) });
const phaseRates = (what: string) => ({
  qgMMscfd: Type.Optional(Type.Array(gasRateOut(`Gas well: ${what}`), { maxItems: MAX_NODAL_POINTS })),
  qLiquidStbd: Type.Optional(Type.Array(liquidRateOut(`Oil well: ${what}`), { maxItems: MAX_NODAL_POINTS })),
});

const NodalInput = Type.Object({
  wellType: Type.Optional(Type.Enum(['gas', 'oil'], { description: "'gas' or 'oil' (default: 'oil' when api is given, else 'gas')" })),
  iprMethod: Type.Optional(Type.Enum(['gas', 'composite', 'vogel', 'darcy', 'fetkovich'], { description: "Inflow relation (default 'gas' for gas wells, 'composite' for oil wells)" })),
  vlpMethod: METHOD_INPUT,
  thpPsia: quantity('pressure', { exclusiveMinimum: 0, description: 'Tubing-head flowing pressure' }),
  prPsia: quantity('pressure', { exclusiveMinimum: 0, description: 'Average reservoir pressure' }),
  reservoirTF: opt(quantity('temperature', { exclusiveMinimum: -459.67, description: 'Reservoir temperature (default bhtF)' })),
  kMd: opt(quantity('permeability', { exclusiveMinimum: 0, description: 'Permeability' })),
  hFt: opt(quantity('length', { exclusiveMinimum: 0, description: 'Net pay' })),
  reFt: opt(quantity('length', { exclusiveMinimum: 0, description: 'Drainage radius' })),
  rwFt: opt(quantity('length', { exclusiveMinimum: 0, description: 'Wellbore radius' })),
  skin: opt(quantity('dimensionless', { minimum: -8, default: 0, description: 'Skin' })),
  dNonDarcyDPerMscf: opt(quantity('nonDarcyCoefficient', { minimum: 0, default: 0, description: 'Gas: non-Darcy D' })),
  flowRegime: flowRegimeInput(),
  productivityIndex: opt(quantity('productivityIndex', { exclusiveMinimum: 0, description: 'Liquid J (darcy, composite)' })),
  qmaxStbd: opt(quantity('oilRate', { exclusiveMinimum: 0, description: 'Vogel qmax' })),
  testRateStbd: opt(quantity('oilRate', { exclusiveMinimum: 0, description: 'Liquid test rate (darcy, vogel, composite)' })),
  testPwfPsia: opt(quantity('pressure', { minimum: 0, description: 'Test flowing bottom-hole pressure' })),
  C: opt(backpressureCInput('Fetkovich C: STB/d of liquid (oil well) or Mscf/d (gas well) per psia^(2n); metric: sm3/d per bara^(2n)')),
  n: opt(quantity('dimensionless', { exclusiveMinimum: 0, maximum: 2, description: 'Fetkovich n' })),
  nodalPoints: Type.Optional(Type.Integer({ minimum: 5, maximum: MAX_NODAL_POINTS, default: 50, description: 'Rates scanned (and points of both curves), at most 1000' })),
  ...GEOMETRY_INPUTS,
  ...FLUID_INPUTS,
});
type NodalInput = Static<typeof NodalInput>;

export const nodal = defineFunction({
  name: 'well.nodal',
  module: 'well',
  title: 'Nodal analysis: operating point of IPR and VLP',
  description:
    'Operating point at thpPsia where the inflow (iprMethod gas | composite | vogel | darcy | fetkovich) meets the outflow (well.vlp, vlpMethod) at the bottom-hole node. ' +
    'Returns the stable (right-hand) intersection with both curves; flags stable = false when only an unstable (left-hand) one exists, 422 when none. Gas wells: Turner and Coleman liquid-loading rates at the wellhead and a flag when the rate is below them. ' +
    'Oil IPR from reservoir data uses the black oil mu and Bo at prPsia and reservoirTF. Rates come as qgMMscfd (gas well) or qLiquidStbd (oil well) in the operating point, intersections, AOF (aofMMscfd, aofStbd) and both curves. ' +
    'Units: psia, degF, ft, in, MMscf/d (gas), STB/d (liquid); metric: bara, degC, m, sm3/d, Fetkovich C in sm3/d per bara^(2n).',
  input: NodalInput,
  output: Type.Object({
    wellType: Type.Enum(['gas', 'oil']),
    iprMethod: Type.String(),
    vlpMethod: Type.String(),
    ...phaseRate('operating rate'),
    bhpPsia: quantity('pressure', { description: 'Operating flowing bottom-hole pressure' }),
    stable: Type.Boolean({ description: 'True at a stable (right-hand) intersection; false when only an unstable one exists' }),
    intersections: Type.Array(Type.Object({ ...phaseRate('rate'), bhpPsia: quantity('pressure'), stable: Type.Boolean() }), { maxItems: MAX_NODAL_POINTS, description: 'Every intersection found, by rate' }),
    aofMMscfd: Type.Optional(gasRateOut('Gas well: absolute open flow of the IPR')),
    aofStbd: Type.Optional(liquidRateOut('Oil well: absolute open flow of the IPR')),
    ipr: Type.Object(
      { pwfPsia: Type.Array(quantity('pressure', { physical: { minimum: 0, exclusiveMinimum: undefined } }), { maxItems: MAX_NODAL_POINTS }), ...phaseRates('IPR rate at each pwf') },
      { description: 'Inflow curve' },
    ),
    vlp: Type.Object(
      { ...phaseRates('VLP rate'), bhpPsia: Type.Array(Type.Union([quantity('pressure'), Type.Null()]), { maxItems: MAX_NODAL_POINTS }) },
      { description: 'Outflow curve (null where the string cannot carry the rate)' },
    ),
    liquidLoading: Type.Optional(
      Type.Object({
        turnerMMscfd: quantity('gasRate', { unit: 'MMscf/d', description: 'Turner et al. (1969) critical rate at wellhead conditions' }),
        colemanMMscfd: quantity('gasRate', { unit: 'MMscf/d', description: 'Coleman et al. (1991) critical rate at wellhead conditions' }),
        belowTurner: Type.Boolean(),
        belowColeman: Type.Boolean(),
      }),
    ),
  }),
  references: [
    'Brown, K.E. and Lea, J.F. (1985) Nodal Systems Analysis of Oil and Gas Wells. Journal of Petroleum Technology 37(10), 1751-1763. SPE-14714-PA.',
    VOGEL_REFERENCE,
    ...GAS_IPR_REFERENCES,
    ...VLP_REFERENCES,
    'Turner, R.G., Hubbard, M.G. and Dukler, A.E. (1969) Analysis and Prediction of Minimum Flow Rate for the Continuous Removal of Liquids from Gas Wells. JPT 21(11), 1475-1482. SPE-2198-PA.',
    'Coleman, S.B., Clay, H.B., McCurdy, D.G. and Norris, H.L. III (1991) A New Look at Predicting Gas-Well Load-Up. JPT 43(3), 329-333. SPE-20280-PA.',
  ],
  validity: [],
  examples: [
    {
      title: 'gas well, Beggs–Brill, 10 000 ft of 2.441 in tubing at 500 psia THP; k 10 md, h 50 ft, pr 3000 psia, S 2, D 0.001 d/Mscf',
      input: { thpPsia: 500, tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, prPsia: 3000, reservoirTF: 200, kMd: 10, hFt: 50, reFt: 1500, rwFt: 0.35, skin: 2, dNonDarcyDPerMscf: 0.001, gasSG: 0.65, vlpMethod: 'BeggsBrill' as const },
      expected: { qgMMscfd: 10.5694, bhpPsia: 1585.02 },
      tolerance: 0.02,
      source: 'pyrestoolbox 3.7.6 nodal.operating_point, refdata well.json nodal-gas-BB (10.569 MMscf/d at 1585.0 psia); a re-implementation of the same methods, 2%',
    },
  ],
  run(input, warnings, context) {
    requireInflowInputs(input);
    requirePressures('thpPsia', input.thpPsia);
    const wellType = input.wellType ?? (input.api !== undefined ? 'oil' : 'gas');
    const iprMethod = input.iprMethod ?? (wellType === 'gas' ? 'gas' : 'composite');
    if (input.thpPsia >= input.prPsia) throw new EngineFailure('no_solution', `thpPsia ${input.thpPsia} is not below prPsia ${input.prPsia}: the well cannot flow`);
    const well = vlpWell({ ...input, wellType, condensateViscosityCp: input.oilViscosityCp }, warnings);
    const inflow = inflowOf(input, wellType, iprMethod, context.units, warnings);
    const aof = inflow.rate(inflow.pMin);
    if (!(aof > 0)) throw new EngineFailure('no_solution', 'the IPR gives no flow');
    if (wellType === 'gas') requireComputedRate('the AOF', aof, MAX_GAS_MSCFD / 1000, 'MMscf/d', `the ${iprMethod} inflow inputs`);
    else requireComputedRate('the AOF', aof, MAX_LIQUID_STBD, 'STB/d', `the ${iprMethod} inflow inputs`);
    const points = input.nodalPoints ?? 50;
    const rates = Array.from({ length: points }, (_, i) => aof * (0.002 + (0.997 * i) / (points - 1)));
    const vlpAt = (q: number) => bottomHolePressure(well, q, input.thpPsia, warnings).endPsia;
    // Progress: VLP traverses of the rate scan (the crossings' refinement after it is not counted).
    const progress = context.progress;
    const vlpBhp = progress ? rates.map((q, i) => (progress(i, points), vlpAt(q))) : rates.map(vlpAt);
    progress?.(points, points);
    const diff = (q: number, bhp: number | null) => (bhp === null ? Infinity : bhp - inflow.pwf(q));
    const crossings = findCrossings(rates, vlpBhp.map((b, i) => diff(rates[i] as number, b)), (q) => diff(q, vlpAt(q)));
    if (crossings.length === 0) throw new EngineFailure('no_solution', `no intersection of the IPR and the ${well.method} VLP at ${input.thpPsia} psia: the tubing-head pressure is too high (or the string too restrictive) for this well to flow`);
    const stable = crossings.filter((c) => c.stable);
    const chosen = stable.length ? (stable[stable.length - 1] as Crossing) : (crossings[crossings.length - 1] as Crossing);
    if (!stable.length) warnings.push('only an unstable (left-hand) intersection exists: the well would load up or head; the rate reported is not a steady operating point');
    const bhp = inflow.pwf(chosen.rate);
    // pMin + span x fraction ends exactly at pMin (pr - span x 1 could round a hair below 0 psia).
    const pwfCurve = Array.from({ length: points }, (_, i) => inflow.pMin + (inflow.pr - inflow.pMin) * ((points - 1 - i) / (points - 1)));
    const key = wellType === 'gas' ? 'qgMMscfd' : 'qLiquidStbd';
    const out = {
      wellType,
      iprMethod,
      vlpMethod: well.method,
      [key]: chosen.rate,
      bhpPsia: bhp,
      stable: chosen.stable,
      intersections: crossings.map((c) => ({ [key]: c.rate, bhpPsia: inflow.pwf(c.rate), stable: c.stable })),
      [wellType === 'gas' ? 'aofMMscfd' : 'aofStbd']: aof,
      ipr: { pwfPsia: pwfCurve, [key]: pwfCurve.map((p) => inflow.rate(p)) },
      vlp: { [key]: rates, bhpPsia: vlpBhp },
    };
    if (wellType !== 'gas') return out;
    return { ...out, liquidLoading: loading(input, well, chosen.rate, warnings) };
  },
});

interface Crossing {
  rate: number;
  stable: boolean;
}

/** Sign changes of f over the scan, each refined by bisection. */
export function findCrossings(rates: number[], values: number[], f: (q: number) => number): Crossing[] {
  const out: Crossing[] = [];
  for (let i = 0; i + 1 < rates.length; i++) {
    const a = values[i] as number;
    const b = values[i + 1] as number;
    if (!(Math.sign(a) !== Math.sign(b)) || !Number.isFinite(a + b) && !(a === Infinity || b === Infinity)) continue;
    let lo = rates[i] as number;
    let hi = rates[i + 1] as number;
    let flo = a;
    for (let k = 0; k < 100 && hi - lo > 1e-6 * (rates[rates.length - 1] as number); k++) {
      const mid = (lo + hi) / 2;
      const fm = f(mid);
      if (Math.sign(fm) === Math.sign(flo)) {
        lo = mid;
        flo = fm;
      } else hi = mid;
    }
    out.push({ rate: (lo + hi) / 2, stable: a < 0 && b > 0 });
  }
  return out;
}


function inflowOf(input: NodalInput, wellType: 'gas' | 'oil', method: string, units: 'field' | 'metric', warnings: string[]): InflowModel {
  const pr = input.prPsia;
  const reservoir = () => {
    const missing = ['kMd', 'hFt', 'reFt', 'rwFt'].filter((k) => (input as Record<string, unknown>)[k] === undefined);
    if (missing.length) throw new EngineFailure('invalid_input', `iprMethod '${method}' from reservoir data needs ${missing.join(', ')}`);
    return { kMd: input.kMd as number, hFt: input.hFt as number, reFt: input.reFt as number, rwFt: input.rwFt as number, skin: input.skin ?? 0 };
  };
  const scale = wellType === 'gas' ? 1 / 1000 : 1;
  switch (method) {
    case 'gas':
      if (wellType !== 'gas') throw new EngineFailure('invalid_input', "iprMethod 'gas' is for gas wells");
      return gasInflow(reservoir(), input.reservoirTF ?? input.bhtF, pr, input, input.dNonDarcyDPerMscf ?? 0, input.flowRegime ?? 'pseudoSteadyState', warnings);
    case 'fetkovich': {
      if (input.C === undefined || input.n === undefined) throw new EngineFailure('invalid_input', "iprMethod 'fetkovich' needs C and n");
      const n = input.n;
      const c = backpressureUnits(wellType, units).toField(input.C, n);
      return liquidInflow(pr, (p) => fetkovichRate(c, n, pr, p) * scale);
    }
    case 'vogel': {
      const qmax = input.qmaxStbd ?? (input.testRateStbd !== undefined && input.testPwfPsia !== undefined ? vogelQmaxFromTest(pr, input.testRateStbd, input.testPwfPsia) : undefined);
      if (qmax === undefined) throw new EngineFailure('invalid_input', "iprMethod 'vogel' needs qmaxStbd or testRateStbd and testPwfPsia");
      return liquidInflow(pr, (p) => vogelRate(pr, qmax, p));
    }
    default: {
      if (wellType === 'gas') throw new EngineFailure('invalid_input', `iprMethod '${method}' is a liquid inflow relation: use 'gas' or 'fetkovich' for gas wells`);
      const pb = method === 'composite' ? (input.pbPsia ?? pr) : 0;
      let j = input.productivityIndex;
      if (j === undefined && input.testRateStbd !== undefined && input.testPwfPsia !== undefined) {
        j = method === 'composite' ? compositeJFromTest(pr, pb, input.testRateStbd, input.testPwfPsia) : input.testRateStbd / (pr - input.testPwfPsia);
      }
      if (j === undefined) j = reservoirJ(input, reservoir(), warnings);
      const jj = j;
      return liquidInflow(pr, method === 'composite' ? (p) => compositeRate({ pr, pb, j: jj }, p) : (p) => jj * Math.max(pr - p, 0));
    }
  }
}

/** Darcy J with the black oil's viscosity and FVF at pr and the reservoir temperature. */
function reservoirJ(input: NodalInput, r: { kMd: number; hFt: number; reFt: number; rwFt: number; skin: number }, warnings: string[]): number {
  if (input.api === undefined) throw new EngineFailure('invalid_input', 'a Darcy J from reservoir data needs the oil (api, gasSG, pbPsia/rsbScfStb)');
  const TF = input.reservoirTF ?? input.bhtF;
  const model = new OilModel(resolveFluid({ api: input.api, TF, gasSG: input.gasSG, sepGasSG: input.sepGasSG ?? input.gasSG }), resolveMethods({}, input.oilMethodSet ?? 'ValkoMcCain'), warnings);
  const sat = model.saturation(input.pbPsia, input.rsbScfStb ?? (input.pbPsia === undefined ? input.gorScfStb : undefined));
  return darcyJ(r, model.viscosity(input.prPsia, sat).muo, model.bo(input.prPsia, sat), input.flowRegime ?? 'pseudoSteadyState');
}

function loading(input: NodalInput, well: VlpWell, rate: number, warnings: string[]) {
  const top = well.sections[0] as { idIn: number };
  const liquid = (input.qwStbd ?? 0) > 0 || !((input.cgrStbPerMMscf ?? 0) > 0) ? 'water' : 'condensate';
  const c = criticalRate.run({ psia: input.thpPsia, TF: input.whtF, tubingIdIn: top.idIn, gasSG: input.gasSG, yCO2: input.yCO2, yH2S: input.yH2S, yN2: input.yN2, zMethod: input.zMethod, pcMethod: input.pcMethod, liquid }, [], { units: 'field' });
  const turner = (c.qcTurnerMscfd as number) / 1000;
  const coleman = (c.qcColemanMscfd as number) / 1000;
  if (rate < turner) warnings.push(`operating rate ${rate.toFixed(3)} MMscf/d is below the Turner critical rate ${turner.toFixed(3)} MMscf/d at the wellhead: liquids may accumulate (${liquid} droplets)`);
  return { turnerMMscfd: turner, colemanMMscfd: coleman, belowTurner: rate < turner, belowColeman: rate < coleman };
}
