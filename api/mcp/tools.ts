/**
 * The calculation tools, generated from the catalogue. Two ways in, both through callEngine (the
 * same code as POST /v1/engine/functions/{name}: scopes, permission, licence, validation, seat
 * and time limit answer exactly as over REST):
 *
 * - direct tools, one per function (`pvt.gasProperties` -> `pvt_gasProperties`): the most used
 *   ones are listed by default (CORE_FUNCTIONS); a client may list a module's or all of them
 *   with `?tools=` on the MCP URL;
 * - `list_functions`, `describe_function` and `run_function`, which reach every function, so
 *   the default tools/list stays small however large the catalogue grows (a model lists, reads
 *   one definition, then runs it).
 *
 * Input schemas are the portable projection of the REST schemas (api/mcp/portableSchema.ts);
 * descriptions stay within 1,024 characters, the rest is in engcalc://functions/{name}.
 */
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { callEngine, type EngineDeps } from '../engine/callEngine.js';
import { describeFunction, publicInputSchema, requiredScopes, seatModule } from '../engine/describe.js';
import { errors } from '../errors.js';
import { CATALOGUE, findDefinition } from '../../engine/catalogue.js';
import type { AnyDefinition } from '../../engine/definition.js';
import { portableSchema } from './portableSchema.js';
import { sampleLists } from './sample.js';
import type { McpRequestContext, McpTool } from './types.js';

/** A calculation reads nothing and changes nothing outside the call. */
export const CALCULATION_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Functions listed as direct tools by default: what engineers run most. */
export const CORE_FUNCTIONS: readonly string[] = [
  'pvt.gasProperties',
  'pvt.oilProperties',
  'pvt.blackOilTable',
  'pvt.waterProperties',
  'eos.flash',
  'eos.model.flash',
  'well.nodal',
  'well.vlp',
  'decline.fit',
  'decline.forecast',
  'econ.metrics',
  'units.convert',
];

export const MAX_DESCRIPTION = 1_024;

export function toolName(functionName: string): string {
  return functionName.replace(/\./g, '_');
}

/** The engine's modules, in catalogue order (list_functions' filter). */
const MODULES: string[] = [...new Set(CATALOGUE.map((d) => d.module))];

export function catalogueTools(deps: EngineDeps): McpTool[] {
  return [...CATALOGUE.map((def) => engineTool(deps, def)), ...functionTools(deps)];
}

const MAX_POINTS = {
  type: 'integer',
  minimum: 2,
  maximum: 10_000,
  description: 'MCP only: thin every list of the result to at most this many evenly spaced points (first and last kept); the REST call gives all of them',
};

function engineTool(deps: EngineDeps, def: AnyDefinition): McpTool {
  const path = `/v1/engine/functions/${def.name}`;
  const input = portableSchema(publicInputSchema(def));
  // A function with a maxPoints input of its own (the phase envelopes' point cap) keeps it: the
  // tool passes it to the engine, as REST does, and offers no thinning (the result budget still
  // applies). The thinning argument once took its name and dropped the engine's cap.
  const curves = hasLists(def.output) && !Object.hasOwn(def.input.properties, 'maxPoints');
  return {
    name: toolName(def.name),
    title: def.title,
    description: toolDescription(def),
    inputSchema: curves ? { ...input, properties: { ...(input.properties as object), maxPoints: MAX_POINTS } } : input,
    requires: requiredScopes(def),
    purpose: `run ${def.name}`,
    engineArguments: true,
    group: def.module,
    core: CORE_FUNCTIONS.includes(def.name),
    annotations: CALCULATION_ANNOTATIONS,
    rest: () => ({ method: 'POST', path, body: curves ? "the same JSON object as this call's arguments (without maxPoints)" : "the same JSON object as this call's arguments", resultField: 'result' }),
    async call(ctx, args) {
      if (!curves) return (await callEngine(deps, ctx.auth, def.name, async () => args, ctx.signal, engineProgress(ctx))).result;
      const { maxPoints, ...inputs } = args;
      const points = maxPointsArg(maxPoints); // before the work: a bad argument costs no calculation
      const result = (await callEngine(deps, ctx.auth, def.name, async () => inputs, ctx.signal, engineProgress(ctx))).result;
      return sampled(result, points);
    },
  };
}

/** list_functions, describe_function and run_function: every function, whatever tools are listed. */
function functionTools(deps: EngineDeps): McpTool[] {
  const nameArg = { type: 'string', description: 'Function name as list_functions gives it, e.g. pvt.gasProperties' };
  return [
    {
      name: 'list_functions',
      title: 'List the engine functions',
      description:
        'Every engine function: name, module, title, whether it needs a module seat, and its direct tool when one is listed. ' +
        'Then describe_function gives one function\'s inputs, outputs, units and validity, and run_function runs it. Optional module filter.',
      inputSchema: { type: 'object', properties: { module: { type: 'string', description: 'Only this module: pvt, gas, eos, well, decline, econ or units' } } },
      requires: [],
      group: 'functions',
      core: true,
      annotations: CALCULATION_ANNOTATIONS,
      rest: () => ({ method: 'GET', path: '/v1/engine/functions', resultField: 'functions' }),
      async call(_ctx, args) {
        const module = args.module;
        if (module !== undefined && (typeof module !== 'string' || !MODULES.includes(module))) {
          throw errors.validation(`module must be one of ${MODULES.join(', ')}`, { module: `must be one of ${MODULES.join(', ')}` });
        }
        return {
          functions: CATALOGUE.filter((d) => !module || d.module === module).map((d) => ({
            name: d.name,
            module: d.module,
            title: d.title,
            seatModule: seatModule(d),
            needs: requiredScopes(d),
            tool: toolName(d.name),
          })),
        };
      },
    },
    {
      name: 'describe_function',
      title: 'Describe one engine function',
      description:
        'One engine function in full: description, input schema (with units: field by default, "units": "metric" converts), output schema, validity ranges, ' +
        'references and a checked example. The same as GET /v1/engine/functions/{name} and the resource engcalc://functions/{name}.',
      inputSchema: { type: 'object', properties: { name: nameArg }, required: ['name'] },
      requires: [],
      group: 'functions',
      core: true,
      annotations: CALCULATION_ANNOTATIONS,
      rest: (args) => ({ method: 'GET', path: `/v1/engine/functions/${String(args.name)}`, resultField: 'function' }),
      async call(_ctx, args) {
        return { function: describeFunction(definitionArg(args.name)) };
      },
    },
    {
      name: 'run_function',
      title: 'Run any engine function',
      description:
        'Runs one engine function with its inputs, exactly as its direct tool or POST /v1/engine/functions/{name} would (same checks, seats, units and errors). ' +
        'Use describe_function first to learn the inputs. maxPoints thins the lists of a long result.',
      inputSchema: {
        type: 'object',
        properties: {
          name: nameArg,
          arguments: { type: 'object', description: "The function's inputs, as describe_function gives them (\"units\": \"metric\" converts)" },
          maxPoints: MAX_POINTS,
        },
        required: ['name', 'arguments'],
      },
      requires: ['engine:run'],
      group: 'functions',
      core: true,
      annotations: CALCULATION_ANNOTATIONS,
      rest: (args) => ({ method: 'POST', path: `/v1/engine/functions/${String(args.name)}`, body: 'the `arguments` of this call', resultField: 'result' }),
      async call(ctx, args) {
        const def = definitionArg(args.name);
        const inputs = args.arguments;
        if (inputs === null || typeof inputs !== 'object' || Array.isArray(inputs)) throw errors.validation('arguments must be an object of the function inputs', { arguments: 'must be an object' });
        const points = maxPointsArg(args.maxPoints);
        const result = (await callEngine(deps, ctx.auth, def.name, async () => inputs, ctx.signal, engineProgress(ctx))).result;
        return sampled(result, points);
      },
    },
  ];
}

/** The engine's own steps (points of an envelope, rates of a sweep) as MCP progress, when the request asked for it. */
function engineProgress(ctx: McpRequestContext): ((done: number, total: number) => void) | undefined {
  const reporter = ctx.progress;
  return reporter ? (done, total) => reporter.report(done, total, `${done} of ${total} steps`) : undefined;
}

function definitionArg(name: unknown): AnyDefinition {
  if (typeof name !== 'string') throw errors.validation('name is required', { name: 'must be a function name, e.g. pvt.gasProperties' });
  const def = findDefinition(name) ?? findDefinition(name.replace(/_/g, '.'));
  if (!def) throw errors.notFound(`No engine function '${name}'; list_functions lists them`);
  return def;
}

/** The thinning argument, checked (undefined: none asked). */
function maxPointsArg(maxPoints: unknown): number | undefined {
  if (maxPoints === undefined) return undefined;
  if (!Number.isInteger(maxPoints) || (maxPoints as number) < MAX_POINTS.minimum || (maxPoints as number) > MAX_POINTS.maximum) {
    const rule = `must be an integer from ${MAX_POINTS.minimum} to ${MAX_POINTS.maximum}`;
    throw errors.validation(`maxPoints ${rule}`, { maxPoints: rule });
  }
  return maxPoints as number;
}

function sampled(result: Record<string, unknown>, maxPoints: number | undefined): Record<string, unknown> {
  return maxPoints === undefined ? result : sampleLists(result, maxPoints);
}

function hasLists(schema: unknown): boolean {
  const s = schema as Record<string, unknown> | null;
  if (!s || typeof s !== 'object') return false;
  if (s.type === 'array') return true;
  for (const k of ['anyOf', 'oneOf'] as const) if (Array.isArray(s[k]) && (s[k] as unknown[]).some(hasLists)) return true;
  if (s.properties && typeof s.properties === 'object') return Object.values(s.properties as object).some(hasLists);
  return false;
}

// ---- description: what a model needs to choose and call the tool, in at most 1,024 characters ----

function toolDescription(def: AnyDefinition): string {
  const module = seatModule(def);
  const tail = [
    'Units: field by default; "units": "metric" converts inputs and results.',
    module ? `Module ${module} (licence and seat).` : 'Black-oil PVT: no seat.',
    `Inputs, outputs, validity and references: describe_function or engcalc://functions/${def.name}.`,
  ].join(' ');
  const room = MAX_DESCRIPTION - tail.length - 2;
  return `${sentencesWithin(def.description, room)}\n${tail}`;
}

/** Whole sentences of `text` that fit in `max` characters (at least the first sentence, cut). */
function sentencesWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  const sentences = text.match(/[^.!?]+(?:[.!?](?=\s|$)|$)\s*/g) ?? [text];
  let out = '';
  for (const s of sentences) {
    if ((out + s).trimEnd().length > max) break;
    out += s;
  }
  out = out.trimEnd();
  return out || `${text.slice(0, max - 1)}…`;
}
