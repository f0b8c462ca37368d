/**
 * Workflow prompts: the multi-step jobs engineers ask for, written out as the tool calls that do
 * them (with the data of a saved project embedded when the prompt names one and the key may read
 * it), and completion of their arguments and of resource template arguments: project ids, fluid
 * model ids, VLP method names, function names.
 */
import { rpcError } from './rpcError.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  type GetPromptResult,
  type Prompt,
  type PromptMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../errors.js';
import * as projects from '../projects/service.js';
import { findDefinition } from '../../engine/catalogue.js';
import type { Store } from '../../store/ports.js';
import { fitToBudget, RESULT_BUDGET_BYTES } from './result.js';
import { functionNames } from './reference.js';
import type { McpRequestContext, McpServerSetup } from './types.js';

interface WorkflowPrompt extends Prompt {
  /** The instructions, from the (validated) arguments. */
  text(args: Record<string, string>): string;
  /** The argument naming a project whose data is embedded, if any. */
  projectArg?: string;
  /** What is wrong with the arguments given the project's data (read when projectArg names one), or null. */
  checkProject?(data: Record<string, unknown>, args: Record<string, string>): Record<string, string> | null;
}

const PROMPTS: WorkflowPrompt[] = [
  {
    name: 'black_oil_table',
    title: 'Black-oil PVT tables from a project',
    description: "Builds the simulator's PVTO/PVDG/PVTW tables from the black-oil data saved in a project, and reviews them.",
    arguments: [
      { name: 'projectId', description: 'The project whose data holds a blackOil block (api, gasSG, rsbScfStb or pbPsia, TF, water salinity)', required: true },
      { name: 'deckUnits', description: 'FIELD or METRIC (default: FIELD)', required: false },
    ],
    projectArg: 'projectId',
    text: (a) =>
      [
        `Build black-oil PVT tables for project ${a.projectId}.`,
        `1. Read the project (its data is below, or get_project with id "${a.projectId}") and take its blackOil block: API gravity, gas gravity, Rsb or pb, reservoir temperature, water salinity and any method choices.`,
        '2. Call pvt_blackOilTable with those inputs and a pressure grid from 14.7 psia to about 1.2 times the initial reservoir pressure (at most 150 pressures, including the bubble point region).' +
          ` Ask for deckUnits ${a.deckUnits ?? 'FIELD'}.`,
        '3. Report the bubble point, Bo and viscosity at the bubble point and at initial pressure, the deck text, and every warning; say which correlations were used (the result names them).',
      ].join('\n'),
  },
  {
    name: 'gas_well_deliverability',
    title: 'Gas-well deliverability screening',
    description: 'Screens a gas well: gas properties, inflow, outflow and the operating point at a wellhead pressure, with the liquid-loading check.',
    arguments: [
      { name: 'gasSG', description: 'Gas specific gravity (air = 1)', required: true },
      { name: 'reservoirPressurePsia', description: 'Average reservoir pressure, psia', required: true },
      { name: 'reservoirTempF', description: 'Reservoir temperature, degF', required: true },
      { name: 'wellheadPressurePsia', description: 'Flowing wellhead pressure, psia', required: true },
      { name: 'tubingIdIn', description: 'Tubing inside diameter, in', required: true },
      { name: 'depthFt', description: 'Measured depth to the perforations, ft', required: true },
      { name: 'vlpMethod', description: 'Outflow correlation (default CullenderSmith for dry gas)', required: false },
    ],
    text: (a) =>
      [
        `Screen the deliverability of a gas well: gas gravity ${a.gasSG}, reservoir ${a.reservoirPressurePsia} psia at ${a.reservoirTempF} degF, wellhead ${a.wellheadPressurePsia} psia, tubing ${a.tubingIdIn} in to ${a.depthFt} ft.`,
        `1. pvt_gasProperties at the reservoir and wellhead conditions (z, Bg, viscosity).`,
        '2. An inflow: well_ipr with iprMethod "gas" (pseudo-pressure with non-Darcy D) from reservoir data if known, or run_function well.iprFetkovich from test points.',
        `3. well_nodal for a gas well with vlpMethod ${a.vlpMethod ?? 'CullenderSmith'} at the wellhead pressure: the operating rate and bottom-hole pressure, on the stable side.`,
        '4. Compare the rate with the Turner and Coleman critical rates the nodal result gives (or run_function gas.criticalRate); say whether the well risks liquid loading.',
        '5. Report the operating point, the AOF, the loading margin and every warning; state the correlations used.',
      ].join('\n'),
  },
  {
    name: 'project_economics',
    title: 'Project economics from decline to NPV',
    description: "Fits a decline to a project's production history, forecasts it, builds the cash flows from its economics block and computes NPV, IRR and payback.",
    arguments: [
      { name: 'projectId', description: 'The project whose data holds wells[].history and an economics block', required: true },
      { name: 'discountRates', description: 'Comma-separated annual rates, e.g. 0.08,0.1 (default: the project economics block)', required: false },
    ],
    projectArg: 'projectId',
    text: (a) =>
      [
        `Evaluate the economics of project ${a.projectId}.`,
        '1. From the project data (below, or get_project), take each well\'s monthly history and the economics block (prices, opex, capex, discounting).',
        '2. decline_fit a hyperbolic (or modified hyperbolic) model to the oil rates against time; check R2 and the standard errors.',
        '3. decline_forecast monthly volumes from the fitted model to the economic limit (gas and water by the latest ratios).',
        '4. run_function econ.cashFlow with those volumes, the prices, working interest, royalty, opex and capex; its netCashFlow is econ_metrics\' cashFlows.',
        `5. econ_metrics with discountRates ${a.discountRates ?? 'from the economics block'}, periodsPerYear 12 and the project\'s discounting convention.`,
        '6. Report NPV per rate, IRR, payback, the EUR and every assumption you made, with the warnings.',
      ].join('\n'),
  },
  {
    name: 'fluid_model_study',
    title: 'PVT study of a saved fluid model',
    description: "Runs the standard PVT experiments on a project's equation-of-state fluid model: saturation pressure, phase envelope, CCE and separator test.",
    arguments: [
      { name: 'projectId', description: 'The project holding the fluid model', required: true },
      { name: 'fluidModelId', description: 'The fluid model (required when the project holds more than one)', required: false },
      { name: 'temperatureF', description: 'Reservoir temperature, degF', required: true },
    ],
    projectArg: 'projectId',
    checkProject: (data, a): Record<string, string> | null => {
      const models = Array.isArray(data.fluidModels) ? data.fluidModels : [];
      const ids = models.map((m) => (m as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string');
      if (models.length === 0) return { projectId: `project ${a.projectId} holds no fluid models (data.fluidModels)` };
      if (a.fluidModelId !== undefined && !ids.includes(a.fluidModelId)) return { fluidModelId: `no fluid model '${a.fluidModelId}' in project ${a.projectId}; it holds: ${ids.join(', ') || 'none with an id'}` };
      if (a.fluidModelId === undefined && models.length > 1) return { fluidModelId: `is required: project ${a.projectId} holds ${models.length} fluid models (${ids.join(', ')})` };
      return null;
    },
    text: (a) =>
      [
        `Study fluid model ${a.fluidModelId ?? '(the only one)'} of project ${a.projectId} at ${a.temperatureF} degF. Every call takes projectId "${a.projectId}"${a.fluidModelId ? ` and fluidModelId "${a.fluidModelId}"` : ''}.`,
        '1. run_function eos.model.describe: the components, EOS and kij.',
        '2. run_function eos.model.saturationPressure at the temperature (kind auto): bubble or dew point.',
        '3. run_function eos.model.phaseEnvelope: the critical point, cricondenbar and cricondentherm.',
        '4. run_function eos.model.cce at the temperature from above the saturation pressure down to about a third of it, and eos.model.separatorTest through a typical two-stage separator to stock-tank conditions.',
        '5. Report the saturation pressure, the fluid type it implies, relative volumes, GOR, Bo and API, and every warning.',
      ].join('\n'),
  },
];

export function promptsSetup(store: Store): McpServerSetup {
  return {
    capabilities: { prompts: { listChanged: false }, completions: {} },
    register(server: Server, ctx) {
      server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: PROMPTS.map(({ text: _t, projectArg: _p, ...p }) => p) }));
      server.setRequestHandler(GetPromptRequestSchema, async (req) => getPrompt(store, ctx, req.params.name, req.params.arguments ?? {}));
      server.setRequestHandler(CompleteRequestSchema, async (req) => {
        const values = await complete(store, ctx, req.params.ref, req.params.argument, req.params.context?.arguments ?? {});
        return { completion: { values: values.slice(0, 100), total: values.length, hasMore: values.length > 100 } };
      });
    },
  };
}

async function getPrompt(store: Store, ctx: McpRequestContext, name: string, args: Record<string, string>): Promise<GetPromptResult> {
  const prompt = PROMPTS.find((p) => p.name === name);
  if (!prompt) throw rpcError(-32602, `Unknown prompt '${name}'; prompts/list lists them`);
  const missing = (prompt.arguments ?? []).filter((a) => a.required && !args[a.name]).map((a) => a.name);
  if (missing.length) throw rpcError(-32602, `Prompt ${name} needs ${missing.join(', ')}`);
  const problems = argumentProblems(prompt, args);
  if (Object.keys(problems).length) throw invalidArguments(name, problems);
  const messages: PromptMessage[] = [{ role: 'user', content: { type: 'text', text: prompt.text(args) } }];
  const id = prompt.projectArg ? args[prompt.projectArg] : undefined;
  if (id && ctx.auth.key.scopes.includes('projects:read')) {
    let project;
    try {
      project = await projects.getProject(store, ctx.auth, id);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      throw rpcError(-32602, `Project '${id}': ${err.message}`, err.toBody());
    }
    const wrong = prompt.checkProject?.(project.data, args);
    if (wrong) throw invalidArguments(name, wrong);
    const body = fitToBudget({ project }, { method: 'GET', path: `/v1/projects/${id}`, resultField: 'project' }, RESULT_BUDGET_BYTES / 2);
    messages.push({ role: 'user', content: { type: 'resource', resource: { uri: `project://${id}`, mimeType: 'application/json', text: JSON.stringify(body) } } });
  }
  return { description: prompt.description, messages };
}

/** -32602 naming each argument and what is wrong with it (validation_failed's fields in its data). */
function invalidArguments(name: string, problems: Record<string, string>) {
  const message = `Prompt ${name}: ${Object.entries(problems).map(([k, v]) => `${k} ${v}`).join('; ')}`;
  return rpcError(-32602, message, new ApiError('validation_failed', message, { fields: problems }).toBody());
}

/**
 * What is wrong with a prompt's arguments, by name: the text goes into the instructions a model
 * follows, so an argument is what its name says (a number in its physical range, a project id,
 * one of the allowed values) and short; one the prompt does not take is refused.
 */
function argumentProblems(prompt: WorkflowPrompt, args: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = Object.create(null);
  const declared = new Set((prompt.arguments ?? []).map((a) => a.name));
  for (const [name, value] of Object.entries(args)) {
    if (!declared.has(name)) {
      problems[name.slice(0, 64)] = `is not an argument of this prompt (it takes ${[...declared].join(', ')})`;
      continue;
    }
    const rule = ARGUMENT_RULES[name];
    const problem = typeof value !== 'string' ? 'must be a string' : value.length > 200 ? 'must be at most 200 characters' : /[\p{Cc}]/u.test(value) ? 'must not contain control characters' : rule ? rule(value) : null;
    if (problem) problems[name] = problem;
  }
  return { ...problems };
}

/** A number in (min, max]: the physical domain of the quantity (psia, degF, in, ft, fraction). */
const numberIn = (min: number, max: number, unit: string) => (v: string) => {
  const x = Number(v.trim());
  return v.trim() !== '' && Number.isFinite(x) && x > min && x <= max ? null : `must be a number above ${min} and at most ${max}${unit}`;
};

const ARGUMENT_RULES: Record<string, (value: string) => string | null> = {
  projectId: (v) => (/^[A-Za-z0-9_-]{1,64}$/.test(v) ? null : 'must be a project id: 1 to 64 letters, digits, _ or -'),
  deckUnits: (v) => (['FIELD', 'METRIC'].includes(v) ? null : 'must be FIELD or METRIC'),
  vlpMethod: (v) => (enumOf('well.vlp', 'vlpMethod').includes(v) ? null : `must be one of ${enumOf('well.vlp', 'vlpMethod').join(', ')}`),
  gasSG: numberIn(0, 3, ' (air = 1)'),
  reservoirPressurePsia: numberIn(0, 100_000, ' psia'),
  wellheadPressurePsia: numberIn(0, 100_000, ' psia'),
  reservoirTempF: numberIn(-459.67, 1_000, ' degF'),
  temperatureF: numberIn(-459.67, 1_000, ' degF'),
  // Quoted into the instructions: no quotes or other punctuation; the id must also be one of the project's (checkProject).
  fluidModelId: (v) => (/^[\p{L}\p{N} _.+()-]{1,64}$/u.test(v) ? null : 'must be a fluid model id: 1 to 64 letters, digits, spaces, _ . + ( ) or -'),
  tubingIdIn: numberIn(0, 36, ' in'),
  depthFt: numberIn(0, 50_000, ' ft'),
  discountRates: (v) => (v.split(',').every((r) => r.trim() !== '' && Number.isFinite(Number(r)) && Number(r) > -1 && Number(r) <= 10) ? null : 'must be comma-separated annual rates above -1 and at most 10, e.g. 0.08,0.1'),
};

// Every argument a prompt declares has its rule: an argument without one went into the
// instructions unchecked (fluid_model_study's temperature and fluid model once did).
for (const p of PROMPTS) {
  for (const a of p.arguments ?? []) if (!ARGUMENT_RULES[a.name]) throw new Error(`MCP prompt ${p.name}: argument ${a.name} has no rule in ARGUMENT_RULES`);
}

type Ref = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

async function complete(store: Store, ctx: McpRequestContext, ref: Ref, argument: { name: string; value: string }, context: Record<string, string>): Promise<string[]> {
  const prefix = argument.value ?? '';
  const starts = (list: readonly string[]) => list.filter((v) => v.toLowerCase().startsWith(prefix.toLowerCase()));
  if (ref.type === 'ref/resource') {
    if (ref.uri === 'engcalc://functions/{name}') return functionNames(prefix);
    if (ref.uri === 'project://{id}') return starts(await projectIds(store, ctx));
    return [];
  }
  switch (argument.name) {
    case 'projectId':
      return starts(await projectIds(store, ctx));
    case 'fluidModelId':
      return starts(await fluidModelIds(store, ctx, context.projectId));
    case 'vlpMethod':
      return starts(enumOf('well.vlp', 'vlpMethod'));
    case 'deckUnits':
      return starts(['FIELD', 'METRIC']);
    default:
      return [];
  }
}

async function projectIds(store: Store, ctx: McpRequestContext): Promise<string[]> {
  if (!ctx.auth.key.scopes.includes('projects:read')) return [];
  const page = await projects.listProjects(store, ctx.auth, { limit: projects.LIST_LIMIT_MAX });
  return page.projects.map((p) => p.id);
}

async function fluidModelIds(store: Store, ctx: McpRequestContext, projectId: string | undefined): Promise<string[]> {
  if (!projectId || !ctx.auth.key.scopes.includes('projects:read')) return [];
  try {
    const models = (await projects.getProject(store, ctx.auth, projectId)).data.fluidModels;
    return Array.isArray(models) ? models.map((m) => (m as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return []; // an unknown or malformed project completes to nothing
  }
}

/** The allowed values of a function's input (from its schema), for completing method names. */
function enumOf(fn: string, input: string): string[] {
  const schema = (findDefinition(fn)?.input as unknown as { properties?: Record<string, { enum?: unknown[]; anyOf?: { const?: unknown }[] }> } | undefined)?.properties?.[input];
  const values = schema?.enum ?? schema?.anyOf?.map((b) => b.const);
  return (values ?? []).filter((v): v is string => typeof v === 'string');
}
