/**
 * pvt.oilViscosity: dead, saturated (live) and undersaturated oil viscosity.
 *
 *   mu_od: dead oil at API and T by deadOilMethod;
 *   mu_ob: oil saturated with rsScfStb (live oil, liveOilMethod);
 *   mu_o : at psia: mu_ob when psia <= pbPsia (rsScfStb is then the Rs at psia), else mu_ob (with
 *          rsScfStb = Rsb) raised to psia by undersaturatedMethod; without psia mu_o = mu_ob.
 * With psia, the undersaturated value by each method is also returned (muoVasquezBeggs,
 * muoPetroskyFarshad; equal to mu_ob at and below pb) so the two can be compared.
 * Methods: deadOilMethod 'BeggsRobinson' (default), 'Glaso', 'Beal' (Standing's fit); liveOilMethod
 * 'BeggsRobinson'; undersaturatedMethod 'PetroskyFarshad' (default) or 'VasquezBeggs'.
 * Units: cp, psia, degF, scf/STB.
 *
 * References: see `references` below.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { EngineFailure } from '../../failure.js';
import { quantity, quantityOrArray } from '../../quantity.js';
import { apiInput, asList, option, perPressure, tfInput } from './inputs.js';
import { DEAD_OIL_METHODS, LIVE_OIL_METHODS, methodRangeWarnings, UNDERSATURATED_VISCOSITY_METHODS } from './methods.js';
import { OIL_REFERENCES } from './references.js';
import { API_RANGE, MAX_OIL_TF, MAX_PSIA, requireWithin } from '../correlations/domain.js';
import { P_SC } from '../correlations/nonHydrocarbons.js';
import { requireOilPressures, requireRs } from './model.js';
import { deadOilViscosity, liveOilViscosity, undersaturatedViscosity } from './viscosityMethods.js';

const Input = Type.Object({
  api: apiInput(),
  TF: tfInput(),
  rsScfStb: Type.Optional(
    quantityOrArray('gasOilRatio', {
      minimum: 0,
      description: 'Solution GOR of the oil: Rs at psia when psia <= pbPsia, Rsb above it (0, the default, is dead oil); one value, or one per pressure',
    }),
  ),
  psia: Type.Optional(quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'Pressure or list of pressures (optional; needs pbPsia)' })),
  pbPsia: Type.Optional(quantity('pressure', { exclusiveMinimum: 0, description: 'Bubble point pressure (with psia)' })),
  deadOilMethod: option(DEAD_OIL_METHODS, "'BeggsRobinson' (default), 'Glaso', 'Beal' (Standing's fit of Beal's chart)", 'BeggsRobinson'),
  liveOilMethod: option(LIVE_OIL_METHODS, "'BeggsRobinson' (default)", 'BeggsRobinson'),
  undersaturatedMethod: option(UNDERSATURATED_VISCOSITY_METHODS, "'PetroskyFarshad' (default) or 'VasquezBeggs'", 'PetroskyFarshad'),
});

const Output = Type.Object({
  muod: quantity('viscosity', { description: 'Dead-oil viscosity' }),
  muob: perPressure('viscosity', 'Saturated (live) oil viscosity at rsScfStb (at the bubble point when psia > pbPsia)'),
  muo: perPressure('viscosity', 'Oil viscosity at psia (mu_ob without psia)'),
  muoVasquezBeggs: Type.Optional(perPressure('viscosity', 'Oil viscosity at psia with the Vasquez–Beggs undersaturated correction (with psia)')),
  muoPetroskyFarshad: Type.Optional(perPressure('viscosity', 'Oil viscosity at psia with the Petrosky–Farshad undersaturated correction (with psia)')),
});

export const oilViscosity = defineFunction({
  name: 'pvt.oilViscosity',
  module: 'pvt',
  title: 'Oil viscosity (dead, saturated, undersaturated)',
  description:
    'Oil viscosity (cp): dead oil (muod) by Beggs–Robinson (1975, default), Glaso (1980) or Beal (1946, Standing’s fit); live oil saturated with rsScfStb (muob) by Beggs–Robinson (1975); ' +
    'and at psia (muo): saturated when psia <= pbPsia, else raised from muob by Petrosky–Farshad (1995, default: mu = mu_ob + 1.3449e-3 (p - pb) 10^A) or Vasquez–Beggs (1980: mu = mu_ob (p/pb)^m). ' +
    'rsScfStb is the oil’s Rs at psia (Rsb above pb); 0 (default) is dead oil. With psia both undersaturated corrections are also returned (muoVasquezBeggs, muoPetroskyFarshad). ' +
    'Without psia, muo = muob. Lists of psia (and optionally of rsScfStb, one per pressure) give lists.',
  input: Input,
  output: Output,
  references: OIL_REFERENCES.viscosity,
  validity: [],
  examples: [
    {
      title: 'Beggs–Robinson, saturated at 2000 psia (pb 3500 psia): API 38, 165 degF, Rs 1000 scf/STB',
      input: { psia: 2000, api: 38, TF: 165, pbPsia: 3500, rsScfStb: 1000 },
      expected: { muo: 0.416858469043 },
      tolerance: 1e-4,
      source: 'pyrestoolbox 3.7.6 docs/oil.rst oil_viso example (refdata pvt_oil.json oil-docex-09)',
    },
    {
      title: 'Undersaturated, API 22, 100 degF, Rsb 100 scf/STB, pb 2000 psia, at 3000 psia',
      input: { psia: 3000, api: 22, TF: 100, pbPsia: 2000, rsScfStb: 100, undersaturatedMethod: 'VasquezBeggs' },
      expected: { muob: 23.7471443031, muo: 26.4542338215, muoPetroskyFarshad: 23.748214622 },
      tolerance: 1e-6,
      source: 'Beggs & Robinson (1975), Vasquez & Beggs (1980), Petrosky & Farshad (1995) printed equations, refdata pvt_oil.json oilc-muu-22-100-100-3000',
    },
  ],
  run(input, warnings) {
    if (!(input.TF > 0)) throw new EngineFailure('invalid_input', `TF ${input.TF} degF: the viscosity correlations need TF > 0 degF`);
    requireWithin('TF', input.TF, 0, MAX_OIL_TF, 'degF', 'crude oil cracks thermally from about 650-700 degF; no reservoir is near it', true);
    requireWithin('api', input.api, API_RANGE.min, API_RANGE.max, 'degAPI', 'a stock-tank oil is heavier than isopentane (~95 degAPI); API > 0 keeps the correlations real', true);
    for (const r of asList(input.rsScfStb ?? 0)) requireRs('rsScfStb', r);
    if (input.psia !== undefined) requireOilPressures(asList(input.psia));
    if (input.pbPsia !== undefined) requireWithin('pbPsia', input.pbPsia, P_SC, MAX_PSIA, 'psia', 'a bubble point below standard pressure would leave gas dissolved in the stock tank');
    const muod = deadOilViscosity(input.deadOilMethod ?? 'BeggsRobinson', input.api, input.TF);
    const live = input.liveOilMethod ?? 'BeggsRobinson';
    const under = input.undersaturatedMethod ?? 'PetroskyFarshad';
    const base = { TF: input.TF, api: input.api };
    warnings.push(...methodRangeWarnings('deadOil', input.deadOilMethod ?? 'BeggsRobinson', base));
    const rsIn = input.rsScfStb ?? 0;
    if (input.psia === undefined) {
      const rs = asList(rsIn);
      if (rs.some((r) => r > 0)) warnings.push(...methodRangeWarnings('liveOil', live, { ...base, rs }));
      const muob = rs.map((r) => liveOilViscosity(live, muod, r));
      const out = Array.isArray(rsIn) ? muob : (muob[0] as number);
      return { muod, muob: out, muo: out };
    }
    if (input.pbPsia === undefined) throw new EngineFailure('invalid_input', 'with psia, give pbPsia: whether the oil is saturated or undersaturated at psia depends on it');
    const pb = input.pbPsia;
    const pressures = asList(input.psia);
    const rs = Array.isArray(rsIn) ? rsIn : pressures.map(() => rsIn);
    if (rs.length !== pressures.length) throw new EngineFailure('invalid_input', `rsScfStb has ${rs.length} values for ${pressures.length} pressures: give one value or one per pressure`);
    if (rs.some((r) => r > 0)) warnings.push(...methodRangeWarnings('liveOil', live, { ...base, rs }));
    const above = pressures.filter((p) => p > pb);
    if (above.length) warnings.push(...methodRangeWarnings('undersaturatedViscosity', under, { psia: above }));
    const muob = rs.map((r) => liveOilViscosity(live, muod, r));
    const at = (method: typeof under) => pressures.map((p, i) => (p > pb ? undersaturatedViscosity(method, muob[i] as number, p, pb) : (muob[i] as number)));
    const list = Array.isArray(input.psia) || Array.isArray(rsIn);
    const shape = (v: number[]) => (list ? v : (v[0] as number));
    return {
      muod,
      muob: shape(muob),
      muo: shape(at(under)),
      muoVasquezBeggs: shape(at('VasquezBeggs')),
      muoPetroskyFarshad: shape(at('PetroskyFarshad')),
    };
  },
});
