/**
 * pvt.oilProperties: every black-oil property of one oil at a list of pressures from one consistent
 * method set — bubble point, Rs, Bo, co, density and viscosity — continuous at the bubble point.
 *
 * The oil is given by pbPsia and/or rsbScfStb (./model.ts completes the other and keeps Rs(pb) = Rsb);
 * below pb the oil is saturated (Rs(p), saturated Bo and live viscosity), above pb it is compressed
 * at constant composition (Bo = Bob exp(-integral co), undersaturated viscosity). Rs, Bo and
 * viscosity meet their bubble-point values from both sides (test: within 0.5% just below and above pb).
 * methodSet picks the companions (./methods.ts): 'ValkoMcCain' (default; Valko–McCain pb, Velarde Rs,
 * McCain density-based Bo, Spivey–Valko–McCain co, Beggs–Robinson + Petrosky–Farshad viscosity),
 * 'Standing', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad'; any single method may be overridden.
 * Units: psia, degF, scf/STB, rb/STB, 1/psi, lbm/ft3, cp.
 *
 * References: see `references` below.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { quantity } from '../../quantity.js';
import { resolveFluid } from './fluid.js';
import { apiInput, asList, gasGravityInputs, option, pbInput, perPressure, pressuresInput, rsbInput, shaped, tfInput } from './inputs.js';
import {
  BO_METHODS,
  CO_METHODS,
  DEAD_OIL_METHODS,
  LIVE_OIL_METHODS,
  METHOD_SETS,
  PB_METHODS,
  resolveMethods,
  RS_METHODS,
  UNDERSATURATED_VISCOSITY_METHODS,
  type OilMethods,
} from './methods.js';
import { belowStandardWarning, OilModel } from './model.js';
import { OIL_REFERENCES } from './references.js';
import { OIL_DENSITY, OIL_FVF, POSITIVE_COMPRESSIBILITY } from '../physicalRanges.js';

/** Inputs that choose methods, shared with pvt.blackOilTable. */
export const methodInputs = () => ({
  methodSet: option(METHOD_SETS, "'ValkoMcCain' (default), 'Standing', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad': the methods used for what is not named below", 'ValkoMcCain'),
  pbMethod: option(PB_METHODS, "overrides the set's bubble point method"),
  rsMethod: option(RS_METHODS, "overrides the set's solution GOR method"),
  boMethod: option(BO_METHODS, "overrides the set's Bo method ('McCain' is density-based)"),
  coMethod: option(CO_METHODS, "overrides the set's undersaturated compressibility method"),
  deadOilMethod: option(DEAD_OIL_METHODS, "overrides the set's dead-oil viscosity method"),
  liveOilMethod: option(LIVE_OIL_METHODS, "overrides the set's live-oil viscosity method"),
  undersaturatedMethod: option(UNDERSATURATED_VISCOSITY_METHODS, "overrides the set's undersaturated viscosity method"),
});

/** The methods of a call from methodInputs(). */
export function methodsOf(input: {
  methodSet?: (typeof METHOD_SETS)[number];
  pbMethod?: OilMethods['pb'];
  rsMethod?: OilMethods['rs'];
  boMethod?: OilMethods['bo'];
  coMethod?: OilMethods['co'];
  deadOilMethod?: OilMethods['deadOil'];
  liveOilMethod?: OilMethods['liveOil'];
  undersaturatedMethod?: OilMethods['undersaturatedViscosity'];
}): OilMethods {
  return resolveMethods(
    {
      pb: input.pbMethod,
      rs: input.rsMethod,
      bo: input.boMethod,
      co: input.coMethod,
      deadOil: input.deadOilMethod,
      liveOil: input.liveOilMethod,
      undersaturatedViscosity: input.undersaturatedMethod,
    },
    input.methodSet ?? 'ValkoMcCain',
  );
}

const Input = Type.Object({
  psia: pressuresInput(),
  api: apiInput(),
  TF: tfInput(),
  ...gasGravityInputs(),
  rsbScfStb: rsbInput(),
  pbPsia: pbInput(),
  ...methodInputs(),
});

const Output = Type.Object({
  pb: quantity('pressure', { description: 'Bubble point' }),
  rsb: quantity('gasOilRatio', { description: 'Solution GOR at the bubble point' }),
  bob: quantity('formationVolumeFactor', { description: 'Bo at the bubble point', physical: OIL_FVF }),
  muob: quantity('viscosity', { description: 'Oil viscosity at the bubble point' }),
  muod: quantity('viscosity', { description: 'Dead-oil viscosity' }),
  rs: perPressure('gasOilRatio', 'Solution GOR'),
  bo: perPressure('formationVolumeFactor', 'Oil formation volume factor', OIL_FVF),
  co: perPressure('compressibility', 'Oil compressibility at constant composition', POSITIVE_COMPRESSIBILITY),
  density: perPressure('density', 'Oil density', OIL_DENSITY),
  viscosity: perPressure('viscosity', 'Oil viscosity'),
});

export const oilProperties = defineFunction({
  name: 'pvt.oilProperties',
  module: 'pvt',
  title: 'Black-oil properties along pressure (pb, Rs, Bo, co, density, viscosity)',
  description:
    'All black-oil properties of one oil at one pressure or a list, from one consistent method set: bubble point, solution GOR, Bo, constant-composition co, density and viscosity. ' +
    'Give pbPsia and/or rsbScfStb (the other is computed; with both, the Rs curve is made to meet Rsb at pb). Below pb the oil is saturated; above pb it is compressed at constant composition, ' +
    'so Rs, Bo and viscosity are continuous at pb. ' +
    "methodSet: 'ValkoMcCain' (default: Valko–McCain pb, Velarde Rs, McCain density-based Bo and density, Spivey–Valko–McCain co, Beggs–Robinson and Petrosky–Farshad viscosity), " +
    "'Standing', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad' (co Vasquez–Beggs for Standing and Glaso); pbMethod, rsMethod, boMethod, coMethod and the viscosity methods override single members. " +
    'density = (62.367 gammaO + 0.01357 Rs gammaG)/Bo. Outside a method’s data the result comes with warnings.',
  input: Input,
  output: Output,
  references: OIL_REFERENCES.all,
  validity: [],
  examples: [
    {
      title: 'Valko–McCain set above pb: API 25, 120 degF, Rsb 200 scf/STB, gas gravity 0.7, pb 1260.16 psia, at 2268.28 psia (co within 1e-3 too)',
      input: { psia: 2268.281579, api: 25, TF: 120, rsbScfStb: 200, gasSG: 0.7, pbPsia: 1260.15643278 },
      expected: { rs: 200, bo: 1.09476944472, density: 53.2474242098, viscosity: 5.28680990304, co: 5.56939460359e-6 },
      tolerance: 1e-3,
      source: 'pyrestoolbox 3.7.6 oil_rs/oil_bo/oil_deno/oil_viso/oil_co (refdata pvt_oil.json oil-props-001-180)',
    },
  ],
  run(input, warnings) {
    const fluid = resolveFluid(input);
    const model = new OilModel(fluid, methodsOf(input), warnings);
    const pressures = asList(input.psia);
    warnings.push(...belowStandardWarning(pressures));
    const sat = model.saturation(input.pbPsia, input.rsbScfStb);
    const muod = model.deadOilViscosity();
    const rs = pressures.map((p) => model.rs(p, sat));
    warnings.push(...model.rangeWarnings(pressures, sat, rs.filter((_, i) => (pressures[i] as number) < sat.pb), ['pb', 'rs', 'bo', 'co', 'viscosity']));
    const col = (f: (p: number) => number) => shaped(input.psia, pressures.map(f));
    return {
      pb: sat.pb,
      rsb: sat.rsb,
      bob: model.saturatedBo(sat.rsb, sat.pb),
      muob: model.liveOilViscosity(muod, sat.rsb),
      muod,
      rs: shaped(input.psia, rs),
      bo: col((p) => model.bo(p, sat)),
      co: col((p) => model.co(p, sat)),
      density: col((p) => model.density(p, sat)),
      viscosity: col((p) => model.viscosity(p, sat).muo),
    };
  },
});
