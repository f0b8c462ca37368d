/**
 * The MCP server of one POST /v1/mcp request: the SDK's low-level `Server` (so the catalogue's
 * JSON Schemas go out as they are), stateless, built per request around the caller the gate
 * authenticated. The tool list is built once (`buildToolset`); a per-request server only binds
 * it to the caller.
 *
 * Protocol decisions:
 * - Revisions 2025-11-25, 2025-06-18 and 2025-03-26. `initialize` answers the client's revision
 *   when it is one of these, else 2025-11-25 (the client then decides whether to go on).
 * - A tool's refusals and failures (validation, scope, permission, licence, seat, engine busy,
 *   engine error, time limit) are results with `isError: true` and the REST error envelope, so
 *   a model can correct itself. An unknown tool name is a protocol error: JSON-RPC -32602
 *   (invalid params) with `data` = the envelope (`not_found`), as the MCP spec asks for
 *   errors in finding a tool.
 */
import { rpcError } from './rpcError.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { ApiError, errors } from '../errors.js';
import { errorResult, RESULT_BUDGET_BYTES, successResult } from './result.js';
import { isSelected } from './selection.js';
import { onlyArguments } from './arguments.js';
import { MAX_DESCRIPTION } from './tools.js';
import { progressReporter } from './progress.js';
import { eitherSignal } from './cancellation.js';
import type { McpRequestContext, McpServerSetup, McpTool } from './types.js';

/** Newest first; the first is answered to a client asking for any other. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

const INSTRUCTIONS =
  'Petroleum-engineering calculations (PVT, equation-of-state flash, well performance, decline curves, economics, units) and the company\'s saved projects. ' +
  'The most used functions are direct tools; list_functions lists every function, describe_function gives one in full, run_function runs any of them ' +
  '(a client may list more direct tools with ?tools=all or ?tools=eos,well on the URL). ' +
  'Inputs are in field units unless the arguments hold "units": "metric"; every result names its unit system and the unit of each output (outputUnits) ' +
  'and lists warnings when an input is outside the validated range of a correlation. Read engcalc://units and engcalc://conventions for the rules. ' +
  'A refused or failed call is a result with isError true and {error: {code, message, details}}: validation_failed lists every invalid field in details.fields; ' +
  'forbidden, plan_limit and no_seat are about the key, licence or seats; rate_limited gives details.retryAfter in seconds. ' +
  `A result over ${RESULT_BUDGET_BYTES} bytes is cut (truncated: true) and names the REST call with the whole result; maxPoints thins long curves. ` +
  'Prompts give whole workflows: black_oil_table, gas_well_deliverability, project_economics, fluid_model_study.';

export interface McpToolset {
  tools: readonly McpTool[];
  byName: ReadonlyMap<string, McpTool>;
  /** Each tool as tools/list shows it, computed once. */
  listed: ReadonlyMap<string, Tool>;
}

/** Checks names (format, no two alike) and descriptions once, at start, and builds the listings. */
export function buildToolset(tools: readonly McpTool[]): McpToolset {
  const byName = new Map<string, McpTool>();
  const listed = new Map<string, Tool>();
  for (const t of tools) {
    if (!TOOL_NAME.test(t.name)) throw new Error(`MCP tool name '${t.name}' must be 1-64 characters of [A-Za-z0-9_-]`);
    if (byName.has(t.name)) throw new Error(`Two MCP tools are named '${t.name}'`);
    if (t.description.length > MAX_DESCRIPTION) throw new Error(`MCP tool '${t.name}': description over ${MAX_DESCRIPTION} characters`);
    byName.set(t.name, t);
    listed.set(t.name, { name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema as Tool['inputSchema'], annotations: t.annotations });
  }
  return { tools, byName, listed };
}

/** Which tools tools/list shows: chosen with `?tools=` on the MCP URL (api/mcp/selection.ts). */
export function listTools(toolset: McpToolset, ctx: McpRequestContext): Tool[] {
  const scopes = ctx.auth.key.scopes;
  return toolset.tools
    .filter((t) => t.requires.every((s) => scopes.includes(s)) && isSelected(ctx.selection, t))
    .map((t) => toolset.listed.get(t.name)!);
}

export interface McpServerOptions {
  toolset: McpToolset;
  serverVersion: string;
  /** Further capabilities (e.g. project resources) registered on each request's server. */
  setup?: readonly McpServerSetup[];
}

// Used by the SDK only for elicitation, which this server never requests; one instance, not one per request.
const schemaValidator = new AjvJsonSchemaValidator();

export function createMcpServer(options: McpServerOptions, ctx: McpRequestContext): Server {
  const { toolset } = options;
  const serverInfo = { name: 'engcalc', title: 'Engineering calculation server', version: options.serverVersion };
  const capabilities: ServerCapabilities = Object.assign({ tools: { listChanged: false } }, ...(options.setup ?? []).map((s) => s.capabilities));
  const server = new Server(serverInfo, { capabilities, instructions: INSTRUCTIONS, jsonSchemaValidator: schemaValidator });
  server.onerror = (err) => ctx.log.debug('mcp protocol error', { requestId: ctx.requestId, error: err.message });

  // Replaces the SDK's negotiation, which would also accept revisions before Streamable HTTP.
  server.setRequestHandler(InitializeRequestSchema, (request) => {
    const asked = request.params.protocolVersion;
    return {
      protocolVersion: (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(asked) ? asked : MCP_PROTOCOL_VERSIONS[0],
      capabilities,
      serverInfo,
      instructions: INSTRUCTIONS,
    };
  });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools(toolset, ctx) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const tool = toolset.byName.get(name);
    if (!tool) {
      const message = `Unknown tool '${name}'; tools/list lists the tools`;
      throw rpcError(ErrorCode.InvalidParams, message, { error: { code: 'not_found', message } });
    }
    const token = request.params._meta?.progressToken;
    const progress = token !== undefined && ctx.streaming ? progressReporter(token, (n) => extra.sendNotification(n)) : undefined;
    try {
      return await runTool(tool, { ...ctx, signal: eitherSignal(ctx.signal, extra.signal), progress }, args ?? {});
    } finally {
      progress?.stop();
    }
  });

  for (const setup of options.setup ?? []) setup.register(server, ctx);
  return server;
}

/** Never throws: anything other than an ApiError is logged and answered as `internal`, without internals. */
async function runTool(tool: McpTool, ctx: McpRequestContext, args: Record<string, unknown>): Promise<CallToolResult> {
  try {
    // The scopes a tool declares (those tools/list filters on) are checked here, before the tool
    // runs, for every tool: a tool's own code cannot forget them (get_run once did).
    const missing = tool.requires.filter((s) => !ctx.auth.key.scopes.includes(s));
    if (missing.length) throw errors.forbidden(`This key lacks the scope ${missing.join(' and ')} needed to ${tool.purpose ?? `use the tool ${tool.name}`}`, { requiredScopes: [...tool.requires] });
    // Arguments it does not declare are refused, for every tool but the engine's (the engine refuses unknown inputs itself, in REST's words).
    if (!tool.engineArguments) onlyArguments(args, Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {}));
    const result = successResult(tool.title, await tool.call(ctx, args), tool.rest(args));
    ctx.log.debug('mcp tool call', { requestId: ctx.requestId, tool: tool.name, truncated: result.structuredContent?.truncated === true });
    return result;
  } catch (err) {
    if (err instanceof ApiError) {
      ctx.log.debug('mcp tool call', { requestId: ctx.requestId, tool: tool.name, isError: true, code: err.code });
      if (err.status >= 500) ctx.log.error('mcp tool failed', { requestId: ctx.requestId, tool: tool.name, code: err.code, error: err.message });
      return errorResult(err);
    }
    ctx.log.error('mcp tool failed', { requestId: ctx.requestId, tool: tool.name, error: err instanceof Error ? err.stack : String(err) });
    return errorResult(new ApiError('internal', 'Internal server error; the request id identifies it in the server log', { requestId: ctx.requestId }));
  }
}
