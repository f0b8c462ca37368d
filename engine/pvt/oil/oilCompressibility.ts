/**
 * pvt.oilCompressibility: isothermal oil compressibility at constant composition,
 * co = -(1/Bo)(dBo/dp) at constant Rs, at one or more pressures.
 *
 * Above pb: of the oil with (pb, Rsb). At and below pb: of the oil saturated at p (Rs(p), pb' = p),
 * i.e. the liquid's own compressibility without gas coming out of solution; it is continuous at pb.
 * Methods (coMethod): 'McCain' (default; Spivey, Valko & McCain 2007, the point value of their
 * average cofb: co = cofb + (p - pb) dcofb/dp, i.e. the analytic dBo/dp of McCain's density-based Bo),
 * 'VasquezBeggs' (1980, co = A/p; Spivey–Valko–McCain's with a warning where A <= 0), 'PetroskyFarshad' (1993, co = B p^-0.5906).
 * pb from rsbScfStb by pbMethod and Rs below pb by rsMethod, defaulting to the coMethod's set.
 * Units: 1/psi, psia, degF, scf/STB.
 *
 * References: see `references` below.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { quantity } from '../../quantity.js';
import { resolveFluid } from './fluid.js';
import { apiInput, asList, gasGravityInputs, option, pbInput, perPressure, pressuresInput, rsbInput, shaped, tfInput } from './inputs.js';
import { CO_METHODS, methodSetOf, PB_METHODS, resolveMethods, RS_METHODS } from './methods.js';
import { belowStandardWarning, OilModel } from './model.js';
import { OIL_REFERENCES } from './references.js';
import { POSITIVE_COMPRESSIBILITY } from '../physicalRanges.js';

const Input = Type.Object({
  psia: pressuresInput(),
  api: apiInput(),
  TF: tfInput(),
  ...gasGravityInputs(),
  rsbScfStb: rsbInput(),
  pbPsia: pbInput(),
  coMethod: option(CO_METHODS, "'McCain' (default; Spivey–Valko–McCain 2007), 'VasquezBeggs' (1980), 'PetroskyFarshad' (1993)", 'McCain'),
  pbMethod: option(PB_METHODS, "bubble point from rsbScfStb; default: the coMethod's set ('McCain' -> 'ValkoMcCain')"),
  rsMethod: option(RS_METHODS, "Rs below pb and Rsb from pbPsia; default: the coMethod's set ('McCain' -> 'Velarde')"),
});

const Output = Type.Object({
  co: perPressure('compressibility', 'Oil compressibility at constant composition', POSITIVE_COMPRESSIBILITY),
  rs: perPressure('gasOilRatio', 'Solution GOR the oil carries at each pressure'),
  pb: quantity('pressure', { description: 'Bubble point used' }),
  rsb: quantity('gasOilRatio', { description: 'Solution GOR at the bubble point used' }),
});

export const oilCompressibility = defineFunction({
  name: 'pvt.oilCompressibility',
  module: 'pvt',
  title: 'Oil compressibility',
  description:
    'Isothermal oil compressibility at constant composition, co = -(1/Bo) dBo/dp at constant Rs (1/psi), at one pressure or a list. Above pb, of the oil with (pb, Rsb); at and below pb, ' +
    "of the oil saturated at p (no gas liberation term). Methods (coMethod): 'McCain' (default; Spivey, Valko & McCain 2007, point value of their cofb, the analytic derivative of McCain's density-based Bo), " +
    "'VasquezBeggs' (1980, co = (-1433 + 5 Rsb + 17.2 T - 1180 gammaGs + 12.61 API)/(1e5 p); where that numerator is not positive, at low GOR in cool oils, Spivey–Valko–McCain's co with a warning), 'PetroskyFarshad' (1993). Give pbPsia and/or rsbScfStb; " +
    'gasSG and/or sepGasSG (McCain takes the separator gas).',
  input: Input,
  output: Output,
  references: OIL_REFERENCES.co,
  validity: [],
  examples: [
    {
      title: 'McCain above pb: 6000 psia, API 47, 180 degF, separator gas 0.72, Rsb 2750 scf/STB, pb 4945 psia',
      input: { psia: 6000, api: 47, TF: 180, sepGasSG: 0.72, rsbScfStb: 2750, pbPsia: 4945 },
      expected: { co: 3.6391592611e-5 },
      tolerance: 1e-3,
      source: 'pyrestoolbox 3.7.6 docs/oil.rst oil_co example (refdata pvt_oil.json oil-docex-10)',
    },
    {
      title: 'Vasquez–Beggs above pb: API 35, 180 degF, Rsb 600 scf/STB, gas gravity 0.8, 2874.99 psia',
      input: { psia: 2874.99178593, api: 35, TF: 180, rsbScfStb: 600, gasSG: 0.8, coMethod: 'VasquezBeggs' },
      expected: { co: 1.44708239528e-5, pb: 2613.6288963 },
      tolerance: 1e-6,
      source: 'Vasquez & Beggs (1980) printed equations, refdata pvt_oil.json oilc-bou-VB-35-2874',
    },
  ],
  run(input, warnings) {
    const fluid = resolveFluid(input);
    const coMethod = input.coMethod ?? 'McCain';
    const model = new OilModel(fluid, resolveMethods({ co: coMethod, pb: input.pbMethod, rs: input.rsMethod }, methodSetOf(coMethod)), warnings);
    const pressures = asList(input.psia);
    warnings.push(...belowStandardWarning(pressures));
    const sat = model.saturation(input.pbPsia, input.rsbScfStb);
    const rs = pressures.map((p) => model.rs(p, sat));
    const co = pressures.map((p) => model.co(p, sat));
    warnings.push(...model.rangeWarnings(pressures, sat, rs.filter((_, i) => (pressures[i] as number) < sat.pb), ['pb', 'rs', 'co']));
    return {
      co: shaped(input.psia, co),
      rs: shaped(input.psia, rs),
      pb: sat.pb,
      rsb: sat.rsb,
    };
  },
});
