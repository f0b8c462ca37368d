/**
 * The field/metric layer. Engine functions compute in field units; a call with `"units": "metric"`
 * is converted to field units before `run` and back after it. What to convert is read from the
 * `quantity`/`unit` tags that engine/quantity.ts puts on every numeric schema, so no function
 * lists its conversions.
 *
 * Conversion constants are exact by definition:
 * - 1 ft = 0.3048 m, 1 in = 0.0254 m, 1 lbm = 0.45359237 kg (International Yard and Pound
 *   Agreement, 1959); 1 lbf = 0.45359237 kg x 9.80665 m/s2 (standard gravity, CGPM 1901), so
 *   1 psi = 6894.757293168 Pa and 1 bar = 1e5 Pa = 14.503773773 psi.
 * - 1 bbl = 42 US gal = 0.158987294928 m3; 1 ft3 = 0.028316846592 m3, so 1 Mscf = 28.316846592 m3
 *   (volumes at the same standard conditions on both sides).
 * - degC = (degF - 32) / 1.8; K = degR / 1.8.
 * Reference: NIST Special Publication 811 (2008), Guide for the Use of the International System of
 * Units (SI), Appendix B.
 * md, cp, days and dimensionless quantities (including ratios such as rcf/scf whose `unit` overrides
 * the dimensionless label) are the same number in both systems.
 */
import { QUANTITIES, type Quantity } from './quantity.js';
import type { UnitSystem } from './validation.js';

const M_PER_FT = 0.3048;
const M_PER_IN = 0.0254;
const KG_PER_LBM = 0.45359237;
const M3_PER_BBL = 0.158987294928;
const M3_PER_FT3 = M_PER_FT ** 3;
/** psi per bar: 1e5 Pa / (0.45359237 kg * 9.80665 m/s2 / 0.0254^2 m2). */
export const PSI_PER_BAR = 1e5 / ((KG_PER_LBM * 9.80665) / M_PER_IN ** 2);

export interface Conversion {
  /** Metric unit label. */
  metric: string;
  toMetric(v: number): number;
  toField(v: number): number;
}

const scale = (metric: string, factor: number): Conversion => ({ metric, toMetric: (v) => v * factor, toField: (v) => v / factor });

/** Keyed by the field unit label a schema carries (`unit`). */
export const CONVERSIONS: Readonly<Record<string, Conversion>> = {
  psia: scale('bara', 1 / PSI_PER_BAR),
  psi: scale('bar', 1 / PSI_PER_BAR),
  degF: { metric: 'degC', toMetric: (v) => (v - 32) / 1.8, toField: (v) => v * 1.8 + 32 },
  degR: scale('K', 1 / 1.8),
  ft: scale('m', M_PER_FT),
  in: scale('m', M_PER_IN),
  'STB/d': scale('sm3/d', M3_PER_BBL),
  'Mscf/d': scale('sm3/d', 1000 * M3_PER_FT3),
  'scf/STB': scale('sm3/sm3', M3_PER_FT3 / M3_PER_BBL),
  'lbm/ft3': scale('kg/m3', KG_PER_LBM / M3_PER_FT3),
  '1/psi': scale('1/bar', PSI_PER_BAR),
  'rb/Mscf': scale('rm3/sm3', M3_PER_BBL / (1000 * M3_PER_FT3)),
  'psia2/cp': scale('bara2/cp', 1 / PSI_PER_BAR ** 2),
  'rb/STB': scale('rm3/sm3', 1),
  Mscf: scale('sm3', 1000 * M3_PER_FT3),
  STB: scale('sm3', M3_PER_BBL),
  'ft/s': scale('m/s', M_PER_FT),
  // 1 lbm/MMscf = 0.45359237e6 mg / (1e6 * 0.028316846592 m3)
  'lbm/MMscf': scale('mg/sm3', (KG_PER_LBM * 1e6) / (1e6 * M3_PER_FT3)),
  'dyne/cm': scale('mN/m', 1),
  'lbm/lbmol': scale('kg/kmol', 1),
  // 1 STB/MMscf = 0.158987294928 m3 / (1e6 * 0.028316846592 m3)
  'STB/MMscf': scale('sm3/sm3', M3_PER_BBL / (1e6 * M3_PER_FT3)),
  'delta degF': scale('delta degC', 1 / 1.8),
  // Gas rates of well performance: 1 MMscf/d = 1e6 x 0.028316846592 m3/d.
  'MMscf/d': scale('sm3/d', 1e6 * M3_PER_FT3),
  // 1 STB/d/psi = 0.158987294928 m3/d per (1/14.503773773) bar.
  'STB/d/psi': scale('sm3/d/bar', M3_PER_BBL * PSI_PER_BAR),
  // 1 d/Mscf = 1 d per 28.316846592 m3.
  'd/Mscf': scale('d/sm3', 1 / (1000 * M3_PER_FT3)),
  'currency/STB': scale('currency/sm3', 1 / M3_PER_BBL),
  'currency/Mscf': scale('currency/sm3', 1 / (1000 * M3_PER_FT3)),
  // 1 psi/ft = (1/14.503773773) bar per 0.3048 m.
  'psi/ft': scale('bar/m', 1 / (PSI_PER_BAR * M_PER_FT)),
  // Choke beans: 1/64 in = 25.4/64 mm = 0.396875 mm.
  '1/64 in': scale('mm', (M_PER_IN * 1000) / 64),
};

/** A numeric schema as tagged by engine/quantity.ts. */
interface Tagged {
  quantity: Quantity;
  unit?: string;
  /** Metric label of a same-number quantity whose `unit` is overridden (engine/quantity.ts). */
  metricUnit?: string;
}

type Schema = Record<string, unknown>;

const isSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

/** The conversion for a tagged schema; null when the quantity is the same number in both systems. */
export function conversionFor(s: Tagged): Conversion | null {
  const q = QUANTITIES[s.quantity];
  if (!q || q.field === q.metric) return null;
  const unit = s.unit ?? q.field;
  const c = CONVERSIONS[unit];
  // A unit nobody taught this layer is a programming error; the catalogue test finds it first.
  if (!c) throw new Error(`engine/units: no metric conversion for unit '${unit}' (quantity '${s.quantity}')`);
  return c;
}

/** Converts a request's input (validated, in `system` units) to field units. */
export function inputToField<T>(schema: unknown, input: T, system: UnitSystem): T {
  if (system === 'field') return input;
  return walk(schema, input, (c, v) => c.toField(v)) as T;
}

/** Converts a function's output (field units) to `system` units. */
export function outputFromField<T>(schema: unknown, output: T, system: UnitSystem): T {
  if (system === 'field') return output;
  return walk(schema, output, (c, v) => c.toMetric(v)) as T;
}

/**
 * The unit of every tagged number in a schema, by path: `{ Tpc: 'K', 'rows[].Bo': 'rb/STB' }`.
 * Arrays of numbers report under their own path; untagged properties are left out.
 */
export function unitsOf(schema: unknown, system: UnitSystem): Record<string, string> {
  const out: Record<string, string> = {};
  collectUnits(schema, '', system, out);
  return out;
}

const unitsCache = new WeakMap<object, Record<UnitSystem, Readonly<Record<string, string>>>>();

/** unitsOf, computed once per schema and unit system (frozen: every answer shares it). */
export function cachedUnitsOf(schema: object, system: UnitSystem): Readonly<Record<string, string>> {
  let both = unitsCache.get(schema);
  if (!both) {
    both = { field: Object.freeze(unitsOf(schema, 'field')), metric: Object.freeze(unitsOf(schema, 'metric')) };
    unitsCache.set(schema, both);
  }
  return both[system];
}

function walk(schema: unknown, value: unknown, convert: (c: Conversion, v: number) => number): unknown {
  if (!isSchema(schema)) return value;
  if (typeof value === 'number') {
    const tagged = numberBranch(schema);
    const c = tagged ? conversionFor(tagged) : null;
    return c ? convert(c, value) : value;
  }
  if (Array.isArray(value)) {
    const items = branchOfType(schema, 'array')?.items;
    return isSchema(items) ? value.map((v) => walk(items, v, convert)) : value;
  }
  if (isSchema(value)) {
    const obj = branchOfType(schema, 'object', value);
    if (!obj) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(propertySchema(obj, k), v, convert)]));
  }
  return value;
}

/** The schema itself or the anyOf/oneOf branch that is a tagged number. */
function numberBranch(schema: Schema): Tagged | null {
  if (typeof schema.quantity === 'string') return schema as unknown as Tagged;
  for (const b of branches(schema)) {
    const t = numberBranch(b);
    if (t) return t;
  }
  return null;
}

/** The schema itself or the first anyOf/oneOf branch of the given JSON type (objects: one that knows the value's keys). */
function branchOfType(schema: Schema, type: 'array' | 'object', value?: Schema): Schema | null {
  const matches = (s: Schema) =>
    s.type === type && (type !== 'object' || !value || !isSchema(s.properties) || Object.keys(value).every((k) => k in (s.properties as Schema) || s.additionalProperties !== false));
  if (matches(schema)) return schema;
  for (const b of branches(schema)) {
    const found = branchOfType(b, type, value);
    if (found) return found;
  }
  return null;
}

function branches(schema: Schema): Schema[] {
  return [...((schema.anyOf as unknown[]) ?? []), ...((schema.oneOf as unknown[]) ?? [])].filter(isSchema);
}

/** A property's schema: named, else a record's value schema (patternProperties/additionalProperties). */
function propertySchema(obj: Schema, key: string): unknown {
  const props = obj.properties as Schema | undefined;
  if (props && Object.hasOwn(props, key)) return props[key];
  const patterns = obj.patternProperties as Schema | undefined;
  if (patterns) {
    for (const [re, s] of Object.entries(patterns)) if (new RegExp(re).test(key)) return s;
  }
  return isSchema(obj.additionalProperties) ? obj.additionalProperties : undefined;
}

function collectUnits(schema: unknown, path: string, system: UnitSystem, out: Record<string, string>): void {
  if (!isSchema(schema)) return;
  const tagged = numberBranch(schema);
  if (tagged) {
    out[path] = unitLabel(tagged, system);
    return;
  }
  const arr = branchOfType(schema, 'array');
  if (arr) {
    const numbers = isSchema(arr.items) && numberBranch(arr.items) !== null;
    return collectUnits(arr.items, numbers ? path : `${path}[]`, system, out);
  }
  const obj = branchOfType(schema, 'object');
  if (obj && isSchema(obj.properties)) {
    for (const [k, s] of Object.entries(obj.properties)) collectUnits(s, path ? `${path}.${k}` : k, system, out);
  }
}

function unitLabel(s: Tagged, system: UnitSystem): string {
  const field = s.unit ?? QUANTITIES[s.quantity]?.field ?? '-';
  if (system === 'field') return field;
  return conversionFor(s)?.metric ?? s.metricUnit ?? field;
}
