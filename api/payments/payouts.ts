/**
 * Payouts to a bank account. Creating one reserves amount + fee from the available balance in the
 * same atomic operation (402 insufficient_funds when short); failure and cancellation release the
 * reserve, payment consumes it, a return credits the amount back. Full account numbers are
 * write-only: the API shows the last four digits. In the sandbox the simulator walks a payout
 * through the scenario of its test account; in live it waits for the operator (`payout mark`).
 */
import { errors } from '../errors.js';
import { seal, unseal } from './sealed.js';
import { createObject, getOrNotFound, iso, moveObject, type PaymentsContext } from './core.js';
import { newPaymentId } from './ids.js';
import { requireCurrency } from './money.js';
import { PAYOUT_PENDING_MS, PAYOUT_PROCESSING_MS, PAYOUT_RETURN_MS, testAccount } from './sandbox.js';
import { PAYOUT_FAILURE_CODES, PAYOUT_TRANSITIONS, payoutMovements, type PayoutFailureCode } from './states.js';
import { amount, country, currency, metadata, object, oneOf, parseBody, str, type Field } from './validate.js';
import { payoutView } from './views.js';
import type { Payout, PayoutStatus, Scope } from '../../store/payments/model.js';

export const PAYOUT_BODY: Record<string, Field> = {
  amount: amount({ required: true, description: 'Amount the account receives (the fee is charged on top)' }),
  currency: currency({ required: true, description: 'Currency of the amount; paid from this currency\'s available balance' }),
  bank_account: object(
    {
      account_holder_name: str({ required: true, max: 140, display: true, description: 'Name on the account' }),
      country: country({ required: true, description: 'Country of the bank', example: 'DE' }),
      account_number: str({ required: true, max: 34, pattern: /^[A-Z0-9]{4,34}$/, description: 'Account number or IBAN, letters upper case, no spaces; write-only (answers show last4)', example: '000123456789' }),
      routing_number: str({ max: 34, pattern: /^[A-Z0-9]{1,34}$/, description: 'Bank code (routing number, sort code, BIC) where the country needs one' }),
    },
    { required: true, description: 'Where the money goes' },
  ),
  description: str({ max: 500, display: true, description: 'Shown to you' }),
  metadata,
};

const RULES = { transitions: PAYOUT_TRANSITIONS, movements: payoutMovements, view: payoutView };

export async function createPayout(ctx: PaymentsContext, scope: Scope, body: unknown, idempotencyKey: string): Promise<{ payout: Payout; created: boolean }> {
  const b = parseBody<{ amount: number; currency: string; bank_account: { account_holder_name: string; country: string; account_number: string; routing_number?: string }; description?: string; metadata?: Record<string, string> }>(PAYOUT_BODY, body);
  const cur = requireCurrency(b.currency, 'currency');
  const now = ctx.now();
  const sandbox = scope.environment === 'sandbox';
  const id = newPaymentId('payout', now);
  const record: Payout = {
    id, merchantId: scope.merchantId, environment: scope.environment, status: 'pending', version: 1, createdAt: iso(now), updatedAt: iso(now),
    metadata: b.metadata ?? {}, idempotencyKey, nextAction: sandbox ? { at: iso(now + PAYOUT_PENDING_MS), to: 'processing' } : null,
    amount: b.amount, fee: cur.payoutFee, currency: cur.code,
    bankAccount: {
      holderName: b.bank_account.account_holder_name.trim(), country: b.bank_account.country, accountNumber: sealAccountNumber(ctx, id, b.bank_account.account_number),
      routingNumber: b.bank_account.routing_number ?? null, last4: b.bank_account.account_number.slice(-4),
    },
    description: b.description ?? null, failureCode: null, failureMessage: null, scenario: sandbox ? testAccount(b.bank_account.account_number).outcome : null, paidAt: null, returnedAt: null,
  };
  const { record: payout, created } = await createObject(ctx, 'payout', record, payoutMovements(record, 'created'), ['payout.created'], payoutView);
  return { payout, created };
}

/** What a payout's account number is sealed for (./sealed.ts): this payout's, and no other's. */
const accountNumberContext = (payoutId: string) => `payout:${payoutId}:bank_account.account_number`;

/** A payout's account number as stored: sealed under the current data key, for this payout. */
export function sealAccountNumber(ctx: PaymentsContext, payoutId: string, plain: string): string {
  return seal(ctx.dataKeys, plain, accountNumberContext(payoutId));
}

/** The payout's whole account number, unsealed (answers show only its last four digits). */
export function accountNumber(ctx: PaymentsContext, payout: Payout): string {
  return unseal(ctx.dataKeys, payout.bankAccount.accountNumber, accountNumberContext(payout.id));
}

/** One change of a payout, with what it implies (timestamps, failure code, the simulator's next step). */
export async function stepPayout(ctx: PaymentsContext, payout: Payout, to: PayoutStatus, failureCode?: PayoutFailureCode): Promise<Payout> {
  const now = ctx.now();
  const test = payout.environment === 'sandbox' ? testAccount(accountNumber(ctx, payout)) : null;
  const patch: Partial<Payout> = {};
  if (to === 'processing' && test && test.outcome !== 'stuck') {
    patch.nextAction = { at: iso(now + PAYOUT_PROCESSING_MS), to: test.outcome === 'failed' ? 'failed' : 'paid' };
  }
  if (to === 'paid') {
    patch.paidAt = iso(now);
    if (test?.outcome === 'returned') patch.nextAction = { at: iso(now + PAYOUT_RETURN_MS), to: 'returned' };
  }
  if (to === 'failed' || to === 'returned') {
    const code = failureCode ?? test?.failureCode ?? (to === 'returned' ? 'account_closed' : 'could_not_process');
    patch.failureCode = code;
    patch.failureMessage = PAYOUT_FAILURE_CODES[code];
    if (to === 'returned') patch.returnedAt = iso(now);
  }
  return moveObject(ctx, 'payout', payout, to, patch, RULES);
}

export async function cancelPayout(ctx: PaymentsContext, scope: Scope, id: string): Promise<Payout> {
  return stepPayout(ctx, await getOrNotFound(ctx, 'payout', scope, id), 'canceled');
}

export const ADVANCE_PAYOUT_BODY: Record<string, Field> = {
  to: oneOf(['processing', 'paid', 'failed', 'canceled', 'returned'], { required: true, description: 'The status to move to, allowed by the payout state machine' }),
  failure_code: oneOf(Object.keys(PAYOUT_FAILURE_CODES) as PayoutFailureCode[], { description: "With to = failed or returned (default: the test account's code, else could_not_process / account_closed)" }),
};

/** Sandbox: moves a payout to `to`, checked against the state machine. */
export async function advancePayout(ctx: PaymentsContext, scope: Scope, id: string, body: unknown): Promise<Payout> {
  const b = parseBody<{ to: PayoutStatus; failure_code?: PayoutFailureCode }>(ADVANCE_PAYOUT_BODY, body);
  if (b.failure_code && b.to !== 'failed' && b.to !== 'returned') throw errors.validation('failure_code goes with to = failed or returned', { failure_code: 'only with to = failed or returned' });
  return stepPayout(ctx, await getOrNotFound(ctx, 'payout', scope, id), b.to, b.failure_code);
}

/** Operator (live rail): what the bank did. A pending payout passes through processing first. */
export async function markPayout(ctx: PaymentsContext, id: string, to: 'processing' | 'paid' | 'failed' | 'returned', failureCode?: PayoutFailureCode): Promise<Payout> {
  let payout = await ctx.store.objects.find('payout', id);
  if (!payout) throw errors.notFound(`No payout ${id}`);
  if (payout.status === 'pending' && (to === 'paid' || to === 'failed')) payout = await stepPayout(ctx, payout, 'processing');
  return stepPayout(ctx, payout, to, failureCode);
}
