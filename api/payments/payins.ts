/**
 * Pay-ins: money a merchant collects, by card token or bank transfer. A decline is a pay-in that
 * exists in state `failed` with a failure code, never an HTTP error. In the sandbox the simulator
 * decides test cards as they are created (sandbox.ts); in live nothing pretends money moved: a
 * pay-in waits in `pending` until the operator records what the bank did (`payin receive`,
 * `payin fail`), or until it expires.
 */
import { errors } from '../errors.js';
import { createObject, getOrNotFound, iso, moveObject, type PaymentsContext } from './core.js';
import { newPaymentId } from './ids.js';
import { requireCurrency } from './money.js';
import { testCard } from './sandbox.js';
import { PAYIN_FAILURE_CODES, PAYIN_TRANSITIONS, payinMovements, type PayinFailureCode } from './states.js';
import { amount, currency, metadata, object, oneOf, parseBody, str, type Field } from './validate.js';
import { payinView } from './views.js';
import type { Payin, PayinStatus, Scope } from '../../store/payments/model.js';

export const CARD_EXPIRY_MS = 24 * 3_600_000;
export const TRANSFER_EXPIRY_MS = 7 * 24 * 3_600_000;
const LIVE_TOKEN = /^tok_[A-Za-z0-9_]{8,64}$/;

export const PAYIN_BODY: Record<string, Field> = {
  amount: amount({ required: true, description: 'Amount to collect' }),
  currency: currency({ required: true, description: 'Currency of the amount' }),
  payment_method: object(
    {
      type: oneOf(['card', 'bank_transfer'], { required: true, description: 'card: a card token from your tokenisation; bank_transfer: the payer sends a transfer quoting the reference' }),
      token: str({ max: 80, description: 'Card token (type card); in the sandbox one of the test tokens of GET /v1/sandbox/test_credentials', example: 'tok_sandbox_success' }),
    },
    { required: true, description: 'How the payer pays' },
  ),
  description: str({ max: 500, display: true, description: 'Shown to you, not to the payer' }),
  metadata,
};

const RULES = { transitions: PAYIN_TRANSITIONS, movements: payinMovements, view: payinView };

export async function createPayin(ctx: PaymentsContext, scope: Scope, body: unknown, idempotencyKey: string): Promise<{ payin: Payin; created: boolean }> {
  const b = parseBody<{ amount: number; currency: string; payment_method: { type: 'card' | 'bank_transfer'; token?: string }; description?: string; metadata?: Record<string, string> }>(PAYIN_BODY, body, (raw, out) => {
    const pm = raw.payment_method as { type: string; token?: unknown };
    if (pm.type === 'card' && pm.token === undefined) out['payment_method.token'] = 'is required for a card';
    if (pm.type === 'bank_transfer' && pm.token !== undefined) out['payment_method.token'] = 'is for cards only';
    if (pm.type !== 'card' || typeof pm.token !== 'string') return;
    if (scope.environment === 'sandbox' && !testCard(pm.token)) out['payment_method.token'] = 'unknown test card token: the sandbox takes the tokens listed by GET /v1/sandbox/test_credentials';
    if (scope.environment === 'live' && pm.token.startsWith('tok_sandbox_')) out['payment_method.token'] = 'a sandbox test card cannot be used with a live key';
    else if (scope.environment === 'live' && !LIVE_TOKEN.test(pm.token)) out['payment_method.token'] = `must match ${LIVE_TOKEN.source}`;
  });
  requireCurrency(b.currency, 'currency');
  const now = ctx.now();
  const id = newPaymentId('payin', now);
  const test = b.payment_method.type === 'card' && scope.environment === 'sandbox' ? testCard(b.payment_method.token!)! : null;
  const expiresAt = iso(now + (b.payment_method.type === 'card' ? CARD_EXPIRY_MS : TRANSFER_EXPIRY_MS));
  const record: Payin = {
    id, merchantId: scope.merchantId, environment: scope.environment, status: 'pending', version: 1, createdAt: iso(now), updatedAt: iso(now),
    metadata: b.metadata ?? {}, idempotencyKey, nextAction: { at: expiresAt, to: 'expired' },
    amount: b.amount, currency: b.currency,
    method: b.payment_method.type === 'card'
      ? { type: 'card', token: b.payment_method.token!, brand: test?.brand ?? null, last4: test?.last4 ?? null }
      : { type: 'bank_transfer', reference: `PI-${id.slice(-10)}` },
    description: b.description ?? null, failureCode: null, failureMessage: null, expiresAt, scenario: test?.token ?? null,
  };
  const { record: payin, created } = await createObject(ctx, 'payin', record, [], ['payin.created'], payinView);
  if (!created || !test) return { payin, created };
  // The sandbox card network answers at once (or, for the slow card, after SLOW_CARD_MS).
  const processing = await stepPayin(ctx, payin, 'processing');
  return { payin: test.processingMs > 0 ? processing : await stepPayin(ctx, processing, test.outcome), created };
}

/** One change of a pay-in, with what it implies (failure code, the simulator's next step). */
export async function stepPayin(ctx: PaymentsContext, payin: Payin, to: PayinStatus, failureCode?: PayinFailureCode): Promise<Payin> {
  const test = payin.scenario ? testCard(payin.scenario) : undefined;
  const patch: Partial<Payin> = {};
  if (to === 'processing' && test && test.processingMs > 0) patch.nextAction = { at: iso(ctx.now() + test.processingMs), to: test.outcome };
  if (to === 'failed') {
    const code = failureCode ?? test?.failureCode ?? (payin.method.type === 'card' ? 'processing_error' : 'transfer_rejected');
    patch.failureCode = code;
    patch.failureMessage = PAYIN_FAILURE_CODES[code];
  }
  return moveObject(ctx, 'payin', payin, to, patch, RULES);
}

export async function cancelPayin(ctx: PaymentsContext, scope: Scope, id: string): Promise<Payin> {
  return stepPayin(ctx, await getOrNotFound(ctx, 'payin', scope, id), 'canceled');
}

export const ADVANCE_PAYIN_BODY: Record<string, Field> = {
  to: oneOf(['processing', 'succeeded', 'failed', 'canceled', 'expired'], { description: 'The status to move to; default the next step: pending -> processing -> succeeded' }),
  failure_code: oneOf(Object.keys(PAYIN_FAILURE_CODES) as PayinFailureCode[], { description: "With to = failed (default: the test card's code, else processing_error / transfer_rejected)" }),
};

/** Sandbox: the next step of the happy path, or `to` when given (checked against the state machine). */
export async function advancePayin(ctx: PaymentsContext, scope: Scope, id: string, body: unknown): Promise<Payin> {
  const b = parseBody<{ to?: PayinStatus; failure_code?: PayinFailureCode }>(ADVANCE_PAYIN_BODY, body);
  const payin = await getOrNotFound(ctx, 'payin', scope, id);
  const to = b.to ?? (payin.status === 'pending' ? 'processing' : 'succeeded');
  if (b.failure_code && to !== 'failed') throw errors.validation('failure_code goes with to = failed', { failure_code: 'only with to = failed' });
  return stepPayin(ctx, payin, to, b.failure_code);
}

/** Operator (live rail): the money arrived. pending -> processing -> succeeded, or processing -> succeeded. */
export async function receivePayin(ctx: PaymentsContext, id: string): Promise<Payin> {
  let payin = await ctx.store.objects.find('payin', id);
  if (!payin) throw errors.notFound(`No pay-in ${id}`);
  if (payin.status === 'pending') payin = await stepPayin(ctx, payin, 'processing');
  return stepPayin(ctx, payin, 'succeeded');
}

/** Operator (live rail): the bank refused or recalled it. */
export async function failPayin(ctx: PaymentsContext, id: string, code: PayinFailureCode): Promise<Payin> {
  let payin = await ctx.store.objects.find('payin', id);
  if (!payin) throw errors.notFound(`No pay-in ${id}`);
  if (payin.status === 'pending') payin = await stepPayin(ctx, payin, 'processing');
  return stepPayin(ctx, payin, 'failed', code);
}
