import type { Middleware } from 'koa';
import type { Logger } from '../log.js';
import type { AppState } from '../state.js';

/** One line per request: id, method, path (no query string), status, time, key display prefix. */
export function accessLog(log: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      log.info('request', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(ctx.state.auth ? { key: ctx.state.auth.key.prefix, company: ctx.state.auth.company.id } : {}),
      });
    }
  };
}
