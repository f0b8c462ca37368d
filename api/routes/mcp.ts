/**
 * POST /v1/mcp: the MCP server for AI assistants (Streamable HTTP, stateless, JSON responses).
 * Any valid key gets in (scopes: []); each tool checks its own scope, permission, licence and
 * seat exactly as its REST call does. GET and DELETE answer 405 (no server-to-client stream, no
 * sessions to end): the router does that for a POST-only route.
 *
 * Extension point for projects: pass `projectTools` (McpTool objects, api/mcp/types.ts) and/or
 * `projectResources` (a setup hook that registers resource handlers on each request's server).
 */
import type { EngineDeps } from '../engine/callEngine.js';
import type { Logger } from '../log.js';
import { serveMcpPost, type McpHttpOptions } from '../mcp/http.js';
import { memoryCancelBus, type CancelBus } from '../mcp/cancellation.js';
import { RESULT_BUDGET_BYTES } from '../mcp/result.js';
import { buildToolset, MCP_PROTOCOL_VERSIONS } from '../mcp/server.js';
import { catalogueTools } from '../mcp/tools.js';
import { runTools } from '../mcp/runTools.js';
import type { RunService } from '../engine/runs.js';
import type { McpTool } from '../mcp/types.js';
import { resourcesSetup, type ResourceProvider } from '../mcp/resources.js';
import { referenceResources } from '../mcp/reference.js';
import { promptsSetup } from '../mcp/prompts.js';
import type { RouteSpec } from './route.js';

export interface McpDeps extends EngineDeps {
  log: Logger;
  /** Shown as serverInfo.version. */
  version: string;
  /** Tools beyond the engine catalogue (the projects area's); empty by default. */
  projectTools?: McpTool[];
  /** The company's projects as resources (project://{id}); none by default. */
  projectResources?: ResourceProvider;
  /** Where `notifications/cancelled` travels: in-process by default, Redis pub/sub across API nodes. */
  cancelBus?: CancelBus;
  /** Runs (submit_batch, get_run); absent: those tools are not offered. */
  runs?: RunService;
}

const jsonRpcMessage = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer'], description: 'Present on requests; absent on notifications' },
    method: { type: 'string', examples: ['initialize', 'notifications/initialized', 'tools/list', 'tools/call', 'ping'] },
    params: { type: 'object' },
  },
};

const requestExample = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'pvt_gasProperties', arguments: { psia: [1000, 2000], TF: 180, gasSG: 0.7 } },
};

export function mcpRoutes(deps: McpDeps): RouteSpec[] {
  const options: McpHttpOptions = {
    cancelBus: deps.cancelBus ?? memoryCancelBus(),
    toolset: buildToolset([...catalogueTools(deps), ...(deps.runs ? runTools(deps.runs) : []), ...(deps.projectTools ?? [])]),
    serverVersion: deps.version,
    setup: [resourcesSetup([referenceResources(), ...(deps.projectResources ? [deps.projectResources] : [])]), promptsSetup(deps.store)],
  };

  return [
    {
      method: 'POST',
      path: '/v1/mcp',
      access: 'key',
      scopes: [],
      operationId: 'mcp',
      summary: 'MCP server (Streamable HTTP, stateless): engine functions and projects as tools, resources and prompts',
      description:
        `Model Context Protocol, revisions ${MCP_PROTOCOL_VERSIONS.join(', ')}. Send Authorization: Bearer <key>, Content-Type: application/json ` +
        'and (after initialize) MCP-Protocol-Version. The answer is JSON, except for a tools/call whose params carry _meta.progressToken from a client ' +
        'accepting text/event-stream: that one is an SSE stream of notifications/progress (real steps, or a heartbeat each second) ending with the result. ' +
        'notifications/cancelled for a running call (on any API node) and a client disconnecting stop its engine work. ' +
        'No sessions: no Mcp-Session-Id is issued, every POST stands alone. Authentication, account checks, the per-key limit (every request counts, ' +
        'shared with REST) and the Integrations seat apply before any JSON-RPC is read. ' +
        'Tools: one per engine function, named with _ for . (pvt.gasProperties -> pvt_gasProperties); the input schema is the REST body, ' +
        "structuredContent is the REST `result`. Each tool checks engine:run (eos.model.*: also projects:read), the run-scripts permission, " +
        'the module licence and seat as REST does; refusals are results with isError: true carrying the REST error envelope. ' +
        `An unknown tool is a JSON-RPC error -32602. A tool result or resource read stays within ${RESULT_BUDGET_BYTES} bytes: larger ones are cut ` +
        '(truncated: true) and name the REST call with the full result. One JSON-RPC message per request: batches (arrays) are refused with 400. ' +
        'GET and DELETE answer 405.',
      tags: ['mcp'],
      requestBody: {
        description: 'One JSON-RPC 2.0 message; batches (arrays) are refused with 400',
        schema: { ...jsonRpcMessage, examples: [requestExample] },
      },
      responses: {
        200: {
          description: 'The JSON-RPC response (result or error). A tools/call carrying _meta.progressToken from a client accepting text/event-stream is answered as text/event-stream instead: notifications/progress events, then this response as the last event',
          schema: {
            type: 'object',
            properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, result: { type: 'object' }, error: { type: 'object' } },
          },
        },
        202: { description: 'The body held only notifications or responses: accepted, no body' },
      },
      errors: ['validation_failed', 'payload_too_large', 'unsupported_media_type'],
      handler: (ctx) => serveMcpPost(ctx, options, deps.log),
    },
  ];
}
