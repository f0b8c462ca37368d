/**
 * pvt.oilDensity: reservoir oil density, saturated or along a pressure list through the bubble point.
 *
 *   rho_o = (62.367 gammaO + 0.01357 Rs gammaG) / Bo     (mass of one STB and its gas over its volume)
 * With boMethod 'McCain' (default) this is McCain's density itself (Standing–Katz pseudo-liquid
 * density with McCain–Hill apparent gas density, pressure and temperature corrections; above pb
 * rho_ob exp(cofb (p - pb)), Spivey–Valko–McCain 2007); with a classic Bo it is that Bo's density.
 * Inputs are read as in pvt.oilFVF (./oilPoints.ts).
 * Units: lbm/ft3, psia, degF, scf/STB.
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
import { OIL_DENSITY, OIL_FVF } from '../physicalRanges.js';

const DENSITY_METHODS = ['McCainHill', 'FromBo'] as const;

const Input = Type.Object({
  psia: Type.Optional(quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'Pressure or list of pressures (optional: without it, the saturated oil at its bubble point)' })),
  api: Type.Optional(apiInput('Stock-tank oil gravity; give api or oilSG')),
  oilSG: oilSGInput(),
  TF: tfInput(),
  ...gasGravityInputs(),
  rsScfStb: Type.Optional(
    quantityOrArray('gasOilRatio', { minimum: 0, description: 'Solution GOR of the oil at psia (saturated oil); one value, or one per pressure. Above pb the oil carries Rsb' }),
  ),
  rsbScfStb: rsbInput(),
  pbPsia: pbInput(),
  boMethod: option(BO_METHODS, "'McCain' (default: McCain's density), 'Standing', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad' (density = mass / Bo)", 'McCain'),
  pbMethod: option(PB_METHODS, "bubble point from rsbScfStb; default: the boMethod's set"),
  rsMethod: option(RS_METHODS, "Rs below pb and Rsb from pbPsia; default: the boMethod's set"),
  coMethod: option(CO_METHODS, "compressibility above pb; default: the boMethod's set"),
  densityMethod: option(
    DENSITY_METHODS,
    "'McCainHill': McCain's pseudo-liquid procedure whatever the boMethod (Standing–Katz pseudo-liquid density with McCain–Hill apparent gas densities, solved iteratively, then pressure and temperature corrections; above pb Spivey–Valko–McCain compression); " +
      "'FromBo': mass over the boMethod's Bo. Default: 'FromBo', which with the default boMethod 'McCain' is the same McCain–Hill density",
  ),
});

const Output = Type.Object({
  // A liquid oil at reservoir conditions: lighter than water-like 80 lbm/ft3 (heaviest crudes ~64)
  // and denser than 10 lbm/ft3 (a near-critical volatile oil is ~25-30).
  density: quantityOrArray('density', { description: 'Oil density', physical: OIL_DENSITY }),
  rs: perPressure('gasOilRatio', 'Solution GOR the oil carries at each pressure'),
  bo: perPressure('formationVolumeFactor', 'Oil formation volume factor', OIL_FVF),
  stockTankDensity: quantity('density', { description: 'Stock-tank oil density at 60 degF, 62.367 gammaO', physical: OIL_DENSITY }),
  pb: Type.Optional(quantity('pressure', { description: 'Bubble point used' })),
  rsb: Type.Optional(quantity('gasOilRatio', { description: 'Solution GOR at the bubble point used' })),
});

export const oilDensity = defineFunction({
  name: 'pvt.oilDensity',
  module: 'pvt',
  title: 'Reservoir oil density',
  description:
    'Oil density (lbm/ft3) at reservoir conditions: rho_o = (62.367 gammaO + 0.01357 Rs gammaG)/Bo. boMethod \'McCain\' (default) is McCain’s density (Standing–Katz/McCain–Hill ' +
    'pseudo-liquid density with pressure and temperature corrections; above pb rho_ob exp(cofb (p - pb)), Spivey–Valko–McCain 2007); a classic boMethod gives the density of that Bo. ' +
    'Inputs as pvt.oilFVF: without psia the oil saturated with rsScfStb (or rsbScfStb) at its bubble point; with psia and pbPsia and/or rsbScfStb, along the pressures through pb. ' +
    "densityMethod 'McCainHill' gives McCain's pseudo-liquid density (iterative Standing–Katz/McCain–Hill) whatever the boMethod; 'FromBo' (default) mass over the boMethod's Bo.",
  input: Input,
  output: Output,
  references: OIL_REFERENCES.density,
  validity: [],
  examples: [
    {
      title: 'McCain below pb: 2000 psia, pb 3000 psia, 165 degF, Rs 1000, Rsb 2000 scf/STB, oilSG 0.8, gas gravity 0.68',
      input: { psia: 2000, pbPsia: 3000, TF: 165, rsScfStb: 1000, rsbScfStb: 2000, oilSG: 0.8, gasSG: 0.68 },
      expected: { density: 39.2204162240 },
      tolerance: 1e-3,
      source:
        'pyrestoolbox 3.7.6 docs/oil.rst oil_bo example (Bo 1.50751077353, refdata oil-docex-06), whose density-based Bo is (62.372 x 0.8 + 0.01357 x 1000 x 0.68) / rho_o: rho_o = 39.220416 lbm/ft3',
    },
  ],
  run(input, warnings) {
    const fluid = resolveFluid(input);
    const boMethod = input.boMethod ?? 'McCain';
    const model = new OilModel(fluid, resolveMethods({ bo: boMethod, pb: input.pbMethod, rs: input.rsMethod, co: input.coMethod }, methodSetOf(boMethod)), warnings);
    const pts = oilPoints(model, input, warnings);
    const shape = <T>(v: T[]) => shaped(input.psia ?? input.rsScfStb ?? input.rsbScfStb ?? 0, v);
    // McCain–Hill: the density of McCain's (density-based) Bo at the same states, so the mass over it
    // is McCain's density itself, whichever Bo the call reports.
    const mccain = input.densityMethod === 'McCainHill' ? new OilModel(fluid, { ...model.methods, bo: 'McCain', co: 'McCain' }, warnings) : null;
    const densityBo = (i: number): number => {
      if (!mccain) return pts.bo[i] as number;
      const p = pts.p[i] as number;
      const rs = pts.rs[i] as number;
      if (!pts.sat || p <= pts.sat.pb) return mccain.saturatedBo(rs, p);
      return mccain.saturatedBo(pts.sat.rsb, pts.sat.pb) * Math.exp(-mccain.compressionIntegral(p, pts.sat.pb, pts.sat.rsb));
    };
    return {
      density: shape(pts.rs.map((rs, i) => model.massPerStb(rs) / densityBo(i))),
      rs: shape(pts.rs),
      bo: shape(pts.bo),
      stockTankDensity: model.massPerStb(0),
      ...(pts.sat ? { pb: pts.sat.pb, rsb: pts.sat.rsb } : {}),
    };
  },
});
