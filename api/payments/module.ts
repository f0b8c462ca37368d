/**
 * The payments product, assembled: its context (store, clock), routes, key gate, OpenAPI
 * document and background scheduler (with the BullMQ delivery queue when REDIS_URL is set).
 * api/server.ts creates one per API node and hands routes and gate to the app.
 */
import type { Middleware } from 'koa';
import type { Logger } from '../log.js';
import type { RouteSpec } from '../routes/route.js';
import type { AppState } from '../state.js';
import type { PaymentsContext } from './core.js';
import { paymentsGate } from './gate.js';
import { buildPaymentsOpenApi } from './openapi.js';
import { paymentsRoutes } from './routes.js';
import { PaymentsScheduler } from './scheduler.js';
import { BullDeliveryQueue } from './webhookQueue.js';
import { WEBHOOK_DEFAULTS, type WebhookSettings } from './webhooks.js';
import type { DataKeys } from './dataKeys.js';
import type { RateWindows, RequestLimits } from '../../store/governance.js';
import type { Store } from '../../store/ports.js';

export interface PaymentsOptions {
  /** The clock (ms since the epoch; default Date.now): tests move it instead of waiting. */
  now?: () => number;
  /** Period of the background scheduler in ms (default 1000); 0: none (tests call scheduler.tick()). */
  schedulerIntervalMs?: number;
  /** Webhook retry schedule and time limit (default WEBHOOK_DEFAULTS). */
  webhooks?: Partial<WebhookSettings>;
  /** Substitute rate windows (tests of other behaviour lift the limit; default the governance's). */
  rates?: RateWindows;
}

export interface PaymentsDeps extends PaymentsOptions {
  store: Store;
  limits: RequestLimits;
  rates: RateWindows;
  log: Logger;
  /** With it, webhook deliveries go through the BullMQ queue `payments-webhooks`. */
  redisUrl: string | null;
  version: string;
  /** The keys sealing bank account numbers at rest (./dataKeys.ts). */
  dataKeys: DataKeys;
}

export interface Payments {
  ctx: PaymentsContext;
  routes: RouteSpec[];
  gate: Middleware<AppState>;
  scheduler: PaymentsScheduler;
  /** Resolves once the delivery queue is connected (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createPayments(deps: PaymentsDeps): Payments {
  const now = deps.now ?? Date.now;
  const settings: WebhookSettings = { ...WEBHOOK_DEFAULTS, ...deps.webhooks };
  let scheduler: PaymentsScheduler | undefined;
  const ctx: PaymentsContext = { store: deps.store.payments, now, notify: () => scheduler?.nudge(), privateWebhookTargets: settings.privateTargets, dataKeys: deps.dataKeys };
  const queue = deps.redisUrl
    ? new BullDeliveryQueue(deps.redisUrl, (id) => scheduler!.deliver(id), now, (e) => deps.log.debug('payments webhook queue error', { error: e.message }))
    : null;
  scheduler = new PaymentsScheduler(ctx, settings, deps.log, queue);
  scheduler.start(deps.schedulerIntervalMs ?? 1_000);

  const routes = paymentsRoutes(ctx);
  let doc: Record<string, unknown> | undefined;
  routes.push({
    method: 'GET',
    path: '/v1/payments/openapi.json',
    access: 'public',
    product: 'payments',
    scopes: [],
    operationId: 'getPaymentsOpenApi',
    summary: 'This OpenAPI 3.1 description',
    description: 'The OpenAPI 3.1 description of the payments API, generated from the routes the server runs and the error catalogue. Public: no key needed.',
    tags: ['meta'],
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: { type: 'object' } } },
    errors: [],
    async handler(c) {
      doc ??= buildPaymentsOpenApi(routes, deps.version);
      c.set('Cache-Control', 'public, max-age=300');
      c.body = doc;
    },
  });

  return {
    ctx,
    routes,
    gate: paymentsGate({ store: deps.store, limits: deps.limits, rates: deps.rates, now, log: deps.log }),
    scheduler,
    ready: async () => {
      await queue?.ready();
    },
    close: () => scheduler!.close(),
  };
}
