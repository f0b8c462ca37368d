/**
 * Operations probes outside /v1, public (no key) and left out of the OpenAPI document:
 * GET /healthz (the process answers), GET /readyz (it can serve: store open; with REDIS_URL,
 * Redis reachable and at least one live worker; not while draining for shutdown), and
 * GET /metrics (Prometheus text; when METRICS_TOKEN is set it needs `Authorization: Bearer <token>`).
 */
import { errors } from '../errors.js';
import { LIVE_BODY, readinessBody, type Readiness } from '../ops/health.js';
import { metricsAuthorized, type Metrics } from '../ops/metrics.js';
import type { RouteSpec } from './route.js';

export interface OpsDeps {
  readiness(): Promise<Readiness>;
  metrics: Metrics;
  metricsToken: string | null;
}

const common = (): Pick<RouteSpec, 'access' | 'scopes' | 'inOpenApi' | 'tags' | 'errors'> => ({ access: 'public', scopes: [], inOpenApi: false, tags: ['meta'], errors: [] });

export function opsRoutes(deps: OpsDeps): RouteSpec[] {
  return [
    {
      ...common(),
      method: 'GET',
      path: '/healthz',
      operationId: 'healthz',
      summary: 'Liveness: the process answers',
      responses: { 200: { description: '{"status":"ok"}' } },
      async handler(ctx) {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = LIVE_BODY;
      },
    },
    {
      ...common(),
      method: 'GET',
      path: '/readyz',
      operationId: 'readyz',
      summary: 'Readiness: the node can serve calls',
      responses: { 200: { description: '{"status":"ready","checks":{...}}' }, 503: { description: 'the unavailable envelope with details.checks' } },
      async handler(ctx) {
        const { status, body, retryAfterS } = readinessBody(await deps.readiness());
        ctx.set('Cache-Control', 'no-store');
        if (retryAfterS !== undefined) ctx.set('Retry-After', String(retryAfterS));
        ctx.status = status;
        ctx.body = body;
      },
    },
    {
      ...common(),
      method: 'GET',
      path: '/metrics',
      operationId: 'metrics',
      summary: 'Prometheus metrics',
      responses: { 200: { description: 'Prometheus text exposition format' } },
      async handler(ctx) {
        if (!metricsAuthorized(deps.metricsToken, ctx.get('Authorization'))) throw errors.unauthenticated('GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
        const { contentType, body } = await deps.metrics.render();
        ctx.set('Cache-Control', 'no-store');
        ctx.type = contentType;
        ctx.body = body;
      },
    },
  ];
}
