/**
 * The MCP extension point: what a tool is to the MCP server, and what other areas plug in.
 * Catalogue tools (api/mcp/tools.ts) and project tools are the same kind of object, so every
 * tool gets the same listing, the same error results and the same size discipline
 * (api/mcp/result.ts). Project tools and resources join through `McpDeps.projectTools` and
 * `McpDeps.projectResources` (api/routes/mcp.ts); nothing else here needs to change.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ServerCapabilities, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../log.js';
import type { ProgressReporter } from './progress.js';
import type { AuthContext } from '../state.js';
import type { KeyScope } from '../../store/model.js';

/** Facts about the HTTP request a tool call arrived in (one POST /v1/mcp). */
export interface McpRequestContext {
  /** The caller as the authentication gate established it (DESIGN.md §4 steps 1-6 passed). */
  auth: AuthContext;
  requestId: string;
  log: Logger;
  /** The tools this request's tools/list shows (`?tools=` on the MCP URL). */
  selection: ToolSelection;
  /**
   * Aborted when the call is canceled (`notifications/cancelled` on any node, or the client
   * disconnected): tools pass it on to the engine, which stops the work on its thread or worker.
   */
  signal: AbortSignal;
  /** The answer is an SSE stream (the request asked for progress and accepts it): notifications can reach the client. */
  streaming: boolean;
  /** Set when the request asked for progress (`_meta.progressToken`): tools with countable steps report them. */
  progress?: ProgressReporter;
}

/** `core` (default): the most used direct tools; `all`: every tool; else core plus these groups. */
export type ToolSelection = { kind: 'core' } | { kind: 'all' } | { kind: 'minimal' } | { kind: 'groups'; groups: ReadonlySet<string> };

/** A REST call that gives the full result of a tool call, quoted when a result is truncated. */
export interface RestPointer {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** How to build the request body, in words (e.g. "the same JSON object as this call's arguments"). */
  body?: string;
  /** Field of the REST response that holds the full result (e.g. `result` of the engine envelope). */
  resultField?: string;
}

export interface McpTool {
  /** 1-64 characters of [A-Za-z0-9_-] (what every MCP host accepts); unique across all tools. */
  name: string;
  title: string;
  /**
   * What it does, for a model choosing and calling it: at most 1,024 characters (the limit of
   * several model APIs); the long detail lives in resources (engcalc://functions/{name}).
   */
  description: string;
  /** JSON Schema of `arguments` in the portable subset (api/mcp/portableSchema.ts). */
  inputSchema: Record<string, unknown>;
  /**
   * Scopes a key needs to see and call it; tools/list shows a key only the tools it may call, and
   * the server refuses a call without them before the tool runs (api/mcp/server.ts runTool).
   */
  requires: readonly KeyScope[];
  /** Its arguments are an engine function's inputs, which the engine checks (unknown ones included); others are checked against `inputSchema`'s properties first. */
  engineArguments?: true;
  /** What that refusal says the scopes are needed to do (default `use the tool <name>`); engine tools say what REST says. */
  purpose?: string;
  /**
   * The group a client may select with `?tools=` on the MCP URL: an engine module (pvt, eos,
   * well, ...), `projects` or `functions` (the describe/run pair); `core` tools are listed by default.
   */
  group: string;
  core: boolean;
  /** Set explicitly on every tool; MCP's defaults assume a destructive, open-world tool. */
  annotations: ToolAnnotations;
  /** The REST call with the full result (null: none), for truncated results. */
  rest(args: Record<string, unknown>): RestPointer | null;
  /**
   * One call for the authenticated caller. Returns the structured result (cut above the budget
   * by the server); throws ApiError for anything the caller may not do or got wrong, which
   * becomes an `isError` result carrying the REST error envelope. The route lets every valid key
   * in, so a tool checks its own scopes and permissions.
   */
  call(ctx: McpRequestContext, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * Further capabilities on each request's server, e.g. project resources: `capabilities` is
 * announced by initialize (e.g. `{ resources: {} }`), `register` adds the handlers before the
 * server connects (e.g. `server.setRequestHandler(ListResourcesRequestSchema, ...)` and
 * `ReadResourceRequestSchema`), checking `ctx.auth` (scopes: projects:read) itself.
 */
export interface McpServerSetup {
  capabilities: ServerCapabilities;
  register(server: Server, ctx: McpRequestContext): void;
}
