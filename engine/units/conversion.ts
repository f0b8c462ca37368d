/**
 * The conversion between two units of one quantity (./unitTable.ts), as a pure function.
 *
 * Affine quantities: to = (v - z_from) * k + z_to with k = scale_from / scale_to and z a unit's
 * reading at a common reference point (0 except for pressure and temperature below), reported as
 * factor k and offset z_to - z_from k. Writing it from a reference point keeps the readings of that
 * point exact: 14.696 psia is exactly 0 psig, 273.15 K exactly 0 degC, 32 degF exactly 0 degC.
 * - Pressure: reference = vacuum; a gauge unit reads -p_atm there (p_atm in that unit), the others 0;
 *   between two gauge units the atmosphere itself (a pure scale).
 *   A plain unit (psi, bar, kPa, MPa, Pa, kgf/cm2) facing a gauge unit is taken as absolute.
 * - Temperature: reference = absolute zero when degR or K is involved, the ice point for degF <-> degC
 *   (so degF -> degC is (v - 32)/1.8 as in engine/units.ts).
 * Oil gravity: SG = 141.5 / (131.5 + API), API = 141.5 / SG - 131.5 (API MPMS Ch. 11.1), not affine.
 *
 * Outside physics (EngineFailure 'out_of_range'): temperatures below absolute zero, negative absolute
 * pressures (whenever an absolute or gauge unit is involved), negative permeability, viscosity or
 * density, API <= -131.5, SG <= 0. Different quantities: EngineFailure 'invalid_input'.
 */
import { EngineFailure } from '../failure.js';
import { PA_PER_PSI, QUANTITY_UNITS, UNIT_INDEX, UNIT_QUANTITIES, unitsOfQuantity, type UnitDef, type UnitQuantity } from './unitTable.js';

/** API gravity constants (API MPMS Chapter 11.1; ASTM D287). */
const API_A = 141.5;
const API_B = 131.5;

const NON_NEGATIVE: readonly UnitQuantity[] = ['permeability', 'viscosity', 'density'];

export interface Converter {
  quantity: UnitQuantity;
  from: UnitDef;
  to: UnitDef;
  /** to = factor * from + offset; null for the non-affine API gravity. */
  affine: { factor: number; offset: number } | null;
  /** True when a gauge pressure unit is involved (the atmospheric pressure matters). */
  gauge: boolean;
  /** Converts one value; `label` names it in failure messages. Throws EngineFailure outside physics. */
  convert(v: number, label: string): number;
}

/**
 * The quantity both units belong to: the one asked for, else the only (or first) one they share.
 * Symbols shared between quantities (m3, sm3/d, sm3/sm3...) have the same size in each, so the
 * first shared quantity gives the same numbers as any other.
 */
export function resolveQuantity(from: string, to: string, asked?: UnitQuantity): UnitQuantity {
  const f = UNIT_INDEX.get(from);
  const t = UNIT_INDEX.get(to);
  if (!f) throw new EngineFailure('invalid_input', `unknown unit '${from}'`);
  if (!t) throw new EngineFailure('invalid_input', `unknown unit '${to}'`);
  if (asked) {
    for (const [side, unit, e] of [['from', from, f], ['to', to, t]] as const) {
      if (!e.byQuantity[asked]) {
        throw new EngineFailure('invalid_input', `${side} unit '${unit}' is not a ${asked} unit (it is ${quantitiesOf(unit)}); ${asked} units: ${unitsOfQuantity(asked).join(', ')}`);
      }
    }
    return asked;
  }
  const shared = UNIT_QUANTITIES.filter((q) => f.byQuantity[q] && t.byQuantity[q]);
  const first = shared[0];
  if (!first) {
    throw new EngineFailure('invalid_input', `cannot convert '${from}' (${quantitiesOf(from)}) to '${to}' (${quantitiesOf(to)}): they measure different quantities`);
  }
  return first;
}

function quantitiesOf(unit: string): string {
  const e = UNIT_INDEX.get(unit);
  const qs = e ? UNIT_QUANTITIES.filter((q) => e.byQuantity[q]) : [];
  return qs.length ? qs.map((q) => `a ${q} unit`).join(' or ') : 'unknown';
}

/** The converter from one unit to another within `quantity`; atmosphere in psia for gauge pressures. */
export function converter(from: string, to: string, quantity: UnitQuantity, atmospherePsia: number, warnings: string[]): Converter {
  const f = unitIn(from, quantity);
  const t = unitIn(to, quantity);
  if (quantity === 'oil gravity') return gravityConverter(f, t);

  const gauge = f.pressure === 'gauge' || t.pressure === 'gauge';
  const absoluteMatters = quantity === 'pressure' && (f.pressure !== 'plain' || t.pressure !== 'plain');
  if (gauge) {
    for (const d of [f, t]) {
      if (d.pressure === 'plain') warnings.push(`'${d.symbol}' is taken as an absolute pressure for the conversion between '${f.symbol}' and '${t.symbol}'`);
    }
  }
  const [zf, zt] = referenceReadings(quantity, f, t, atmospherePsia);
  const k = f.scale / t.scale;
  const lowest =
    quantity === 'temperature' ? (f.absoluteZero as number) : absoluteMatters ? vacuumReading(f, atmospherePsia) : NON_NEGATIVE.includes(quantity) ? 0 : -Infinity;
  return {
    quantity,
    from: f,
    to: t,
    affine: { factor: k, offset: zt - zf * k },
    gauge,
    convert(v, label) {
      if (v < lowest) throw new EngineFailure('out_of_range', `${label} = ${v} ${f.symbol} ${belowWhat(quantity, lowest, f)}`);
      return finite((v - zf) * k + zt, label);
    },
  };
}

function unitIn(symbol: string, quantity: UnitQuantity): UnitDef {
  const d = UNIT_INDEX.get(symbol)?.byQuantity[quantity];
  if (!d) throw new EngineFailure('invalid_input', `'${symbol}' is not a ${quantity} unit; ${quantity} units: ${unitsOfQuantity(quantity).join(', ')}`);
  return d;
}

/** Readings of the common reference point in the from- and to-unit (see the file comment). */
function referenceReadings(quantity: UnitQuantity, f: UnitDef, t: UnitDef, atmospherePsia: number): [number, number] {
  if (quantity === 'pressure') {
    // Gauge to gauge: the atmosphere is the reference (both read 0 there), a pure scale.
    if (f.pressure === 'gauge' && t.pressure === 'gauge') return [0, 0];
    return [vacuumReading(f, atmospherePsia), vacuumReading(t, atmospherePsia)];
  }
  if (quantity === 'temperature') {
    const absolute = f.absoluteZero === 0 || t.absoluteZero === 0;
    const at = (d: UnitDef) => (absolute ? d.absoluteZero : d.icePoint) as number;
    return [at(f), at(t)];
  }
  return [0, 0];
}

/** A pressure unit's reading at vacuum: -p_atm for a gauge unit (p_atm in that unit), else 0. */
function vacuumReading(d: UnitDef, atmospherePsia: number): number {
  return d.pressure === 'gauge' ? -atmospherePsia * (PA_PER_PSI / d.scale) : 0;
}

function belowWhat(quantity: UnitQuantity, lowest: number, f: UnitDef): string {
  if (quantity === 'temperature') return `is below absolute zero (${lowest} ${f.symbol})`;
  if (quantity === 'pressure') return `is a negative absolute pressure (vacuum is ${lowest} ${f.symbol})`;
  return `is negative: a ${quantity} is >= 0`;
}

function gravityConverter(f: UnitDef, t: UnitDef): Converter {
  const toSG = (v: number, label: string): number => {
    if (!f.apiGravity) {
      if (!(v > 0)) throw new EngineFailure('out_of_range', `${label} = ${v} ${f.symbol}: a specific gravity is > 0`);
      return v;
    }
    if (!(v > -API_B)) throw new EngineFailure('out_of_range', `${label} = ${v} ${f.symbol}: API gravity must be above -${API_B} (SG = ${API_A}/(${API_B} + API) > 0)`);
    return API_A / (API_B + v);
  };
  const fromSG = (sg: number): number => (t.apiGravity ? API_A / sg - API_B : sg);
  const same = !!f.apiGravity === !!t.apiGravity;
  return {
    quantity: 'oil gravity',
    from: f,
    to: t,
    affine: same ? { factor: 1, offset: 0 } : null,
    gauge: false,
    convert: (v, label) => (same ? (toSG(v, label), v) : finite(fromSG(toSG(v, label)), label)),
  };
}

function finite(v: number, label: string): number {
  if (!Number.isFinite(v)) throw new EngineFailure('out_of_range', `${label} overflows the floating-point range after conversion`);
  return v;
}

/** Every quantity's units, for descriptions: `pressure: psi, psia, ...; temperature: ...`. */
export function unitCatalogueText(): string {
  return UNIT_QUANTITIES.map((q) => `${q} (${QUANTITY_UNITS[q].base} base): ${unitsOfQuantity(q).join(', ')}`).join('; ');
}
