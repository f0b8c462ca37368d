/**
 * The one catalogue of error codes (spec §7): code -> HTTP status and whether its message is shown.
 * Every non-2xx answer is `{ error: { code, message, details? } }` built from here. A retired code
 * is never reused; test/api/errors.test.ts keeps this table, the OpenAPI document and the README in step.
 */
export const ERROR_CODES = {
  validation_failed: { status: 400, title: 'Invalid input or JSON; details.fields maps each field to a message' },
  unauthenticated: { status: 401, title: 'Key missing, malformed, unknown, revoked or expired' },
  plan_limit: { status: 402, title: 'No licence for the module, no API access on the plan, or the project limit reached' },
  forbidden: { status: 403, title: 'Key lacks the scope, member lacks the permission, endpoint refuses keys, or member disabled' },
  email_not_verified: { status: 403, title: 'The member has not verified their email' },
  tenant_suspended: { status: 403, title: 'The company account is suspended' },
  not_found: { status: 404, title: 'Unknown endpoint, function or project' },
  method_not_allowed: { status: 405, title: 'The path exists but not with this method' },
  request_timeout: { status: 408, title: 'The request was not received completely in time (answered by the HTTP layer)' },
  no_seat: { status: 409, title: 'Every seat of the module is in use; details.holders names the holders and since when' },
  conflict: { status: 409, title: 'The resource state forbids the change' },
  payload_too_large: { status: 413, title: 'The body is larger than the limit for this endpoint' },
  unsupported_media_type: { status: 415, title: 'The body is not JSON (Content-Type must be application/json)' },
  headers_too_large: { status: 431, title: 'The request headers are larger than the server accepts (answered by the HTTP layer)' },
  engine_error: { status: 422, title: 'The calculation ran but produced no result; details.timeout is true on the time limit' },
  rate_limited: { status: 429, title: 'Too many requests; Retry-After header in seconds and details.retryAfter' },
  internal: { status: 500, title: 'Server error (no internals are shown)' },
  unavailable: { status: 503, title: 'A backing service is unreachable; retry later' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** JSON Schema of the error envelope, for OpenAPI and for MCP results with isError. */
export const ERROR_ENVELOPE_SCHEMA = {
  type: 'object',
  description: 'The error envelope',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { enum: Object.keys(ERROR_CODES) },
        message: { type: 'string' },
        details: { type: 'object', description: 'validation_failed: fields (every invalid field -> message); rate_limited: retryAfter; no_seat: holders; engine_error: reason, timeout' },
      },
    },
  },
};

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  /** Extra response headers (e.g. Retry-After, WWW-Authenticate). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = details;
    this.headers = headers;
  }

  toBody(): { error: { code: ErrorCode; message: string; details?: Record<string, unknown> } } {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

/** Named factories for the errors raised in more than one place. */
export const errors = {
  unauthenticated: (message: string) =>
    new ApiError('unauthenticated', message, undefined, { 'WWW-Authenticate': 'Bearer realm="engcalc"' }),
  rateLimited: (retryAfterSeconds: number, message = 'Too many requests') => {
    const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiError('rate_limited', `${message}; retry after ${retryAfter} s`, { retryAfter }, { 'Retry-After': String(retryAfter) });
  },
  forbidden: (message: string, details?: Record<string, unknown>) => new ApiError('forbidden', message, details),
  notFound: (message = 'Not found') => new ApiError('not_found', message),
  validation: (message: string, fields: Record<string, string>, extra: Record<string, unknown> = {}) =>
    new ApiError('validation_failed', message, { fields, ...extra }),
};
