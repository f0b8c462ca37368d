/**
 * The public OpenAPI 3.1 description, generated from the route list, the error catalogue and the
 * key scopes (and, through the engine routes, from the engine catalogue). Never written by hand.
 */
import { ERROR_CODES, ERROR_ENVELOPE_SCHEMA, type ErrorCode } from './errors.js';
import { KEY_PATHS_TEXT } from './keyPaths.js';
import type { RouteSpec } from './routes/route.js';
import { KEY_SCOPES } from '../store/model.js';

const SCOPE_TEXT: Record<string, string> = {
  'engine:run': 'Run engine calculations over REST and MCP',
  'projects:read': 'List and read projects, and project resources over MCP',
  'projects:write': 'Create, update and delete projects; save versions',
};

/** Errors any key-authenticated route can answer (DESIGN.md §4 steps 1-6). */
const AUTH_ERRORS: ErrorCode[] = ['unauthenticated', 'forbidden', 'email_not_verified', 'tenant_suspended', 'rate_limited', 'plan_limit', 'no_seat'];
/** Errors the HTTP layer can answer on any operation (api/clientErrors.ts), and the catch-all. */
const ANY_ERRORS: ErrorCode[] = ['request_timeout', 'headers_too_large', 'internal'];

const TAGS = [
  { name: 'account', description: 'Who a key acts as: member, company, plan, licences' },
  { name: 'engine', description: 'The engine catalogue and engine calls (PVT, EOS, well performance, decline, economics, units)' },
  { name: 'projects', description: "The company's saved projects and their named versions" },
  { name: 'mcp', description: 'The Model Context Protocol server for AI assistants' },
  { name: 'meta', description: 'This description' },
];

export function buildOpenApi(routes: RouteSpec[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    if (r.inOpenApi === false) continue;
    (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Engineering calculation and project service',
      version,
      contact: { name: 'engcalc API support' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description:
        'Petroleum-engineering calculations (engine functions), saved projects with named versions, and an MCP server. ' +
        `Authenticate with Authorization: Bearer <API key>. Keys work on ${KEY_PATHS_TEXT}; any other endpoint refuses keys with 403. ` +
        'Every error body is {"error": {"code", "message", "details"?}}.',
    },
    servers: [{ url: '/' }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `API key: eng_ followed by 43 base64url characters. Scopes: ${KEY_SCOPES.map((s) => `${s} (${SCOPE_TEXT[s]})`).join('; ')}.`,
        },
      },
      schemas: {
        Error: ERROR_ENVELOPE_SCHEMA,
      },
    },
    'x-error-codes': Object.fromEntries(Object.entries(ERROR_CODES).map(([code, v]) => [code, { status: v.status, description: v.title }])),
    'x-scopes': SCOPE_TEXT,
  };
}

function operation(r: RouteSpec): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, res] of Object.entries(r.responses)) {
    responses[status] = {
      description: res.description,
      ...(res.headers ? { headers: res.headers } : {}),
      ...(res.schema ? { content: { 'application/json': { schema: res.schema } } } : {}),
    };
  }
  const codes = [...new Set([...(r.access === 'key' ? AUTH_ERRORS : []), ...r.errors, ...ANY_ERRORS])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of codes) byStatus.set(ERROR_CODES[c].status, [...(byStatus.get(ERROR_CODES[c].status) ?? []), c]);
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] ??= {
      description: list.map((c) => `${c}: ${ERROR_CODES[c].title}`).join('; '),
      ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    operationId: r.operationId,
    summary: r.summary,
    description: r.description ?? r.summary,
    tags: r.tags,
    security: r.access === 'public' ? [] : [{ apiKey: [] }],
    'x-scopes': r.scopes,
    ...(r.parameters ? { parameters: r.parameters } : {}),
    ...(r.requestBody
      ? { requestBody: { description: r.requestBody.description, required: r.requestBody.required ?? true, content: { 'application/json': { schema: r.requestBody.schema } } } }
      : {}),
    responses,
  };
}
