/**
 * pvt.gasProperties: dry-gas PVT at one temperature and one or more pressures — pseudo-critical
 * and reduced properties, z, formation volume factor, density, viscosity and compressibility.
 *
 *   Tpr = T/Tpc, Ppr = p/Ppc, MW = 28.97 gasSG, Bg = z T psc / (p Tsc) (rcf/scf),
 *   BgRbPerMscf = 1000 Bg / 5.6145833, density = p MW / (z R T), cg = 1/p - (dz/dPpr) / (z Ppc)
 * with T = TF + 459.67 degR, psc = 14.696 psia, Tsc = 519.67 degR, R = 10.731577 psia ft3/(lbmol degR).
 *
 * Methods (each in ./correlations with its equations, validity and references):
 * - pcMethod: 'PiperMcCainCorredor' (default; Piper, McCain & Corredor 1993, non-hydrocarbons in
 *   the fit) or 'SuttonWichertAziz' (Sutton 1985 on the hydrocarbon fraction, Kay mixing, Wichert–Aziz).
 * - zMethod: 'DAK' (default) or 'HY'.
 * - viscosityMethod: 'LGE-McCain' (default, McCain's refit of Lee–Gonzalez–Eakin) or 'LGE-original-1966'.
 * Units: psia, degF, degR, rcf/scf, rb/Mscf, lbm/ft3, cp, 1/psi; gasSG air = 1; mole fractions.
 * Validity: the z method's Ppr/Tpr range; Lee–Gonzalez–Eakin 100-8000 psia and 100-340 degF;
 * the pseudo-critical method's composition range (outside -> warnings).
 *
 * References: see `references` below.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { EngineFailure } from '../failure.js';
import { quantity, quantityOrArray } from '../quantity.js';
import { gasViscosityLGE, LGE_METHODS, LGE_RANGE, type LgeMethod } from './correlations/gasViscosityLGE.js';
import { MW_AIR, P_SC, R_GAS, RANKINE_OFFSET, T_SC_R, type GasImpurities, type PseudoCriticals } from './correlations/nonHydrocarbons.js';
import { GAS_INPUTS } from './correlations/gasInputs.js';
import { requireGasPressures, requireGasTemperature } from './correlations/domain.js';
import { pseudoCriticalsBy } from './correlations/pcMethods.js';
import { zBy, zRangeWarnings, type ZMethod } from './correlations/zMethods.js';

/** ft3 per bbl: 0.158987294928 m3 / 0.028316846592 m3 (both exact). */
const FT3_PER_BBL = 0.158987294928 / 0.028316846592;

const options = <T extends string[]>(values: readonly [...T], def: T[number], description: string) =>
  Type.Optional(Type.Enum(values, { default: def, description }));

const Input = Type.Object({
  psia: quantityOrArray('pressure', { exclusiveMinimum: 0, description: 'Pressure, or a list of pressures' }),
  TF: quantity('temperature', { exclusiveMinimum: -RANKINE_OFFSET, description: 'Temperature' }),
  ...GAS_INPUTS,
  viscosityMethod: options(LGE_METHODS, 'LGE-McCain', "viscosity: 'LGE-McCain' (Lee–Gonzalez–Eakin, McCain refit constants) or 'LGE-original-1966'"),
});

const perPressure = (q: Parameters<typeof quantityOrArray>[0], description: string) => quantityOrArray(q, { description });

const Output = Type.Object({
  Tpc: quantity('temperatureAbsolute', { description: 'Pseudo-critical temperature' }),
  Ppc: quantity('pressure', { description: 'Pseudo-critical pressure' }),
  Tpr: quantity('dimensionless', { description: 'Pseudo-reduced temperature', physical: { exclusiveMinimum: 0 } }),
  Ppr: quantityOrArray('dimensionless', { description: 'Pseudo-reduced pressure', physical: { exclusiveMinimum: 0 } }),
  z: quantityOrArray('dimensionless', { description: 'Gas compressibility factor', physical: { exclusiveMinimum: 0 } }),
  Bg: quantityOrArray('dimensionless', { description: 'Gas formation volume factor (reservoir ft3 per standard ft3; the same number in rm3/sm3)', unit: 'rcf/scf', metricUnit: 'rm3/sm3', physical: { exclusiveMinimum: 0 } }),
  BgRbPerMscf: perPressure('gasFVF', 'Gas formation volume factor'),
  density: perPressure('density', 'Gas density'),
  viscosity: perPressure('viscosity', 'Gas viscosity'),
  // A stable phase has a positive isothermal compressibility (mechanical stability, dp/drho > 0).
  cg: quantityOrArray('compressibility', { description: 'Isothermal gas compressibility', physical: { exclusiveMinimum: 0 } }),
  MW: quantity('molarMass', { description: 'Apparent molecular weight, 28.97 gasSG' }),
});

/** The outputs that depend on pressure: one value per pressure. */
const POINT_KEYS = ['Ppr', 'z', 'Bg', 'BgRbPerMscf', 'density', 'viscosity', 'cg'] as const;
type PointKey = (typeof POINT_KEYS)[number];
type PointResult = Record<PointKey, number>;

/** Properties at one pressure; everything else is fixed by temperature and composition. */
function atPressure(p: number, tR: number, pc: PseudoCriticals, mw: number, zMethod: ZMethod, viscosityMethod: LgeMethod): PointResult {
  const ppr = p / pc.ppc;
  const { z, dzdppr } = zBy(zMethod, ppr, tR / pc.tpc);
  const bg = (z * tR * P_SC) / (p * T_SC_R);
  const density = (p * mw) / (z * R_GAS * tR);
  return {
    Ppr: ppr,
    z,
    Bg: bg,
    BgRbPerMscf: (bg * 1000) / FT3_PER_BBL,
    density,
    viscosity: gasViscosityLGE(viscosityMethod, tR, density, mw),
    cg: 1 / p - dzdppr / (z * pc.ppc),
  };
}

export const gasProperties = defineFunction({
  name: 'pvt.gasProperties',
  module: 'pvt',
  title: 'Dry-gas properties (z, Bg, density, viscosity, compressibility)',
  description:
    'Dry-gas PVT at one temperature and one pressure or a list of pressures: pseudo-critical temperature and pressure, reduced properties, ' +
    'z-factor, Bg (rcf/scf and rb/Mscf), density (lbm/ft3), viscosity (cp) and isothermal compressibility (1/psi). ' +
    "Pseudo-criticals: 'PiperMcCainCorredor' (default) or 'SuttonWichertAziz' (Sutton on the hydrocarbon part, Kay mixing of CO2/H2S/N2, Wichert–Aziz). " +
    "z: 'DAK' (default) or 'HY'. Viscosity: Lee–Gonzalez–Eakin with McCain's refit constants ('LGE-McCain', default) or the 1966 originals. " +
    'Conventions: degR = degF + 459.67, standard conditions 14.696 psia and 60 degF, MW = 28.97 gasSG. ' +
    'Validity: the z method range (DAK 0.2 <= Ppr < 30, 1 < Tpr <= 3; HY 0.1 <= Ppr <= 24, 1.2 <= Tpr <= 3) and the viscosity data (100-8000 psia, 100-340 degF); outside them the result comes with warnings. ' +
    'Pressure-dependent outputs are lists when psia is a list.',
  input: Input,
  output: Output,
  references: [
    'Piper, L.D., McCain, W.D. Jr. and Corredor, J.H. (1993) Compressibility Factors for Naturally Occurring Petroleum Gases. SPE Annual Technical Conference and Exhibition, Houston. SPE-26668-MS.',
    'Sutton, R.P. (1985) Compressibility Factors for High-Molecular-Weight Reservoir Gases. SPE Annual Technical Conference and Exhibition, Las Vegas. SPE-14265-MS.',
    'Kay, W.B. (1936) Density of Hydrocarbon Gases and Vapors at High Temperature and Pressure. Industrial & Engineering Chemistry 28(9), 1014-1019.',
    "Wichert, E. and Aziz, K. (1972) Calculate Z's for Sour Gases. Hydrocarbon Processing 51(5), 119-122.",
    'Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36. PETSOC-75-03-03.',
    'Hall, K.R. and Yarborough, L. (1973) A New Equation of State for Z-factor Calculations. Oil & Gas Journal 71(25), 82-92.',
    'Lee, A.L., Gonzalez, M.H. and Eakin, B.E. (1966) The Viscosity of Natural Gases. Journal of Petroleum Technology 18(8), 997-1000. SPE-1340-PA.',
    'McCain, W.D. Jr. (1990) The Properties of Petroleum Fluids, 2nd ed. PennWell, Tulsa.',
    'McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property Correlations. PennWell, Tulsa.',
  ],
  validity: [
    { field: 'psia', min: LGE_RANGE.psiaMin, max: LGE_RANGE.psiaMax, unit: 'psia', note: 'Lee–Gonzalez–Eakin (1966) viscosity data' },
    { field: 'TF', min: LGE_RANGE.tfMin, max: LGE_RANGE.tfMax, unit: 'degF', note: 'Lee–Gonzalez–Eakin (1966) viscosity data' },
  ],
  examples: [
    {
      title: 'z at 2350 psia, 180 degF, gasSG 0.68 (DAK, Piper–McCain–Corredor)',
      input: { psia: 2350, TF: 180, gasSG: 0.68 },
      expected: { z: 0.87853999271 },
      tolerance: 1e-5,
      source: 'pyrestoolbox 3.7.6 documentation, docs/gas.rst, gas_z published example',
    },
    {
      title: 'viscosity at 1000 psia, 180 degF, gasSG 0.75 (HY, Sutton)',
      input: { psia: 1000, TF: 180, gasSG: 0.75, zMethod: 'HY', pcMethod: 'SuttonWichertAziz' },
      expected: { viscosity: 0.0141188901003 },
      tolerance: 1e-4,
      source: 'pyrestoolbox 3.7.6 documentation, docs/gas.rst, gas_ug published example',
    },
  ],
  run(input, warnings) {
    const tR = input.TF + RANKINE_OFFSET;
    if (!(tR > 0)) throw new EngineFailure('invalid_input', `TF ${input.TF} degF is at or below absolute zero`);
    requireGasTemperature('TF', input.TF);
    const y: GasImpurities = { yCO2: input.yCO2 ?? 0, yH2S: input.yH2S ?? 0, yN2: input.yN2 ?? 0 };
    const pressures = Array.isArray(input.psia) ? input.psia : [input.psia];
    requireGasPressures('psia', pressures);
    const pc = pseudoCriticalsBy(input.pcMethod ?? 'PiperMcCainCorredor', input.gasSG, y, warnings);
    const zMethod = input.zMethod ?? 'DAK';
    const tpr = tR / pc.tpc;
    warnings.push(...zRangeWarnings(zMethod, pressures.map((p) => p / pc.ppc), tpr));
    const mw = MW_AIR * input.gasSG;
    const points = pressures.map((p) => atPressure(p, tR, pc, mw, zMethod, input.viscosityMethod ?? 'LGE-McCain'));
    // A list of pressures gives lists; a single pressure gives numbers.
    const column = (k: PointKey) => (Array.isArray(input.psia) ? points.map((pt) => pt[k]) : (points[0] as PointResult)[k]);
    return {
      Tpc: pc.tpc,
      Ppc: pc.ppc,
      Tpr: tpr,
      ...(Object.fromEntries(POINT_KEYS.map((k) => [k, column(k)])) as Record<PointKey, number | number[]>),
      MW: mw,
    };
  },
});
