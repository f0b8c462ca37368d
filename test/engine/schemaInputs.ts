/**
 * Inputs built from a definition's own schema and examples, for the checks that must cover every
 * catalogue function without knowing it (result size, the domain property test). Nothing here
 * names a function: new functions are covered as soon as they are in CATALOGUE.
 */
import type { AnyDefinition } from '../../engine/definition.js';
import { mulberry32 } from '../../engine/seededRandom.js';

export type Schema = Record<string, unknown>;

export const isSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

/** anyOf/oneOf branches of a schema. */
export function branches(s: Schema): Schema[] {
  return [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? [])].filter(isSchema);
}

/** The schema itself or its branch of the given JSON type. */
export function branchOf(s: Schema, type: string): Schema | null {
  if (s.type === type || (type === 'number' && s.type === 'integer')) return s;
  for (const b of branches(s)) if (b.type === type || (type === 'number' && b.type === 'integer')) return b;
  return null;
}

/** The allowed values of an enum-like schema (enum, or anyOf of consts), else null. */
export function enumValues(s: Schema): unknown[] | null {
  if (Array.isArray(s.enum)) return s.enum as unknown[];
  const b = branches(s);
  if (b.length > 0 && b.every((x) => 'const' in x)) return b.map((x) => x.const);
  return null;
}

/** The properties of an object schema (or of its object branch). */
export function propertiesOf(s: Schema): Record<string, Schema> {
  const o = branchOf(s, 'object');
  return (o && isSchema(o.properties) ? o.properties : {}) as Record<string, Schema>;
}

/**
 * `values` resampled to n items by linear interpolation over the index, so a monotone grid stays
 * monotone, paired arrays (pressures with cumulative production) stay paired, and the first and
 * last values are kept. Non-numbers are repeated cyclically.
 */
export function resample(values: unknown[], n: number): unknown[] {
  if (values.length === 0) return [];
  if (!values.every((v) => typeof v === 'number')) return Array.from({ length: n }, (_, j) => structuredClone(values[j % values.length]));
  const v = values as number[];
  if (v.length === 1) {
    // One value: spread +-10% so grids that drop duplicates keep every point.
    const x = v[0] as number;
    return Array.from({ length: n }, (_, j) => (n === 1 ? x : x * (0.9 + (0.2 * j) / (n - 1))));
  }
  return Array.from({ length: n }, (_, j) => {
    const t = n === 1 ? 0 : (j / (n - 1)) * (v.length - 1);
    const i = Math.min(Math.floor(t), v.length - 2);
    const f = t - i;
    return (v[i] as number) * (1 - f) + (v[i + 1] as number) * f;
  });
}

/**
 * The value with every array (and every number whose schema also allows an array) at the largest
 * size its schema allows, built from the value itself; `only` limits that to one top-level key.
 */
export function enlarge(schema: Schema, value: unknown, cap = Infinity): unknown {
  const arr = branchOf(schema, 'array');
  if (arr && isSchema(arr.items) && (Array.isArray(value) || typeof value === 'number')) {
    const max = Math.min(typeof arr.maxItems === 'number' ? arr.maxItems : 1000, cap);
    const items = resample(Array.isArray(value) ? value : [value], max);
    return items.map((x) => enlarge(arr.items as Schema, x, cap));
  }
  if (isSchema(value)) {
    const props = propertiesOf(schema);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, props[k] ? enlarge(props[k], v, cap) : v]));
  }
  return value;
}

/** Top-level input keys whose schema admits an array. */
export function arrayKeys(def: AnyDefinition): string[] {
  return Object.entries(def.input.properties as Record<string, Schema>)
    .filter(([, s]) => branchOf(s, 'array') !== null || Object.values(propertiesOf(s)).some((p) => branchOf(p, 'array') !== null))
    .map(([k]) => k);
}

/**
 * The largest inputs of a definition built from each example: every array at its maxItems at once,
 * then each array-capable input enlarged alone (for functions whose arrays must match in length
 * when their caps differ).
 */
export function largestInputs(def: AnyDefinition): { label: string; input: Record<string, unknown> }[] {
  const props = def.input.properties as Record<string, Schema>;
  const out: { label: string; input: Record<string, unknown> }[] = [];
  def.examples.forEach((ex, i) => {
    const base = ex.input as Record<string, unknown>;
    const keys = arrayKeys(def).filter((k) => base[k] !== undefined);
    if (keys.length === 0) return;
    out.push({ label: `example ${i}, all of ${keys.join(', ')} at maxItems`, input: Object.fromEntries(Object.entries(base).map(([k, v]) => [k, props[k] ? enlarge(props[k], v) : v])) });
    if (keys.length > 1) {
      for (const k of keys) out.push({ label: `example ${i}, ${k} at maxItems`, input: { ...base, [k]: enlarge(props[k] as Schema, base[k]) } });
    }
  });
  return out;
}

/** A small deterministic PRNG (mulberry32), seeded per function so adding one shifts no other's cases. */
export const prng = mulberry32;

/** FNV-1a hash of a string, for seeds. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
const uniform = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();

/** The numeric bounds a schema (or its number branch) declares. */
function bounds(s: Schema): { lo: number; hi: number } {
  const n = branchOf(s, 'number') ?? s;
  const lo = typeof n.minimum === 'number' ? n.minimum : typeof n.exclusiveMinimum === 'number' ? n.exclusiveMinimum : -Infinity;
  const hi = typeof n.maximum === 'number' ? n.maximum : typeof n.exclusiveMaximum === 'number' ? n.exclusiveMaximum : Infinity;
  return { lo, hi };
}

/** A number across the schema's allowed range: log-uniform where the range spans decades. */
export function randomNumber(rng: Rng, s: Schema): number {
  const { lo, hi } = bounds(s);
  const integer = (branchOf(s, 'number') ?? s).type === 'integer';
  let x: number;
  if (Number.isFinite(lo) && Number.isFinite(hi)) {
    x = lo >= 0 && hi / Math.max(lo, 1e-12) > 100 && rng() < 0.7 ? Math.exp(uniform(rng, Math.log(Math.max(lo, 1e-6 * hi)), Math.log(hi))) : uniform(rng, lo, hi);
  } else if (Number.isFinite(lo)) {
    x = lo + 10 ** uniform(rng, -6, 6);
  } else if (Number.isFinite(hi)) {
    x = hi - 10 ** uniform(rng, -6, 6);
  } else {
    x = (rng() < 0.5 ? -1 : 1) * 10 ** uniform(rng, -6, 6);
  }
  if (integer) x = Math.round(x);
  return x;
}

/** A random value of any schema: numbers, enums, booleans, arrays (short), nested objects. */
export function randomValue(rng: Rng, s: Schema, depth = 0): unknown {
  const values = enumValues(s);
  if (values) return pick(rng, values);
  if ('const' in s) return s.const;
  const arr = branchOf(s, 'array');
  const num = branchOf(s, 'number');
  if (arr && isSchema(arr.items) && (!num || rng() < 0.5)) {
    const max = Math.min(typeof arr.maxItems === 'number' ? arr.maxItems : 20, 12);
    const min = typeof arr.minItems === 'number' ? arr.minItems : 0;
    const n = Math.max(min, Math.floor(uniform(rng, min, max + 1)));
    return Array.from({ length: n }, () => randomValue(rng, arr.items as Schema, depth + 1));
  }
  if (num) return randomNumber(rng, num);
  if (s.type === 'boolean' || branchOf(s, 'boolean')) return rng() < 0.5;
  if (s.type === 'string') return 'x';
  const obj = branchOf(s, 'object');
  if (obj && depth < 4) {
    const props = propertiesOf(obj);
    const out: Record<string, unknown> = {};
    for (const [k, p] of Object.entries(props)) if (rng() < 0.6) out[k] = randomValue(rng, p, depth + 1);
    return out;
  }
  if (branches(s).some((b) => b.type === 'null')) return null;
  return undefined;
}

/**
 * A random input of a definition: required keys always, optional keys half of the time. A string
 * key takes, most of the time, a value one of the examples gives it (an identifier such as the
 * saved project an eos.model.* call reads: a made-up one only finds nothing).
 */
export function randomInput(rng: Rng, def: AnyDefinition): Record<string, unknown> {
  const required = new Set((def.input as { required?: string[] }).required ?? []);
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(def.input.properties as Record<string, Schema>)) {
    if (!required.has(k) && rng() < 0.5) continue;
    const seen = def.examples.map((e) => (e.input as Record<string, unknown>)[k]).filter((x): x is string => typeof x === 'string');
    const v = seen.length > 0 && rng() < 0.8 ? pick(rng, seen) : randomValue(rng, s);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Paths of every number inside a value: ['psia'], ['psia', 3], ['composition', 'C1']. */
function numberPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'number') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => numberPaths(v, [...path, i]));
  if (isSchema(value)) return Object.entries(value).flatMap(([k, v]) => numberPaths(v, [...path, k]));
  return [];
}

function setAt(root: Record<string, unknown>, path: (string | number)[], v: unknown): Record<string, unknown> {
  const copy = structuredClone(root);
  let node: Record<string | number, unknown> = copy;
  for (let i = 0; i < path.length - 1; i++) node = node[path[i] as string] as Record<string | number, unknown>;
  node[path[path.length - 1] as string] = v;
  return copy;
}

/** The schema of a path in an input (array items and object properties followed). */
function schemaAt(def: AnyDefinition, path: (string | number)[]): Schema | null {
  let s: Schema | undefined = (def.input.properties as Record<string, Schema>)[path[0] as string];
  for (const part of path.slice(1)) {
    if (!s) return null;
    if (typeof part === 'number') s = (branchOf(s, 'array')?.items as Schema | undefined) ?? undefined;
    else s = propertiesOf(s)[part];
  }
  return s ?? null;
}

/**
 * Mutants of one example input: each number scaled by 10^U(-4,4), zeroed, made tiny, negative,
 * huge, or set to (just inside and on) its schema bounds; each enum set to each of its values;
 * each array shortened to one item, lengthened, emptied; each optional key dropped.
 */
export function mutants(rng: Rng, def: AnyDefinition, example: Record<string, unknown>, count: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const props = def.input.properties as Record<string, Schema>;
  // Enum swaps and key drops are few and exhaustive.
  for (const [k, s] of Object.entries(props)) {
    const values = enumValues(s);
    if (values) for (const v of values) out.push({ ...example, [k]: v });
    if (k in example) {
      const { [k]: _dropped, ...rest } = example;
      out.push(rest);
    }
    const arr = branchOf(s, 'array');
    const v = example[k];
    if (arr && Array.isArray(v)) {
      out.push({ ...example, [k]: v.slice(0, 1) }, { ...example, [k]: [] }, { ...example, [k]: [...v, ...v] }, { ...example, [k]: [...v].reverse() });
    }
  }
  const paths = numberPaths(example);
  if (paths.length === 0) return out;
  while (out.length < count) {
    // One to three numbers changed at once.
    let input = example;
    const n = 1 + Math.floor(rng() * 3);
    for (let j = 0; j < n; j++) {
      const path = pick(rng, paths);
      const s = schemaAt(def, path);
      const old = path.reduce<unknown>((node, p) => (node as Record<string | number, unknown>)[p], input) as number;
      input = setAt(input, path, mutate(rng, old, s));
    }
    out.push(input);
  }
  return out;
}

function mutate(rng: Rng, x: number, s: Schema | null): number {
  const { lo, hi } = s ? bounds(s) : { lo: -Infinity, hi: Infinity };
  const kinds = ['scale', 'scale', 'scale', 'zero', 'tiny', 'negative', 'huge', 'bound', 'nearBound', 'nudge'] as const;
  switch (pick(rng, kinds)) {
    case 'scale':
      return x * 10 ** uniform(rng, -4, 4);
    case 'zero':
      return 0;
    case 'tiny':
      return pick(rng, [1e-300, 1e-12, 1e-6, Number.MIN_VALUE]);
    case 'negative':
      return -Math.abs(x || 1) * 10 ** uniform(rng, -2, 2);
    case 'huge':
      return pick(rng, [1e6, 1e9, 1e15, 1e100, 1e300, Number.MAX_VALUE]);
    case 'bound': {
      const b = [lo, hi].filter(Number.isFinite);
      return b.length ? pick(rng, b) : x;
    }
    case 'nearBound': {
      const b = [lo, hi].filter(Number.isFinite);
      return b.length ? pick(rng, b) + (rng() < 0.5 ? -1 : 1) * 1e-9 * Math.max(1, Math.abs(pick(rng, b))) : x;
    }
    case 'nudge':
      return x * (1 + uniform(rng, -0.5, 0.5));
  }
}

/**
 * Where an input falls short of the largest its schema allows: every top-level key that admits an
 * array present, and every array in it (and every number whose schema also allows an array) at
 * its maxItems, recursively (kij rows too). Descriptions of the shortfalls, [] when the input is
 * as large as the schema allows: what a definition's sizeExamples must be.
 */
export function belowMaxItems(def: AnyDefinition, input: Record<string, unknown>): string[] {
  const out: string[] = [];
  const props = def.input.properties as Record<string, Schema>;
  for (const key of arrayKeys(def)) {
    if (input[key] === undefined) out.push(`${key} is absent`);
    else walkMax(props[key] as Schema, input[key], key, out);
  }
  return out;
}

function walkMax(schema: Schema, value: unknown, path: string, out: string[]): void {
  const arr = branchOf(schema, 'array');
  if (arr && isSchema(arr.items)) {
    if (!Array.isArray(value)) {
      if (value !== undefined && value !== null) out.push(`${path} is a single value where ${String(arr.maxItems)} items are allowed`);
      return;
    }
    if (typeof arr.maxItems !== 'number') out.push(`${path} has no maxItems`);
    else if (value.length < arr.maxItems) out.push(`${path} has ${value.length} of ${arr.maxItems} items`);
    value.forEach((v, i) => walkMax(arr.items as Schema, v, `${path}[${i}]`, out));
    return;
  }
  if (isSchema(value)) {
    const props = propertiesOf(schema);
    for (const [k, v] of Object.entries(value)) if (props[k]) walkMax(props[k], v, `${path}.${k}`, out);
  }
}
