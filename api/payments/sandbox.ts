/**
 * The sandbox's test credentials (payments spec §4, "test-credentials facility"): card tokens and
 * bank account numbers that drive a known outcome, published machine-readably at
 * GET /v1/sandbox/test_credentials. Each has a test that runs it (test/api/payments/sandbox.test.ts).
 * Timings are in milliseconds after the previous step; the scheduler applies them (sandbox only).
 */
import type { PayinFailureCode, PayoutFailureCode } from './states.js';
import { PAYIN_FAILURE_CODES, PAYOUT_FAILURE_CODES } from './states.js';

/** A slow card stays `processing` this long, then succeeds. */
export const SLOW_CARD_MS = 10_000;
/** Sandbox payouts: pending this long, then processing this long, then their outcome. */
export const PAYOUT_PENDING_MS = 2_000;
export const PAYOUT_PROCESSING_MS = 2_000;
/** A payout to the "returned" account comes back this long after it was paid. */
export const PAYOUT_RETURN_MS = 30_000;

export interface TestCard {
  token: string;
  brand: string;
  last4: string;
  outcome: 'succeeded' | 'failed';
  failureCode: PayinFailureCode | null;
  /** How long it stays processing (0: decided as it is created). */
  processingMs: number;
  description: string;
}

const card = (token: string, last4: string, outcome: TestCard['outcome'], failureCode: PayinFailureCode | null, processingMs: number, description: string): TestCard => ({
  token, brand: 'visa', last4, outcome, failureCode, processingMs, description,
});

export const TEST_CARDS: readonly TestCard[] = [
  card('tok_sandbox_success', '4242', 'succeeded', null, 0, 'Succeeds at once: pending -> processing -> succeeded as the pay-in is created.'),
  card('tok_sandbox_declined', '0002', 'failed', 'card_declined', 0, 'Declined: the pay-in is created and ends failed with failure_code card_declined (a 201, not an HTTP error).'),
  card('tok_sandbox_insufficient_funds', '9995', 'failed', 'insufficient_funds', 0, 'The card has no funds: failed with failure_code insufficient_funds.'),
  card('tok_sandbox_expired_card', '0069', 'failed', 'expired_card', 0, 'Expired card: failed with failure_code expired_card.'),
  card('tok_sandbox_processing_error', '0119', 'failed', 'processing_error', 0, 'Processor error: failed with failure_code processing_error.'),
  card('tok_sandbox_slow_success', '3220', 'succeeded', null, SLOW_CARD_MS, `Stays processing for ${SLOW_CARD_MS / 1000} s, then succeeds (or advance it at once).`),
];

export interface TestBankAccount {
  accountNumber: string;
  outcome: 'paid' | 'failed' | 'returned' | 'stuck';
  failureCode: PayoutFailureCode | null;
  description: string;
}

const account = (accountNumber: string, outcome: TestBankAccount['outcome'], failureCode: PayoutFailureCode | null, description: string): TestBankAccount => ({ accountNumber, outcome, failureCode, description });
const timeline = `pending ${PAYOUT_PENDING_MS / 1000} s, processing ${PAYOUT_PROCESSING_MS / 1000} s`;

export const TEST_BANK_ACCOUNTS: readonly TestBankAccount[] = [
  account('000123456789', 'paid', null, `Paid: ${timeline}, then paid (the reserve leaves the balance). Any account number not listed here behaves the same.`),
  ...(Object.keys(PAYOUT_FAILURE_CODES) as PayoutFailureCode[]).map((code, i) =>
    account(`00011111111${i}`, 'failed', code, `Fails: ${timeline}, then failed with failure_code ${code}; amount and fee go back to available.`),
  ),
  account('000555555559', 'returned', 'account_closed', `Paid, then returned ${PAYOUT_RETURN_MS / 1000} s later with failure_code account_closed: the amount (not the fee) is credited back.`),
  account('000999999991', 'stuck', null, 'Stays processing until you advance it: POST /v1/sandbox/payouts/{id}/advance with {"to": "paid" | "failed" | ...}.'),
];

export function testCard(token: string): TestCard | undefined {
  return TEST_CARDS.find((c) => c.token === token);
}

/** The scenario of a sandbox payout to this account number (unlisted numbers are paid). */
export function testAccount(accountNumber: string): TestBankAccount {
  return TEST_BANK_ACCOUNTS.find((a) => a.accountNumber === accountNumber) ?? TEST_BANK_ACCOUNTS[0]!;
}

/** The machine-readable catalogue, as GET /v1/sandbox/test_credentials answers it. */
export function catalogue() {
  return {
    object: 'test_credentials' as const,
    environment: 'sandbox' as const,
    cards: TEST_CARDS.map((c) => ({
      token: c.token,
      brand: c.brand,
      last4: c.last4,
      outcome: c.outcome,
      failure_code: c.failureCode,
      failure_message: c.failureCode ? PAYIN_FAILURE_CODES[c.failureCode] : null,
      processing_seconds: c.processingMs / 1000,
      description: c.description,
      example: { amount: 1000, currency: 'EUR', payment_method: { type: 'card', token: c.token } },
    })),
    bank_transfer: {
      outcome: 'pending',
      description: 'A bank-transfer pay-in waits (pending) for the payer: advance it to processing, then succeeded (or failed), with POST /v1/sandbox/payins/{id}/advance; unpaid, it expires after 7 days.',
      example: { amount: 1000, currency: 'EUR', payment_method: { type: 'bank_transfer' } },
    },
    bank_accounts: TEST_BANK_ACCOUNTS.map((a) => ({
      account_number: a.accountNumber,
      outcome: a.outcome,
      failure_code: a.failureCode,
      failure_message: a.failureCode ? PAYOUT_FAILURE_CODES[a.failureCode] : null,
      description: a.description,
      example: { amount: 500, currency: 'EUR', bank_account: { account_holder_name: 'Test Holder', country: 'DE', account_number: a.accountNumber } },
    })),
    timings: { payout_pending_seconds: PAYOUT_PENDING_MS / 1000, payout_processing_seconds: PAYOUT_PROCESSING_MS / 1000, payout_return_seconds: PAYOUT_RETURN_MS / 1000, slow_card_seconds: SLOW_CARD_MS / 1000 },
    simulation: {
      advance_payin: 'POST /v1/sandbox/payins/{id}/advance {"to"?: "processing" | "succeeded" | "failed" | "canceled" | "expired", "failure_code"?}: default the next step of the happy path',
      advance_payout: 'POST /v1/sandbox/payouts/{id}/advance {"to": "processing" | "paid" | "failed" | "canceled" | "returned", "failure_code"?}',
      top_up: 'POST /v1/sandbox/balances/top_up {"currency", "amount"}',
    },
  };
}
