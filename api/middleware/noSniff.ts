import type { Middleware } from 'koa';
import type { AppState } from '../state.js';

/**
 * X-Content-Type-Options: nosniff on every answer (JSON, errors, the app's page and files): a
 * browser shown one of them must take its declared type, never guess an executable one.
 */
export function noSniff(): Middleware<AppState> {
  return (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    return next();
  };
}
