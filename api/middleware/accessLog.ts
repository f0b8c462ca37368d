import type { Middleware } from 'koa';
import type { Logger } from '../log.js';
import type { HttpMetrics } from '../ops/metrics.js';
import type { AppState } from '../state.js';

/**
 * One info line per request: id, method, path (no query string), status, time, key display
 * prefix, and for an error its code (for a 503 also its message: an expected refusal is this one
 * line, never a stack). Feeds the request metrics with the route template, not the path, so
 * label values stay bounded.
 */
export function accessLog(log: Logger, metrics?: HttpMetrics): Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      const error = envelopeOf(ctx.body);
      const code = ctx.status >= 400 && typeof error?.code === 'string' ? error.code : undefined;
      // The line's fields are built only when info lines are written (LOG_LEVEL info or debug).
      if (log.enabled('info')) {
        log.info('request', {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
          ...(code ? { code } : {}),
          ...(ctx.status === 503 && error?.message ? { reason: error.message } : {}),
          ...(ctx.state.auth ? { key: ctx.state.auth.key.prefix, company: ctx.state.auth.company.id } : {}),
        });
      }
      const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      metrics?.request(ctx.method, typeof route === 'string' ? route : 'unmatched', ctx.status, ms / 1000, code);
    }
  };
}

type Envelope = { code?: unknown; message?: string };

/**
 * The error envelope of an answer: the body's `error`, or, for an HTTP-level refusal of /v1/mcp
 * (a JSON-RPC error, whose `error.code` is a number), the envelope it carries in `error.data`.
 */
function envelopeOf(body: unknown): Envelope | undefined {
  const error = (body as { error?: Envelope & { data?: { error?: Envelope } } } | null | undefined)?.error;
  if (error && typeof error.code !== 'string' && error.data?.error) return error.data.error;
  return error;
}
