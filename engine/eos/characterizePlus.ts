/**
 * eos.characterizePlus: a C7+ (or Cn+) fraction split into single carbon numbers by Whitson's
 * gamma distribution, each given Tb and SG (constant Watson factor), critical properties by
 * Kesler-Lee, Riazi-Daubert or Twu and the Kesler-Lee acentric factor, then lumped into a few
 * pseudo-components (Whitson's molar-mass boundaries) ready for the EOS functions' components.
 * See characterization/ for each step and its references.
 *
 * Units: g/mol, K, bar, cm3/mol out (the EOS component units); the plus fraction's MW and SG in.
 * Validity: alpha 0.5-2.5 and M+ from ~100 to ~500 cover most reservoir fluids; correlations for
 * critical properties extrapolate beyond Tb ~ 1000 degF.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { quantity } from '../quantity.js';
import { CRITICAL_METHODS, criticalProperties } from './characterization/criticalProperties.js';
import { gammaSplit } from './characterization/gammaSplit.js';
import { lump } from './characterization/lumping.js';
import { assertChecked, lbcPlusVc } from './fluidInput.js';
import { EngineFailure } from '../failure.js';
import { REF } from './references.js';
import { COMPONENT_DOMAIN, componentProblem } from './domain.js';

/** The EOS component domain of a constant, as an output's physical range (the function refuses outside it). */
const inDomain = (k: 'TcK' | 'PcBar' | 'omega' | 'MW' | 'VcCm3PerMol') => ({ minimum: COMPONENT_DOMAIN[k].min, maximum: COMPONENT_DOMAIN[k].max });

const CM3_PER_FT3_LBMOL = (0.028316846592 / 0.45359237) * 1000;
const BAR_PER_PSI = 0.06894757293168;

const Input = Type.Object({
  zPlus: Type.Optional(quantity('dimensionless', { exclusiveMinimum: 0, maximum: 1, default: 1, description: 'Mole fraction of the plus fraction in the fluid (the pseudo-components share it)' })),
  MW: quantity('molarMass', { exclusiveMinimum: 50, maximum: 2000, description: 'Molar mass of the plus fraction' }),
  SG: quantity('dimensionless', { minimum: 0.6, maximum: 1.3, description: 'Specific gravity (60/60 degF) of the plus fraction' }),
  plusCarbonNumber: Type.Optional(Type.Integer({ minimum: 5, maximum: 30, default: 7, description: 'n of the Cn+ fraction' })),
  maxCarbonNumber: Type.Optional(Type.Integer({ minimum: 10, maximum: 100, default: 45, description: 'Last SCN group of the split (it holds the tail: C_N+)' })),
  alpha: Type.Optional(quantity('dimensionless', { minimum: 0.3, maximum: 10, default: 1, description: 'Shape of the gamma distribution (1: exponential)' })),
  eta: Type.Optional(quantity('molarMass', { exclusiveMinimum: 0, description: 'Smallest molar mass in the fraction; default 14 n - 6 (92 for C7+)' })),
  criticalMethod: Type.Optional(Type.Enum(CRITICAL_METHODS, { default: 'KeslerLee', description: "Critical properties: 'KeslerLee' (1976), 'RiaziDaubert' (1980) or 'Twu' (1984); acentric factor by Kesler-Lee" })),
  groups: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 3, description: 'Pseudo-components after lumping' })),
});

const Pseudo = Type.Object({
  name: Type.String(),
  carbonNumbers: Type.Array(Type.Integer(), { minItems: 2, maxItems: 2, description: '[first, last] SCN in the lump' }),
  moleFraction: quantity('dimensionless', { physical: { minimum: 0, maximum: 1 } }),
  MW: quantity('molarMass', { physical: inDomain('MW') }),
  SG: quantity('dimensionless', { physical: { exclusiveMinimum: COMPONENT_DOMAIN.SG.min, maximum: COMPONENT_DOMAIN.SG.max } }),
  TbK: quantity('temperatureKelvin'),
  TcK: quantity('temperatureKelvin', { physical: inDomain('TcK') }),
  PcBar: quantity('pressureBar', { physical: inDomain('PcBar') }),
  omega: quantity('dimensionless', { physical: inDomain('omega') }),
  VcCm3PerMol: quantity('molarVolume', { physical: inDomain('VcCm3PerMol') }),
});

const Scn = Type.Object({
  carbonNumber: Type.Integer(),
  plus: Type.Boolean(),
  moleFraction: quantity('dimensionless', { physical: { minimum: 0, maximum: 1 } }),
  MW: quantity('molarMass'),
  SG: quantity('dimensionless', { physical: { exclusiveMinimum: 0 } }),
  TbK: quantity('temperatureKelvin'),
});

const Output = Type.Object({
  pseudoComponents: Type.Array(Pseudo, { maxItems: 10, description: 'Ready for the components of eos.flash and the other EOS functions' }),
  scn: Type.Array(Scn, { maxItems: 100 }),
  watsonK: quantity('dimensionless', { description: 'Watson characterization factor of the split (constant)', physical: { exclusiveMinimum: 0 } }),
  eta: quantity('molarMass'),
  beta: quantity('dimensionless', { description: 'Scale of the gamma distribution, g/mol', physical: { exclusiveMinimum: 0 } }),
  check: Type.Object({
    moleFraction: quantity('dimensionless', { description: 'Sum over the pseudo-components (= zPlus)', physical: { exclusiveMinimum: 0 } }),
    MW: quantity('molarMass', { description: 'Molar mass of the pseudo-components together (= MW)' }),
    SG: quantity('dimensionless', { description: 'Specific gravity of the pseudo-components together (= SG)', physical: { exclusiveMinimum: 0 } }),
  }),
});

export const characterizePlus = defineFunction({
  name: 'eos.characterizePlus',
  module: 'eos',
  title: 'Plus-fraction characterization: gamma split, critical properties, lumping',
  description:
    'Splits a plus fraction (zPlus, MW, SG of Cn+) into single carbon numbers with the Whitson (1983) gamma distribution (alpha, eta), gives each Tb and SG from a ' +
    "constant Watson factor matching SG, critical properties by 'KeslerLee' (1976), 'RiaziDaubert' (1980) or 'Twu' (1984) with the Kesler-Lee acentric factor, and " +
    'lumps them into `groups` pseudo-components (Whitson molar-mass boundaries; Kay averages). The pseudo-components {name, TcK, PcBar, omega, MW, VcCm3PerMol, SG} ' +
    'go straight into the components of eos.flash. Units: g/mol, K, bar, cm3/mol.',
  input: Input,
  output: Output,
  references: [
    'Whitson, C.H. (1983) Characterizing Hydrocarbon Plus Fractions. SPE J. 23(4), 683-694. SPE-12233-PA.',
    'Kesler, M.G. and Lee, B.I. (1976) Improve Prediction of Enthalpy of Fractions. Hydrocarbon Processing 55(3), 153-158.',
    'Riazi, M.R. and Daubert, T.E. (1980) Simplify Property Predictions. Hydrocarbon Processing 59(3), 115-116.',
    'Twu, C.H. (1984) An internally consistent correlation for predicting the critical properties and molecular weights of petroleum and coal-tar liquids. Fluid Phase Equilib. 16, 137-150.',
    REF.whitsonBrule,
    REF.lbc,
  ],
  validity: [
    { field: 'MW', min: 90, max: 500, unit: 'g/mol', note: 'plus fractions of reservoir oils and condensates' },
    { field: 'alpha', min: 0.5, max: 2.5, note: 'Whitson (1983): most reservoir fluids' },
  ],
  examples: [
    {
      title: 'C7+ of MW 215, SG 0.8524 (the demo oil), alpha 1, three pseudo-components',
      input: { zPlus: 0.2473, MW: 215, SG: 0.8524, groups: 3 },
      expected: { check: { moleFraction: 0.2473, MW: 215, SG: 0.8524 } },
      tolerance: 1e-9,
      source: 'the gamma split conserves moles and mass by construction and the Watson factor is solved to reproduce SG (Whitson 1983)',
    },
  ],
  sizeExamples: [{ title: 'C7+ of MW 150, SG 0.85 split to C100+ (94 SCN groups), 10 pseudo-components', input: { MW: 150, SG: 0.85, maxCarbonNumber: 100, groups: 10 } }],
  check: checkPlus,
  run(input) {
    assertChecked(checkPlus(input));
    const n = input.plusCarbonNumber ?? 7;
    const eta = input.eta ?? 14 * n - 6;
    const zPlus = input.zPlus ?? 1;
    const method = input.criticalMethod ?? 'KeslerLee';
    const split = gammaSplit(zPlus, input.MW, input.SG, n, input.maxCarbonNumber ?? 45, input.alpha ?? 1, eta);
    if (split.groups.length === 0) throw new EngineFailure('no_solution', 'the gamma distribution puts no mass in any carbon-number group for these parameters');
    const withCriticals = split.groups.map((g) => {
      const c = criticalProperties(method, g.tbR, g.sg);
      const vc = c.vcFt3 ?? lbcPlusVc(g.mw, g.sg) / CM3_PER_FT3_LBMOL;
      if (!(c.tcR > g.tbR && c.pcPsia > 0 && Number.isFinite(c.omega) && vc > 0 && Number.isFinite(c.pcPsia))) {
        throw new EngineFailure(
          'out_of_range',
          `the ${method} correlation has no physical critical point for C${g.carbonNumber}${g.plus ? '+' : ''} (Tb ${(g.tbR / 1.8).toFixed(1)} K, SG ${g.sg.toFixed(4)}, MW ${g.mw.toFixed(1)}): outside its range; try another criticalMethod, a smaller maxCarbonNumber or alpha`,
        );
      }
      return { ...g, ...c, vc };
    });
    const lumps = lump(withCriticals, input.groups ?? 3);
    // The pseudo-components go straight into the EOS functions: each must be inside their component domain.
    for (const l of lumps) {
      const problem = componentProblem({ TcK: l.tcR / 1.8, PcBar: l.pcPsia * BAR_PER_PSI, omega: l.omega, MW: l.mw, VcCm3PerMol: l.vcFt3 * CM3_PER_FT3_LBMOL, SG: l.sg });
      if (problem) {
        throw new EngineFailure(
          'out_of_range',
          `the ${method} characterization gives pseudo-component ${l.name} no physical constants for the EOS functions: ${problem}; try another criticalMethod, a smaller maxCarbonNumber, more groups or another alpha`,
        );
      }
    }
    const mass = lumps.reduce((s, l) => s + l.z * l.mw, 0);
    const z = lumps.reduce((s, l) => s + l.z, 0);
    return {
      pseudoComponents: lumps.map((l) => ({
        name: l.name,
        carbonNumbers: [l.from, l.to],
        moleFraction: l.z,
        MW: l.mw,
        SG: l.sg,
        TbK: l.tbR / 1.8,
        TcK: l.tcR / 1.8,
        PcBar: l.pcPsia * BAR_PER_PSI,
        omega: l.omega,
        VcCm3PerMol: l.vcFt3 * CM3_PER_FT3_LBMOL,
      })),
      scn: split.groups.map((g) => ({ carbonNumber: g.carbonNumber, plus: g.plus, moleFraction: g.z, MW: g.mw, SG: g.sg, TbK: g.tbR / 1.8 })),
      watsonK: split.kw,
      eta,
      beta: split.beta,
      check: { moleFraction: z, MW: mass / z, SG: mass / lumps.reduce((s, l) => s + (l.z * l.mw) / l.sg, 0) },
    };
  },
});

function checkPlus(input: { MW: number; plusCarbonNumber?: number; maxCarbonNumber?: number; eta?: number }): Record<string, string> {
  const n = input.plusCarbonNumber ?? 7;
  const eta = input.eta ?? 14 * n - 6;
  const out: Record<string, string> = {};
  if (!(eta < input.MW)) out.eta = `(${eta} g/mol) must be below MW (${input.MW})`;
  if (!(eta < 14 * n + 8)) out.eta = `(${eta} g/mol) must be below the upper boundary of C${n} (${14 * n + 8} g/mol)`;
  if ((input.maxCarbonNumber ?? 45) < n + 2) out.maxCarbonNumber = `must be at least plusCarbonNumber + 2 (${n + 2})`;
  return out;
}
