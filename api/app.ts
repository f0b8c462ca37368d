/**
 * Assembles the Koa app from its parts. Middleware order: request id, access log, error
 * envelope, authentication gate (for every non-public /v1 path), then the routes, each with its
 * scope check. Everything the app needs arrives in `deps`; nothing here reads the environment.
 */
import Koa from 'koa';
import Router from '@koa/router';
import { ApiError, errors } from './errors.js';
import type { Logger } from './log.js';
import type { AppState } from './state.js';
import { accessLog } from './middleware/accessLog.js';
import type { HttpMetrics } from './ops/metrics.js';
import { authenticate } from './middleware/authenticate.js';
import { errorEnvelope } from './middleware/errors.js';
import { requestId } from './middleware/requestId.js';
import { noSniff } from './middleware/noSniff.js';
import { KeyUseRecorder } from './accounts/keyUse.js';
import { meRoutes } from './routes/me.js';
import { openApiRoutes } from './routes/openapi.js';
import type { RouteContext, RouteSpec } from './routes/route.js';
import type { Store } from '../store/ports.js';
import type { RequestLimits, Seats } from '../store/governance.js';
import type { EngineRunner } from '../workers/runner.js';
import { DEFAULT_BATCH_LIMITS, engineRoutes } from './routes/engine.js';
import { runRoutes } from './routes/runs.js';
import type { RunService } from './engine/runs.js';
import type { BatchLimits } from './engine/batch.js';
import { mcpRoutes } from './routes/mcp.js';
import type { CancelBus } from './mcp/cancellation.js';
import { projectResources, projectTools } from './mcp/projects.js';
import { projectRoutes } from './routes/projects.js';
import { createPolicy } from './policy.js';
import { presentsPaymentsKey } from './authorization.js';
import { appGate, type SessionRules } from './app/gate.js';
import { appRoutes } from './app/routes.js';

export const API_VERSION = '1.0.0';

export interface AppDeps {
  store: Store;
  limits: RequestLimits;
  seats: Seats;
  log: Logger;
  /** Where engine calls run: the in-process pool or the queue. */
  runner: EngineRunner;
  /** Trusted reverse proxies in front (api/config.ts trustProxyHops); 0: the socket address is the client's. */
  trustProxyHops?: number;
  /** Request metrics (api/ops/metrics.ts); none when absent. */
  metrics?: HttpMetrics;
  /** Batch and run limits (api/engine/batch.ts); defaults when absent. */
  batch?: BatchLimits;
  /** Runs (api/engine/runs.ts): served when given. */
  runs?: RunService;
  /** Further routes (engine, projects, mcp) contributed by their modules. */
  routes?: RouteSpec[];
  /** The payments product (api/payments/module.ts): its routes and the key gate they go through. */
  payments?: { routes: RouteSpec[]; gate: Koa.Middleware<AppState> };
  /** The app's session rules (api/config.ts AppConfig); defaults: 30 minutes idle, 12 hours in all. */
  session?: SessionRules;
  /** Where MCP cancellations travel between API nodes (Redis pub/sub when distributed); in-process when absent. */
  cancelBus?: CancelBus;
}

export interface App {
  koa: Koa<AppState>;
  routes: RouteSpec[];
  keyUse: KeyUseRecorder;
}

export function createApp(deps: AppDeps): App {
  // Behind N trusted proxies the client is the N-th X-Forwarded-For entry from the right (what the
  // outermost trusted proxy appended); Koa's maxIpsCount keeps exactly the last N entries.
  const hops = deps.trustProxyHops ?? 0;
  const koa = new Koa<AppState>({ proxy: hops > 0, maxIpsCount: hops });
  koa.silent = true; // errors are logged by the error envelope with their request id
  const keyUse = new KeyUseRecorder(deps.store, deps.log);

  const sessionRules = deps.session ?? { idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 };
  const routes: RouteSpec[] = [];
  routes.push(
    ...openApiRoutes(() => routes, API_VERSION),
    ...meRoutes,
    ...engineRoutes({ store: deps.store, seats: deps.seats, runner: deps.runner }, deps.batch),
    ...(deps.runs ? runRoutes(deps.runs, deps.batch ?? DEFAULT_BATCH_LIMITS) : []),
    ...mcpRoutes({ store: deps.store, seats: deps.seats, runner: deps.runner, log: deps.log, version: API_VERSION, projectTools: projectTools(deps.store), projectResources: projectResources(deps.store), cancelBus: deps.cancelBus, runs: deps.runs }),
    ...projectRoutes(deps.store),
    ...(deps.routes ?? []),
    ...(deps.payments?.routes ?? []),
    ...appRoutes({ store: deps.store, limits: deps.limits, seats: deps.seats, rules: sessionRules }),
  );
  const router = new Router<AppState>();
  const specs = new Map<string, RouteSpec>();
  for (const r of routes.filter((x) => !x.documentOnly)) {
    if (specs.has(r.operationId)) throw new Error(`Two routes share the operationId ${r.operationId}`);
    specs.set(r.operationId, r);
    // The parameters with a declared maxLength, found once: a route without any does no work per request.
    const bounded = (r.parameters ?? []).flatMap((p) => (typeof p.schema.maxLength === 'number' && (p.in === 'path' || p.in === 'query') ? [{ name: p.name, in: p.in, max: p.schema.maxLength }] : []));
    router.register(r.path.replace(/\{(\w+)\}/g, ':$1'), [r.method], async (ctx) => {
      const auth = ctx.state.auth;
      // The policy step sends every key route through the gate; this keeps it so if that ever changes.
      if (r.access === 'key' && !auth) throw errors.unauthenticated('Missing API key: send the header Authorization: Bearer <key>');
      if (r.access === 'payments' && !ctx.state.payments) throw errors.unauthenticated('Missing API key: send the header Authorization: Bearer <secret key>');
      if (r.access === 'app' && r.session !== 'none' && !ctx.state.app) throw new ApiError('unauthenticated', 'Sign in first: this page of the app needs a session');
      const missing = r.scopes.filter((s) => !auth?.key.scopes.includes(s));
      if (r.access === 'key' && r.scopeCheck !== 'handler' && missing.length) {
        throw errors.forbidden(`This key lacks the scope ${missing.join(' and ')} needed for ${r.method} ${r.path}`, { requiredScopes: r.scopes });
      }
      // A path parameter longer than its declared maxLength names nothing: 404 before any lookup
      // (an id of a few KB once reached LMDB, whose keys are bounded, and answered 500).
      // A query parameter past it is 400, naming it.
      for (const { name, in: where, max } of bounded) {
        const raw = where === 'path' ? ctx.params[name] : ctx.query[name];
        const value = Array.isArray(raw) ? raw.join('') : raw;
        if (value === undefined || value.length <= max) continue;
        if (where === 'path') throw errors.notFound(`No ${name} of ${value.length} characters here: ${name}s are at most ${max} characters`);
        throw errors.validation(`The query parameter ${name} is ${value.length} characters; at most ${max}`, { [name]: `must be at most ${max} characters` });
      }
      await r.handler(ctx as unknown as RouteContext);
    }, { name: r.operationId });
  }
  const policyOf = createPolicy(router, specs);

  const gate = authenticate({ store: deps.store, limits: deps.limits, seats: deps.seats, keyUse });
  const sessionGate = appGate({ store: deps.store, rules: sessionRules });
  koa.use(requestId());
  koa.use(noSniff());
  koa.use(accessLog(deps.log, deps.metrics));
  koa.use(errorEnvelope(deps.log));
  // One policy per request, from the same match that picks the handler (api/policy.ts).
  koa.use(async (ctx, next) => {
    const policy = policyOf(ctx.path, ctx.method);
    if (policy.kind === 'route') {
      ctx.state.route = policy.route;
      if (policy.route.access === 'payments') return deps.payments!.gate(ctx, next);
      if (policy.route.access === 'app') return sessionGate(ctx, next);
      return policy.route.access === 'public' ? next() : gate(ctx, next);
    }
    if (policy.kind === 'app') return sessionGate(ctx, next);
    if (policy.kind === 'api') return deps.payments && presentsPaymentsKey(ctx) ? deps.payments.gate(ctx, next) : gate(ctx, next);
    return next();
  });
  koa.use(router.routes());
  koa.use(router.allowedMethods({ throw: false }));
  return { koa, routes, keyUse };
}
