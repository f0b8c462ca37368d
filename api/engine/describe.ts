/**
 * How the catalogue is shown to callers: GET /v1/engine/functions, OpenAPI and MCP all use
 * these, so a function is described the same way everywhere.
 */
import type { AnyDefinition } from '../../engine/definition.js';
import type { KeyScope } from '../../store/model.js';

/** The input schema callers see: the function's own plus the reserved `units` key, closed to others. */
export function publicInputSchema(def: AnyDefinition): Record<string, unknown> {
  const schema = def.input as unknown as Record<string, unknown>;
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
    output: def.output,
    example: example ? { title: example.title, input: example.input, source: example.source } : null,
    validity: def.validity,
    references: def.references,
    requiredScopes: requiredScopes(def),
  };
}
