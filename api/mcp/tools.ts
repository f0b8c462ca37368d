/**
 * One MCP tool per engine function, generated from the catalogue: `pvt.gasProperties` becomes
 * `pvt_gasProperties` (MCP hosts commonly accept only [A-Za-z0-9_-] in tool names). The input
 * schema is the REST body's (publicInputSchema), the result is REST's `result`, and a call goes
 * through callEngine, the same code as POST /v1/engine/functions/{name}: scopes, permission,
 * licence, validation, module seat and time limit answer exactly as they do over REST.
 */
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { callEngine, type EngineDeps } from '../engine/callEngine.js';
import { publicInputSchema, publishSchema, seatModule } from '../engine/describe.js';
import { CATALOGUE } from '../../engine/catalogue.js';
import type { AnyDefinition } from '../../engine/definition.js';
import type { McpTool } from './types.js';

/** A calculation reads nothing and changes nothing outside the call. */
export const CALCULATION_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function toolName(functionName: string): string {
  return functionName.replace(/\./g, '_');
}

export function catalogueTools(deps: EngineDeps): McpTool[] {
  return CATALOGUE.map((def) => engineTool(deps, def));
}

function engineTool(deps: EngineDeps, def: AnyDefinition): McpTool {
  const path = `/v1/engine/functions/${def.name}`;
  return {
    name: toolName(def.name),
    title: def.title,
    description: toolDescription(def),
    inputSchema: publicInputSchema(def),
    resultSchema: resultSchema(def),
    annotations: CALCULATION_ANNOTATIONS,
    rest: () => ({ method: 'POST', path, body: "the same JSON object as this call's arguments", resultField: 'result' }),
    async call(ctx, args) {
      return (await callEngine(deps, ctx.auth, def.name, async () => args)).result;
    },
  };
}

/** REST's `result`: the function's outputs plus units, outputUnits and warnings. */
function resultSchema(def: AnyDefinition): Record<string, unknown> {
  const output = publishSchema(def.output) as unknown as { properties: Record<string, unknown>; required?: string[] };
  return {
    ...output,
    properties: {
      ...output.properties,
      units: { enum: ['field', 'metric'], description: 'Unit system of the result (that of the call)' },
      outputUnits: { type: 'object', additionalProperties: { type: 'string' }, description: 'Unit of every output in this unit system' },
      warnings: { type: 'array', items: { type: 'string' }, description: 'Inputs or derived quantities outside the validated range (values quoted in field units)' },
    },
    required: [...(output.required ?? []), 'units', 'outputUnits', 'warnings'],
  };
}

// ---- description: what a model needs to call the tool well ----

/** Longer option lists (e.g. units.convert's unit names) are left to the input schema. */
const MAX_OPTIONS_SHOWN = 12;

type Schema = Record<string, unknown> & { anyOf?: Schema[]; items?: Schema };

function toolDescription(def: AnyDefinition): string {
  const input = def.input as unknown as { properties: Record<string, Schema>; required?: string[] };
  const output = def.output as unknown as { properties: Record<string, Schema> };
  const required = new Set(input.required ?? []);
  const module = seatModule(def);
  const parts = [
    def.description,
    '',
    'Units: field by default; "units": "metric" converts inputs and results (the result names its unit system and the unit of every output in outputUnits).',
    `Inputs: ${Object.entries(input.properties).map(([k, s]) => describeInput(k, s, required.has(k))).join('; ')}.`,
  ];
  if (def.validity.length) {
    const ranges = def.validity.map((v) => `${v.field} ${rangeText(v.min, v.max)}${v.unit ? ` ${v.unit}` : ''}${v.note ? ` (${v.note})` : ''}`);
    parts.push(`Validity (outside it the result still comes back, with warnings): ${ranges.join('; ')}.`);
  }
  parts.push(`Outputs: ${Object.entries(output.properties).map(([k, s]) => `${k}${unitText(s)}`).join(', ')}; plus units, outputUnits, warnings.`);
  parts.push(
    module
      ? `Module ${module}: needs the company's ${module} licence and takes one of its seats (released 3 minutes after the last call).`
      : `Module ${def.module}: black-oil PVT, no licence or seat needed.`,
  );
  parts.push(`Same call as POST /v1/engine/functions/${def.name}; errors come back as isError results with {error: {code, message, details}}.`);
  return parts.join('\n');
}

function describeInput(key: string, s: Schema, required: boolean): string {
  const facts = [required ? 'required' : 'optional'];
  const options = optionsOf(s);
  if (options) {
    const shown = options.slice(0, MAX_OPTIONS_SHOWN).join(' | ');
    facts.push(options.length > MAX_OPTIONS_SHOWN ? `one of ${options.length} values (see inputSchema), e.g. ${shown}` : `one of ${shown}`);
  }
  const unit = unitText(s).trim();
  if (unit) facts.push(unit);
  if (isList(s)) facts.push(s.type === 'array' ? 'a list' : 'a number or a list');
  if (s.default !== undefined) facts.push(`default ${JSON.stringify(s.default)}`);
  return `${key} (${facts.join(', ')})`;
}

/** " [psia | metric bara]" from the quantity tags of a number, a list or a number-or-list. */
function unitText(s: Schema): string {
  const tagged = [s, s.items, ...(s.anyOf ?? []), ...(s.anyOf ?? []).map((a) => a.items)].find((x) => x && typeof x.unit === 'string');
  if (!tagged) return '';
  const { unit, metricUnit } = tagged as { unit: string; metricUnit?: string };
  if (unit === '-') return ' [-]';
  return metricUnit && metricUnit !== unit ? ` [${unit} | metric ${metricUnit}]` : ` [${unit}]`;
}

function optionsOf(s: Schema): string[] | null {
  if (Array.isArray(s.enum)) return s.enum.map(String);
  const consts = (s.anyOf ?? []).filter((a) => a.const !== undefined).map((a) => String(a.const));
  return consts.length ? consts : null;
}

function isList(s: Schema): boolean {
  return s.type === 'array' || (s.anyOf ?? []).some((a) => a.type === 'array');
}

function rangeText(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return `${min}-${max}`;
  return min !== undefined ? `>= ${min}` : `<= ${max}`;
}
