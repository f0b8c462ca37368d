/**
 * The state machines of pay-ins and payouts, as data: which changes are allowed, what each one
 * does to the balances, and the event it emits (`<kind>.<new status>`). Every service, the
 * sandbox simulator and the operator commands go through these tables, so an invalid change is
 * refused the same way everywhere (409 invalid_transition).
 *
 * Pay-in:  pending -> processing -> succeeded | failed;  pending -> canceled | expired
 * Payout:  pending -> processing -> paid -> returned;  processing -> failed;  pending -> canceled
 *
 * Balances (minor units; see store/payments/model.ts BalanceAmounts):
 *   pay-in -> processing   pending += amount
 *   processing -> succeeded   pending -= amount, available += amount
 *   processing -> failed      pending -= amount
 *   payout created (pending)  available -= amount + fee, reserved += amount + fee (402 when short)
 *   processing -> paid        reserved -= amount + fee (the money left)
 *   -> failed / canceled      reserved -= amount + fee, available += amount + fee (released)
 *   paid -> returned          available += amount (the bank sent it back; the fee is not refunded)
 */
import type { Movement, Payin, PayinStatus, Payout, PayoutStatus } from '../../store/payments/model.js';

export const PAYIN_TRANSITIONS: Record<PayinStatus, readonly PayinStatus[]> = {
  pending: ['processing', 'canceled', 'expired'],
  processing: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
  canceled: [],
  expired: [],
};

export const PAYOUT_TRANSITIONS: Record<PayoutStatus, readonly PayoutStatus[]> = {
  pending: ['processing', 'canceled'],
  processing: ['paid', 'failed'],
  paid: ['returned'],
  failed: [],
  canceled: [],
  returned: [],
};

export function payinMovements(p: Payin, to: PayinStatus): Movement[] {
  const c = p.currency;
  switch (to) {
    case 'processing':
      return [{ currency: c, pending: p.amount }];
    case 'succeeded':
      return [{ currency: c, pending: -p.amount, available: p.amount }];
    case 'failed':
      return [{ currency: c, pending: -p.amount }];
    default:
      return [];
  }
}

export function payoutMovements(p: Payout, to: PayoutStatus | 'created'): Movement[] {
  const total = p.amount + p.fee;
  const c = p.currency;
  switch (to) {
    case 'created':
      return [{ currency: c, available: -total, reserved: total }];
    case 'paid':
      return [{ currency: c, reserved: -total }];
    case 'failed':
    case 'canceled':
      return [{ currency: c, reserved: -total, available: total }];
    case 'returned':
      return [{ currency: c, available: p.amount }];
    default:
      return [];
  }
}

/** Every event type the API emits (webhook endpoints subscribe to these, or '*'). */
export const EVENT_TYPES = [
  'payin.created', 'payin.processing', 'payin.succeeded', 'payin.failed', 'payin.canceled', 'payin.expired',
  'payout.created', 'payout.processing', 'payout.paid', 'payout.failed', 'payout.canceled', 'payout.returned',
  'conversion.completed',
  'top_up.succeeded',
] as const;

export const PAYIN_FAILURE_CODES = {
  card_declined: 'The card was declined by its issuer',
  insufficient_funds: 'The card has insufficient funds',
  expired_card: 'The card has expired',
  processing_error: 'An error occurred while processing the card; the payer may retry',
  transfer_rejected: 'The bank transfer was rejected or recalled by the sending bank',
} as const;

export const PAYOUT_FAILURE_CODES = {
  account_closed: 'The bank account has been closed',
  no_account: 'The bank account does not exist',
  invalid_account_number: 'The account number is not valid for the receiving bank',
  account_frozen: 'The bank account is frozen',
  could_not_process: 'The bank could not process the payout',
} as const;

export type PayinFailureCode = keyof typeof PAYIN_FAILURE_CODES;
export type PayoutFailureCode = keyof typeof PAYOUT_FAILURE_CODES;
