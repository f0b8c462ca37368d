/**
 * A route is one object: method, path, who may call it, scopes, documentation and handler.
 * The router and the OpenAPI description are both built from the same list (api/routes/index.ts).
 */
import type { ParameterizedContext } from 'koa';
import type { ErrorCode } from '../errors.js';
import type { AppState } from '../state.js';
import type { KeyScope } from '../../store/model.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RouteContext = ParameterizedContext<AppState> & { params: Record<string, string> };

export interface RouteResponse {
  description: string;
  /** JSON Schema of the body. */
  schema?: Record<string, unknown>;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
}

export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI path template, e.g. /v1/projects/{id}. */
  path: string;
  /**
   * 'public' needs no key; 'key' goes through authentication (DESIGN.md §4 steps 1-6);
   * 'payments' through the payments key gate (api/payments/gate.ts); 'app' through the session
   * gate (api/app/gate.ts): never a key, a browser session and CSRF token instead.
   */
  access: 'public' | 'key' | 'payments' | 'app';
  /** App routes: 'none' for the page, its files, sign-in and invitations (default 'required'). */
  session?: 'required' | 'none';
  /** App routes with a session: whose it must be, a company member's or a merchant user's. */
  account?: 'member' | 'merchant';
  /** Which OpenAPI document lists it: the engineering one (default) or the payments one. */
  product?: 'engineering' | 'payments';
  /** Scopes the key must all hold; checked before the handler runs unless `scopeCheck` is 'handler'. */
  scopes: KeyScope[];
  /** 'handler': the handler checks scopes itself, after steps that come first (e.g. unknown function -> 404). */
  scopeCheck?: 'route' | 'handler';
  /** Documented in OpenAPI only (a concrete instance of a templated route, e.g. one engine function). */
  documentOnly?: boolean;
  /** false: served but left out of the OpenAPI document (operations probes: /healthz, /readyz, /metrics). */
  inOpenApi?: boolean;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required: boolean; description: string; schema: Record<string, unknown> }[];
  requestBody?: { description: string; schema: Record<string, unknown>; required?: boolean };
  responses: Record<number, RouteResponse>;
  /** Error codes this route can answer beyond the authentication ones. */
  errors: ErrorCode[];
  handler(ctx: RouteContext): Promise<void>;
}
