/**
 * pvt.oilFVF: oil formation volume factor Bo, saturated or along a pressure list through the bubble
 * point.
 *
 * - Without psia: Bo of oil saturated with rsScfStb (else rsbScfStb) scf/STB (McCain's Bo, which
 *   depends on pressure, is taken at that oil's bubble point by pbMethod, or at pbPsia).
 * - With psia: the oil of pbPsia and/or rsbScfStb (./model.ts); at and below pb, Bo of the saturated
 *   oil with Rs(p) (or the given rsScfStb), above pb Bo = Bob exp(-integral of co) at constant
 *   composition, co by coMethod. With psia and rsScfStb only, the oil is saturated at each psia.
 * Methods: boMethod 'McCain' (default; density-based, McCain et al. 2011), 'Standing', 'VasquezBeggs',
 * 'Glaso', 'PetroskyFarshad'; pbMethod, rsMethod, coMethod default to the boMethod's set
 * (./methods.ts).
 * Units: psia, degF, scf/STB, rb/STB, 1/psi.
 *
 * References: see `references` below.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { quantity, quantityOrArray } from '../../quantity.js';
import { resolveFluid } from './fluid.js';
import { apiInput, gasGravityInputs, oilSGInput, option, pbInput, perPressure, rsbInput, shaped, tfInput } from './inputs.js';
import { BO_METHODS, CO_METHODS, methodSetOf, PB_METHODS, resolveMethods, RS_METHODS } from './methods.js';
import { OilModel } from './model.js';
import { oilPoints } from './oilPoints.js';
import { OIL_REFERENCES } from './references.js';
import { OIL_FVF, POSITIVE_COMPRESSIBILITY } from '../physicalRanges.js';

const Input = Type.Object({
  psia: Type.Optional(quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'Pressure or list of pressures (optional: without it, Bo of the saturated oil)' })),
  api: Type.Optional(apiInput('Stock-tank oil gravity; give api or oilSG')),
  oilSG: oilSGInput(),
  TF: tfInput(),
  ...gasGravityInputs(),
  rsScfStb: Type.Optional(
    quantityOrArray('gasOilRatio', { minimum: 0, description: 'Solution GOR of the oil at psia (saturated oil); one value, or one per pressure. Above pb the oil carries Rsb' }),
  ),
  rsbScfStb: rsbInput(),
  pbPsia: pbInput(),
  boMethod: option(
    BO_METHODS,
    "'McCain' (default, from density), 'Standing' (Standing 1981: 0.9759 + 0.00012 F^1.2), 'StandingBeggs' (the same chart as fitted by Beggs: 0.972 + 0.000147 F^1.175), 'VasquezBeggs', 'Glaso', 'PetroskyFarshad'",
    'McCain',
  ),
  pbMethod: option(PB_METHODS, "bubble point from rsbScfStb; default: the boMethod's set"),
  rsMethod: option(RS_METHODS, "Rs below pb and Rsb from pbPsia; default: the boMethod's set"),
  coMethod: option(CO_METHODS, "undersaturated compressibility above pb; default: the boMethod's set ('McCain' -> 'McCain', Standing/Glaso -> 'VasquezBeggs')"),
});

const Output = Type.Object({
  bo: perPressure('formationVolumeFactor', 'Oil formation volume factor', OIL_FVF),
  rs: Type.Optional(perPressure('gasOilRatio', 'Solution GOR the oil carries at each pressure')),
  co: Type.Optional(perPressure('compressibility', 'Constant-composition oil compressibility at each pressure (with psia and a bubble point)', POSITIVE_COMPRESSIBILITY)),
  pb: Type.Optional(quantity('pressure', { description: 'Bubble point used' })),
  rsb: Type.Optional(quantity('gasOilRatio', { description: 'Solution GOR at the bubble point used' })),
  bob: Type.Optional(quantity('formationVolumeFactor', { description: 'Bo at the bubble point', physical: OIL_FVF })),
});

export const oilFVF = defineFunction({
  name: 'pvt.oilFVF',
  module: 'pvt',
  title: 'Oil formation volume factor',
  description:
    'Oil formation volume factor Bo (rb/STB). Without psia: Bo of oil saturated with rsScfStb (or rsbScfStb). With psia (one or a list) and pbPsia and/or rsbScfStb: Bo along the pressures, ' +
    'saturated at and below pb (Rs from rsMethod, or rsScfStb when given) and compressed at constant composition above pb, Bo = Bob exp(-integral of co dp) (Vasquez–Beggs: Bob (p/pb)^-A). ' +
    "Methods: boMethod 'McCain' (default; Bo = (62.367 gammaO + 0.01357 Rs gammaG)/rho_o with McCain's density), 'Standing' (1947), 'VasquezBeggs' (1980), 'Glaso' (1980), 'PetroskyFarshad' (1993); " +
    "pbMethod, rsMethod and coMethod ('McCain' Spivey–Valko–McCain 2007, 'VasquezBeggs', 'PetroskyFarshad') default to the boMethod's set. Give api or oilSG; gasSG and/or sepGasSG.",
  input: Input,
  output: Output,
  references: OIL_REFERENCES.bo,
  validity: [],
  examples: [
    {
      title: 'McCain, below pb: 2000 psia, pb 3000 psia, 165 degF, Rs 1000, Rsb 2000 scf/STB, oilSG 0.8, gas gravity 0.68',
      input: { psia: 2000, pbPsia: 3000, TF: 165, rsScfStb: 1000, rsbScfStb: 2000, oilSG: 0.8, gasSG: 0.68 },
      expected: { bo: 1.50751077353 },
      tolerance: 1e-3,
      source: 'pyrestoolbox 3.7.6 docs/oil.rst oil_bo example (refdata pvt_oil.json oil-docex-06)',
    },
    {
      title: 'Vasquez–Beggs above pb: API 35, 180 degF, Rsb 600 scf/STB, gas gravity 0.8, 3920.44 psia',
      input: { psia: 3920.44334445, api: 35, TF: 180, rsbScfStb: 600, gasSG: 0.8, boMethod: 'VasquezBeggs' },
      expected: { pb: 2613.6288963, bob: 1.34216155, co: 1.06119375654e-5, bo: 1.31971082906 },
      tolerance: 1e-6,
      source: 'Vasquez & Beggs (1980) printed equations, refdata pvt_oil.json oilc-bou-VB-35-3920',
    },
  ],
  run(input, warnings) {
    const fluid = resolveFluid(input);
    const boMethod = input.boMethod ?? 'McCain';
    const model = new OilModel(fluid, resolveMethods({ bo: boMethod, pb: input.pbMethod, rs: input.rsMethod, co: input.coMethod }, methodSetOf(boMethod)), warnings);
    const pts = oilPoints(model, input, warnings);
    const shape = <T>(v: T[]) => shaped(input.psia ?? input.rsScfStb ?? input.rsbScfStb ?? 0, v);
    return {
      bo: shape(pts.bo),
      rs: shape(pts.rs),
      ...(pts.co.length ? { co: shape(pts.co) } : {}),
      ...(pts.sat ? { pb: pts.sat.pb, rsb: pts.sat.rsb, bob: model.saturatedBo(pts.sat.rsb, pts.sat.pb) } : {}),
    };
  },
});
