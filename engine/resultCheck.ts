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

/**
 * A compiled check. It returns the problem with its path relative to the value checked ('' for
 * the value itself); each level prefixes its key on the way out, so paths are built only for a
 * refused result and a passing one allocates nothing.
 */
type Check = (value: unknown) => ResultProblem | null;

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
  const problem = check(result);
  if (problem && problem.path === '') problem.path = 'result';
  return problem;
}

/** `problem` seen from one level up: under property `key`. */
function underKey(problem: ResultProblem, key: string): ResultProblem {
  const p = problem.path;
  problem.path = p === '' ? key : p.charCodeAt(0) === 91 /* [ */ ? key + p : `${key}.${p}`;
  return problem;
}

/** `problem` seen from one level up: at index `i` of an array. */
function underIndex(problem: ResultProblem, i: number): ResultProblem {
  const p = problem.path;
  problem.path = p === '' || p.charCodeAt(0) === 91 ? `[${i}]${p}` : `[${i}].${p}`;
  return problem;
}

function compile(schema: unknown): Check {
  const range = isSchema(schema) ? rangeOf(schema) : null;
  const numberCheck = numberChecker(range);
  const itemCheck = isSchema(schema) ? arrayItems(schema) : null;
  const props = isSchema(schema) ? objectProperties(schema) : null;
  const itemChecker = itemCheck ? compile(itemCheck) : null;
  // Items that are plain numbers (a column of a list answer): checked in one tight loop.
  const itemNumbers = isSchema(schema) ? listBounds(schema) : null;
  const itemNumberCheck = itemCheck ? numberChecker(rangeOf(itemCheck)) : numberCheck;
  const each: Check = itemChecker ?? (range ? (v) => (typeof v === 'number' ? numberCheck(v) : genericCheck(v)) : genericCheck);
  const propByName = new Map<string, Check>();
  if (props) for (const k of Object.keys(props)) propByName.set(k, compile(props[k]));
  return (value) => {
    if (typeof value === 'number') return numberCheck(value);
    // (A Float64Array is a long list of the array paths: engine/pvt/correlations/columns.ts.)
    if (Array.isArray(value) || value instanceof Float64Array) {
      if (itemNumbers) {
        if (vouched.get(value) === itemNumbers) return null; // compared with these very bounds by its producer
        const [lo, xlo, hi, xhi] = itemNumbers;
        for (let i = 0; i < value.length; i++) {
          const v: unknown = value[i];
          if (typeof v === 'number') {
            if (v >= lo && v > xlo && v <= hi && v < xhi) continue; // false for NaN
            return underIndex(itemNumberCheck(v) as ResultProblem, i);
          }
          const problem = each(v);
          if (problem) return underIndex(problem, i);
        }
        return null;
      }
      for (let i = 0; i < value.length; i++) {
        const problem = each(value[i]);
        if (problem) return underIndex(problem, i);
      }
      return null;
    }
    if (value !== null && typeof value === 'object') {
      for (const k in value as Record<string, unknown>) {
        if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
        const child = propByName.get(k) ?? genericCheck;
        const problem = child((value as Record<string, unknown>)[k]);
        if (problem) return underKey(problem, k);
      }
    }
    return null;
  };
}

/** Values under no schema (free-form objects): only finiteness is checked. */
function genericCheck(value: unknown): ResultProblem | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path: '', value, problem: 'is not a finite number' };
  if (Array.isArray(value) || value instanceof Float64Array) {
    for (let i = 0; i < value.length; i++) {
      const p = genericCheck(value[i]);
      if (p) return underIndex(p, i);
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const k in value as Record<string, unknown>) {
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
      const p = genericCheck((value as Record<string, unknown>)[k]);
      if (p) return underKey(p, k);
    }
  }
  return null;
}

/** [minimum, exclusiveMinimum, maximum, exclusiveMaximum]: v passes when v >= [0] && v > [1] && v <= [2] && v < [3] (never NaN or infinite). */
export type Bounds = readonly [number, number, number, number];

const boundsOf = new WeakMap<object, Bounds | null>();

/**
 * The bounds the check applies to the numbers of a list under `schema` (an output property that
 * is a list, or a number or a list), or null when it holds no numbers with a range. One object
 * per schema: a producer that compares every number of a fresh list with them inside its own
 * loop may vouch for the list, and the check then skips it (the same comparisons, made once).
 */
export function listBounds(schema: object): Bounds | null {
  let b = boundsOf.get(schema);
  if (b === undefined) {
    const s = schema as Schema;
    const items = arrayItems(s);
    const range = rangeOf(s);
    b = items ? numberBounds(rangeOf(items)) : range ? numberBounds(range) : null;
    boundsOf.set(schema, b);
  }
  return b;
}

/** Bounds that only ask for a finite number (a list output without a physical range). */
export const FINITE_BOUNDS: Bounds = [-Infinity, -Infinity, Infinity, Infinity];

/** Every number in `list` compared by its producer with `bounds` (from listBounds) and inside them; as a result value it is not walked again. */
const vouched = new WeakMap<object, Bounds>();
export function vouchChecked(list: number[] | Float64Array, bounds: Bounds): void {
  vouched.set(list, bounds);
}

/** [minimum, exclusiveMinimum, maximum, exclusiveMaximum] of a range, infinite where unset. */
function numberBounds(range: PhysicalRange | null): [number, number, number, number] {
  return [range?.minimum ?? -Infinity, range?.exclusiveMinimum ?? -Infinity, range?.maximum ?? Infinity, range?.exclusiveMaximum ?? Infinity];
}

function numberChecker(range: PhysicalRange | null): (v: number) => ResultProblem | null {
  const [lo, xlo, hi, xhi] = numberBounds(range);
  return (v) => {
    if (v >= lo && v > xlo && v <= hi && v < xhi) return null; // false for NaN
    if (!Number.isFinite(v)) return { path: '', value: v, problem: 'is not a finite number' };
    return { path: '', value: v, problem: `is outside the physically possible range ${describeRange(range!)}` };
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
