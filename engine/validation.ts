/**
 * Input validation for engine calls, compiled once per definition from its typebox schema.
 * Returns plain data: either the input (defaults applied, reserved `units` removed) or a map of
 * every invalid field to a message, so the API can answer 400 validation_failed with all of them.
 */
import { Compile } from 'typebox/compile';
import type { TObject } from 'typebox';
import type { AnyDefinition } from './definition.js';

export type UnitSystem = 'field' | 'metric';
export const UNIT_SYSTEMS: readonly UnitSystem[] = ['field', 'metric'];

export type ValidationOutcome =
  | { ok: true; input: Record<string, unknown>; units: UnitSystem }
  | { ok: false; message: string; fields: Record<string, string>; validKeys?: string[] };

type Validator = ReturnType<typeof Compile<TObject>>;
const compiled = new WeakMap<TObject, Validator>();

function validatorFor(schema: TObject): Validator {
  let v = compiled.get(schema);
  if (!v) {
    v = Compile(schema);
    compiled.set(schema, v);
  }
  return v;
}

/** What a call needs to know of an input schema, read once per schema instead of on every call. */
interface SchemaFacts {
  /** Top-level properties whose values may be arrays or strings (the size check looks only at these). */
  sized: [key: string, schema: unknown][];
  /** Top-level defaults; objects and arrays are cloned per call, primitives are not. */
  defaults: [key: string, value: unknown, primitive: boolean][];
}
const facts = new WeakMap<TObject, SchemaFacts>();

function factsOf(schema: TObject): SchemaFacts {
  let f = facts.get(schema);
  if (!f) {
    const entries = Object.entries(schema.properties) as [string, { default?: unknown }][];
    f = {
      sized: entries.filter(([, s]) => isSchema(s) && (branchOfType(s, 'array') !== null || branchOfType(s, 'string') !== null)),
      defaults: entries.filter(([, s]) => s.default !== undefined).map(([k, s]) => [k, s.default, s.default === null || typeof s.default !== 'object']),
    };
    facts.set(schema, f);
  }
  return f;
}

/**
 * Validates a request body (already parsed JSON) against a definition's input schema. A clean
 * body (known keys, sizes within bounds, schema satisfied) takes one copy and one compiled check;
 * anything else is described field by field by the full path below, which answers the same.
 */
export function validateInput(def: AnyDefinition, body: unknown): ValidationOutcome {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return validateInFull(def, body);
  const schema = def.input;
  const props = schema.properties;
  const f = factsOf(schema);
  const input: Record<string, unknown> = {};
  let units: unknown = 'field';
  for (const k in body) {
    if (!Object.hasOwn(body, k)) continue;
    const v = (body as Record<string, unknown>)[k];
    if (k === 'units') units = v;
    else if (Object.hasOwn(props, k)) input[k] = v;
    else return validateInFull(def, body); // unknown input: every problem named below
  }
  if (units !== 'field' && units !== 'metric') return validateInFull(def, body);
  for (let i = 0; i < f.sized.length; i++) {
    const [key] = f.sized[i] as [string, unknown];
    const v = input[key];
    if ((Array.isArray(v) || typeof v === 'string') && oversize((f.sized[i] as [string, unknown])[1], v, key, Object.create(null))) return validateInFull(def, body);
  }
  for (let i = 0; i < f.defaults.length; i++) {
    const [k, d, primitive] = f.defaults[i] as [string, unknown, boolean];
    if (input[k] === undefined) input[k] = primitive ? d : structuredClone(d);
  }
  if (!validatorFor(schema).Check(input)) return validateInFull(def, body);
  return { ok: true, input, units };
}

/** The full validation: every invalid field named, sizes first. */
function validateInFull(def: AnyDefinition, body: unknown): ValidationOutcome {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, message: 'The body must be a JSON object of the function inputs', fields: { body: 'must be a JSON object' } };
  }
  const { units = 'field', ...rest } = body as Record<string, unknown>;
  // Keys come from the caller: a map without a prototype, so 'constructor' or '__proto__' are plain keys.
  const fields: Record<string, string> = Object.create(null);
  if (units !== 'field' && units !== 'metric') fields.units = `must be one of: ${UNIT_SYSTEMS.join(', ')}`;

  const schema = def.input;
  const validKeys = Object.keys(schema.properties);
  const unknown = Object.keys(rest).filter((k) => !Object.hasOwn(schema.properties, k));
  // Named one by one up to a bound (the message counts the rest): a body of 200,000 unknown keys gets a short answer.
  for (const k of unknown.slice(0, UNKNOWN_FIELDS)) fields[k] = `unknown input; valid keys: ${[...validKeys, 'units'].join(', ')}`;

  // Sizes first: an over-long array or string is refused before any of its elements is looked at,
  // so a refused call costs no more than an accepted one.
  let oversized = false;
  for (const [key, propSchema] of Object.entries(schema.properties)) {
    if (Object.hasOwn(rest, key) && oversize(propSchema, rest[key], key, fields)) oversized = true;
  }
  if (oversized) return refusal(def, fields, unknown, validKeys);

  const input = withDefaults(schema, rest);
  if (!validatorFor(schema).Check(input)) {
    // Field by field, so every invalid field is named (typebox buffers at most 8 errors per
    // check, a DoS guard we keep) and each field costs one bounded check.
    const required = new Set((schema as { required?: string[] }).required ?? []);
    for (const [key, propSchema] of Object.entries(schema.properties) as [string, TObject][]) {
      if (fields[key]) continue;
      const value = input[key];
      if (value === undefined) {
        if (required.has(key)) fields[key] = 'is required';
        continue;
      }
      // A list given for a number-or-list field is judged by the list branch, so its bad item is
      // named (`psia[0]: must be > 0 psia`), not the number branch's "must be number".
      const numberOrList = isNumberOrArray(propSchema as unknown as Record<string, unknown>);
      if (numberOrList && typeof value !== 'number' && !Array.isArray(value)) {
        fields[key] = 'must be a number or a non-empty array of numbers';
        continue;
      }
      const listBranch = numberOrList && Array.isArray(value) ? (branchOfType(propSchema as unknown as Schema, 'array') as unknown as TObject | null) : null;
      const judged = listBranch ?? propSchema;
      const v = validatorFor(judged);
      if (v.Check(value)) continue;
      // A key the schema does not know, at any depth, is named first (spec §4: unknown input keys
      // are refused with the valid keys): it is usually a misspelt input, else read as absent.
      const errs = v.Errors(value) as unknown as TypeboxError[];
      const first = errs.find((e) => e.keyword === 'additionalProperties') ?? errs.find((e) => e.keyword !== 'boolean');
      const described = describeError(judged, first ?? { keyword: 'type', instancePath: '', schemaPath: '#', params: {}, message: 'is invalid' });
      fields[described.field === 'body' || described.field === null ? key : `${key}${described.field.startsWith('[') ? '' : '.'}${described.field}`] = described.message;
    }
  }
  if (Object.keys(fields).length > 0) return refusal(def, fields, unknown, validKeys);
  return { ok: true, input, units: units as UnitSystem };
}

/** Unknown keys named in a refusal: the first few (each cut short), then how many more; callers choose the keys. */
const UNKNOWN_NAMED = 10;
/** Unknown keys given a `details.fields` entry of their own. */
const UNKNOWN_FIELDS = 50;
function namedUnknown(unknown: string[]): string {
  const named = unknown.slice(0, UNKNOWN_NAMED).map((k) => `'${k.length > 64 ? `${k.slice(0, 64)}…` : k}'`);
  return unknown.length > UNKNOWN_NAMED ? `${named.join(', ')} and ${unknown.length - UNKNOWN_NAMED} more` : named.join(', ');
}

function refusal(def: AnyDefinition, fields: Record<string, string>, unknown: string[], validKeys: string[]): ValidationOutcome {
  const n = Object.keys(fields).length;
  return {
    ok: false,
    message: unknown.length
      ? `Unknown input ${namedUnknown(unknown)} for ${def.name}; valid keys: ${[...validKeys, 'units'].join(', ')}`
      : `${n} invalid input${n > 1 ? 's' : ''} for ${def.name}`,
    fields: { ...fields },
    ...(unknown.length ? { validKeys: [...validKeys, 'units'] } : {}),
  };
}

/**
 * Records the first array or string in `value` longer than its schema allows (maxItems,
 * maxLength), looking only at lengths: elements are visited only inside arrays within their
 * bound, and only where they can hold further arrays or strings (objects, arrays). Returns true
 * when it recorded one.
 */
function oversize(schema: unknown, value: unknown, path: string, fields: Record<string, string>): boolean {
  if (!isSchema(schema)) return false;
  if (Array.isArray(value)) {
    const arr = branchOfType(schema, 'array');
    if (!arr) return false;
    const max = typeof arr.maxItems === 'number' ? arr.maxItems : Infinity;
    if (value.length > max) {
      fields[path] = `must have at most ${max} items (got ${value.length})`;
      return true;
    }
    const items = arr.items;
    if (!isSchema(items) || !canNest(items)) return false;
    for (let i = 0; i < value.length; i++) if (oversize(items, value[i], `${path}[${i}]`, fields)) return true;
    return false;
  }
  if (typeof value === 'string') {
    const str = branchOfType(schema, 'string');
    if (str && typeof str.maxLength === 'number' && value.length > str.maxLength) {
      fields[path] = `must be at most ${str.maxLength} characters (got ${value.length})`;
      return true;
    }
    return false;
  }
  if (value !== null && typeof value === 'object') {
    const obj = branchOfType(schema, 'object');
    const props = obj && isSchema(obj.properties) ? obj.properties : null;
    if (!props) return false;
    for (const k of Object.keys(value)) {
      if (Object.hasOwn(props, k) && oversize(props[k], (value as Record<string, unknown>)[k], `${path}.${k}`, fields)) return true;
    }
  }
  return false;
}

type Schema = Record<string, unknown>;
const isSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

/** The schema itself or its first anyOf/oneOf branch of a JSON type. */
function branchOfType(s: Schema, type: string): Schema | null {
  if (s.type === type) return s;
  for (const b of [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? [])]) {
    if (isSchema(b) && b.type === type) return b;
  }
  return null;
}

/** Whether values of a schema can contain arrays or strings worth a size check. */
function canNest(s: Schema): boolean {
  return branchOfType(s, 'object') !== null || branchOfType(s, 'array') !== null || branchOfType(s, 'string') !== null;
}

interface TypeboxError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

/** Fills top-level defaults declared in the schema (method options and the like). */
function withDefaults(schema: TObject, input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input };
  for (const [k, s] of Object.entries(schema.properties) as [string, { default?: unknown }][]) {
    if (out[k] === undefined && s.default !== undefined) out[k] = structuredClone(s.default);
  }
  return out;
}

/** Turns one typebox error into `{ field, message }` with the field as a dotted path. */
function describeError(schema: TObject, e: TypeboxError): { field: string | null; message: string } {
  if (e.keyword === 'boolean') return { field: null, message: '' };
  if (e.keyword === 'additionalProperties') {
    const name = ((e.params.additionalProperties as string[] | undefined) ?? [])[0] ?? '';
    const base = pathOf(e.instancePath);
    const properties = schemaAtPointer(schema, e.schemaPath)?.properties;
    return { field: base ? `${base}.${name}` : name, message: `unknown input; valid keys: ${isSchema(properties) ? Object.keys(properties).join(', ') : ''}` };
  }
  if (e.keyword === 'required') {
    const missing = (e.params.requiredProperties as string[] | undefined) ?? [];
    const base = pathOf(e.instancePath);
    const name = missing[0] ?? '';
    return { field: base ? `${base}.${name}` : name, message: 'is required' };
  }
  const field = pathOf(e.instancePath) || 'body';
  const sub = subschemaAt(schema, e.instancePath);
  const allowed = allowedValues(sub);
  if (allowed) return { field, message: `must be one of: ${allowed.join(', ')}` };
  if (e.keyword === 'anyOf' && sub && isNumberOrArray(sub)) return { field, message: 'must be a number or a non-empty array of numbers' };
  // Bounds are declared in field units; say which, so a metric caller can read them.
  const unit = unitOf(sub);
  if (unit && /^(exclusiveM|m)(in|ax)imum$/.test(e.keyword)) return { field, message: `${e.message} ${unit}` };
  return { field, message: e.message };
}

/** The field unit of a numeric schema, of the number branch of number|array, or of array items. */
function unitOf(s: Record<string, unknown> | undefined): string | null {
  if (!s) return null;
  const branches = [s, ...((s.anyOf as Record<string, unknown>[] | undefined) ?? []), s.items as Record<string, unknown> | undefined];
  const unit = branches.find((b) => b && typeof b.unit === 'string')?.unit as string | undefined;
  return unit && unit !== '-' ? unit : null;
}

function pathOf(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** The schema a typebox error's schemaPath (`#/items/anyOf/1`) points to. */
function schemaAtPointer(schema: unknown, pointer: string): Schema | undefined {
  let s: unknown = schema;
  for (const part of pointer.replace(/^#/, '').split('/').filter(Boolean)) {
    s = isSchema(s) || Array.isArray(s) ? (s as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return isSchema(s) ? s : undefined;
}

function subschemaAt(schema: unknown, instancePath: string): Record<string, unknown> | undefined {
  let s = schema as Record<string, unknown> | undefined;
  for (const part of instancePath.split('/').filter(Boolean)) {
    if (!s) return undefined;
    if (/^\d+$/.test(part)) {
      s = (s.items as Record<string, unknown>) ?? (s.anyOf as Record<string, unknown>[] | undefined)?.find((x) => x.items)?.items as Record<string, unknown>;
    } else {
      s = (s.properties as Record<string, Record<string, unknown>> | undefined)?.[part];
    }
  }
  return s;
}

function allowedValues(s: Record<string, unknown> | undefined): unknown[] | null {
  if (!s) return null;
  if (Array.isArray(s.enum)) return s.enum as unknown[];
  if (Array.isArray(s.anyOf) && (s.anyOf as Record<string, unknown>[]).every((b) => 'const' in b)) {
    return (s.anyOf as Record<string, unknown>[]).map((b) => b.const);
  }
  return null;
}

function isNumberOrArray(s: Record<string, unknown>): boolean {
  return Array.isArray(s.anyOf) && (s.anyOf as Record<string, unknown>[]).some((b) => b.type === 'number') && (s.anyOf as Record<string, unknown>[]).some((b) => b.type === 'array');
}
