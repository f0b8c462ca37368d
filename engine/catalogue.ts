/**
 * The one list of engine functions. Everything that describes functions to the outside
 * (validators, units, GET /v1/engine/functions, OpenAPI, MCP tools, the refdata check) reads it.
 * Each area keeps its own list (engine/<module>/functions.ts); this file only joins them.
 */
import type { AnyDefinition } from './definition.js';
import { PVT_FUNCTIONS } from './pvt/functions.js';
import { OIL_FUNCTIONS } from './pvt/oil/functions.js';
import { GAS_FUNCTIONS } from './gas/functions.js';
import { ECON_FUNCTIONS } from './econ/functions.js';
import { UNITS_FUNCTIONS } from './units/functions.js';
import { DECLINE_FUNCTIONS } from './decline/functions.js';
import { EOS_FUNCTIONS } from './eos/functions.js';
import { WELL_FUNCTIONS } from './well/functions.js';

export const CATALOGUE: readonly AnyDefinition[] = [
  ...PVT_FUNCTIONS,
  ...OIL_FUNCTIONS,
  ...GAS_FUNCTIONS,
  ...EOS_FUNCTIONS,
  ...WELL_FUNCTIONS,
  ...DECLINE_FUNCTIONS,
  ...ECON_FUNCTIONS,
  ...UNITS_FUNCTIONS,
];

const byName = new Map(CATALOGUE.map((d) => [d.name, d]));
if (byName.size !== CATALOGUE.length) throw new Error('engine/catalogue: two definitions share a name');

export function findDefinition(name: string): AnyDefinition | undefined {
  return byName.get(name);
}
