/**
 * pvt.oilBubblePoint: bubble point pressure of a black oil from its solution GOR, stock-tank oil
 * gravity, gas gravity and temperature.
 *
 * Methods (pbMethod; each in ./correlations with equations, units, validity and references):
 * 'ValkoMcCain' (default, Valko & McCain 2003, separator gas gravity), 'Velarde' (Velarde,
 * Blasingame & McCain 1997, separator gas gravity, gauge result + 14.696), 'Standing' (1947, the
 * printed equation taken as psia), 'StandingPsig' (the same equation read as psig, + 14.696 psi),
 * 'VasquezBeggs' (1980, gravity at a 100 psig separator), 'Glaso' (1980), 'PetroskyFarshad' (1993).
 * Units: psia, degF, scf/STB, degAPI, gas gravity air = 1. Outside a method's data -> warnings.
 *
 * References: see `references` below.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { quantity } from '../../quantity.js';
import { resolveFluid } from './fluid.js';
import { apiInput, gasGravityInputs, option, tfInput } from './inputs.js';
import { methodSetOf, PB_METHODS, resolveMethods } from './methods.js';
import { OilModel } from './model.js';
import { OIL_REFERENCES } from './references.js';

const Input = Type.Object({
  api: apiInput(),
  TF: tfInput(),
  rsbScfStb: quantity('gasOilRatio', { minimum: 0, description: 'Solution GOR at the bubble point (separator + stock-tank gas)' }),
  ...gasGravityInputs(),
  pbMethod: option(
    PB_METHODS,
    "'ValkoMcCain' (default), 'Velarde', 'Standing' (printed equation, psia), 'StandingPsig' (printed equation read as psig), 'VasquezBeggs', 'Glaso' (black-oil temperature exponent 0.172), 'GlasoVolatile' (Glaso's volatile-oil exponent 0.130), 'PetroskyFarshad'",
    'ValkoMcCain',
  ),
});

const Output = Type.Object({
  pb: quantity('pressure', { description: 'Bubble point pressure' }),
});

export const oilBubblePoint = defineFunction({
  name: 'pvt.oilBubblePoint',
  module: 'pvt',
  title: 'Oil bubble point pressure',
  description:
    'Bubble point pressure (psia) of a black oil from its solution GOR at the bubble point (rsbScfStb), stock-tank API gravity, surface gas gravity and temperature. ' +
    "Methods (pbMethod): 'ValkoMcCain' (default; Valko & McCain 2003), 'Velarde' (Velarde, Blasingame & McCain 1997), 'Standing' (1947; the printed equation taken as psia), " +
    "'StandingPsig' (Standing's equation read as psig, +14.696 psi, as some codes do), 'VasquezBeggs' (1980; API <= 30 and > 30 coefficients), 'Glaso' (1980), 'PetroskyFarshad' (1993). " +
    'Gas gravity: gasSG is the total surface gas, sepGasSG the separator gas (Valko–McCain and Velarde take the separator gas); give either or both. ' +
    'Vasquez–Beggs take the gravity at a 100 psig separator: give sepPsia and sepTF to apply their correction. ' +
    'Outside a method’s data the result comes with warnings; where a correlation gives a bubble point below atmospheric (very low GOR) pb is 14.696 psia with a warning.',
  input: Input,
  output: Output,
  references: OIL_REFERENCES.pb,
  validity: [],
  examples: [
    {
      title: 'Valko–McCain: API 25, 120 degF, Rsb 200 scf/STB, separator and total gas gravity 0.7',
      input: { api: 25, TF: 120, rsbScfStb: 200, gasSG: 0.7, sepGasSG: 0.7 },
      expected: { pb: 1260.15643278 },
      tolerance: 1e-4,
      source: 'pyrestoolbox 3.7.6 oil_pbub (refdata pvt_oil.json oil-pb-VALMC-001)',
    },
    {
      title: 'Glaso: API 35, 180 degF, Rsb 600 scf/STB, gas gravity 0.8',
      input: { api: 35, TF: 180, rsbScfStb: 600, gasSG: 0.8, pbMethod: 'Glaso' },
      expected: { pb: 2706.411959 },
      tolerance: 1e-6,
      source: "petrocalchub.com 'Glaso Bubble Point Pressure' default example (refdata pvt_oil.json web-glaso-pb)",
    },
  ],
  run(input, warnings) {
    const fluid = resolveFluid(input);
    const pbMethod = input.pbMethod ?? 'ValkoMcCain';
    const model = new OilModel(fluid, resolveMethods({ pb: pbMethod }, methodSetOf(pbMethod)), warnings);
    const pb = model.pbFromRsb(input.rsbScfStb);
    warnings.push(...model.warningsFor(['pb'], { pb, rsb: input.rsbScfStb }));
    return { pb };
  },
});
