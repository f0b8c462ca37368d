/**
 * The JSON the payments API shows of each record (snake_case, `object` names the type, every
 * object carries its `environment`). Built field by field from the record, so what is internal
 * (full account numbers, card tokens, idempotency keys, timers, secrets) never leaves by accident.
 */
import type { Balance, Conversion, Payin, PaymentEvent, Payout, Quote, TopUp, WebhookDelivery, WebhookEndpoint } from '../../store/payments/model.js';

type Common = { id: string; environment: string; metadata: Record<string, string>; createdAt: string; updatedAt: string };
const head = <O extends string>(object: O, r: Common) => ({ id: r.id, object, environment: r.environment });
const tail = (r: Common) => ({ metadata: r.metadata, created_at: r.createdAt, updated_at: r.updatedAt });

export function payinView(p: Payin) {
  return {
    ...head('payin', p),
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    payment_method:
      p.method.type === 'card'
        ? { type: 'card' as const, card: { brand: p.method.brand, last4: p.method.last4 } }
        : { type: 'bank_transfer' as const, bank_transfer: { reference: p.method.reference } },
    description: p.description,
    failure_code: p.failureCode,
    failure_message: p.failureMessage,
    expires_at: p.expiresAt,
    ...tail(p),
  };
}

export function payoutView(p: Payout) {
  return {
    ...head('payout', p),
    status: p.status,
    amount: p.amount,
    fee: p.fee,
    currency: p.currency,
    bank_account: {
      account_holder_name: p.bankAccount.holderName,
      country: p.bankAccount.country,
      last4: p.bankAccount.last4,
      routing_number: p.bankAccount.routingNumber,
    },
    description: p.description,
    failure_code: p.failureCode,
    failure_message: p.failureMessage,
    paid_at: p.paidAt,
    returned_at: p.returnedAt,
    ...tail(p),
  };
}

export function quoteView(q: Quote, nowMs: number) {
  return {
    ...head('quote', q),
    status: q.usedBy ? ('used' as const) : Date.parse(q.expiresAt) <= nowMs ? ('expired' as const) : ('open' as const),
    sell_currency: q.sellCurrency,
    sell_amount: q.sellAmount,
    buy_currency: q.buyCurrency,
    buy_amount: q.buyAmount,
    rate: q.rate,
    mid_market_rate: q.midMarketRate,
    markup_bps: q.markupBps,
    fee: { amount: q.fee, currency: q.sellCurrency },
    expires_at: q.expiresAt,
    conversion: q.usedBy,
    ...tail(q),
  };
}

export function conversionView(c: Conversion) {
  return {
    ...head('conversion', c),
    status: c.status,
    quote: c.quoteId,
    sell_currency: c.sellCurrency,
    sell_amount: c.sellAmount,
    buy_currency: c.buyCurrency,
    buy_amount: c.buyAmount,
    rate: c.rate,
    fee: { amount: c.fee, currency: c.sellCurrency },
    ...tail(c),
  };
}

export function topUpView(t: TopUp) {
  return { ...head('top_up', t), status: t.status, amount: t.amount, currency: t.currency, source: t.source, ...tail(t) };
}

export function balanceView(b: Balance) {
  return { currency: b.currency, available: b.available, pending: b.pending, reserved: b.reserved };
}

export function eventView(e: PaymentEvent) {
  return { id: e.id, object: 'event' as const, environment: e.environment, type: e.type, created_at: e.createdAt, data: { object: e.data } };
}

export function endpointView(e: WebhookEndpoint) {
  return {
    id: e.id,
    object: 'webhook_endpoint' as const,
    environment: e.environment,
    url: e.url,
    events: e.events,
    description: e.description,
    enabled: e.enabled,
    secret_prefix: e.secretPrefix ?? e.secret.slice(0, 10),
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
}

export function deliveryView(d: WebhookDelivery) {
  return {
    id: d.id,
    object: 'webhook_delivery' as const,
    environment: d.environment,
    endpoint: d.endpointId,
    event: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempts: d.attempts.map((a) => ({ at: a.at, status: a.status, error: a.error, ms: a.ms })),
    next_attempt_at: d.nextAttemptAt,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}
