/**
 * The payments OpenAPI 3.1 document (GET /v1/payments/openapi.json, public), generated from the
 * payments routes (their `product`), the error catalogue and the payments gate's rules. The
 * engineering document (api/openapi.ts) lists none of these routes, and this one none of its.
 */
import { ERROR_CODES, ERROR_ENVELOPE_SCHEMA, type ErrorCode } from '../errors.js';
import type { RouteSpec } from '../routes/route.js';
import { addErrorResponses, ANY_ERRORS, operationBody, operationHead } from '../openapi.js';
import { GRACE_HEADER } from './gate.js';
import { SIGNATURE_HEADER } from './webhooks.js';

/** Errors any payments-key route can answer (api/payments/gate.ts), and any route at all. */
const GATE_ERRORS: ErrorCode[] = ['unauthenticated', 'forbidden', 'rate_limited', 'unavailable'];

const TAGS = [
  { name: 'payins', description: 'Money collected by card token or bank transfer' },
  { name: 'payouts', description: 'Money sent to bank accounts' },
  { name: 'conversions', description: 'Quotes (5-minute locked rates) and conversions between balances' },
  { name: 'balances', description: 'Balances per currency and sandbox top-ups' },
  { name: 'events', description: 'Every state change, kept 30 days' },
  { name: 'webhooks', description: 'Endpoints that receive events, signed, with retries' },
  { name: 'sandbox', description: 'Test credentials and simulation (sandbox keys only)' },
  { name: 'reference', description: 'Currencies and their minor units' },
  { name: 'meta', description: 'This description' },
];

const DESCRIPTION = [
  'Merchant pay-ins, payouts and currency conversions, with two fully separate environments. Authenticate with `Authorization: Bearer <secret key>`: ',
  'the prefix picks the environment (`sk_sand_` sandbox, `sk_live_` live); objects of one environment are invisible (404) to keys of the other. ',
  'Amounts are integers in the minor unit of their currency (GET /v1/currencies); rates are decimal strings. ',
  'Every POST that creates an object or moves money needs an `Idempotency-Key` header: a retry with the same key and body replays the first answer (`Idempotent-Replayed: true`) for 24 hours. ',
  `Limits: bursts of 20 requests, 120 per minute sustained, per merchant environment (429 with Retry-After). A rolled key keeps working for 30 minutes, its answers carrying \`${GRACE_HEADER}\`. `,
  `Webhooks are signed: \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.raw_body" with the endpoint secret>\`. `,
  'Every error body is {"error": {"code", "message", "details"?}}. Engineering keys (eng_) are refused here with 403.',
].join('');

export function buildPaymentsOpenApi(routes: RouteSpec[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const used = new Set<ErrorCode>(ANY_ERRORS);
  for (const r of routes) {
    if (r.product !== 'payments') continue;
    (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r, used);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Merchant payments API',
      version,
      contact: { name: 'engcalc payments support' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description: DESCRIPTION,
    },
    servers: [{ url: '/' }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        secretKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Merchant secret key: sk_live_ (live) or sk_sand_ (sandbox) followed by 43 base64url characters. Live keys may carry an IP allowlist (403 from other addresses).',
        },
      },
      schemas: { Error: ERROR_ENVELOPE_SCHEMA },
    },
    'x-error-codes': Object.fromEntries([...used].sort().map((code) => [code, { status: ERROR_CODES[code].status, description: ERROR_CODES[code].title }])),
  };
}

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'The quota of the policy closest to exhaustion (RateLimit-Policy): 20 (any one second) or 120 (any minute), whichever has fewer requests left (the minute on a tie)', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left now under that policy: the lower of the two sliding windows', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: "Seconds until every request counted in that policy's window has left it (at most 1 for the second, 60 for the minute)", schema: { type: 'integer' } },
};

function operation(r: RouteSpec, used: Set<ErrorCode>): Record<string, unknown> {
  const keyed = r.access === 'payments';
  const responses: Record<string, unknown> = {};
  for (const [status, res] of Object.entries(r.responses)) {
    const headers = { ...(keyed ? RATE_HEADERS : {}), ...(res.headers ?? {}) };
    responses[status] = {
      description: res.description,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(res.schema ? { content: { 'application/json': { schema: res.schema } } } : {}),
    };
  }
  const codes = [...(keyed ? GATE_ERRORS : []), ...r.errors, ...ANY_ERRORS];
  for (const c of codes) used.add(c);
  addErrorResponses(responses, codes, RATE_HEADERS);
  return {
    ...operationHead(r),
    security: keyed ? [{ secretKey: [] }] : [],
    ...operationBody(r),
    responses,
  };
}
