/**
 * well.vlp: vertical lift performance — the flowing bottom-hole pressure for a tubing-head
 * pressure (or the reverse) over a list of rates, by a multiphase correlation.
 *
 * Choices that move the answer more than the method does (Brill & Mukherjee 1999), stated:
 * - Friction: Moody (Darcy–Weisbach) factor, Colebrook–White by Serghides' (1984) explicit form,
 *   laminar 64/Re below Re 2000, on the pipe roughness (default 0.0006 in); Gray on his
 *   liquid-film effective roughness.
 * - Marching: measured-depth steps of at most 100 ft, at most 100 per section and 1000 in all; on each step the
 *   gradient at the mid-step temperature and the average of the end pressures, predictor–corrector
 *   (<= 4 passes, 0.05 psi), PVT evaluated afresh each pass; a step whose gradient changes by more
 *   than 20% across it (or whose passes do not settle) again in 10 substeps. Reverse (bhpPsia given): the same
 *   march from the bottom up.
 * - PVT: gas z by zMethod (DAK default; HY), pseudo-criticals by pcMethod (Piper–McCain–Corredor
 *   default), viscosity Lee–Gonzalez–Eakin (McCain refit default); oil by the pvt.oilProperties
 *   method set (ValkoMcCain default: Velarde Rs, McCain density/Bo, Beggs–Robinson +
 *   Petrosky–Farshad viscosity) with pbPsia/rsbScfStb fixed along the string; water Bw = 1,
 *   density 62.37 x waterSG, McCain viscosity; condensate as stock-tank liquid; surface tension
 *   Baker–Swerdloff (oil) and Jennings–Newman (water). Details: flow/fluids.ts.
 * - Temperature: linear in TVD from whtF at the wellhead to bhtF at the bottom.
 * Methods: BeggsBrill (1973) with Payne et al. (1979) holdup and rough-pipe friction;
 * HagedornBrown (1965, modified: holdup >= no-slip, Griffith bubble flow); Gray (1974, gas wells);
 * WoldesemayatGhajar (2007 drift flux with Lockhart–Martinelli/Chisholm friction); CullenderSmith
 * (1956) dry gas. HagedornBrown and Gray warn above 30 degrees deviation.
 * Units: psia, degF, ft, in, MMscf/d (gas), STB/d (liquid), STB/MMscf, scf/STB.
 * A rate the string cannot carry (pressure falling below atmospheric on the way) gets null and a warning.
 *
 * References: see each correlation under ./flow and the list below.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity } from '../quantity.js';
import { bottomHolePressure, tubingHeadPressure, vlpWell, type VlpMethod } from './flow/vlpModel.js';
import type { ProfilePoint } from './flow/march.js';
import { FLUID_INPUTS, GEOMETRY_INPUTS, METHOD_INPUT } from './vlpInputs.js';

export const MAX_RATES = 500;
const MAX_PROFILE_RATES = 5;

export const VLP_REFERENCES = [
  'Beggs, H.D. and Brill, J.P. (1973) A Study of Two-Phase Flow in Inclined Pipes. Journal of Petroleum Technology 25(5), 607-617. SPE-4007-PA.',
  'Payne, G.A., Palmer, C.M., Brill, J.P. and Beggs, H.D. (1979) Evaluation of Inclined-Pipe, Two-Phase Liquid Holdup and Pressure-Loss Correlations Using Experimental Data. JPT 31(9), 1198-1208. SPE-6874-PA.',
  'Hagedorn, A.R. and Brown, K.E. (1965) Experimental Study of Pressure Gradients Occurring During Continuous Two-Phase Flow in Small-Diameter Vertical Conduits. JPT 17(4), 475-484. SPE-940-PA.',
  'Griffith, P. and Wallis, G.B. (1961) Two-Phase Slug Flow. Journal of Heat Transfer 83(3), 307-318.',
  'Gray, H.E. (1974) Vertical Flow Correlation in Gas Wells. User Manual for API 14B Subsurface Controlled Safety Valve Sizing Computer Program, Appendix B. API.',
  'Woldesemayat, M.A. and Ghajar, A.J. (2007) Comparison of Void Fraction Correlations for Different Flow Patterns in Horizontal and Upward Inclined Pipes. International Journal of Multiphase Flow 33(4), 347-370.',
  'Cullender, M.H. and Smith, R.V. (1956) Practical Solution of Gas-Flow Equations for Wells and Pipelines with Large Temperature Gradients. Transactions of the AIME 207, 281-287.',
  'Serghides, T.K. (1984) Estimate Friction Factor Accurately. Chemical Engineering 91(5), 63-64.',
  'Brill, J.P. and Mukherjee, H. (1999) Multiphase Flow in Wells. SPE Monograph Vol. 17, Richardson, TX.',
  'Guo, B., Lyons, W.C. and Ghalambor, A. (2007) Petroleum Production Engineering: A Computer-Assisted Approach. Elsevier, Ch. 4 (Hagedorn–Brown chart fits).',
  'Baker, O. and Swerdloff, W. (1956) Finding Surface Tension of Hydrocarbon Liquids. Oil & Gas Journal 54, 125.',
  'Jennings, H.Y. and Newman, G.H. (1971) The Effect of Temperature and Pressure on the Interfacial Tension of Water Against Methane-Normal Decane Mixtures. SPE Journal 11(2), 171-175.',
];

const nullablePressure = (description: string) => Type.Union([quantity('pressure', { description }), Type.Null()]);
const pressureOrList = (description: string) => Type.Union([nullablePressure(description), Type.Array(nullablePressure(description), { maxItems: MAX_RATES })], { description });

const ProfileSchema = Type.Object({
  qgMMscfd: Type.Optional(quantity('gasRate', { unit: 'MMscf/d', description: 'Gas well: rate of this profile (as given)' })),
  qLiquidStbd: Type.Optional(quantity('oilRate', { description: 'Oil well: rate of this profile (as given)' })),
  mdFt: Type.Array(quantity('length', { description: 'Measured depth' })),
  tvdFt: Type.Array(quantity('length', { description: 'True vertical depth' })),
  psia: Type.Array(quantity('pressure', { description: 'Pressure' })),
  TF: Type.Array(quantity('temperature', { description: 'Temperature' })),
  holdup: Type.Array(quantity('dimensionless', { description: 'Liquid holdup', physical: { minimum: 0, maximum: 1 } })),
  regime: Type.Array(Type.String(), { description: 'Flow pattern' }),
  dpdzPsiFt: Type.Array(quantity('pressureGradient', { description: 'Pressure gradient along the pipe' })),
});

export const rateInputs = {
  qgMMscfd: Type.Optional(
    Type.Union([quantity('gasRate', { unit: 'MMscf/d', minimum: 0 }), Type.Array(quantity('gasRate', { unit: 'MMscf/d', minimum: 0 }), { minItems: 1, maxItems: MAX_RATES })], { description: 'Gas well: gas rate(s)' }),
  ),
  qLiquidStbd: Type.Optional(
    Type.Union([quantity('oilRate', { minimum: 0 }), Type.Array(quantity('oilRate', { minimum: 0 }), { minItems: 1, maxItems: MAX_RATES })], { description: 'Oil well: liquid (oil + water) rate(s)' }),
  ),
};

export const vlp = defineFunction({
  name: 'well.vlp',
  module: 'well',
  title: 'Vertical lift performance: bottom-hole pressure over rates',
  description:
    'Flowing bottom-hole pressure from the tubing-head pressure thpPsia (or, with bhpPsia, the tubing-head pressure) at each rate, by vlpMethod: BeggsBrill (Payne corrections; default), HagedornBrown (Griffith bubble flow), Gray (gas wells), WoldesemayatGhajar, CullenderSmith (dry gas). ' +
    'Gas well: qgMMscfd with cgrStbPerMMscf, qwStbd; oil well: qLiquidStbd with gorScfStb, waterCut, api, pbPsia, rsbScfStb. Path: tubingIdIn + mdFt (+ tvdFt), or segments; temperature linear in TVD from whtF to bhtF. ' +
    'Friction Moody/Colebrook (Serghides); steps <= 100 ft, <= 100 per section and <= 1000 in all, predictor–corrector with PVT per pass; PVT DAK/PMC/LGE gas, ValkoMcCain black oil, McCain water. profile: true returns pressure, holdup and regime along the string (<= 5 rates). ' +
    'HagedornBrown and Gray warn above 30 degrees deviation. Units: psia, degF, ft, in, MMscf/d, STB/d.',
  input: Type.Object({
    wellType: Type.Optional(Type.Enum(['gas', 'oil'], { description: "'gas' or 'oil' (default: from the rate given)" })),
    vlpMethod: METHOD_INPUT,
    thpPsia: Type.Optional(quantity('pressure', { exclusiveMinimum: 0, description: 'Tubing-head (wellhead) flowing pressure: bhpPsia is computed' })),
    bhpPsia: Type.Optional(quantity('pressure', { exclusiveMinimum: 0, description: 'Bottom-hole flowing pressure: thpPsia is computed' })),
    ...rateInputs,
    ...GEOMETRY_INPUTS,
    ...FLUID_INPUTS,
    profile: Type.Optional(Type.Boolean({ default: false, description: 'Return the pressure/holdup/regime profile for each rate (at most 5 rates)' })),
  }),
  output: Type.Object({
    wellType: Type.Enum(['gas', 'oil']),
    vlpMethod: Type.String(),
    bhpPsia: Type.Optional(pressureOrList('Bottom-hole flowing pressure per rate (null where the string cannot carry the rate)')),
    thpPsia: Type.Optional(pressureOrList('Tubing-head pressure per rate (null where the bottom-hole pressure cannot lift the rate)')),
    profiles: Type.Optional(Type.Array(ProfileSchema, { maxItems: MAX_PROFILE_RATES })),
  }),
  references: VLP_REFERENCES,
  validity: [],
  examples: [
    {
      title: 'gas well, Gray, 10 000 ft of 2.441 in tubing, 5 MMscf/d at 500 psia THP, 10 STB/MMscf condensate, 10 STB/d water',
      input: { wellType: 'gas', vlpMethod: 'Gray', tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, thpPsia: 500, qgMMscfd: 5, gasSG: 0.65, cgrStbPerMMscf: 10, qwStbd: 10, condensateApi: 45, oilViscosityCp: 1 },
      expected: { bhpPsia: 1066.7 },
      tolerance: 0.02,
      source: 'pyrestoolbox 3.7.6 nodal.fbhp Gray, refdata well.json vlp-gas-GRAY-vertical-5.0 (1066.699 psia; a re-implementation of the same method, 2%)',
    },
  ],
  run(input, warnings) {
    const gas = input.qgMMscfd !== undefined;
    if (gas === (input.qLiquidStbd !== undefined)) throw new EngineFailure('invalid_input', 'give qgMMscfd (gas well) or qLiquidStbd (oil well)');
    const wellType = input.wellType ?? (gas ? 'gas' : 'oil');
    if ((wellType === 'gas') !== gas) throw new EngineFailure('invalid_input', `wellType '${wellType}' needs ${wellType === 'gas' ? 'qgMMscfd' : 'qLiquidStbd'}`);
    if ((input.thpPsia === undefined) === (input.bhpPsia === undefined)) throw new EngineFailure('invalid_input', 'give thpPsia (to get bhpPsia) or bhpPsia (to get thpPsia)');
    const raw = (gas ? input.qgMMscfd : input.qLiquidStbd) as number | number[];
    const rates = Array.isArray(raw) ? raw : [raw];
    if (input.profile && rates.length > MAX_PROFILE_RATES) throw new EngineFailure('invalid_input', `profile: true takes at most ${MAX_PROFILE_RATES} rates (got ${rates.length})`);
    const well = vlpWell({ ...input, wellType, condensateViscosityCp: input.oilViscosityCp }, warnings);
    const down = input.thpPsia !== undefined;
    const profiles: Array<Record<string, unknown>> = [];
    const values = rates.map((q) => {
      const r = down ? bottomHolePressure(well, q, input.thpPsia as number, warnings, input.profile) : tubingHeadPressure(well, q, input.bhpPsia as number, warnings, input.profile);
      if (r.endPsia === null) warnings.push(`rate ${q}: no ${down ? 'bottom-hole' : 'tubing-head'} pressure (${r.reason})`);
      if (r.profile) profiles.push(columns(gas ? 'qgMMscfd' : 'qLiquidStbd', q, r.profile));
      return r.endPsia;
    });
    if (values.every((v) => v === null)) throw new EngineFailure('no_solution', `no rate given can flow through this string: ${warnings[warnings.length - 1] ?? ''}`);
    const shaped = Array.isArray(raw) ? values : values[0];
    return { wellType, vlpMethod: well.method as VlpMethod, ...(down ? { bhpPsia: shaped } : { thpPsia: shaped }), ...(input.profile ? { profiles } : {}) } as never;
  },
});

function columns(rateKey: 'qgMMscfd' | 'qLiquidStbd', rate: number, pts: ProfilePoint[]): Record<string, unknown> {
  return {
    [rateKey]: rate,
    mdFt: pts.map((p) => p.mdFt),
    tvdFt: pts.map((p) => p.tvdFt),
    psia: pts.map((p) => p.psia),
    TF: pts.map((p) => p.TF),
    holdup: pts.map((p) => p.holdup),
    regime: pts.map((p) => p.regime),
    dpdzPsiFt: pts.map((p) => p.dpdzPsiFt),
  };
}
