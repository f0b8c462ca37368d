/** How the app's routes are written: session-gated, outside the OpenAPI documents, JSON in and out. */
import type { Context } from 'koa';
import { AccountError } from '../accounts/accountError.js';
import { readJsonBody } from '../body.js';
import { ApiError, errors } from '../errors.js';
import type { AppAuth } from '../state.js';
import type { RouteContext, RouteSpec } from '../routes/route.js';

/** App bodies are small forms. */
export const APP_BODY_LIMIT = 64 * 1024;

export type AppRouteInput = Pick<RouteSpec, 'method' | 'path' | 'operationId' | 'summary' | 'session' | 'account'> & { handler(ctx: RouteContext): Promise<void> };

export function appRoute(r: AppRouteInput): RouteSpec {
  return {
    ...r,
    access: 'app',
    scopes: [],
    inOpenApi: false,
    tags: ['app'],
    errors: [],
    responses: { 200: { description: r.summary } },
    async handler(ctx) {
      // Account data and secrets: no cache keeps any answer of the app (its script and style say otherwise).
      ctx.set('Cache-Control', 'no-store');
      try {
        await r.handler(ctx);
      } catch (err) {
        // Account operations (api/accounts, api/projects/approval.ts) refuse with their own class.
        if (err instanceof AccountError) throw new ApiError(err.code, err.message, err.details);
        throw err;
      }
    },
  };
}

/** The JSON object of the body ({} when empty); anything else is 400. */
export async function formBody(ctx: Context): Promise<Record<string, unknown>> {
  const body = await readJsonBody(ctx, APP_BODY_LIMIT);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw errors.validation('The request body must be a JSON object', { body: 'must be a JSON object' });
  return body as Record<string, unknown>;
}

/** The signed-in member and company (routes with account 'member'). */
export function memberOf(ctx: RouteContext): Required<Pick<AppAuth, 'member' | 'company'>> & AppAuth {
  const auth = ctx.state.app;
  if (!auth?.member || !auth.company) throw errors.forbidden('This part of the app is for company members');
  return auth as Required<Pick<AppAuth, 'member' | 'company'>> & AppAuth;
}

/** A secret shown once must not be kept by any cache. */
export function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
}
