/**
 * How the catalogue is shown to callers: GET /v1/engine/functions, OpenAPI and MCP all use
 * these, so a function is described the same way everywhere.
 */
import type { AnyDefinition } from '../../engine/definition.js';
import type { KeyScope } from '../../store/model.js';

/**
 * The engine's own schema keywords (engine/quantity.ts) and the names they are published under:
 * documents read by other tools (OpenAPI linters and generators, MCP clients) accept custom
 * keywords only as `x-` extensions.
 */
const EXTENSIONS: Readonly<Record<string, string>> = { quantity: 'x-quantity', unit: 'x-unit', metricUnit: 'x-metric-unit', physical: 'x-physical' };
/** Keywords whose value is a map of name -> subschema, a list of subschemas, or one subschema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems']);

const published = new WeakMap<object, Record<string, unknown>>();

/**
 * A schema as published: a plain JSON copy with the engine's keywords renamed to their `x-`
 * names, wherever a subschema can stand (a property named `quantity` stays a property).
 */
export function publishSchema(schema: object): Record<string, unknown> {
  let out = published.get(schema);
  if (!out) {
    out = rename(schema) as Record<string, unknown>;
    published.set(schema, out);
  }
  return out;
}

function rename(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    const key = Object.hasOwn(EXTENSIONS, k) ? EXTENSIONS[k]! : k;
    if (SCHEMA_MAPS.has(k) && v && typeof v === 'object') out[key] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, rename(sub)]));
    else if (SCHEMA_LISTS.has(k) && Array.isArray(v)) out[key] = v.map(rename);
    else if (SCHEMA_ONE.has(k)) out[key] = rename(v);
    else out[key] = v;
  }
  return out;
}

/** The input schema callers see: the function's own plus the reserved `units` key, closed to others. */
export function publicInputSchema(def: AnyDefinition): Record<string, unknown> {
  const schema = publishSchema(def.input);
  return {
    ...schema,
    properties: {
      ...(schema.properties as Record<string, unknown>),
      units: { enum: ['field', 'metric'], default: 'field', description: 'Unit system of inputs and results (field by default)' },
    },
    additionalProperties: false,
  };
}

/** Key scopes a call needs: engine:run, and projects:read when the API node reads a project for it (eos.model.*). */
export function requiredScopes(def: AnyDefinition): KeyScope[] {
  return def.resolve === 'fluidModel' ? ['engine:run', 'projects:read'] : ['engine:run'];
}

/** The seat module of a function; black-oil PVT needs none. */
export function seatModule(def: AnyDefinition): string | null {
  return def.module === 'pvt' ? null : def.module;
}

export function describeFunction(def: AnyDefinition): Record<string, unknown> {
  const example = def.examples[0];
  return {
    name: def.name,
    module: def.module,
    seatModule: seatModule(def),
    title: def.title,
    description: def.description,
    input: publicInputSchema(def),
    output: publishSchema(def.output),
    example: example ? { title: example.title, input: example.input, source: example.source } : null,
    validity: def.validity,
    references: def.references,
    requiredScopes: requiredScopes(def),
  };
}
