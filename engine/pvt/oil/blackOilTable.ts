/**
 * pvt.blackOilTable: the black-oil PVT tables a reservoir simulator reads, over a pressure grid —
 * saturated oil with an undersaturated branch from every saturated point (PVTO), dry gas (PVDG),
 * water at a reference pressure (PVTW) and stock-tank densities (DENSITY) — as JSON rows and as
 * Eclipse-style keyword text.
 *
 * Oil: one consistent method set (./model.ts, ./methods.ts; pvt.oilProperties' inputs). Saturated
 * rows at the grid pressures below pb and at pb; each row's branch runs over the grid pressures
 * above it at constant composition (Bo = Bo_sat exp(-integral co), undersaturated viscosity).
 * Gas (PVDG): the total surface gas gravity with the z, pseudo-critical and Lee–Gonzalez–Eakin
 * correlations of pvt.gasProperties (engine/pvt/correlations): Bg = z T psc / (p Tsc).
 * Water (PVTW): engine/pvt/water/brine.ts at pRefPsia (default the highest grid pressure); Cw the
 * constant-composition compressibility of the same method's Bw, -(1/Bw) dBw/dp (with 'McCain' the
 * analytic derivative of McCain's Bw, not Osif's fit), so Bw,ref exp(-Cw (p - pref)) meets it; viscosibility (1/mu) dmu/dp by central difference.
 * DENSITY: oil 62.367 gammaO, gas 14.696 x 28.97 gammaG / (10.731577 x 519.67), brine at 14.696 psia
 * and 60 degF.
 * Deck units follow `deckUnits` ('FIELD' or 'METRIC'), by default the call's own system; the JSON
 * numbers follow the call's `units` like every function.
 *
 * References: see `references` below.
 */
import Type from 'typebox';
import { defineFunction } from '../../definition.js';
import { EngineFailure } from '../../failure.js';
import { quantity, quantityArray } from '../../quantity.js';
import { CONVERSIONS, type Conversion } from '../../units.js';
import { gasViscosityLGE, LGE_METHODS, type LgeMethod } from '../correlations/gasViscosityLGE.js';
import { MW_AIR, P_SC, R_GAS, RANKINE_OFFSET, T_SC_R, type GasImpurities, type PseudoCriticals } from '../correlations/nonHydrocarbons.js';
import { pseudoCriticalsBy } from '../correlations/pcMethods.js';
import { Z_METHODS, zBy, zRangeWarnings, type ZMethod } from '../correlations/zMethods.js';
import { brineProperties, WATER_METHODS, type WaterMethod } from '../water/brine.js';
import { DECK_UNITS, deckText, type DeckOilRow, type DeckUnits } from './deck.js';
import { resolveFluid } from './fluid.js';
import { apiInput, gasGravityInputs, option, pbInput, rsbInput, tfInput } from './inputs.js';
import { METHOD_LABELS } from './methods.js';
import { belowStandardWarning, OilModel, type Saturation } from './model.js';
import { methodInputs, methodsOf } from './oilProperties.js';
import { OIL_REFERENCES } from './references.js';
import { BRINE_DENSITY, BRINE_FVF, BRINE_VISCOSITY, OIL_DENSITY, OIL_FVF, POSITIVE_COMPRESSIBILITY } from '../physicalRanges.js';

const PC_METHODS = ['PiperMcCainCorredor', 'SuttonWichertAziz'] as const;
/** ft3 per bbl (both exact in m3). */
const FT3_PER_BBL = 0.158987294928 / 0.028316846592;

const moleFraction = (name: string) =>
  Type.Optional(quantity('dimensionless', { minimum: 0, maximum: 1, unit: 'mole fraction', description: `${name} mole fraction in the gas (gas table), default 0` }));

/**
 * Grid pressures per call. Every saturated row carries an undersaturated branch over the grid above
 * it, so the tables grow as n^2/2 points (JSON rows plus the deck text, ~170 bytes a point): 150
 * pressures are at most ~2.2 MB (test: pb at the top of the grid), under ENGINE_RESULT_LIMIT_BYTES
 * (500 gave 18 MB). A simulator PVTO table rarely needs more than 50 rows.
 */
export const MAX_GRID = 150;

const Input = Type.Object({
  psia: quantityArray('pressure', { exclusiveMinimum: 0 }, { minItems: 2, maxItems: MAX_GRID, description: `Pressure grid of the tables, at most ${MAX_GRID} pressures (sorted and de-duplicated; must reach above the bubble point)` }),
  api: apiInput(),
  TF: tfInput(),
  ...gasGravityInputs(),
  rsbScfStb: rsbInput(),
  pbPsia: pbInput(),
  ...methodInputs(),
  yCO2: moleFraction('CO2'),
  yH2S: moleFraction('H2S'),
  yN2: moleFraction('N2'),
  zMethod: option(Z_METHODS, "gas z-factor: 'DAK' (default) or 'HY'", 'DAK'),
  pcMethod: option(PC_METHODS, "gas pseudo-criticals: 'PiperMcCainCorredor' (default) or 'SuttonWichertAziz'", 'PiperMcCainCorredor'),
  gasViscosityMethod: option(LGE_METHODS, "gas viscosity: 'LGE-McCain' (default) or 'LGE-original-1966'", 'LGE-McCain'),
  salinityWtPct: Type.Optional(quantity('salinity', { minimum: 0, exclusiveMaximum: 100, description: 'Brine salinity, wt% NaCl (default 0, fresh water)' })),
  methaneSaturated: Type.Optional(Type.Boolean({ default: false, description: 'Brine saturated with methane at the reference pressure (default false)' })),
  waterMethod: option(WATER_METHODS, "brine correlations: 'SpiveyMcCainNorth' (default) or 'McCain'", 'SpiveyMcCainNorth'),
  pRefPsia: Type.Optional(quantity('pressure', { exclusiveMinimum: 0, description: 'PVTW reference pressure (default: the highest grid pressure)' })),
  deckUnits: option(DECK_UNITS, "unit convention of the keyword text: 'FIELD' or 'METRIC' (barsa, sm3/sm3, rm3/sm3, kg/m3, 1/bars); default: that of the call (units 'metric' -> METRIC)"),
});

const oilPoint = {
  psia: quantity('pressure', { description: 'Pressure' }),
  bo: quantity('formationVolumeFactor', { description: 'Oil formation volume factor', physical: OIL_FVF }),
  viscosity: quantity('viscosity', { description: 'Oil viscosity' }),
  density: quantity('density', { description: 'Oil density', physical: OIL_DENSITY }),
};

const Output = Type.Object({
  pb: quantity('pressure', { description: 'Bubble point' }),
  rsb: quantity('gasOilRatio', { description: 'Solution GOR at the bubble point' }),
  oil: Type.Array(
    Type.Object({
      rs: quantity('gasOilRatio', { description: 'Solution GOR of the saturated oil' }),
      ...oilPoint,
      co: quantity('compressibility', { description: 'Constant-composition oil compressibility at the saturation pressure', physical: POSITIVE_COMPRESSIBILITY }),
      undersaturated: Type.Array(Type.Object(oilPoint), { description: 'The same oil compressed above its saturation pressure, at the grid pressures above it' }),
    }),
    { description: 'Saturated oil rows (PVTO), Rs increasing' },
  ),
  gas: Type.Array(
    Type.Object({
      psia: quantity('pressure', { description: 'Pressure' }),
      z: quantity('dimensionless', { description: 'Gas z-factor' }),
      bg: quantity('gasFVF', { description: 'Gas formation volume factor' }),
      viscosity: quantity('viscosity', { description: 'Gas viscosity' }),
      density: quantity('density', { description: 'Gas density' }),
    }),
    { description: 'Dry gas rows (PVDG)' },
  ),
  water: Type.Object({
    pRefPsia: quantity('pressure', { description: 'Reference pressure' }),
    bw: quantity('formationVolumeFactor', { description: 'Water formation volume factor at the reference pressure', physical: BRINE_FVF }),
    cw: quantity('compressibility', { description: 'Water compressibility (constant composition)', physical: POSITIVE_COMPRESSIBILITY }),
    viscosity: quantity('viscosity', { description: 'Water viscosity at the reference pressure', physical: BRINE_VISCOSITY }),
    viscosibility: quantity('compressibility', { description: 'Water viscosibility (1/mu) dmu/dp' }),
    density: quantity('density', { description: 'Water density at the reference pressure', physical: BRINE_DENSITY }),
  }),
  stockTank: Type.Object({
    oilDensity: quantity('density', { description: 'Stock-tank oil density', physical: OIL_DENSITY }),
    waterDensity: quantity('density', { description: 'Water density at standard conditions', physical: BRINE_DENSITY }),
    gasDensity: quantity('density', { description: 'Gas density at standard conditions' }),
  }),
  deckUnits: Type.Enum(DECK_UNITS, { description: 'Unit convention of `deck`' }),
  deck: Type.String({ description: 'Eclipse-style DENSITY, PVTW, PVDG and PVTO keywords with a comment header stating the units' }),
});

interface GasSetup {
  tR: number;
  pc: PseudoCriticals;
  mw: number;
  zMethod: ZMethod;
  viscosityMethod: LgeMethod;
}

function gasRow(p: number, g: GasSetup) {
  const { z } = zBy(g.zMethod, p / g.pc.ppc, g.tR / g.pc.tpc);
  const bgRcfScf = (z * g.tR * P_SC) / (p * T_SC_R);
  const density = (p * g.mw) / (z * R_GAS * g.tR);
  return { psia: p, z, bg: (bgRcfScf * 1000) / FT3_PER_BBL, viscosity: gasViscosityLGE(g.viscosityMethod, g.tR, density, g.mw), density };
}

/** Saturated rows at the grid pressures below pb and at pb, each with its undersaturated branch. */
function oilRows(model: OilModel, sat: Saturation, grid: number[], warnings: string[]) {
  const top = grid[grid.length - 1] as number;
  if (top <= sat.pb) throw new EngineFailure('invalid_input', `the pressure grid must reach above the bubble point (${sat.pb.toFixed(1)} psia) so the PVTO table has an undersaturated branch`);
  const satPressures = [...grid.filter((p) => p < sat.pb), sat.pb];
  const rows: (DeckOilRow & { density: number; co: number; undersaturated: { psia: number; bo: number; viscosity: number; density: number }[] })[] = [];
  const muod = model.deadOilViscosity();
  for (const ps of satPressures) {
    const rs = model.rs(ps, sat);
    const prev = rows[rows.length - 1];
    if (prev && !(rs > prev.rs)) {
      warnings.push(`PVTO row at ${ps} psia dropped: its Rs (${rs.toFixed(3)} scf/STB) does not exceed the previous row's, and the table needs Rs increasing`);
      continue;
    }
    const bo = model.saturatedBo(rs, ps);
    const mu = model.liveOilViscosity(muod, rs);
    const mass = model.massPerStb(rs);
    const undersaturated = grid
      .filter((p) => p > ps)
      .map((p) => {
        const b = bo * Math.exp(-model.compressionIntegral(p, ps, rs));
        return { psia: p, bo: b, viscosity: model.undersaturatedViscosity(mu, p, ps), density: mass / b };
      });
    rows.push({ rs, psia: ps, bo, viscosity: mu, density: mass / bo, co: model.undersaturatedCo(ps, ps, rs), undersaturated });
  }
  return rows;
}

export const blackOilTable = defineFunction({
  name: 'pvt.blackOilTable',
  module: 'pvt',
  title: 'Black-oil tables for a simulator (PVTO, PVDG, PVTW, DENSITY)',
  description:
    'Black-oil PVT tables over a pressure grid: saturated oil rows (grid pressures below pb, and pb) each with an undersaturated branch over the grid pressures above it (PVTO), ' +
    'dry gas (PVDG: z, Bg rb/Mscf, viscosity), water at a reference pressure (PVTW: Bw, Cw, viscosity, viscosibility) and stock-tank densities (DENSITY), as JSON rows and as Eclipse-style keyword text. ' +
    "Oil methods as pvt.oilProperties (methodSet 'ValkoMcCain' default, overrides per property). Gas: total surface gas gravity with DAK/HY z, Piper–McCain–Corredor or Sutton–Wichert–Aziz " +
    "pseudo-criticals and Lee–Gonzalez–Eakin viscosity. Water: brine correlations ('SpiveyMcCainNorth' default or 'McCain') at salinityWtPct, optionally methane-saturated; PVTW Cw is -(1/Bw) dBw/dp of the same method's Bw. " +
    "The keyword text is in deckUnits ('FIELD': psia, Mscf/STB, rb/STB, rb/Mscf, cp, 1/psi, lb/ft3; 'METRIC': barsa, sm3/sm3, rm3/sm3, cP, 1/bars, kg/m3; by default the call's own system) with the units in its comment header; " +
    'JSON numbers follow the call’s units. The grid must reach above the bubble point.',
  input: Input,
  output: Output,
  references: [
    ...OIL_REFERENCES.all,
    'Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36.',
    'Piper, L.D., McCain, W.D. Jr. and Corredor, J.H. (1993) Compressibility Factors for Naturally Occurring Petroleum Gases. SPE-26668-MS.',
    'Lee, A.L., Gonzalez, M.H. and Eakin, B.E. (1966) The Viscosity of Natural Gases. Journal of Petroleum Technology 18(8), 997-1000. SPE-1340-PA.',
    'Spivey, J.P., McCain, W.D. Jr. and North, R. (2004) Estimating Density, Formation Volume Factor, Compressibility, Methane Solubility, and Viscosity for Oilfield Brines at Temperatures From 0 to 275°C, Pressures to 200 MPa, and Salinities to 5.7 mole/kg. Journal of Canadian Petroleum Technology 43(7). PETSOC-04-07-05.',
    'Schlumberger (2014) ECLIPSE Reference Manual: PVTO, PVDG, PVTW, DENSITY keywords.',
  ],
  validity: [],
  examples: [
    {
      title: 'Valko–McCain set, API 35, 180 degF, separator and total gas gravity 0.7, Rsb 600 scf/STB, grid 500-5000 psia, fresh water',
      input: { psia: [500, 1000, 1500, 2000, 2500, 3000, 4000, 5000], api: 35, TF: 180, gasSG: 0.7, sepGasSG: 0.7, rsbScfStb: 600 },
      expected: { pb: 2804.20041145, rsb: 600 },
      tolerance: 1e-4,
      source: 'bubble point by pyrestoolbox 3.7.6 oil_pbub (refdata pvt_oil.json oil-pb-VALMC-027); Rsb as given',
    },
  ],
  run(input, warnings, context) {
    const fluid = resolveFluid(input);
    const methods = methodsOf(input);
    const model = new OilModel(fluid, methods, warnings);
    const grid = [...new Set(input.psia)].sort((a, b) => a - b);
    if (grid.length < 2) throw new EngineFailure('invalid_input', 'the pressure grid needs at least two distinct pressures');
    warnings.push(...belowStandardWarning(grid));
    const sat = model.saturation(input.pbPsia, input.rsbScfStb);
    const oil = oilRows(model, sat, grid, warnings);
    warnings.push(...model.rangeWarnings(grid, sat, oil.filter((o) => o.psia < sat.pb).map((o) => o.rs), ['pb', 'rs', 'bo', 'co', 'viscosity']));

    // Gas table: the total surface gas, as pvt.gasProperties computes it.
    const tR = fluid.TF + RANKINE_OFFSET;
    const y: GasImpurities = { yCO2: input.yCO2 ?? 0, yH2S: input.yH2S ?? 0, yN2: input.yN2 ?? 0 };
    const pc = pseudoCriticalsBy(input.pcMethod ?? 'PiperMcCainCorredor', fluid.gasSG, y, warnings);
    const gasSetup: GasSetup = { tR, pc, mw: MW_AIR * fluid.gasSG, zMethod: input.zMethod ?? 'DAK', viscosityMethod: input.gasViscosityMethod ?? 'LGE-McCain' };
    warnings.push(...zRangeWarnings(gasSetup.zMethod, grid.map((p) => p / pc.ppc), tR / pc.tpc));
    const gas = grid.map((p) => gasRow(p, gasSetup));

    // Water at the reference pressure.
    const pRef = input.pRefPsia ?? (grid[grid.length - 1] as number);
    const brine = { TF: fluid.TF, salinityWtPct: input.salinityWtPct ?? 0, methaneSaturated: input.methaneSaturated ?? false, method: (input.waterMethod ?? 'SpiveyMcCainNorth') as WaterMethod };
    const w = brineProperties({ ...brine, psia: pRef }, warnings);
    const dp = Math.max(1, 0.005 * pRef);
    const muHi = brineProperties({ ...brine, psia: pRef + dp }).viscosityCp;
    const muLo = brineProperties({ ...brine, psia: Math.max(pRef - dp, 1e-6) }).viscosityCp;
    const viscosibility = (muHi - muLo) / ((pRef + dp - Math.max(pRef - dp, 1e-6)) * w.viscosityCp);
    const waterSc = brineProperties({ TF: 60, psia: P_SC, salinityWtPct: brine.salinityWtPct, method: brine.method }).densityLbFt3;

    const stockTank = {
      oilDensity: model.massPerStb(0),
      waterDensity: waterSc,
      gasDensity: (P_SC * MW_AIR * fluid.gasSG) / (R_GAS * T_SC_R),
    };
    const water = { pRefPsia: pRef, bw: w.Bw, cw: w.cwPerPsi, viscosity: w.viscosityCp, viscosibility, density: w.densityLbFt3 };
    const deckUnits: DeckUnits = input.deckUnits ?? (context.units === 'metric' ? 'METRIC' : 'FIELD');
    const deck = deckText({
      units: deckUnits,
      header: deckHeader(deckUnits, fluid, sat, methods, input),
      densities: { oil: stockTank.oilDensity, water: stockTank.waterDensity, gas: stockTank.gasDensity },
      water: { pRefPsia: pRef, bw: w.Bw, cwPerPsi: w.cwPerPsi, viscosity: w.viscosityCp, viscosibilityPerPsi: viscosibility },
      gas: gas.map((g) => ({ psia: g.psia, bgRbPerMscf: g.bg, viscosity: g.viscosity })),
      oil,
    });
    return { pb: sat.pb, rsb: sat.rsb, oil, gas, water, stockTank, deckUnits, deck };
  },
});

function deckHeader(
  units: DeckUnits,
  fluid: ReturnType<typeof resolveFluid>,
  sat: Saturation,
  methods: ReturnType<typeof methodsOf>,
  input: { zMethod?: string; pcMethod?: string; gasViscosityMethod?: string; salinityWtPct?: number; methaneSaturated?: boolean; waterMethod?: string; yCO2?: number; yH2S?: number; yN2?: number },
): string[] {
  const metric = units === 'METRIC';
  const to = (unit: string, v: number) => (CONVERSIONS[unit] as Conversion).toMetric(v);
  const t = metric ? `${to('degF', fluid.TF).toFixed(2)} degC` : `${fluid.TF} degF`;
  const pb = metric ? `${to('psia', sat.pb).toFixed(3)} barsa` : `${sat.pb.toFixed(2)} psia`;
  const rsb = metric ? `${to('scf/STB', sat.rsb).toFixed(3)} sm3/sm3` : `${sat.rsb.toFixed(2)} scf/STB`;
  const l = (m: string) => METHOD_LABELS[m] ?? m;
  return [
    'Generated by pvt.blackOilTable.',
    `Oil: API ${fluid.api.toFixed(2)}, T ${t}, gas gravity ${fluid.gasSG.toFixed(4)} (separator ${fluid.sepGasSG.toFixed(4)}), pb ${pb}, Rsb ${rsb}.`,
    `Oil methods: pb ${l(methods.pb)}; Rs ${l(methods.rs)}; Bo ${l(methods.bo)}; co ${l(methods.co)}; viscosity dead ${l(methods.deadOil)}, live ${l(methods.liveOil)}, undersaturated ${l(methods.undersaturatedViscosity)}.`,
    `Gas: z ${input.zMethod ?? 'DAK'}, pseudo-criticals ${input.pcMethod ?? 'PiperMcCainCorredor'}, viscosity ${input.gasViscosityMethod ?? 'LGE-McCain'}; CO2 ${input.yCO2 ?? 0}, H2S ${input.yH2S ?? 0}, N2 ${input.yN2 ?? 0}.`,
    `Water: ${input.waterMethod ?? 'SpiveyMcCainNorth'}, salinity ${input.salinityWtPct ?? 0} wt% NaCl, ${input.methaneSaturated ? 'methane-saturated' : 'gas-free'}.`,
  ];
}
