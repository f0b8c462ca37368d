/**
 * Numeric schema builders that carry a physical quantity and its field unit.
 * The tags (`quantity`, `unit`) are what `engine/units.ts` reads to convert a call between
 * field and metric units; every numeric property of an engine input or output uses one of these.
 */
import Type, { type TNumber, type TArray, type TUnion } from 'typebox';

/** Field unit (what `run` computes in) and metric unit for each quantity. */
export const QUANTITIES = {
  pressure: { field: 'psia', metric: 'bara' },
  pressureDifference: { field: 'psi', metric: 'bar' },
  temperature: { field: 'degF', metric: 'degC' },
  temperatureAbsolute: { field: 'degR', metric: 'K' },
  length: { field: 'ft', metric: 'm' },
  diameter: { field: 'in', metric: 'm' },
  oilRate: { field: 'STB/d', metric: 'sm3/d' },
  gasRate: { field: 'Mscf/d', metric: 'sm3/d' },
  gasOilRatio: { field: 'scf/STB', metric: 'sm3/sm3' },
  density: { field: 'lbm/ft3', metric: 'kg/m3' },
  compressibility: { field: '1/psi', metric: '1/bar' },
  gasFVF: { field: 'rb/Mscf', metric: 'rm3/sm3' },
  pseudoPressure: { field: 'psia2/cp', metric: 'bara2/cp' },
  /** Reservoir volume per stock-tank volume: rb/STB and rm3/sm3 are the same number. */
  formationVolumeFactor: { field: 'rb/STB', metric: 'rm3/sm3' },
  gasVolume: { field: 'Mscf', metric: 'sm3' },
  oilVolume: { field: 'STB', metric: 'sm3' },
  velocity: { field: 'ft/s', metric: 'm/s' },
  /** Water content of gas. */
  waterContent: { field: 'lbm/MMscf', metric: 'mg/sm3' },
  /** dyne/cm and mN/m are the same number. */
  surfaceTension: { field: 'dyne/cm', metric: 'mN/m' },
  /** Mass fraction or ppm of dissolved solids; the same in both systems. */
  salinity: { field: 'wt%', metric: 'wt%' },
  molarMass: { field: 'lbm/lbmol', metric: 'kg/kmol' },
  currency: { field: 'currency', metric: 'currency' },
  permeability: { field: 'md', metric: 'md' },
  viscosity: { field: 'cp', metric: 'cp' },
  time: { field: 'days', metric: 'days' },
  dimensionless: { field: '-', metric: '-' },
  /** Liquid volume per gas volume (condensate-gas or water-gas ratio, water content as liquid). */
  liquidGasRatio: { field: 'STB/MMscf', metric: 'sm3/sm3' },
  /** A temperature difference (no offset): 1 delta degF = 5/9 delta degC. */
  temperatureDifference: { field: 'delta degF', metric: 'delta degC' },
  /** Liquid productivity index. */
  productivityIndex: { field: 'STB/d/psi', metric: 'sm3/d/bar' },
  /** Non-Darcy (rate-dependent skin) coefficient D. */
  nonDarcyCoefficient: { field: 'd/Mscf', metric: 'd/sm3' },
  oilPrice: { field: 'currency/STB', metric: 'currency/sm3' },
  gasPrice: { field: 'currency/Mscf', metric: 'currency/sm3' },
  /** Pressure gradient along a flow path. */
  pressureGradient: { field: 'psi/ft', metric: 'bar/m' },
  /** Choke (bean) diameter: quoted in 64ths of an inch in field units, in mm in metric. */
  chokeSize: { field: '1/64 in', metric: 'mm' },
  /**
   * Component constants of the EOS functions, stated in the units of the chemical literature
   * whatever the caller's system (the input names say so: TcK, PcBar, VcCm3PerMol).
   */
  temperatureKelvin: { field: 'K', metric: 'K' },
  pressureBar: { field: 'bar', metric: 'bar' },
  molarVolume: { field: 'cm3/mol', metric: 'cm3/mol' },
} as const;

export type Quantity = keyof typeof QUANTITIES;

/**
 * Where a value of a quantity can physically lie at all (field units), whatever the correlation:
 * an absolute temperature or pressure, a density, a viscosity, a formation volume factor or a
 * molar mass is positive. The executor refuses a result outside these (422, never a 200 with an
 * impossible number); a function narrows them per output with `physical`.
 */
export const PHYSICAL_DEFAULTS: Partial<Record<Quantity, PhysicalRange>> = {
  pressure: { exclusiveMinimum: 0 },
  temperature: { exclusiveMinimum: -459.67 },
  temperatureAbsolute: { exclusiveMinimum: 0 },
  // No fluid is denser than mercury (845 lbm/ft3, 13.5 g/cm3; 1000 leaves room), and none is ten
  // times as viscous as bitumen at reservoir temperature (~1e6 cp): past these a correlation or a
  // model has left any fluid's meaning (a Beggs–Robinson dead oil at 2 degF gives 1e65 cp).
  density: { exclusiveMinimum: 0, maximum: 1000 },
  viscosity: { exclusiveMinimum: 0, maximum: 1e7 },
  formationVolumeFactor: { exclusiveMinimum: 0 },
  gasFVF: { exclusiveMinimum: 0 },
  molarMass: { exclusiveMinimum: 0 },
  // Amounts that are ratios of non-negative quantities or sizes of things (tightened in issue 10):
  // a solution GOR, a liquid-gas ratio or a water content cannot be negative; a pipe has a
  // positive diameter; a salinity is a mass fraction below 100%; a surface tension is positive;
  // a permeability is not negative. Signed quantities (pressure differences, compressibility,
  // which also carries viscosibility, rates, volumes, times, pseudo-pressure differences) keep none.
  gasOilRatio: { minimum: 0 },
  liquidGasRatio: { minimum: 0 },
  waterContent: { minimum: 0 },
  diameter: { exclusiveMinimum: 0 },
  salinity: { minimum: 0, exclusiveMaximum: 100 },
  surfaceTension: { exclusiveMinimum: 0 },
  permeability: { minimum: 0 },
  chokeSize: { exclusiveMinimum: 0 },
  temperatureKelvin: { exclusiveMinimum: 0 },
  pressureBar: { exclusiveMinimum: 0 },
  molarVolume: { exclusiveMinimum: 0 },
};

/** The physically possible range of a value (field units). */
export interface PhysicalRange {
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
}

export interface NumberOptions {
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: number;
  /** Overrides the quantity's field unit label (e.g. 'rcf/scf' for a dimensionless ratio). */
  unit?: string;
  /**
   * The metric label of an overridden unit whose number is the same in both systems (a ratio such
   * as rcf/scf = rm3/sm3). Required when `unit` names a field unit: a metric answer never carries
   * a field label (see FIELD_UNIT_TOKENS).
   */
  metricUnit?: string;
  /**
   * Outputs: the range the value can physically take (field units), narrowing the quantity's
   * PHYSICAL_DEFAULTS (e.g. a mole fraction 0..1, z > 0, Bo 0.5..10). A result outside it is
   * refused by the executor as out_of_range.
   */
  physical?: PhysicalRange;
}

/**
 * Words that only field units use. A label made of any of them (split at '/', '=', spaces...) is a
 * field unit and must never label a metric number: 'rcf/scf', 'lbm/lbmol', 'STB/d/psi'.
 */
export const FIELD_UNIT_TOKENS: ReadonlySet<string> = new Set([
  'psi', 'psia', 'psig', 'degF', 'degR', 'ft', 'ft2', 'ft3', 'in', 'mi', 'yd', 'STB', 'MSTB', 'MMSTB', 'bbl', 'Mbbl', 'MMbbl', 'rb',
  'scf', 'Mscf', 'MMscf', 'Bscf', 'rcf', 'lbm', 'lbmol', 'lbf', 'gal', 'Mcf', 'MMcf',
]);

/** True when the label contains a field-only unit word. */
export function isFieldUnitLabel(label: string): boolean {
  return label.split(/[^A-Za-z0-9]+/).some((t) => FIELD_UNIT_TOKENS.has(t));
}

/** A number of the given quantity, tagged with its field and metric units. */
export function quantity(q: Quantity, options: NumberOptions = {}): TNumber {
  const { unit, metricUnit, physical, ...rest } = options;
  const units = QUANTITIES[q];
  const range = { ...PHYSICAL_DEFAULTS[q], ...physical };
  // A quantity that is the same number in both systems keeps an overridden label in metric unless
  // the definition gives the metric one; a field word there is a definition error, caught at load.
  const sameNumber = units.field === units.metric;
  const metric = metricUnit ?? (unit && sameNumber ? unit : units.metric);
  if (sameNumber && isFieldUnitLabel(metric)) throw new Error(`engine/quantity: '${metric}' is a field unit; give metricUnit for the metric label of this ${q} value`);
  return Type.Number({
    ...rest,
    quantity: q,
    unit: unit ?? units.field,
    metricUnit: metric,
    ...(Object.keys(range).length ? { physical: range } : {}),
  });
}

/** A number or a non-empty array of numbers of one quantity (for curve inputs such as pressures). */
export function quantityOrArray(q: Quantity, options: NumberOptions = {}, maxItems = 10_000): TUnion<[TNumber, TArray<TNumber>]> {
  const item = quantity(q, options);
  return Type.Union([item, Type.Array(item, { minItems: 1, maxItems })], { description: options.description });
}

/** An array of numbers of one quantity. */
export function quantityArray(q: Quantity, options: NumberOptions = {}, arrayOptions: { minItems?: number; maxItems?: number; description?: string } = {}): TArray<TNumber> {
  return Type.Array(quantity(q, options), { maxItems: 100_000, ...arrayOptions });
}
