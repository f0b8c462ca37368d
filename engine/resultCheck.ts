/**
 * The check every result passes before it leaves the engine: each number finite and inside the
 * physical range its output schema states (engine/quantity.ts: the quantity's defaults, narrowed
 * per output). A function that would answer an impossible number (Bo 1e-140, a density of
 * 1e141, a temperature below absolute zero) is refused as out_of_range with the path and the
 * bound, instead of a 200. Compiled once per output schema into plain closures, so a call pays
 * one pass over its numbers and no allocation unless something is wrong.
 */
import type { PhysicalRange } from './quantity.js';

/** Why a result was refused: the path of the value and what is wrong with it. */
export interface ResultProblem {
  path: string;
  value: number;
  problem: string;
}

type Check = (value: unknown, path: () => string) => ResultProblem | null;

type Schema = Record<string, unknown>;
const isSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

const compiled = new WeakMap<object, Check>();

/** The first non-finite or physically impossible number of `result`, or null. `null` values are allowed. */
export function checkResult(outputSchema: object, result: unknown): ResultProblem | null {
  let check = compiled.get(outputSchema);
  if (!check) {
    check = compile(outputSchema);
    compiled.set(outputSchema, check);
  }
  return check(result, () => '');
}

function compile(schema: unknown): Check {
  const range = isSchema(schema) ? rangeOf(schema) : null;
  const numberCheck = numberChecker(range);
  const itemCheck = isSchema(schema) ? arrayItems(schema) : null;
  const props = isSchema(schema) ? objectProperties(schema) : null;
  const itemChecker = itemCheck ? compile(itemCheck) : null;
  const propCheckers = props ? Object.entries(props).map(([k, s]) => [k, compile(s)] as const) : [];
  const propByName = new Map(propCheckers);
  const fallback = genericCheck;
  return (value, path) => {
    if (typeof value === 'number') return numberCheck(value, path);
    if (Array.isArray(value)) {
      const each = itemChecker ?? (range ? (v: unknown, p: () => string) => (typeof v === 'number' ? numberCheck(v, p) : fallback(v, p)) : fallback);
      for (let i = 0; i < value.length; i++) {
        const v = value[i];
        const problem = each(v, () => `${path()}[${i}]`);
        if (problem) return problem;
      }
      return null;
    }
    if (value !== null && typeof value === 'object') {
      for (const k in value as Record<string, unknown>) {
        if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
        const child = propByName.get(k) ?? fallback;
        const problem = child((value as Record<string, unknown>)[k], () => (path() ? `${path()}.${k}` : k));
        if (problem) return problem;
      }
    }
    return null;
  };
}

/** Values under no schema (free-form objects): only finiteness is checked. */
function genericCheck(value: unknown, path: () => string): ResultProblem | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path: path() || 'result', value, problem: 'is not a finite number' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = genericCheck(value[i], () => `${path()}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const k in value as Record<string, unknown>) {
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
      const p = genericCheck((value as Record<string, unknown>)[k], () => (path() ? `${path()}.${k}` : k));
      if (p) return p;
    }
  }
  return null;
}

function numberChecker(range: PhysicalRange | null): (v: number, path: () => string) => ResultProblem | null {
  const lo = range?.minimum ?? -Infinity;
  const xlo = range?.exclusiveMinimum ?? -Infinity;
  const hi = range?.maximum ?? Infinity;
  const xhi = range?.exclusiveMaximum ?? Infinity;
  return (v, path) => {
    if (v >= lo && v > xlo && v <= hi && v < xhi) return null; // false for NaN
    const where = path() || 'result';
    if (!Number.isFinite(v)) return { path: where, value: v, problem: 'is not a finite number' };
    return { path: where, value: v, problem: `is outside the physically possible range ${describeRange(range!)}` };
  };
}

/** The effective bounds in words: of an inclusive and an exclusive bound on one side, the tighter. */
export function describeRange(r: PhysicalRange): string {
  const low =
    r.minimum !== undefined && !(r.exclusiveMinimum !== undefined && r.exclusiveMinimum >= r.minimum)
      ? `>= ${r.minimum}`
      : r.exclusiveMinimum !== undefined
        ? `> ${r.exclusiveMinimum}`
        : '';
  const high =
    r.maximum !== undefined && !(r.exclusiveMaximum !== undefined && r.exclusiveMaximum <= r.maximum)
      ? `<= ${r.maximum}`
      : r.exclusiveMaximum !== undefined
        ? `< ${r.exclusiveMaximum}`
        : '';
  return [low, high].filter(Boolean).join(' and ');
}

/** The physical range on a number schema, or on the number branch of number | array. */
function rangeOf(s: Schema): PhysicalRange | null {
  if (isSchema(s.physical)) return s.physical as PhysicalRange;
  for (const b of branches(s)) {
    if (isSchema(b.physical)) return b.physical as PhysicalRange;
    if (b.type === 'array' && isSchema(b.items) && isSchema((b.items as Schema).physical)) return (b.items as Schema).physical as PhysicalRange;
  }
  return null;
}

function arrayItems(s: Schema): Schema | null {
  if (s.type === 'array' && isSchema(s.items)) return s.items as Schema;
  for (const b of branches(s)) if (b.type === 'array' && isSchema(b.items)) return b.items as Schema;
  return null;
}

function objectProperties(s: Schema): Record<string, unknown> | null {
  if (isSchema(s.properties)) return s.properties as Record<string, unknown>;
  for (const b of branches(s)) if (isSchema(b.properties)) return b.properties as Record<string, unknown>;
  return null;
}

function branches(s: Schema): Schema[] {
  return [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? [])].filter(isSchema);
}
