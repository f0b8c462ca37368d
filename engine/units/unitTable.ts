/**
 * The units `units.convert` knows, by quantity, each with its size in the quantity's SI base unit.
 *
 * Exact constants (NIST Special Publication 811 (2008), Appendix B.8/B.9, factors marked exact
 * there; the international foot/pound of the 1959 agreement):
 * - foot, inch, barrel, pound-force per square inch: read from the field/metric layer
 *   (engine/units.ts: PSI_PER_BAR and CONVERSIONS), so both layers use the very same numbers.
 * - 1 lbm = 0.45359237 kg; 1 US gal = 231 in3 = 3.785411784e-3 m3; 1 mile = 1609.344 m;
 *   1 yd = 0.9144 m; 1 atm = 101 325 Pa; 1 kgf/cm2 = 98 066.5 Pa; 1 P = 0.1 Pa s.
 * - 1 darcy = 9.869233e-13 m2 (NIST SP 811 B.8, footnote: a unit of permeability, not of area;
 *   the same factor in the SPE Metric Standard and API RP 27). The darcy's own definition
 *   (1 cP x 1 cm3/s x 1 cm / (1 cm2 x 1 atm)) gives 9.8692327e-13 m2, 3.4e-8 away: the tabulated
 *   factor is the one every standard uses.
 * - API gravity = 141.5 / SG(60/60 degF) - 131.5 (API MPMS Chapter 11.1; ASTM D287): the only
 *   conversion here that is not affine.
 *
 * Temperature: degR = degF + 459.67, K = degC + 273.15, 1 K = 1.8 degR (ITS-90 / NIST SP 811 B.9).
 * Pressure: a gauge unit reads absolute minus the atmospheric pressure (given per call, default
 * 14.696 psia). Gas volumes are geometric (the same standard conditions on both sides):
 * 1 scf = 0.028316846592 sm3 exactly; converting between different standard conditions needs
 * a molar correction this table does not apply.
 */
import { R } from '../eos/core/constants.js';
import { CONVERSIONS, PSI_PER_BAR } from '../units.js';

const factorOf = (fieldUnit: string): number => {
  const c = CONVERSIONS[fieldUnit];
  if (!c) throw new Error(`engine/units/unitTable: engine/units.ts has no conversion for '${fieldUnit}'`);
  return c.toMetric(1);
};

/** m per ft, m per in, m3 per bbl: the field/metric layer's exact factors. */
export const M_PER_FT = factorOf('ft');
export const M_PER_IN = factorOf('in');
export const M3_PER_BBL = factorOf('STB');
export const M3_PER_FT3 = M_PER_FT ** 3;
/** Pa per psi = 0.45359237 kg x 9.80665 m/s2 / 0.0254^2 m2 (via PSI_PER_BAR = 1e5 Pa / psi). */
export const PA_PER_PSI = 1e5 / PSI_PER_BAR;
/** kg per lbm (exact, 1959). */
export const KG_PER_LBM = 0.45359237;
/** US gallon = 231 in3 (exact). */
export const M3_PER_GAL = 231 * M_PER_IN ** 3;
/** Standard atmosphere, Pa (exact, CGPM 1954). */
export const PA_PER_ATM = 101_325;
/** Darcy, m2 (NIST SP 811 B.8). */
export const M2_PER_DARCY = 9.869233e-13;
/** Molar gas constant, J/(mol K): N_A k_B = 8.31446261815324, exact since the 2019 SI (one definition, engine/eos/core/constants.ts). */
export const R_SI = R;
/** mol per lbmol (0.45359237 kg per lbm, exact). */
export const MOL_PER_LBMOL = 453.59237;
/**
 * This project's standard conditions, 14.696 psia and 60 degF (519.67 degR = 288.705556 K), the
 * same for scf and sm3. The molar volume of an ideal gas there, Vm = R T / p:
 *   8.31446261815324 x 288.705556 / (14.696 x 6894.757293168) = 0.02369033 m3/mol,
 * i.e. 379.48 scf per lbmol (0.02369033 x 453.59237 / 0.028316846592) and 23.6903 sm3 per kmol.
 * (The often quoted "379.4 scf/lbmol" is the same quantity rounded, or at 14.73 psia.) Standard
 * gas volumes are counted as ideal-gas moles: real natural gas at standard conditions has
 * z ~ 0.997, a correction the oilfield convention leaves out.
 */
export const STANDARD_CONDITIONS = { psia: 14.696, degF: 60 } as const;
const STANDARD_T_K = (STANDARD_CONDITIONS.degF + 459.67) / 1.8;
export const M3_PER_MOL_STANDARD = (R_SI * STANDARD_T_K) / (STANDARD_CONDITIONS.psia * (1e5 / PSI_PER_BAR));
/** scf per lbmol at standard conditions (379.48). */
export const SCF_PER_LBMOL = (M3_PER_MOL_STANDARD * MOL_PER_LBMOL) / (0.3048 ** 3);

/** Atmospheric pressure for gauge units unless the call gives one: 14.696 psia (oilfield 1 atm). */
export const DEFAULT_ATMOSPHERE_PSIA = 14.696;

export const UNIT_QUANTITIES = [
  'pressure',
  'temperature',
  'length',
  'liquid volume',
  'gas volume (geometric)',
  'liquid rate',
  'gas rate',
  'GOR',
  'CGR',
  'permeability',
  'viscosity',
  'density',
  'compressibility',
  'oil gravity',
  'pressure gradient',
  'gas amount (standard conditions)',
  'oil formation volume factor',
  'gas formation volume factor',
  'gas pseudo-pressure',
  'velocity',
  'water content of gas',
  'surface tension',
  'molar mass',
  'temperature difference',
  'productivity index',
  'non-Darcy coefficient',
  'liquid price',
  'gas price',
] as const;
export type UnitQuantity = (typeof UNIT_QUANTITIES)[number];

/** Pressure units: absolute ('a' suffix, atm), gauge ('g' suffix) or plain (absolute or a difference). */
export type PressureKind = 'absolute' | 'gauge' | 'plain';

export interface UnitDef {
  symbol: string;
  /** Other accepted spellings. */
  aliases?: readonly string[];
  name: string;
  /** Size of one unit in the quantity's base unit. */
  scale: number;
  /** API gravity: not a multiple of the base unit (SG), see toSpecificGravity in ./conversion.ts. */
  apiGravity?: true;
  pressure?: PressureKind;
  /** Temperature: readings at absolute zero and at the ice point (0 degC). */
  absoluteZero?: number;
  icePoint?: number;
}

export interface QuantityDef {
  base: string;
  units: readonly UnitDef[];
}

const u = (symbol: string, scale: number, name: string, extra: Partial<UnitDef> = {}): UnitDef => ({ symbol, scale, name, ...extra });
const p = (symbol: string, scale: number, pressure: PressureKind, name: string): UnitDef => u(symbol, scale, name, { pressure });
const t = (symbol: string, scale: number, absoluteZero: number, icePoint: number, name: string): UnitDef => u(symbol, scale, name, { absoluteZero, icePoint });

const FT3_PER_BBL_M3 = M3_PER_FT3 / M3_PER_BBL;

/**
 * A quantity the engine's outputs carry in one field unit and one metric unit (engine/units.ts
 * CONVERSIONS), with that layer's factor: units.convert speaks every unit a function answers in,
 * and each factor has one definition.
 */
const fieldMetric = (field: string, fieldName: string, metricName: string, more: UnitDef[] = []): QuantityDef => {
  const metric = CONVERSIONS[field]!.metric;
  return { base: metric, units: [u(field, factorOf(field), fieldName), u(metric, 1, metricName), ...more] };
};

export const QUANTITY_UNITS: Readonly<Record<UnitQuantity, QuantityDef>> = {
  pressure: {
    base: 'Pa',
    units: [
      p('psi', PA_PER_PSI, 'plain', 'pound-force per square inch (absolute or a difference)'),
      p('psia', PA_PER_PSI, 'absolute', 'psi absolute'),
      p('psig', PA_PER_PSI, 'gauge', 'psi gauge'),
      p('bar', 1e5, 'plain', 'bar (absolute or a difference)'),
      p('bara', 1e5, 'absolute', 'bar absolute'),
      p('barg', 1e5, 'gauge', 'bar gauge'),
      p('Pa', 1, 'plain', 'pascal'),
      p('kPa', 1e3, 'plain', 'kilopascal (absolute or a difference)'),
      p('kPaa', 1e3, 'absolute', 'kilopascal absolute'),
      p('kPag', 1e3, 'gauge', 'kilopascal gauge'),
      p('MPa', 1e6, 'plain', 'megapascal (absolute or a difference)'),
      p('MPaa', 1e6, 'absolute', 'megapascal absolute'),
      p('MPag', 1e6, 'gauge', 'megapascal gauge'),
      p('atm', PA_PER_ATM, 'absolute', 'standard atmosphere (101 325 Pa)'),
      p('kgf/cm2', 98_066.5, 'plain', 'kilogram-force per square centimetre (technical atmosphere)'),
    ],
  },
  temperature: {
    base: 'degR',
    units: [
      t('degF', 1, -459.67, 32, 'degree Fahrenheit'),
      t('degR', 1, 0, 491.67, 'degree Rankine'),
      t('degC', 1.8, -273.15, 0, 'degree Celsius'),
      t('K', 1.8, 0, 273.15, 'kelvin'),
    ],
  },
  length: {
    base: 'm',
    units: [
      u('ft', M_PER_FT, 'foot'),
      u('in', M_PER_IN, 'inch'),
      u('yd', 0.9144, 'yard'),
      u('mi', 1609.344, 'statute mile'),
      u('m', 1, 'metre'),
      u('km', 1e3, 'kilometre'),
      u('cm', 1e-2, 'centimetre'),
      u('mm', 1e-3, 'millimetre'),
      u('1/64 in', factorOf('1/64 in') / 1e3, 'sixty-fourth of an inch (choke bean sizes)'),
    ],
  },
  'liquid volume': {
    base: 'm3',
    units: [
      u('bbl', M3_PER_BBL, 'barrel (42 US gal)'),
      u('STB', M3_PER_BBL, 'stock-tank barrel'),
      u('Mbbl', 1e3 * M3_PER_BBL, 'thousand barrels'),
      u('MSTB', 1e3 * M3_PER_BBL, 'thousand stock-tank barrels'),
      u('MMbbl', 1e6 * M3_PER_BBL, 'million barrels'),
      u('MMSTB', 1e6 * M3_PER_BBL, 'million stock-tank barrels'),
      u('m3', 1, 'cubic metre'),
      u('sm3', 1, 'standard cubic metre'),
      u('E3m3', 1e3, 'thousand cubic metres'),
      u('ft3', M3_PER_FT3, 'cubic foot'),
      u('gal', M3_PER_GAL, 'US gallon'),
      u('L', 1e-3, 'litre'),
    ],
  },
  'gas volume (geometric)': {
    base: 'm3',
    units: [
      u('scf', M3_PER_FT3, 'standard cubic foot'),
      u('Mscf', 1e3 * M3_PER_FT3, 'thousand scf', { aliases: ['Mcf'] }),
      u('MMscf', 1e6 * M3_PER_FT3, 'million scf', { aliases: ['MMcf'] }),
      u('Bscf', 1e9 * M3_PER_FT3, 'billion scf', { aliases: ['Bcf'] }),
      u('ft3', M3_PER_FT3, 'cubic foot'),
      u('m3', 1, 'cubic metre'),
      u('sm3', 1, 'standard cubic metre'),
      u('E3m3', 1e3, 'thousand cubic metres'),
      u('E6m3', 1e6, 'million cubic metres'),
    ],
  },
  'liquid rate': {
    base: 'm3/d',
    units: [
      u('STB/d', M3_PER_BBL, 'stock-tank barrels per day'),
      u('bbl/d', M3_PER_BBL, 'barrels per day'),
      u('MSTB/d', 1e3 * M3_PER_BBL, 'thousand STB per day'),
      u('Mbbl/d', 1e3 * M3_PER_BBL, 'thousand barrels per day'),
      u('bbl/min', 1440 * M3_PER_BBL, 'barrels per minute'),
      u('gal/min', 1440 * M3_PER_GAL, 'US gallons per minute'),
      u('sm3/d', 1, 'standard cubic metres per day'),
      u('m3/d', 1, 'cubic metres per day'),
      u('m3/h', 24, 'cubic metres per hour'),
    ],
  },
  'gas rate': {
    base: 'm3/d',
    units: [
      u('scf/d', M3_PER_FT3, 'standard cubic feet per day'),
      u('Mscf/d', 1e3 * M3_PER_FT3, 'thousand scf per day', { aliases: ['Mcf/d'] }),
      u('MMscf/d', 1e6 * M3_PER_FT3, 'million scf per day', { aliases: ['MMcf/d'] }),
      u('Bscf/d', 1e9 * M3_PER_FT3, 'billion scf per day'),
      u('sm3/d', 1, 'standard cubic metres per day'),
      u('m3/d', 1, 'cubic metres per day'),
      u('E3m3/d', 1e3, 'thousand cubic metres per day'),
      u('E6m3/d', 1e6, 'million cubic metres per day'),
    ],
  },
  GOR: {
    base: 'sm3/sm3',
    units: [
      u('scf/STB', FT3_PER_BBL_M3, 'scf per stock-tank barrel'),
      u('scf/bbl', FT3_PER_BBL_M3, 'scf per barrel'),
      u('Mscf/STB', 1e3 * FT3_PER_BBL_M3, 'thousand scf per stock-tank barrel'),
      u('sm3/sm3', 1, 'standard cubic metres per standard cubic metre'),
      u('m3/m3', 1, 'cubic metres per cubic metre'),
    ],
  },
  CGR: {
    base: 'sm3/sm3',
    units: [
      u('STB/MMscf', M3_PER_BBL / (1e6 * M3_PER_FT3), 'stock-tank barrels per million scf'),
      u('bbl/MMscf', M3_PER_BBL / (1e6 * M3_PER_FT3), 'barrels per million scf'),
      u('STB/Mscf', M3_PER_BBL / (1e3 * M3_PER_FT3), 'stock-tank barrels per thousand scf'),
      u('sm3/sm3', 1, 'standard cubic metres per standard cubic metre'),
      u('m3/m3', 1, 'cubic metres per cubic metre'),
      u('sm3/E6sm3', 1e-6, 'standard cubic metres per million standard cubic metres'),
    ],
  },
  permeability: {
    base: 'm2',
    units: [
      u('md', 1e-3 * M2_PER_DARCY, 'millidarcy', { aliases: ['mD'] }),
      u('D', M2_PER_DARCY, 'darcy'),
      u('uD', 1e-6 * M2_PER_DARCY, 'microdarcy'),
      u('nD', 1e-9 * M2_PER_DARCY, 'nanodarcy'),
      u('m2', 1, 'square metre'),
      u('um2', 1e-12, 'square micrometre'),
    ],
  },
  viscosity: {
    base: 'Pa.s',
    units: [
      u('cP', 1e-3, 'centipoise', { aliases: ['cp'] }),
      u('P', 0.1, 'poise'),
      u('mPa.s', 1e-3, 'millipascal second'),
      u('Pa.s', 1, 'pascal second'),
    ],
  },
  density: {
    base: 'kg/m3',
    units: [
      u('lbm/ft3', KG_PER_LBM / M3_PER_FT3, 'pound-mass per cubic foot'),
      u('lbm/gal', KG_PER_LBM / M3_PER_GAL, 'pound-mass per US gallon (ppg)', { aliases: ['ppg'] }),
      u('lbm/bbl', KG_PER_LBM / M3_PER_BBL, 'pound-mass per barrel'),
      u('kg/m3', 1, 'kilogram per cubic metre'),
      u('g/cm3', 1e3, 'gram per cubic centimetre', { aliases: ['g/cc'] }),
    ],
  },
  compressibility: {
    base: '1/Pa',
    units: [
      u('1/psi', 1 / PA_PER_PSI, 'per psi'),
      u('1e-6/psi', 1e-6 / PA_PER_PSI, 'microsip, 1e-6 per psi', { aliases: ['microsip'] }),
      u('1/bar', 1e-5, 'per bar'),
      u('1/kPa', 1e-3, 'per kilopascal'),
      u('1/MPa', 1e-6, 'per megapascal'),
      u('1/Pa', 1, 'per pascal'),
      u('1/atm', 1 / PA_PER_ATM, 'per standard atmosphere'),
    ],
  },
  'pressure gradient': {
    base: 'Pa/m',
    units: [
      u('psi/ft', PA_PER_PSI / M_PER_FT, 'psi per foot'),
      u('psi/m', PA_PER_PSI, 'psi per metre'),
      u('bar/m', 1e5, 'bar per metre'),
      u('kPa/m', 1e3, 'kilopascal per metre'),
      u('MPa/km', 1e3, 'megapascal per kilometre'),
      u('Pa/m', 1, 'pascal per metre'),
    ],
  },
  // Standard gas volumes as amounts of substance, at this project's standard conditions (above).
  // The base is the standard cubic metre, so scf, Mscf, sm3 ... have the same size as in
  // 'gas volume (geometric)' (a shared symbol never changes a number); a mole is Vm sm3.
  'gas amount (standard conditions)': {
    base: 'sm3',
    units: [
      u('scf', M3_PER_FT3, 'standard cubic foot (14.696 psia, 60 degF)'),
      u('Mscf', 1e3 * M3_PER_FT3, 'thousand scf', { aliases: ['Mcf'] }),
      u('MMscf', 1e6 * M3_PER_FT3, 'million scf', { aliases: ['MMcf'] }),
      u('sm3', 1, 'standard cubic metre (14.696 psia, 60 degF)'),
      u('E3m3', 1e3, 'thousand standard cubic metres'),
      u('lbmol', MOL_PER_LBMOL * M3_PER_MOL_STANDARD, 'pound-mole'),
      u('kmol', 1e3 * M3_PER_MOL_STANDARD, 'kilomole'),
      u('mol', M3_PER_MOL_STANDARD, 'mole'),
    ],
  },
  'oil formation volume factor': fieldMetric('rb/STB', 'reservoir barrel per stock-tank barrel', 'reservoir m3 per standard m3', [u('rm3/m3', 1, 'reservoir m3 per stock-tank m3')]),
  'gas formation volume factor': fieldMetric('rb/Mscf', 'reservoir barrel per thousand scf', 'reservoir m3 per standard m3', [u('rcf/scf', 1, 'reservoir ft3 per standard ft3')]),
  'gas pseudo-pressure': fieldMetric('psia2/cp', 'psia squared per centipoise', 'bara squared per centipoise'),
  velocity: fieldMetric('ft/s', 'foot per second', 'metre per second'),
  'water content of gas': fieldMetric('lbm/MMscf', 'pound per million scf', 'milligram per standard m3'),
  'surface tension': fieldMetric('dyne/cm', 'dyne per centimetre', 'millinewton per metre'),
  'molar mass': fieldMetric('lbm/lbmol', 'pound per pound-mole', 'kilogram per kilomole', [u('g/mol', 1, 'gram per mole')]),
  'temperature difference': fieldMetric('delta degF', 'degree Fahrenheit difference', 'degree Celsius difference', [u('delta K', 1, 'kelvin difference')]),
  'productivity index': fieldMetric('STB/d/psi', 'stock-tank barrel a day per psi', 'standard m3 a day per bar'),
  'non-Darcy coefficient': fieldMetric('d/Mscf', 'day per thousand scf (1/(Mscf/d))', 'day per standard m3'),
  'liquid price': fieldMetric('currency/STB', 'currency per stock-tank barrel', 'currency per standard m3'),
  'gas price': fieldMetric('currency/Mscf', 'currency per thousand scf', 'currency per standard m3'),
  'oil gravity': {
    base: 'SG(60F)',
    units: [
      u('degAPI', 1, 'API gravity, 141.5/SG(60/60 degF) - 131.5', { aliases: ['API'], apiGravity: true }),
      u('SG(60F)', 1, 'specific gravity 60/60 degF (water = 1)', { aliases: ['SG', 'SG(60/60F)'] }),
    ],
  },
};

/** Every accepted spelling -> its canonical symbol and the quantities that use it. */
export interface UnitEntry {
  symbol: string;
  byQuantity: Partial<Record<UnitQuantity, UnitDef>>;
}

export const UNIT_INDEX: ReadonlyMap<string, UnitEntry> = buildIndex();

/** Every accepted unit spelling, for the schema enum: canonical symbols first, in table order, then aliases. */
export const UNIT_SYMBOLS: readonly string[] = (() => {
  const canonical = new Set<string>();
  const aliases = new Set<string>();
  for (const q of UNIT_QUANTITIES) {
    for (const d of QUANTITY_UNITS[q].units) {
      canonical.add(d.symbol);
      for (const a of d.aliases ?? []) aliases.add(a);
    }
  }
  return [...canonical, ...aliases];
})();

/** One line per quantity, e.g. `pressure: psi, psia, ...`, for descriptions and messages. */
export function unitsOfQuantity(q: UnitQuantity): string[] {
  return QUANTITY_UNITS[q].units.flatMap((d) => [d.symbol, ...(d.aliases ?? [])]);
}

function buildIndex(): Map<string, UnitEntry> {
  const index = new Map<string, UnitEntry>();
  for (const q of UNIT_QUANTITIES) {
    for (const d of QUANTITY_UNITS[q].units) {
      for (const spelling of [d.symbol, ...(d.aliases ?? [])]) {
        const e = index.get(spelling) ?? { symbol: d.symbol, byQuantity: {} };
        if (e.symbol !== d.symbol) throw new Error(`engine/units/unitTable: '${spelling}' names both '${e.symbol}' and '${d.symbol}'`);
        e.byQuantity[q] = d;
        index.set(spelling, e);
      }
    }
  }
  return index;
}
