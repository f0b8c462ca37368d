/**
 * Conversions between currencies: an operator-maintained rate table (never the network), quotes
 * locked for 5 minutes and used once, and conversions that move both balances atomically at the
 * quoted amounts.
 *
 * A quote for a sell amount S: buy = floor((S - fee) * rate * 10^(buyExp - sellExp)).
 * A quote for a buy amount B:  sell = ceil(B / rate * 10^(sellExp - buyExp)) + fee.
 * rate = mid * (1 - markup_bps / 10000), exact. The amount the merchant states is kept exact; the
 * one computed rounds against them (decimal.ts), so no choice of amounts gains from rounding.
 */
import { ApiError, errors } from '../errors.js';
import { getOrNotFound, iso, newEvent, insufficient, type PaymentsContext } from './core.js';
import { buyFor, formatDecimal, parseDecimal, sellFor, withMarkup } from './decimal.js';
import { newPaymentId } from './ids.js';
import { amountProblem, currencyOf, requireCurrency, type Currency } from './money.js';
import { amount, currency, metadata, parseBody, str, type Field } from './validate.js';
import { conversionView } from './views.js';
import type { Conversion, Quote, Rate, Scope } from '../../store/payments/model.js';
import type { PaymentsStore } from '../../store/payments/ports.js';

export const QUOTE_LOCK_MS = 5 * 60_000;
export const MARKUP_BPS_DEFAULT = 50;
export const MARKUP_BPS_MAX = 2_000;

export const QUOTE_BODY: Record<string, Field> = {
  sell_currency: currency({ required: true, description: 'The currency you sell (debited)' }),
  buy_currency: currency({ required: true, description: 'The currency you buy (credited)' }),
  sell_amount: amount({ description: 'How much to sell (fee included); give exactly one of sell_amount and buy_amount' }),
  buy_amount: amount({ description: 'How much to receive; give exactly one of sell_amount and buy_amount' }),
  metadata,
};

export const CONVERSION_BODY: Record<string, Field> = {
  quote: str({ required: true, max: 64, pattern: /^quote_[0-9A-Z]{26}$/, description: 'The id of an open quote of this environment' }),
  metadata,
};

/** Operator: sets the rate of one direction (admin CLI `rate set`). */
export async function setRate(store: PaymentsStore, input: { from: string; to: string; mid: string; markupBps?: number; fee?: number }, nowMs: number): Promise<Rate> {
  const fields: Record<string, string> = {};
  const from = currencyOf(input.from);
  const to = currencyOf(input.to);
  if (!from) fields.from = 'must be a currency of GET /v1/currencies';
  if (!to) fields.to = 'must be a currency of GET /v1/currencies';
  if (from && from === to) fields.to = 'must differ from from';
  if (!parseDecimal(input.mid)) fields.mid = 'must be a positive decimal such as 1.0825 (at most 12 digits each side of the point)';
  const markupBps = input.markupBps ?? MARKUP_BPS_DEFAULT;
  if (!Number.isInteger(markupBps) || markupBps < 0 || markupBps > MARKUP_BPS_MAX) fields.markup_bps = `must be an integer from 0 to ${MARKUP_BPS_MAX}`;
  const fee = input.fee ?? 0;
  if (!Number.isInteger(fee) || fee < 0 || fee > 1_000_000) fields.fee = 'must be an integer from 0 to 1000000 minor units of from';
  if (Object.keys(fields).length) throw errors.validation('Invalid rate', fields);
  const rate: Rate = { from: from!.code, to: to!.code, mid: formatDecimal(parseDecimal(input.mid)!), markupBps, fee, updatedAt: iso(nowMs) };
  await store.rates.set(rate);
  return rate;
}

export function rateView(r: Rate) {
  const merchant = formatDecimal(withMarkup(parseDecimal(r.mid)!, r.markupBps));
  return { from: r.from, to: r.to, mid_market_rate: r.mid, markup_bps: r.markupBps, rate: merchant, fee: { amount: r.fee, currency: r.from }, updated_at: r.updatedAt };
}

/** The amounts of a quote, exactly; a 400 names the amount when it is too small or too large. */
export function price(rate: Rate, sell: Currency, buy: Currency, given: { sell?: number; buy?: number }): { sellAmount: number; buyAmount: number; rate: string } {
  const r = withMarkup(parseDecimal(rate.mid)!, rate.markupBps);
  let sellAmount: number;
  let buyAmount: number;
  if (given.sell !== undefined) {
    sellAmount = given.sell;
    const net = given.sell - rate.fee;
    if (net < 1) throw errors.validation('The sell amount does not cover the conversion fee', { sell_amount: `must be more than the fee of ${rate.fee} minor units of ${sell.code}` });
    buyAmount = buyFor(net, r, sell.exponent, buy.exponent);
    if (buyAmount < 1) throw errors.validation('The sell amount buys less than one minor unit', { sell_amount: `buys less than one minor unit of ${buy.code}` });
  } else {
    buyAmount = given.buy!;
    sellAmount = sellFor(buyAmount, r, sell.exponent, buy.exponent) + rate.fee;
  }
  for (const [field, v, c] of [['sell_amount', sellAmount, sell], ['buy_amount', buyAmount, buy]] as const) {
    const problem = amountProblem(v, c);
    if (problem) throw errors.validation(`The ${field} of this quote is out of range`, { [field]: problem });
  }
  return { sellAmount, buyAmount, rate: formatDecimal(r) };
}

export async function createQuote(ctx: PaymentsContext, scope: Scope, body: unknown): Promise<Quote> {
  const b = parseBody<{ sell_currency: string; buy_currency: string; sell_amount?: number; buy_amount?: number; metadata?: Record<string, string> }>(QUOTE_BODY, body, (raw, out) => {
    if ((raw.sell_amount === undefined) === (raw.buy_amount === undefined)) out.sell_amount = out.buy_amount = 'give exactly one of sell_amount and buy_amount';
    if (raw.sell_currency === raw.buy_currency) out.buy_currency = 'must differ from sell_currency';
  });
  const sell = requireCurrency(b.sell_currency, 'sell_currency');
  const buy = requireCurrency(b.buy_currency, 'buy_currency');
  const rate = await ctx.store.rates.get(sell.code, buy.code);
  if (!rate) throw new ApiError('rate_unavailable', `No rate is set for ${sell.code} -> ${buy.code}`, { sell_currency: sell.code, buy_currency: buy.code });
  const priced = price(rate, sell, buy, { sell: b.sell_amount, buy: b.buy_amount });
  const now = ctx.now();
  const quote: Quote = {
    id: newPaymentId('quote', now), merchantId: scope.merchantId, environment: scope.environment, status: 'open', version: 1, createdAt: iso(now), updatedAt: iso(now),
    metadata: b.metadata ?? {}, idempotencyKey: null, nextAction: null,
    sellCurrency: sell.code, buyCurrency: buy.code, sellAmount: priced.sellAmount, buyAmount: priced.buyAmount, rate: priced.rate, midMarketRate: rate.mid,
    markupBps: rate.markupBps, fee: rate.fee, expiresAt: iso(now + QUOTE_LOCK_MS), usedBy: null,
  };
  const out = await ctx.store.objects.create('quote', quote, { movements: [], events: [] });
  if (out.status === 'insufficient_funds') throw new Error('a quote moves no money');
  return out.record;
}

export async function createConversion(ctx: PaymentsContext, scope: Scope, body: unknown, idempotencyKey: string): Promise<{ conversion: Conversion; created: boolean }> {
  const b = parseBody<{ quote: string; metadata?: Record<string, string> }>(CONVERSION_BODY, body);
  const quote = await getOrNotFound(ctx, 'quote', scope, b.quote);
  const now = ctx.now();
  const conversion: Conversion = {
    id: newPaymentId('conversion', now), merchantId: scope.merchantId, environment: scope.environment, status: 'completed', version: 1, createdAt: iso(now), updatedAt: iso(now),
    metadata: b.metadata ?? {}, idempotencyKey, nextAction: null,
    quoteId: quote.id, sellCurrency: quote.sellCurrency, buyCurrency: quote.buyCurrency, sellAmount: quote.sellAmount, buyAmount: quote.buyAmount, rate: quote.rate, fee: quote.fee,
  };
  const movements = [{ currency: quote.sellCurrency, available: -quote.sellAmount }, { currency: quote.buyCurrency, available: quote.buyAmount }];
  const event = newEvent(ctx, conversion, 'conversion.completed', conversionView(conversion));
  const out = await ctx.store.objects.convert(scope, quote.id, conversion, { movements, events: [event] }, iso(now));
  switch (out.status) {
    case 'created':
      ctx.notify();
      return { conversion: out.record, created: true };
    case 'exists':
      return { conversion: out.record, created: false };
    case 'insufficient_funds':
      throw insufficient(out, quote.sellAmount);
    case 'quote_not_found':
      throw errors.notFound(`No quote ${b.quote} in this environment`);
    case 'quote_expired':
      throw new ApiError('quote_expired', `Quote ${quote.id} expired at ${quote.expiresAt}; create a new quote`, { expires_at: quote.expiresAt });
    case 'quote_used':
      throw new ApiError('quote_used', `Quote ${quote.id} was used by conversion ${out.quote.usedBy}; quotes are single use`, { conversion: out.quote.usedBy });
  }
}
