/**
 * The one list of engine functions. Everything that describes functions to the outside
 * (validators, units, GET /v1/engine/functions, OpenAPI, MCP tools, the refdata check) reads it.
 */
import type { AnyDefinition } from './definition.js';
import { zFactor } from './pvt/zFactor.js';
import { gasProperties } from './pvt/gasProperties.js';
import { metrics } from './econ/metrics.js';

export const CATALOGUE: readonly AnyDefinition[] = [gasProperties, zFactor, metrics] as unknown as AnyDefinition[];

const byName = new Map(CATALOGUE.map((d) => [d.name, d]));

export function findDefinition(name: string): AnyDefinition | undefined {
  return byName.get(name);
}
