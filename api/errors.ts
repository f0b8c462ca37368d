/**
 * The one catalogue of error codes (spec §7): code -> HTTP status and whether its message is shown.
 * Every non-2xx answer is `{ error: { code, message, details? } }` built from here. A retired code
 * is never reused; test/api/errors.test.ts keeps this table, the OpenAPI document and the README in step.
 */
export const ERROR_CODES = {
  validation_failed: { status: 400, title: 'Invalid input or JSON; details.fields maps each field to a message' },
  unauthenticated: { status: 401, title: 'Key missing, malformed, unknown, revoked or expired' },
  plan_limit: { status: 402, title: 'No licence for the module, no API access on the plan, or the project limit reached' },
  insufficient_funds: { status: 402, title: 'Payments: the available balance does not cover the amount (and fee); details.currency, available, required' },
  forbidden: { status: 403, title: 'Key lacks the scope, member lacks the permission, endpoint refuses keys, or member disabled' },
  email_not_verified: { status: 403, title: 'The member has not verified their email' },
  tenant_suspended: { status: 403, title: 'The company account is suspended' },
  not_found: { status: 404, title: 'Unknown endpoint, function or project' },
  method_not_allowed: { status: 405, title: 'The path exists but not with this method' },
  request_timeout: { status: 408, title: 'The request was not received completely in time (answered by the HTTP layer)' },
  no_seat: { status: 409, title: 'Every seat of the module is in use; details.holders names the holders and since when' },
  conflict: { status: 409, title: 'The resource state forbids the change' },
  invalid_transition: { status: 409, title: 'Payments: the object is not in a state that allows this change; details.status, allowed' },
  quote_expired: { status: 409, title: 'Payments: the quote expired (quotes are locked for 5 minutes); get a new one' },
  quote_used: { status: 409, title: 'Payments: the quote was already used by a conversion (quotes are single use)' },
  idempotency_key_in_use: { status: 409, title: 'A request with this Idempotency-Key is still running; retry after it finishes (payments; engineering batch and run creation)' },
  payload_too_large: { status: 413, title: 'The body is larger than the limit for this endpoint' },
  unsupported_media_type: { status: 415, title: 'The body is not JSON (Content-Type must be application/json)' },
  headers_too_large: { status: 431, title: 'The request headers are larger than the server accepts (answered by the HTTP layer)' },
  engine_error: { status: 422, title: 'The calculation ran but produced no result; details.timeout is true on the time limit' },
  idempotency_key_reused: { status: 422, title: 'This Idempotency-Key was used with another request (method, path or body; payments, engineering batch and run creation)' },
  rate_unavailable: { status: 422, title: 'Payments: no conversion rate is set for this currency pair' },
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
  /** The JSON-RPC error code the MCP endpoint answers this with, where it is not the code's usual one (api/mcp/refusals.ts). */
  rpcCode?: number;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = details;
    this.headers = headers;
  }

  /**
   * The error envelope, bounded: messages and field lists often echo what the caller sent (a
   * function name, unknown keys), so a 4 MB request could otherwise get an answer several times
   * its size (MCP doubles it: text and structured). The message keeps MAX_MESSAGE_CHARS and
   * `details.fields` its first MAX_FIELDS entries, each name and message cut to MAX_FIELD_CHARS;
   * `details.fieldsOmitted` counts the rest.
   */
  toBody(): { error: { code: ErrorCode; message: string; details?: Record<string, unknown> } } {
    return { error: { code: this.code, message: cut(this.message, MAX_MESSAGE_CHARS), ...(this.details ? { details: boundedDetails(this.details) } : {}) } };
  }
}

/** Longest error message answered (characters). */
export const MAX_MESSAGE_CHARS = 2_000;
/** Most entries of `details.fields` answered, and the longest name or message of one. */
export const MAX_FIELDS = 100;
export const MAX_FIELD_CHARS = 300;

/** `text` itself when short enough, else its first `max` characters and how many were left out. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

function boundedDetails(details: Record<string, unknown>): Record<string, unknown> {
  const fields = details.fields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return details;
  const entries = Object.entries(fields as Record<string, unknown>);
  const long = (e: [string, unknown]) => e[0].length > MAX_FIELD_CHARS || (typeof e[1] === 'string' && e[1].length > MAX_FIELD_CHARS);
  if (entries.length <= MAX_FIELDS && !entries.some(long)) return details;
  const kept: Record<string, unknown> = Object.create(null);
  for (const [name, message] of entries.slice(0, MAX_FIELDS)) kept[cut(name, MAX_FIELD_CHARS)] = typeof message === 'string' ? cut(message, MAX_FIELD_CHARS) : message;
  return { ...details, fields: { ...kept }, ...(entries.length > MAX_FIELDS ? { fieldsOmitted: entries.length - MAX_FIELDS } : {}) };
}

/** Named factories for the errors raised in more than one place. */
export const errors = {
  /**
   * 401. With `presented` (a token was sent but is malformed, unknown, revoked or expired) the
   * challenge says `error="invalid_token"` (RFC 6750 §3.1), so OAuth-aware clients (MCP SDKs
   * among them) know to replace the key rather than to add one.
   */
  unauthenticated: (message: string, presented = false) =>
    new ApiError('unauthenticated', message, undefined, {
      'WWW-Authenticate': presented ? `Bearer realm="engcalc", error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"` : 'Bearer realm="engcalc"',
    }),
  rateLimited: (retryAfterSeconds: number, message = 'Too many requests') => {
    const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiError('rate_limited', `${message}; retry after ${retryAfter} s`, { retryAfter }, { 'Retry-After': String(retryAfter) });
  },
  forbidden: (message: string, details?: Record<string, unknown>) => new ApiError('forbidden', message, details),
  notFound: (message = 'Not found') => new ApiError('not_found', message),
  validation: (message: string, fields: Record<string, string>, extra: Record<string, unknown> = {}) =>
    new ApiError('validation_failed', message, { fields, ...extra }),
};
