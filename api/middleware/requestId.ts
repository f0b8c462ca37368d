import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppState } from '../state.js';

const SAFE = /^[A-Za-z0-9._:-]{1,128}$/;

/** X-Request-Id on every response: the caller's own id when it is sane, otherwise a new UUID. */
export function requestId(): Middleware<AppState> {
  return async (ctx, next) => {
    const given = ctx.get('X-Request-Id');
    ctx.state.requestId = SAFE.test(given) ? given : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
