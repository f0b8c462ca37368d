/**
 * Inputs built from a definition's own schema and examples, for the checks that must cover every
 * catalogue function without knowing it (result size, the domain property test). Nothing here
 * names a function: new functions are covered as soon as they are in CATALOGUE.
 */
import type { AnyDefinition } from '../../engine/definition.js';

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
