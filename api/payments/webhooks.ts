/**
 * Webhooks: endpoints a merchant registers per environment, each with a signing secret shown
 * once; every event is delivered to each enabled endpoint that subscribes to its type, signed
 * Stripe-style, and retried with exponential backoff until the receiver answers 2xx or the
 * window closes.
 *
 * Signature (header `Engcalc-Signature: t=<unix seconds>,v1=<hex>`):
 *   v1 = hex(HMAC-SHA256(secret, `${t}.${raw request body}`))
 * A receiver recomputes v1 over the raw body, compares in constant time, and refuses a t more
 * than 5 minutes from its clock (replays). See README "Webhooks" for the few lines that do it.
 *
 * Retries: the first attempt as soon as the event exists; after the n-th failure the next one
 * comes min(1 min * 2^(n-1), 6 h) later (1, 2, 4 ... 256 min, then every 6 h) until 3 days after
 * the event: 20 attempts in all with the defaults. A non-2xx answer, a timeout (10 s) or a refused connection is a
 * failure; a redirect is not followed (it counts as a failure). Every attempt is recorded.
 * Targets: public addresses only, unless WEBHOOK_PRIVATE_TARGETS=true (./webhookTarget.ts: checked
 * when an endpoint is registered or changed, and on each delivery's own DNS lookup).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ApiError, errors } from '../errors.js';
import { iso, type PaymentsContext } from './core.js';
import { newPaymentId } from './ids.js';
import { seal, unseal } from './sealed.js';
import { EVENT_TYPES } from './states.js';
import { bool, oneOf, parseBody, str, strings, type Field } from './validate.js';
import { endpointView, eventView } from './views.js';
import { hostProblem, lookupPublic, NonPublicTarget } from './webhookTarget.js';
import type { PaymentEvent, Scope, WebhookDelivery, WebhookEndpoint } from '../../store/payments/model.js';

export interface WebhookSettings {
  /** Delay after the first failure; doubles after each further one. */
  retryBaseMs: number;
  /** Longest delay between two attempts. */
  retryCapMs: number;
  /** No attempt later than this after the delivery was created. */
  windowMs: number;
  /** One attempt's time limit. */
  timeoutMs: number;
  /** Deliver to loopback, private and other non-public addresses too (WEBHOOK_PRIVATE_TARGETS=true; webhookTarget.ts). */
  privateTargets: boolean;
}

export const WEBHOOK_DEFAULTS: WebhookSettings = { retryBaseMs: 60_000, retryCapMs: 6 * 3_600_000, windowMs: 3 * 24 * 3_600_000, timeoutMs: 10_000, privateTargets: false };
export const ENDPOINTS_MAX = 16;
export const SIGNATURE_HEADER = 'Engcalc-Signature';

const eventsField = strings({ max: EVENT_TYPES.length + 1, item: oneOf(['*', ...EVENT_TYPES], { description: 'An event type, or * for all' }), description: "Event types to receive; ['*'] (the default) for all" });
export const ENDPOINT_BODY: Record<string, Field> = {
  url: str({ required: true, max: 2048, description: 'Where events are POSTed; https (http is accepted in the sandbox), at a public address (loopback, private and link-local ones are refused unless the server runs with WEBHOOK_PRIVATE_TARGETS=true)', example: 'https://example.com/webhooks' }),
  events: eventsField,
  description: str({ max: 500, display: true, description: 'Shown to you' }),
};
export const ENDPOINT_UPDATE_BODY: Record<string, Field> = {
  url: { ...ENDPOINT_BODY.url!, required: false },
  events: eventsField,
  description: ENDPOINT_BODY.description!,
  enabled: bool({ description: 'false stops deliveries to it (pending ones fail)' }),
};

/** The signature header value for a body at time t (seconds). */
export function signatureHeader(secret: string, t: number, body: string): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}

function urlProblem(ctx: PaymentsContext, raw: string, scope: Scope): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.protocol === 'http:' && scope.environment !== 'sandbox') return 'must be https for live endpoints';
  const host = ctx.privateWebhookTargets ? null : hostProblem(url);
  return host === null ? null : `must point at a public address (${host})`;
}

export async function createEndpoint(ctx: PaymentsContext, scope: Scope, body: unknown) {
  const b = parseBody<{ url: string; events?: string[]; description?: string }>(ENDPOINT_BODY, body, (raw, out) => {
    const p = urlProblem(ctx, String(raw.url), scope);
    if (p) out.url = p;
  });
  const now = ctx.now();
  const id = newPaymentId('webhook_endpoint', now);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const endpoint: WebhookEndpoint = {
    id, merchantId: scope.merchantId, environment: scope.environment, url: b.url, events: normaliseEvents(b.events),
    description: b.description ?? null, enabled: true, secret: sealWebhookSecret(ctx, id, secret), secretPrefix: secret.slice(0, 10), createdAt: iso(now), updatedAt: iso(now),
  };
  if (!(await ctx.store.webhooks.createEndpoint(endpoint, ENDPOINTS_MAX))) throw new ApiError('conflict', `At most ${ENDPOINTS_MAX} webhook endpoints per environment; delete one first`, { max: ENDPOINTS_MAX });
  return { ...endpointView(endpoint), secret };
}

/** What binds a sealed signing secret to its endpoint (the sealing's additional data). */
export const webhookSecretContext = (endpointId: string) => `webhook_endpoint:${endpointId}:secret`;

export const sealWebhookSecret = (ctx: PaymentsContext, endpointId: string, plain: string): string => seal(ctx.dataKeys, plain, webhookSecretContext(endpointId));

/** An endpoint's signing secret in the clear (sealed, or plain from before sealing); throws when no configured key opens it. */
export const webhookSecret = (ctx: PaymentsContext, endpoint: WebhookEndpoint): string => unseal(ctx.dataKeys, endpoint.secret, webhookSecretContext(endpoint.id));

function normaliseEvents(list: string[] | undefined): string[] {
  if (!list || list.includes('*')) return ['*'];
  return [...new Set(list)];
}

export async function getEndpoint(ctx: PaymentsContext, scope: Scope, id: string): Promise<WebhookEndpoint> {
  const e = await ctx.store.webhooks.getEndpoint(scope, id);
  if (!e) throw errors.notFound(`No webhook endpoint ${id.slice(0, 80)} in this environment`);
  return e;
}

export async function updateEndpoint(ctx: PaymentsContext, scope: Scope, id: string, body: unknown) {
  const b = parseBody<{ url?: string; events?: string[]; description?: string; enabled?: boolean }>(ENDPOINT_UPDATE_BODY, body, (raw, out) => {
    if (raw.url !== undefined) {
      const p = urlProblem(ctx, String(raw.url), scope);
      if (p) out.url = p;
    }
  });
  await getEndpoint(ctx, scope, id);
  const patch: Partial<WebhookEndpoint> = {};
  if (b.url !== undefined) patch.url = b.url;
  if (b.events !== undefined) patch.events = normaliseEvents(b.events);
  if (b.description !== undefined) patch.description = b.description;
  if (b.enabled !== undefined) patch.enabled = b.enabled;
  const e = await ctx.store.webhooks.updateEndpoint(scope, id, patch, iso(ctx.now()));
  if (!e) throw errors.notFound(`No webhook endpoint ${id} in this environment`);
  return endpointView(e);
}

export async function deleteEndpoint(ctx: PaymentsContext, scope: Scope, id: string): Promise<void> {
  if (!(await ctx.store.webhooks.deleteEndpoint(scope, id))) throw errors.notFound(`No webhook endpoint ${id.slice(0, 80)} in this environment`);
}

/** A delivery id fixed by its event and endpoint, so nodes dispatching the same event agree. */
export const deliveryId = (eventId: string, endpointId: string) => `whd_${eventId.split('_')[1]}${endpointId.split('_')[1]}`;

/** Turns new events into deliveries for the endpoints that want them; answers the deliveries made. */
export async function dispatchEvents(ctx: PaymentsContext, limit = 100): Promise<WebhookDelivery[]> {
  const events = await ctx.store.events.undispatched(limit);
  const endpointsOf = new Map<string, Promise<WebhookEndpoint[]>>();
  const made: WebhookDelivery[] = [];
  for (const e of events) {
    const scopeKey = `${e.merchantId}:${e.environment}`;
    if (!endpointsOf.has(scopeKey)) endpointsOf.set(scopeKey, ctx.store.webhooks.listEndpoints({ merchantId: e.merchantId, environment: e.environment }));
    const wanted = (await endpointsOf.get(scopeKey)!).filter((ep) => ep.enabled && (ep.events.includes('*') || ep.events.includes(e.type)));
    const now = iso(ctx.now());
    const deliveries = wanted.map((ep): WebhookDelivery => ({
      id: deliveryId(e.id, ep.id), merchantId: e.merchantId, environment: e.environment, endpointId: ep.id, eventId: e.id, eventType: e.type,
      status: 'pending', attempts: [], nextAttemptAt: now, lockedUntil: null, createdAt: now, updatedAt: now,
    }));
    await ctx.store.events.dispatch(e.id, deliveries);
    made.push(...deliveries);
  }
  return made;
}

/** When the attempt after `failures` failures is due, or null when the window is over. */
export function nextAttemptAt(d: Pick<WebhookDelivery, 'createdAt'>, failures: number, nowMs: number, s: WebhookSettings): string | null {
  const delay = Math.min(s.retryBaseMs * 2 ** Math.min(failures - 1, 40), s.retryCapMs);
  const at = nowMs + delay;
  return at > Date.parse(d.createdAt) + s.windowMs ? null : iso(at);
}

/**
 * One attempt of one delivery, when it is due and no other node holds it: POST the event, signed,
 * record the answer, schedule the next attempt or close it. Answers the delivery after, or
 * undefined when it was not this node's to make.
 */
export async function attemptDelivery(ctx: PaymentsContext, s: WebhookSettings, id: string): Promise<WebhookDelivery | undefined> {
  const now = ctx.now();
  const d = await ctx.store.webhooks.claimDelivery(id, iso(now), iso(now + s.timeoutMs + 30_000));
  if (!d) return undefined;
  const scope = { merchantId: d.merchantId, environment: d.environment };
  const [endpoint, event] = await Promise.all([ctx.store.webhooks.getEndpoint(scope, d.endpointId), ctx.store.events.get(scope, d.eventId)]);
  const gone = !endpoint ? 'the endpoint was deleted' : !endpoint.enabled ? 'the endpoint is disabled' : !event ? 'the event is past its retention' : null;
  if (gone) return ctx.store.webhooks.recordAttempt(id, { at: iso(now), status: null, error: gone, ms: 0 }, { status: 'failed', nextAttemptAt: null });

  let secret: string;
  try {
    secret = webhookSecret(ctx, endpoint!);
  } catch (err) {
    // Its data key is no longer configured: said on the delivery, retried on schedule (the key may come back).
    const next = nextAttemptAt(d, d.attempts.length + 1, now, s);
    return ctx.store.webhooks.recordAttempt(id, { at: iso(now), status: null, error: `not sent: ${(err as Error).message}`, ms: 0 }, { status: next ? 'pending' : 'failed', nextAttemptAt: next });
  }
  const { status, error, ms } = await post(endpoint!, secret, event!, d, now, s);
  const after = ctx.now();
  const ok = status !== null && status >= 200 && status < 300;
  const next = ok ? null : nextAttemptAt(d, d.attempts.length + 1, after, s);
  return ctx.store.webhooks.recordAttempt(id, { at: iso(after), status, error, ms }, { status: ok ? 'succeeded' : next ? 'pending' : 'failed', nextAttemptAt: next });
}

async function post(endpoint: WebhookEndpoint, secret: string, event: PaymentEvent, d: WebhookDelivery, nowMs: number, s: WebhookSettings): Promise<{ status: number | null; error: string | null; ms: number }> {
  const body = JSON.stringify(eventView(event));
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(endpoint.url);
  // The URL's host as written (an IP literal, localhost) and, at connection, the addresses its name resolves to (webhookTarget.ts).
  const literal = s.privateTargets ? null : hostProblem(url);
  if (literal !== null) return { status: null, error: `refused: ${literal}; webhooks go to public addresses only`, ms: 0 };
  const headers = {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    'User-Agent': 'engcalc-webhooks/1',
    [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(nowMs / 1000), body),
    'Engcalc-Event-Id': event.id,
    'Engcalc-Delivery-Id': d.id,
  };
  return new Promise((resolve) => {
    let settled = false;
    const settle = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, error, ms: took() });
    };
    // node:http, not fetch: its `lookup` is where the addresses are checked, and it follows no redirect.
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: 'POST', headers, ...(s.privateTargets ? {} : { lookup: lookupPublic }) }, (res) => {
      const status = res.statusCode ?? null;
      res.resume(); // the answer's body is not read
      settle(status, status !== null && status >= 300 && status < 400 ? 'redirects are not followed' : null);
      req.destroy();
    });
    const timer = setTimeout(() => {
      settle(null, `no answer within ${s.timeoutMs} ms`);
      req.destroy();
    }, s.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => settle(null, (err instanceof NonPublicTarget ? err.message : (err.code ?? err.message)).slice(0, 200)));
    req.end(body);
  });
}
