/**
 * pvt.oilSolutionGOR: solution gas-oil ratio Rs of a black oil at one or more pressures.
 *
 * Two readings, chosen by what the caller gives:
 * - neither pbPsia nor rsbScfStb: the oil is saturated at each pressure, Rs is the method's own p-Rs
 *   relation (Standing, Vasquez–Beggs, Glaso, Petrosky–Farshad as printed; Velarde: the inverse of
 *   Velarde's bubble-point correlation);
 * - no psia, pbPsia: Rs at the bubble point, Rsb of the oil saturated at pb (the Rs method's own relation);
 * - pbPsia and/or rsbScfStb: a given oil depleted below its bubble point; Rs = Rsb at and above pb
 *   (see ./model.ts for how pb and Rsb are completed and a classic curve is scaled to honour both).
 * Methods (rsMethod): 'Velarde' (default; Velarde, Blasingame & McCain 1997), 'Standing',
 * 'StandingPsig', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad'; pbMethod (when pb must be computed from
 * Rsb) defaults to the rsMethod's own (Velarde -> Valko–McCain).
 * Units: psia, degF, scf/STB, degAPI, air = 1.
 *
 * References: see `references` below.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { EngineFailure } from '../../failure.js';
import { quantity } from '../../quantity.js';
import { resolveFluid } from './fluid.js';
import { apiInput, asList, gasGravityInputs, option, pbInput, perPressure, pressuresInput, rsbInput, shaped, tfInput } from './inputs.js';
import { methodSetOf, PB_METHODS, resolveMethods, RS_METHODS } from './methods.js';
import { belowStandardWarning, OilModel } from './model.js';
import { OIL_REFERENCES } from './references.js';

const Input = Type.Object({
  psia: Type.Optional(pressuresInput('Pressure, or a list of pressures; without it, Rs at the bubble point pbPsia (the oil saturated at pb)')),
  api: apiInput(),
  TF: tfInput(),
  ...gasGravityInputs(),
  pbPsia: pbInput('Bubble point pressure of the oil (optional: without pbPsia and rsbScfStb the oil is taken as saturated at each pressure)'),
  rsbScfStb: rsbInput('Solution GOR at the bubble point (optional, see pbPsia)'),
  rsMethod: option(RS_METHODS, "'Velarde' (default), 'Standing', 'StandingPsig', 'VasquezBeggs', 'Glaso' (black oil), 'GlasoVolatile' (volatile-oil exponent 0.130), 'PetroskyFarshad'", 'Velarde'),
  pbMethod: option(PB_METHODS, "bubble point from rsbScfStb when pbPsia is not given; defaults to the rsMethod's own (Velarde -> 'ValkoMcCain')"),
});

const Output = Type.Object({
  rs: perPressure('gasOilRatio', 'Solution gas-oil ratio'),
  pb: Type.Optional(quantity('pressure', { description: 'Bubble point used (when pbPsia or rsbScfStb was given)' })),
  rsb: Type.Optional(quantity('gasOilRatio', { description: 'Solution GOR at the bubble point used (when pbPsia or rsbScfStb was given)' })),
});

export const oilSolutionGOR = defineFunction({
  name: 'pvt.oilSolutionGOR',
  module: 'pvt',
  title: 'Oil solution gas-oil ratio',
  description:
    'Solution GOR Rs (scf/STB) of a black oil at one pressure or a list. Without pbPsia/rsbScfStb the oil is taken as saturated at each pressure (the method’s own p–Rs relation); ' +
    'without psia, pbPsia alone asks for Rs at the bubble point (Rsb of the oil saturated at pb; Velarde: the inverse of Velarde’s pb correlation); ' +
    'with either or both, Rs of that oil depleted below its bubble point (Rs = Rsb at and above pb). ' +
    "Methods (rsMethod): 'Velarde' (default; Velarde, Blasingame & McCain 1997, reduced-pressure form, valid where its a1 <= 1: at the top corner of its data (high pb, gas gravity, API, T) a1 is capped at 1 with a warning, which keeps Rs >= 0), 'Standing' (1947, printed psia), 'StandingPsig' (read as psig), " +
    "'VasquezBeggs' (1980, T + 460 in the exponent), 'Glaso' (1980), 'PetroskyFarshad' (1993). When only rsbScfStb is given pb comes from pbMethod (default: the rsMethod’s own; Velarde -> Valko–McCain); " +
    'when both are given a classic Rs curve is scaled by Rsb/Rs(pb) so it meets Rsb at pb. Gas gravity: gasSG total, sepGasSG separator (Velarde); give either or both.',
  input: Input,
  output: Output,
  references: OIL_REFERENCES.rs,
  validity: [],
  examples: [
    {
      title: 'Velarde: API 43, 185 degF, separator gas 0.72, pb 5179.5 psia, Rsb 2370 scf/STB, at 3000 psia',
      input: { psia: 3000, api: 43, TF: 185, sepGasSG: 0.72, pbPsia: 5179.5, rsbScfStb: 2370 },
      expected: { rs: 1017.94243836 },
      tolerance: 1e-4,
      source: 'pyrestoolbox 3.7.6 docs/oil.rst oil_rs example (refdata pvt_oil.json oil-docex-04)',
    },
    {
      title: 'Standing, saturated oil at 1000 psia: API 22, 100 degF, gas gravity 0.65',
      input: { psia: 1000, api: 22, TF: 100, gasSG: 0.65, rsMethod: 'Standing' },
      expected: { rs: 139.324544731 },
      tolerance: 1e-6,
      source: 'Standing (1947) printed equation, refdata pvt_oil.json oilc-rs-Standing-22-100-0.65-1000 (confirmed against petpropy and petropt)',
    },
  ],
  run(input, warnings) {
    const fluid = resolveFluid(input);
    const rsMethod = input.rsMethod ?? 'Velarde';
    const model = new OilModel(fluid, resolveMethods({ rs: rsMethod, pb: input.pbMethod }, methodSetOf(rsMethod)), warnings);
    if (input.psia === undefined) {
      // Rs at the bubble point: the GOR of the oil saturated at pbPsia, by the Rs method's own relation.
      if (input.pbPsia === undefined) throw new EngineFailure('invalid_input', 'give psia (Rs at those pressures), or pbPsia alone for Rs at the bubble point');
      const sat = model.saturation(input.pbPsia, input.rsbScfStb);
      warnings.push(...model.warningsFor(['rs'], { below: [sat.pb], rs: [sat.rsb] }));
      return { rs: sat.rsb, pb: sat.pb, rsb: sat.rsb };
    }
    const pressures = asList(input.psia);
    warnings.push(...belowStandardWarning(pressures));
    if (input.pbPsia === undefined && input.rsbScfStb === undefined) {
      const rs = pressures.map((p) => model.rsSaturatedAt(p));
      warnings.push(...model.warningsFor(['rs'], { below: pressures, rs }));
      return { rs: shaped(input.psia, rs) };
    }
    const sat = model.saturation(input.pbPsia, input.rsbScfStb);
    const rs = pressures.map((p) => model.rs(p, sat));
    warnings.push(...model.rangeWarnings(pressures, sat, rs.filter((_, i) => (pressures[i] as number) < sat.pb), input.rsbScfStb === undefined ? ['rs'] : ['pb', 'rs']));
    return { rs: shaped(input.psia, rs), pb: sat.pb, rsb: sat.rsb };
  },
});
