/**
 * The payments routes: one RouteSpec each (method, path, documentation, handler), all under the
 * payments key gate except the currency table and the OpenAPI document, which are public. The
 * rules live in the services (payins.ts, payouts.ts, fx.ts, balances.ts, webhooks.ts); this file
 * maps HTTP to them.
 */
import { readJsonBody } from '../body.js';
import { errors, type ErrorCode } from '../errors.js';
import type { RouteContext, RouteSpec } from '../routes/route.js';
import { balances, topUp, TOP_UP_BODY } from './balances.js';
import { getOrNotFound, type PaymentsContext } from './core.js';
import { CONVERSION_BODY, createConversion, createQuote, QUOTE_BODY } from './fx.js';
import { ID_PREFIXES, idPattern, type IdKind } from './ids.js';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, idempotent, REPLAY_HEADER } from './idempotency.js';
import { CURRENCIES, currencyOf } from './money.js';
import { ADVANCE_PAYIN_BODY, advancePayin, cancelPayin, createPayin, PAYIN_BODY } from './payins.js';
import { ADVANCE_PAYOUT_BODY, advancePayout, cancelPayout, createPayout, PAYOUT_BODY } from './payouts.js';
import { catalogue } from './sandbox.js';
import * as S from './schemas.js';
import { EVENT_TYPES } from './states.js';
import { isoTime, listParams, parseBody, parseQuery, schemaOf, type QueryParam } from './validate.js';
import { conversionView, deliveryView, endpointView, eventView, payinView, payoutView, quoteView, topUpView } from './views.js';
import { createEndpoint, deleteEndpoint, ENDPOINT_BODY, ENDPOINT_UPDATE_BODY, getEndpoint, updateEndpoint } from './webhooks.js';
import { EVENT_RETENTION_MS } from './scheduler.js';
import { PAYIN_STATUSES, PAYOUT_STATUSES, type ObjectKind, type ObjectOf, type Scope } from '../../store/payments/model.js';

/** Payments bodies are small: 64 KiB is far above any valid one. */
export const PAYMENTS_BODY_LIMIT = 64 * 1024;

type RouteInput = Omit<RouteSpec, 'access' | 'scopes' | 'product' | 'tags'> & { tag: string; access?: RouteSpec['access'] };
const route = (r: RouteInput): RouteSpec => ({ ...r, access: r.access ?? 'payments', scopes: [], product: 'payments', tags: [r.tag] });
const idParam = (what: string) => ({ name: 'id', in: 'path' as const, required: true, description: `The ${what} id`, schema: { type: 'string', maxLength: 80 } });
const scopeOf = (ctx: RouteContext): Scope => ctx.state.payments!.scope;

const idempotencyParam = { name: IDEMPOTENCY_HEADER, in: 'header' as const, required: true, description: 'A unique key per operation (e.g. a UUID); retrying with the same key and body replays the first answer for 24 hours', schema: { type: 'string', minLength: 1, maxLength: 255 } };
const replayHeaders = { [REPLAY_HEADER]: { description: 'true when this is the stored answer of an earlier request with the same key', schema: { type: 'string' } } };
const IDEMPOTENT_ERRORS: ErrorCode[] = ['validation_failed', 'idempotency_key_in_use', 'idempotency_key_reused', 'payload_too_large', 'unsupported_media_type'];

const filters = {
  status: (values: readonly string[]): QueryParam => ({ name: 'status', in: 'query', required: false, description: 'Only objects in this status', schema: { type: 'string', enum: [...values] } }),
  currency: { name: 'currency', in: 'query', required: false, description: 'Only objects in this currency (GET /v1/currencies)', schema: { type: 'string', enum: CURRENCIES.map((c) => c.code) } } as QueryParam,
  createdGte: { name: 'created_gte', in: 'query', required: false, description: 'Only objects created at or after this time (ISO 8601)', schema: { type: 'string', format: 'date-time' } } as QueryParam,
  createdLt: { name: 'created_lt', in: 'query', required: false, description: 'Only objects created before this time (ISO 8601)', schema: { type: 'string', format: 'date-time' } } as QueryParam,
};

function page<T extends { id: string }>(rows: T[], limit: number, view: (r: T) => unknown) {
  const data = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { object: 'list' as const, data: data.map(view), has_more: hasMore, next_cursor: hasMore ? data[data.length - 1]!.id : null };
}

export function paymentsRoutes(pc: PaymentsContext): RouteSpec[] {
  const listRoute = <K extends ObjectKind>(kind: K, path: string, tag: string, what: string, schema: Record<string, unknown>, statuses: readonly string[] | null, view: (r: ObjectOf[K]) => unknown): RouteSpec => {
    const params = listParams(kind, [...(statuses ? [filters.status(statuses)] : []), filters.currency, filters.createdGte, filters.createdLt]);
    return route({
      method: 'GET', path, tag, operationId: `list${what.replace(/ /g, '')}s`,
      summary: `This environment's ${what.toLowerCase()}s, newest first`,
      description: `The ${what.toLowerCase()}s of the key's environment (a sandbox key sees only sandbox ones, a live key only live ones), newest first, a page at a time; filter by status, currency and creation time.`,
      parameters: params,
      responses: { 200: { description: `A page of ${what.toLowerCase()}s`, schema: S.listOf(schema, `${what}s`) } },
      errors: ['validation_failed'],
      async handler(ctx) {
        const q = parseQuery(ctx.query, params, {
          ...(statuses ? { status: (v: string) => (statuses.includes(v) ? null : `must be one of: ${statuses.join(', ')}`) } : {}),
          // An unknown code matches nothing: refused, as a bad status is, not answered with an empty list.
          currency: (v) => (currencyOf(v) ? null : 'must be an ISO 4217 code listed by GET /v1/currencies (upper case)'),
          created_gte: isoTime,
          created_lt: isoTime,
        });
        const limit = Number(q.limit);
        const rows = await pc.store.objects.list(kind, scopeOf(ctx), {
          limit: limit + 1, startingAfter: q.starting_after, status: q.status, currency: q.currency,
          createdGte: q.created_gte && new Date(q.created_gte).toISOString(), createdLt: q.created_lt && new Date(q.created_lt).toISOString(),
        });
        ctx.body = page(rows, limit, view);
      },
    });
  };
  const getRoute = <K extends ObjectKind>(kind: K, path: string, tag: string, what: string, schema: Record<string, unknown>, view: (r: ObjectOf[K]) => unknown): RouteSpec =>
    route({
      method: 'GET', path, tag, operationId: `get${what.replace(/ /g, '')}`, summary: `One ${what.toLowerCase()}`,
      description: `One ${what.toLowerCase()} of the key's environment; one of the other environment (or another merchant) is 404.`,
      parameters: [idParam(what.toLowerCase())],
      responses: { 200: { description: `The ${what.toLowerCase()}`, schema } },
      errors: ['not_found'],
      async handler(ctx) {
        ctx.body = view(await getOrNotFound(pc, kind, scopeOf(ctx), ctx.params.id!));
      },
    });
  /** A POST that creates or moves money: Idempotency-Key required, the answer stored and replayed. */
  const moneyPost = (r: Omit<RouteInput, 'handler'> & { run: (ctx: RouteContext, scope: Scope, body: unknown, key: string) => Promise<{ status: number; body: unknown }> }): RouteSpec => {
    const { run, ...rest } = r;
    return route({
      ...rest,
      parameters: [...(rest.parameters ?? []), idempotencyParam],
      responses: Object.fromEntries(Object.entries(rest.responses).map(([k, v]) => [k, { ...v, headers: { ...(v.headers ?? {}), ...replayHeaders } }])),
      errors: [...new Set([...IDEMPOTENT_ERRORS, ...rest.errors])],
      async handler(ctx) {
        const scope = scopeOf(ctx);
        const key = idempotencyKeyOf(ctx);
        const body = await readJsonBody(ctx, PAYMENTS_BODY_LIMIT, { wholeNumbersExact: true });
        await idempotent(ctx, pc, scope, key, body, (objectKey) => run(ctx, scope, body, objectKey));
      },
    });
  };
  const sandboxOnly = (ctx: RouteContext) => {
    if (scopeOf(ctx).environment !== 'sandbox') throw errors.notFound(`No endpoint ${ctx.method} ${ctx.path} for live keys: the sandbox endpoints take sandbox keys (sk_sand_) only`);
  };
  const noBody = (body: unknown) => parseBody({}, body);
  const created = <T>(o: { created: boolean }, body: T) => ({ status: o.created ? 201 : 200, body });

  return [
    route({
      method: 'GET', path: '/v1/currencies', tag: 'reference', access: 'public', operationId: 'listCurrencies',
      summary: 'The currencies and their minor units', description: 'Every currency the API moves: ISO 4217 code, name, exponent (digits of the minor unit: amounts are integers of 10^-exponent units) and the payout fee in minor units. Public.',
      responses: {
        200: {
          description: 'The currency table',
          schema: {
            type: 'object', required: ['object', 'data'],
            properties: {
              object: { type: 'string', const: 'list', description: 'list' },
              data: { type: 'array', description: 'Currencies in code order', items: { type: 'object', required: ['code', 'name', 'exponent', 'payout_fee'], properties: { code: { type: 'string', description: 'ISO 4217 code' }, name: { type: 'string', description: 'Name' }, exponent: { type: 'integer', enum: [0, 2, 3], description: 'Digits of the minor unit' }, payout_fee: { type: 'integer', description: 'Fee of one payout, minor units' } } } },
            },
          },
        },
      },
      errors: [],
      async handler(ctx) {
        ctx.set('Cache-Control', 'public, max-age=300');
        ctx.body = { object: 'list', data: CURRENCIES.map((c) => ({ code: c.code, name: c.name, exponent: c.exponent, payout_fee: c.payoutFee })) };
      },
    }),
    route({
      method: 'GET', path: '/v1/balances', tag: 'balances', operationId: 'getBalances', summary: 'Balances per currency',
      description: "Available, pending and reserved balance per currency of the key's environment, in minor units.",
      responses: { 200: { description: 'The balances', schema: S.BALANCE_SCHEMA } },
      errors: [],
      async handler(ctx) {
        ctx.body = await balances(pc, scopeOf(ctx));
      },
    }),

    moneyPost({
      method: 'POST', path: '/v1/payins', tag: 'payins', operationId: 'createPayin', summary: 'Collect money by card token or bank transfer',
      description: 'Creates a pay-in. A declined card is a pay-in in status failed with a failure_code (201), not an HTTP error. In the sandbox, test card tokens decide the outcome at once; bank transfers wait for the payer (advance them with the sandbox endpoint). In live, a pay-in waits until the bank\'s answer is recorded.',
      requestBody: { description: 'The pay-in', schema: schemaOf(PAYIN_BODY) },
      responses: { 201: { description: 'Created (its status says how it went)', schema: S.PAYIN_SCHEMA }, 200: { description: 'Already created under this Idempotency-Key', schema: S.PAYIN_SCHEMA } },
      errors: [],
      run: async (_ctx, scope, body, key) => {
        const out = await createPayin(pc, scope, body, key);
        return created(out, payinView(out.payin));
      },
    }),
    listRoute('payin', '/v1/payins', 'payins', 'Payin', S.PAYIN_SCHEMA, PAYIN_STATUSES, payinView),
    getRoute('payin', '/v1/payins/{id}', 'payins', 'Payin', S.PAYIN_SCHEMA, payinView),
    moneyPost({
      method: 'POST', path: '/v1/payins/{id}/cancel', tag: 'payins', operationId: 'cancelPayin', summary: 'Cancel a pending pay-in',
      description: 'pending -> canceled. Any other status is 409 invalid_transition.',
      parameters: [idParam('pay-in')],
      responses: { 200: { description: 'The canceled pay-in', schema: S.PAYIN_SCHEMA } },
      errors: ['not_found', 'invalid_transition'],
      run: async (ctx, scope, body) => {
        noBody(body);
        return { status: 200, body: payinView(await cancelPayin(pc, scope, ctx.params.id!)) };
      },
    }),

    moneyPost({
      method: 'POST', path: '/v1/payouts', tag: 'payouts', operationId: 'createPayout', summary: 'Send money to a bank account',
      description: 'Creates a payout and reserves amount + fee from the available balance in the same step (402 insufficient_funds when short). The account number is write-only. Sandbox payouts follow the scenario of their test account number; live ones wait until the bank\'s answer is recorded.',
      requestBody: { description: 'The payout', schema: schemaOf(PAYOUT_BODY) },
      responses: { 201: { description: 'Created, pending, its amount and fee reserved', schema: S.PAYOUT_SCHEMA }, 200: { description: 'Already created under this Idempotency-Key', schema: S.PAYOUT_SCHEMA } },
      errors: ['insufficient_funds'],
      run: async (_ctx, scope, body, key) => {
        const out = await createPayout(pc, scope, body, key);
        return created(out, payoutView(out.payout));
      },
    }),
    listRoute('payout', '/v1/payouts', 'payouts', 'Payout', S.PAYOUT_SCHEMA, PAYOUT_STATUSES, payoutView),
    getRoute('payout', '/v1/payouts/{id}', 'payouts', 'Payout', S.PAYOUT_SCHEMA, payoutView),
    moneyPost({
      method: 'POST', path: '/v1/payouts/{id}/cancel', tag: 'payouts', operationId: 'cancelPayout', summary: 'Cancel a pending payout',
      description: 'pending -> canceled; the reserve goes back to available. Once processing it cannot be canceled (409 invalid_transition).',
      parameters: [idParam('payout')],
      responses: { 200: { description: 'The canceled payout', schema: S.PAYOUT_SCHEMA } },
      errors: ['not_found', 'invalid_transition'],
      run: async (ctx, scope, body) => {
        noBody(body);
        return { status: 200, body: payoutView(await cancelPayout(pc, scope, ctx.params.id!)) };
      },
    }),

    route({
      method: 'POST', path: '/v1/quotes', tag: 'conversions', operationId: 'createQuote', summary: 'Price a conversion and lock it for 5 minutes',
      description: 'Prices selling sell_amount or buying buy_amount (exactly one) at the rate table\'s rate less its markup, with its fee; the quote is locked for 5 minutes and can be used by one conversion. The amount you give is exact; the computed one rounds against you to the minor unit (the buy amount down, the sell amount up). No money moves.',
      requestBody: { description: 'What to convert', schema: schemaOf(QUOTE_BODY) },
      responses: { 201: { description: 'The quote', schema: S.QUOTE_SCHEMA } },
      errors: ['validation_failed', 'rate_unavailable', 'payload_too_large', 'unsupported_media_type'],
      async handler(ctx) {
        const quote = await createQuote(pc, scopeOf(ctx), await readJsonBody(ctx, PAYMENTS_BODY_LIMIT, { wholeNumbersExact: true }));
        ctx.status = 201;
        ctx.body = quoteView(quote, pc.now());
      },
    }),
    getRoute('quote', '/v1/quotes/{id}', 'conversions', 'Quote', S.QUOTE_SCHEMA, (q) => quoteView(q, pc.now())),
    moneyPost({
      method: 'POST', path: '/v1/conversions', tag: 'conversions', operationId: 'createConversion', summary: 'Convert between balances at a quote',
      description: 'Debits sell_amount and credits buy_amount of the quote in one atomic step. 409 quote_expired or quote_used; 402 insufficient_funds when the sell balance is short (the quote stays usable).',
      requestBody: { description: 'The quote to use', schema: schemaOf(CONVERSION_BODY) },
      responses: { 201: { description: 'The completed conversion', schema: S.CONVERSION_SCHEMA }, 200: { description: 'Already created under this Idempotency-Key', schema: S.CONVERSION_SCHEMA } },
      errors: ['not_found', 'insufficient_funds', 'quote_expired', 'quote_used'],
      run: async (_ctx, scope, body, key) => {
        const out = await createConversion(pc, scope, body, key);
        return created(out, conversionView(out.conversion));
      },
    }),
    listRoute('conversion', '/v1/conversions', 'conversions', 'Conversion', S.CONVERSION_SCHEMA, null, conversionView),
    getRoute('conversion', '/v1/conversions/{id}', 'conversions', 'Conversion', S.CONVERSION_SCHEMA, conversionView),
    listRoute('top_up', '/v1/top_ups', 'balances', 'Top up', S.TOP_UP_SCHEMA, null, topUpView),
    getRoute('top_up', '/v1/top_ups/{id}', 'balances', 'Top up', S.TOP_UP_SCHEMA, topUpView),

    eventsRoute(pc),
    route({
      method: 'GET', path: '/v1/events/{id}', tag: 'events', operationId: 'getEvent', summary: 'One event',
      description: 'One event of the last 30 days in the key\'s environment.',
      parameters: [idParam('event')],
      responses: { 200: { description: 'The event', schema: S.EVENT_SCHEMA } },
      errors: ['not_found'],
      async handler(ctx) {
        const e = await pc.store.events.get(scopeOf(ctx), ctx.params.id!);
        if (!e || Date.parse(e.createdAt) < pc.now() - EVENT_RETENTION_MS) throw errors.notFound(`No event ${ctx.params.id!.slice(0, 80)} in this environment (events are kept 30 days)`);
        ctx.body = eventView(e);
      },
    }),

    route({
      method: 'POST', path: '/v1/webhook_endpoints', tag: 'webhooks', operationId: 'createWebhookEndpoint', summary: 'Register a webhook endpoint',
      description: 'Events of the key\'s environment are POSTed to url, signed with the endpoint\'s secret (Engcalc-Signature: t=..,v1=HMAC-SHA256 of "t.body"). The secret is in this answer only. At most 16 endpoints per environment.',
      requestBody: { description: 'The endpoint', schema: schemaOf(ENDPOINT_BODY) },
      responses: { 201: { description: 'The endpoint, with its secret (shown once)', schema: S.ENDPOINT_SCHEMA } },
      errors: ['validation_failed', 'conflict', 'payload_too_large', 'unsupported_media_type'],
      async handler(ctx) {
        const out = await createEndpoint(pc, scopeOf(ctx), await readJsonBody(ctx, PAYMENTS_BODY_LIMIT, { wholeNumbersExact: true }));
        ctx.set('Cache-Control', 'no-store');
        ctx.status = 201;
        ctx.body = out;
      },
    }),
    endpointsRoute(pc),
    route({
      method: 'GET', path: '/v1/webhook_endpoints/{id}', tag: 'webhooks', operationId: 'getWebhookEndpoint', summary: 'One webhook endpoint',
      description: 'One endpoint (never its secret).',
      parameters: [idParam('webhook endpoint')],
      responses: { 200: { description: 'The endpoint', schema: S.ENDPOINT_SCHEMA } },
      errors: ['not_found'],
      async handler(ctx) {
        ctx.body = endpointView(await getEndpoint(pc, scopeOf(ctx), ctx.params.id!));
      },
    }),
    route({
      method: 'POST', path: '/v1/webhook_endpoints/{id}', tag: 'webhooks', operationId: 'updateWebhookEndpoint', summary: 'Change a webhook endpoint',
      description: 'Changes its url, events, description or enabled.',
      parameters: [idParam('webhook endpoint')],
      requestBody: { description: 'The fields to change', schema: schemaOf(ENDPOINT_UPDATE_BODY) },
      responses: { 200: { description: 'The endpoint', schema: S.ENDPOINT_SCHEMA } },
      errors: ['validation_failed', 'not_found', 'payload_too_large', 'unsupported_media_type'],
      async handler(ctx) {
        ctx.body = await updateEndpoint(pc, scopeOf(ctx), ctx.params.id!, await readJsonBody(ctx, PAYMENTS_BODY_LIMIT, { wholeNumbersExact: true }));
      },
    }),
    route({
      method: 'DELETE', path: '/v1/webhook_endpoints/{id}', tag: 'webhooks', operationId: 'deleteWebhookEndpoint', summary: 'Delete a webhook endpoint',
      description: 'Deletes it; its pending deliveries fail.',
      parameters: [idParam('webhook endpoint')],
      responses: { 204: { description: 'Deleted' } },
      errors: ['not_found'],
      async handler(ctx) {
        await deleteEndpoint(pc, scopeOf(ctx), ctx.params.id!);
        ctx.status = 204;
      },
    }),
    deliveriesRoute(pc),

    route({
      method: 'GET', path: '/v1/sandbox/test_credentials', tag: 'sandbox', operationId: 'getTestCredentials', summary: 'The sandbox test cards and bank accounts',
      description: 'The machine-readable catalogue of test card tokens and bank account numbers, each with the outcome it drives, and the simulation endpoints. Sandbox keys only (404 for a live key).',
      responses: { 200: { description: 'The catalogue', schema: { type: 'object', description: 'cards, bank_transfer, bank_accounts, timings, simulation', required: ['cards', 'bank_accounts'], properties: { cards: { type: 'array', items: { type: 'object' }, description: 'Test card tokens' }, bank_accounts: { type: 'array', items: { type: 'object' }, description: 'Test bank accounts' } } } } },
      errors: ['not_found'],
      async handler(ctx) {
        sandboxOnly(ctx);
        ctx.body = catalogue();
      },
    }),
    moneyPost({
      method: 'POST', path: '/v1/sandbox/payins/{id}/advance', tag: 'sandbox', operationId: 'advanceSandboxPayin', summary: 'Move a sandbox pay-in along its state machine',
      description: 'Without to: the next step of pending -> processing -> succeeded. With to (and failure_code for failed): that status, when the state machine allows it (409 invalid_transition otherwise). Sandbox keys only.',
      parameters: [idParam('pay-in')],
      requestBody: { description: 'Where to move it (optional)', required: false, schema: schemaOf(ADVANCE_PAYIN_BODY) },
      responses: { 200: { description: 'The pay-in after the step', schema: S.PAYIN_SCHEMA } },
      errors: ['not_found', 'invalid_transition'],
      run: async (ctx, scope, body) => {
        sandboxOnly(ctx);
        return { status: 200, body: payinView(await advancePayin(pc, scope, ctx.params.id!, body)) };
      },
    }),
    moneyPost({
      method: 'POST', path: '/v1/sandbox/payouts/{id}/advance', tag: 'sandbox', operationId: 'advanceSandboxPayout', summary: 'Move a sandbox payout to a status',
      description: 'Moves the payout to `to` when its state machine allows it (409 invalid_transition otherwise), with the balance effects of that step. Sandbox keys only.',
      parameters: [idParam('payout')],
      requestBody: { description: 'Where to move it', schema: schemaOf(ADVANCE_PAYOUT_BODY) },
      responses: { 200: { description: 'The payout after the step', schema: S.PAYOUT_SCHEMA } },
      errors: ['not_found', 'invalid_transition'],
      run: async (ctx, scope, body) => {
        sandboxOnly(ctx);
        return { status: 200, body: payoutView(await advancePayout(pc, scope, ctx.params.id!, body)) };
      },
    }),
    moneyPost({
      method: 'POST', path: '/v1/sandbox/balances/top_up', tag: 'sandbox', operationId: 'topUpSandboxBalance', summary: 'Add test money to a sandbox balance',
      description: 'Credits the available balance of a currency. Sandbox keys only.',
      requestBody: { description: 'How much', schema: schemaOf(TOP_UP_BODY) },
      responses: { 201: { description: 'The top-up', schema: S.TOP_UP_SCHEMA }, 200: { description: 'Already made under this Idempotency-Key', schema: S.TOP_UP_SCHEMA } },
      errors: ['not_found'],
      run: async (ctx, scope, body, key) => {
        sandboxOnly(ctx);
        const out = await topUp(pc, scope, body, key, 'api');
        return created(out, topUpView(out.topUp));
      },
    }),
  ];
}

/** The objects whose changes are events (api/payments/core.ts newEvent), and the ids the events list filters on. */
const EVENT_OBJECT_KINDS = ['payin', 'payout', 'conversion', 'top_up'] as const satisfies readonly IdKind[];
const EVENT_OBJECT_PATTERN = EVENT_OBJECT_KINDS.map(idPattern).join('|');

function eventsRoute(pc: PaymentsContext): RouteSpec {
  const params = listParams('event', [
    { name: 'type', in: 'query', required: false, description: 'Only events of this type', schema: { type: 'string', enum: [...EVENT_TYPES] } },
    { name: 'object', in: 'query', required: false, description: 'Only events of this object: the id of a pay-in, payout, conversion or top-up', schema: { type: 'string', pattern: EVENT_OBJECT_PATTERN } },
  ]);
  return route({
    method: 'GET', path: '/v1/events', tag: 'events', operationId: 'listEvents', summary: 'Events of the last 30 days, newest first',
    description: "Every state change of the key's environment (pay-ins, payouts, conversions, top-ups) of the last 30 days, newest first; filter by type or object.",
    parameters: params,
    responses: { 200: { description: 'A page of events', schema: S.listOf(S.EVENT_SCHEMA, 'Events') } },
    errors: ['validation_failed'],
    async handler(ctx) {
      const q = parseQuery(ctx.query, params, {
        type: (v) => ((EVENT_TYPES as readonly string[]).includes(v) ? null : `must be one of: ${EVENT_TYPES.join(', ')}`),
        // A typo or another kind of id would only ever answer an empty list.
        object: (v) => (new RegExp(EVENT_OBJECT_PATTERN).test(v) ? null : `must be the id of an object that has events: ${EVENT_OBJECT_KINDS.map((k) => `${ID_PREFIXES[k]}_...`).join(', ')}`),
      });
      const limit = Number(q.limit);
      const rows = await pc.store.events.list(ctx.state.payments!.scope, {
        limit: limit + 1, startingAfter: q.starting_after, type: q.type, objectId: q.object, createdGte: new Date(pc.now() - EVENT_RETENTION_MS).toISOString(),
      });
      ctx.body = page(rows, limit, eventView);
    },
  });
}

function endpointsRoute(pc: PaymentsContext): RouteSpec {
  const params = listParams('webhook_endpoint');
  return route({
    method: 'GET', path: '/v1/webhook_endpoints', tag: 'webhooks', operationId: 'listWebhookEndpoints', summary: "This environment's webhook endpoints, newest first",
    description: 'The endpoints of the key\'s environment (never their secrets), newest first, a page at a time.',
    parameters: params,
    responses: { 200: { description: 'A page of endpoints', schema: S.listOf(S.ENDPOINT_SCHEMA, 'Endpoints') } },
    errors: ['validation_failed'],
    async handler(ctx) {
      const q = parseQuery(ctx.query, params);
      const limit = Number(q.limit);
      // At most ENDPOINTS_MAX per environment: the page is cut from all of them.
      const all = (await pc.store.webhooks.listEndpoints(scopeOf(ctx))).sort((a, b) => (a.id < b.id ? 1 : -1));
      ctx.body = page(all.filter((e) => q.starting_after === undefined || e.id < q.starting_after), limit, endpointView);
    },
  });
}

function deliveriesRoute(pc: PaymentsContext): RouteSpec {
  const params = listParams('delivery');
  return route({
    method: 'GET', path: '/v1/webhook_endpoints/{id}/deliveries', tag: 'webhooks', operationId: 'listWebhookDeliveries', summary: "An endpoint's deliveries with every attempt",
    description: 'The deliveries to one endpoint, newest first, each with its attempts (time, HTTP status or error, duration) and when the next one is due.',
    parameters: [idParam('webhook endpoint'), ...params],
    responses: { 200: { description: 'A page of deliveries', schema: S.listOf(S.DELIVERY_SCHEMA, 'Deliveries') } },
    errors: ['validation_failed', 'not_found'],
    async handler(ctx) {
      const q = parseQuery(ctx.query, params);
      const scope = ctx.state.payments!.scope;
      await getEndpoint(pc, scope, ctx.params.id!);
      const limit = Number(q.limit);
      const rows = await pc.store.webhooks.listDeliveries(scope, ctx.params.id!, { limit: limit + 1, startingAfter: q.starting_after });
      ctx.body = page(rows, limit, deliveryView);
    },
  });
}
