/**
 * JSON Schemas of the payments objects as views.ts shows them, for the OpenAPI document
 * (test/api/payments/openapi.test.ts checks real answers against them).
 */
import { CURRENCIES } from './money.js';
import { EVENT_TYPES, PAYIN_FAILURE_CODES, PAYOUT_FAILURE_CODES } from './states.js';
import { PAYIN_STATUSES, PAYOUT_STATUSES } from '../../store/payments/model.js';

type Schema = Record<string, unknown>;

const s = (type: string, description: string, extra: Schema = {}): Schema => ({ type, description, ...extra });
const nullable = (type: string, description: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], description, ...extra });
const time = (description: string) => s('string', description, { format: 'date-time' });
const currencyCode = (description: string) => s('string', description, { enum: CURRENCIES.map((c) => c.code) });
const minor = (description: string) => s('integer', `${description} (minor units)`);

function objectSchema(name: string, description: string, props: Record<string, Schema>): Schema {
  const all = {
    id: s('string', 'Id, with a type prefix'),
    object: s('string', 'The type of object', { const: name }),
    environment: s('string', 'sandbox or live: the environment of the key that made it', { enum: ['sandbox', 'live'] }),
    ...props,
  };
  return { type: 'object', description, required: Object.keys(all), properties: all };
}

const common = {
  metadata: { type: 'object', description: 'Your key-value pairs', additionalProperties: { type: 'string' } },
  created_at: time('When it was created'),
  updated_at: time('When it last changed'),
};

export const PAYIN_SCHEMA = objectSchema('payin', 'Money collected from a payer', {
  status: s('string', 'pending -> processing -> succeeded | failed; pending -> canceled | expired', { enum: [...PAYIN_STATUSES] }),
  amount: minor('Amount'),
  currency: currencyCode('ISO 4217 currency'),
  payment_method: {
    type: 'object',
    description: 'card: brand and last4 (never the token); bank_transfer: the reference the payer quotes',
    required: ['type'],
    properties: {
      type: s('string', 'card or bank_transfer', { enum: ['card', 'bank_transfer'] }),
      card: { type: 'object', description: 'With type card', properties: { brand: nullable('string', 'Card brand'), last4: nullable('string', 'Last four digits') } },
      bank_transfer: { type: 'object', description: 'With type bank_transfer', properties: { reference: s('string', 'Reference the payer quotes') } },
    },
  },
  description: nullable('string', 'Your description'),
  failure_code: nullable('string', 'Why it failed', { enum: [...Object.keys(PAYIN_FAILURE_CODES), null] }),
  failure_message: nullable('string', 'The failure in words'),
  expires_at: time('A pending pay-in expires then'),
  ...common,
});

export const PAYOUT_SCHEMA = objectSchema('payout', 'Money sent to a bank account', {
  status: s('string', 'pending -> processing -> paid | failed; paid -> returned; pending -> canceled', { enum: [...PAYOUT_STATUSES] }),
  amount: minor('Amount the account receives'),
  fee: minor('Fee charged on top of the amount'),
  currency: currencyCode('ISO 4217 currency'),
  bank_account: {
    type: 'object',
    description: 'The destination; the full account number is never shown',
    required: ['account_holder_name', 'country', 'last4', 'routing_number'],
    properties: {
      account_holder_name: s('string', 'Name on the account'),
      country: s('string', 'ISO 3166-1 alpha-2'),
      last4: s('string', 'Last four characters of the account number'),
      routing_number: nullable('string', 'Bank code, when given'),
    },
  },
  description: nullable('string', 'Your description'),
  failure_code: nullable('string', 'Why it failed or was returned', { enum: [...Object.keys(PAYOUT_FAILURE_CODES), null] }),
  failure_message: nullable('string', 'The failure in words'),
  paid_at: nullable('string', 'When it was paid', { format: 'date-time' }),
  returned_at: nullable('string', 'When it came back', { format: 'date-time' }),
  ...common,
});

const fee = { type: 'object', description: 'Conversion fee, in the sell currency, included in sell_amount', required: ['amount', 'currency'], properties: { amount: minor('Fee'), currency: currencyCode('The sell currency') } };

export const QUOTE_SCHEMA = objectSchema('quote', 'A locked conversion price, valid 5 minutes, single use', {
  status: s('string', 'open, used (by a conversion) or expired', { enum: ['open', 'used', 'expired'] }),
  sell_currency: currencyCode('Currency sold'),
  sell_amount: minor('Debited from the sell balance, fee included'),
  buy_currency: currencyCode('Currency bought'),
  buy_amount: minor('Credited to the buy balance'),
  rate: s('string', 'Buy units per sell unit after the markup: an exact decimal string', { pattern: '^[0-9]+(\\.[0-9]+)?$' }),
  mid_market_rate: s('string', 'The mid-market rate of the rate table, decimal string'),
  markup_bps: s('integer', 'Markup taken off the mid-market rate, basis points'),
  fee,
  expires_at: time('Usable until then'),
  conversion: nullable('string', 'The conversion that used it'),
  ...common,
});

export const CONVERSION_SCHEMA = objectSchema('conversion', 'A completed exchange between two balances at a quote', {
  status: s('string', 'Always completed: balances move atomically when it is created', { enum: ['completed'] }),
  quote: s('string', 'The quote it used'),
  sell_currency: currencyCode('Currency sold'),
  sell_amount: minor('Debited'),
  buy_currency: currencyCode('Currency bought'),
  buy_amount: minor('Credited'),
  rate: s('string', 'The quoted rate'),
  fee,
  ...common,
});

export const TOP_UP_SCHEMA = objectSchema('top_up', 'Sandbox test money added to a balance', {
  status: s('string', 'Always succeeded', { enum: ['succeeded'] }),
  amount: minor('Amount added'),
  currency: currencyCode('Currency'),
  source: s('string', 'api or operator', { enum: ['api', 'operator'] }),
  ...common,
});

export const BALANCE_SCHEMA = {
  type: 'object',
  description: 'Balances of this environment per currency',
  required: ['object', 'environment', 'balances'],
  properties: {
    object: s('string', 'balance', { const: 'balance' }),
    environment: s('string', 'sandbox or live', { enum: ['sandbox', 'live'] }),
    balances: {
      type: 'array',
      description: 'One entry per currency ever used',
      items: {
        type: 'object',
        required: ['currency', 'available', 'pending', 'reserved'],
        properties: {
          currency: currencyCode('Currency'),
          available: minor('Usable for payouts and conversions'),
          pending: minor('Incoming: pay-ins in processing'),
          reserved: minor('Held for payouts in pending or processing (amount + fee)'),
        },
      },
    },
  },
};

export const EVENT_SCHEMA = {
  type: 'object',
  description: 'A state change; data.object is the object right after it',
  required: ['id', 'object', 'environment', 'type', 'created_at', 'data'],
  properties: {
    id: s('string', 'evt_ id'),
    object: s('string', 'event', { const: 'event' }),
    environment: s('string', 'sandbox or live', { enum: ['sandbox', 'live'] }),
    type: s('string', 'What happened', { enum: [...EVENT_TYPES] }),
    created_at: time('When'),
    data: { type: 'object', description: 'The object', required: ['object'], properties: { object: { type: 'object', description: 'The object as GET would have shown it then' } } },
  },
};

export const ENDPOINT_SCHEMA = {
  type: 'object',
  description: 'A webhook endpoint; its secret is shown only in the creation answer',
  required: ['id', 'object', 'environment', 'url', 'events', 'enabled', 'created_at'],
  properties: {
    id: s('string', 'we_ id'),
    object: s('string', 'webhook_endpoint', { const: 'webhook_endpoint' }),
    environment: s('string', 'sandbox or live', { enum: ['sandbox', 'live'] }),
    url: s('string', 'Where events are POSTed'),
    events: { type: 'array', description: 'Event types received, or ["*"]', items: { type: 'string' } },
    description: nullable('string', 'Your description'),
    enabled: s('boolean', 'Whether it receives events'),
    secret_prefix: s('string', 'The first characters of the signing secret, to tell secrets apart'),
    secret: s('string', 'The signing secret (whsec_...): in the creation answer only'),
    created_at: time('When it was created'),
    updated_at: time('When it last changed'),
  },
};

export const DELIVERY_SCHEMA = {
  type: 'object',
  description: 'The delivery of one event to one endpoint, with every attempt',
  required: ['id', 'object', 'endpoint', 'event', 'status', 'attempts'],
  properties: {
    id: s('string', 'whd_ id'),
    object: s('string', 'webhook_delivery', { const: 'webhook_delivery' }),
    environment: s('string', 'sandbox or live', { enum: ['sandbox', 'live'] }),
    endpoint: s('string', 'The endpoint'),
    event: s('string', 'The event'),
    event_type: s('string', 'Its type'),
    status: s('string', 'pending (more attempts to come), succeeded (a 2xx answer), failed (window over)', { enum: ['pending', 'succeeded', 'failed'] }),
    attempts: {
      type: 'array',
      description: 'Every attempt, oldest first',
      items: { type: 'object', properties: { at: time('When'), status: nullable('integer', 'HTTP status of the answer'), error: nullable('string', 'Why there was no 2xx'), ms: s('integer', 'Duration') } },
    },
    next_attempt_at: nullable('string', 'When the next attempt is due', { format: 'date-time' }),
    created_at: time('When it was created'),
    updated_at: time('When it last changed'),
  },
};

export function listOf(item: Schema, description: string): Schema {
  return {
    type: 'object',
    description,
    required: ['object', 'data', 'has_more', 'next_cursor'],
    properties: {
      object: s('string', 'list', { const: 'list' }),
      data: { type: 'array', items: item, description: 'Newest first' },
      has_more: s('boolean', 'Whether older items follow'),
      next_cursor: nullable('string', 'Pass as starting_after for the next page'),
    },
  };
}
