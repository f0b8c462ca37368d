/**
 * Turns anything thrown below into the spec's error envelope. ApiErrors are shown as they are;
 * Koa/http errors keep their status with a catalogue code; anything else is a 500 whose message
 * never leaks internals (the details go to the log at error level, with the request id).
 */
import type { Middleware } from 'koa';
import { ApiError, ERROR_CODES, type ErrorCode } from '../errors.js';
import type { Logger } from '../log.js';
import type { AppState } from '../state.js';
import { jsonRpcRefusal } from '../mcp/refusals.js';

/** The operationId of POST /v1/mcp (api/routes/mcp.ts). */
const MCP_OPERATION = 'mcp';

const BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

export function errorEnvelope(log: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body != null) {
        // An object body is written as JSON here, not by Koa after every middleware has returned:
        // a body that cannot be (too long for one string, a cycle) then fails inside this try and
        // gets the envelope and its request id, where Koa's own fallback answered a bare
        // text/plain 500 that the access log recorded as 200.
        if (isJsonBody(ctx.body)) ctx.body = JSON.stringify(ctx.body);
        return;
      }
      // The router's own answers, in the envelope. 501 is its answer to a method it serves on no
      // path at all (TRACE, PROPFIND, ...): for the caller that is a 405 where the path exists (the
      // router names the path's methods in Allow) and a 404 where it does not, as for any method.
      const allow = ctx.status === 405 || ctx.status === 501 ? String(ctx.response.get('Allow') ?? '') : '';
      if (ctx.status === 404 || (ctx.status === 501 && !allow)) {
        ctx.remove('Allow');
        throw new ApiError('not_found', `No endpoint ${ctx.method} ${ctx.path}`);
      }
      if (allow) throw new ApiError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allow}`, undefined, { Allow: allow });
    } catch (err) {
      const apiError = toApiError(err);
      // A fault (500) is logged with its stack; an expected refusal (503 unavailable, 4xx) is
      // only the access log's line, which carries its code and, for a 503, its message.
      if (apiError.code === 'internal') {
        log.error('request failed', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, error: err instanceof Error ? err.stack : String(err) });
      }
      ctx.status = apiError.status;
      for (const [h, v] of Object.entries(apiError.headers)) ctx.set(h, v);
      // The MCP endpoint speaks JSON-RPC even when it refuses: the envelope travels in `data`.
      ctx.body = ctx.state.route?.operationId === MCP_OPERATION ? jsonRpcRefusal(apiError) : apiError.toBody();
    }
  };
}

/** A body Koa would write as JSON: not text, bytes or a stream. */
function isJsonBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !(body instanceof Uint8Array) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { status?: unknown; expose?: unknown; message?: unknown; headers?: Record<string, string> };
  const status = typeof e?.status === 'number' ? e.status : 500;
  const code = BY_STATUS[status];
  if (status < 500 && code) {
    return new ApiError(code, e.expose && typeof e.message === 'string' ? e.message : ERROR_CODES[code].title, undefined, e.headers ?? {});
  }
  return new ApiError('internal', 'Internal server error; the request id identifies it in the server log');
}
