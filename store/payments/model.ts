/**
 * The payments records (merchant pay-ins, payouts, conversions), in the project's own words.
 * Amounts are integers in the currency's minor unit (cents, yen, fils); rates are decimal
 * strings. Every record belongs to one merchant and one environment (`sandbox` or `live`), and
 * nothing in the store ever reads across that scope. Adapters (store/lmdb/payments*.ts,
 * store/mongo/payments*.ts) persist exactly these shapes; the API maps them to its JSON
 * (api/payments/views.ts), so internal fields (key hashes, full account numbers, idempotency
 * keys, timers) never reach a response by accident.
 */

export const ENVIRONMENTS = ['sandbox', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The one boundary every payments read and write stays inside. */
export interface Scope {
  merchantId: string;
  environment: Environment;
}

export interface Merchant {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface MerchantKey {
  id: string;
  merchantId: string;
  environment: Environment;
  /** Display prefix: `sk_live_`/`sk_sand_` and the next 6 characters. */
  prefix: string;
  /** Hex SHA-256 of the whole value; the value itself is never stored. */
  hash: string;
  /** Addresses and CIDR blocks a live key may be used from; empty = anywhere. Sandbox keys ignore it. */
  allowlist: string[];
  createdAt: string;
  updatedAt: string;
  /** Set when the key is rolled: it keeps working until then (30-minute grace, or at once). */
  expiresAt: string | null;
  revokedAt: string | null;
  /** The key this one replaced, and the key that replaced it. */
  rolledFrom: string | null;
  rolledTo: string | null;
  lastUsedAt: string | null;
}

export type MerchantKeyState = 'active' | 'expiring' | 'expired' | 'revoked';

export function merchantKeyState(key: MerchantKey, nowMs: number): MerchantKeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt) return Date.parse(key.expiresAt) <= nowMs ? 'expired' : 'expiring';
  return 'active';
}

/** One currency's balance of one merchant environment, in minor units; none ever negative. */
export interface BalanceAmounts {
  /** Usable now: for payouts and conversions. */
  available: number;
  /** Incoming: pay-ins in `processing`. */
  pending: number;
  /** Held for payouts in `pending` or `processing` (amount + fee). */
  reserved: number;
}

export interface Balance extends BalanceAmounts {
  currency: string;
}

/** A change of one currency's balance; every field a delta in minor units. */
export interface Movement {
  currency: string;
  available?: number;
  pending?: number;
  reserved?: number;
}

/** The kinds of scoped objects the object store keeps. */
export const OBJECT_KINDS = ['payin', 'payout', 'quote', 'conversion', 'top_up'] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];

/** What every scoped object carries. */
export interface ObjectBase {
  id: string;
  merchantId: string;
  environment: Environment;
  status: string;
  /** 1 at creation, +1 on every change: the compare-and-set token of a transition. */
  version: number;
  createdAt: string;
  updatedAt: string;
  metadata: Record<string, string>;
  /** The Idempotency-Key it was created under (unique per scope and kind), or null. */
  idempotencyKey: string | null;
  /** A change the scheduler makes on its own at `at` (sandbox simulation, expiry); null = none. */
  nextAction: { at: string; to: string } | null;
}

export const PAYIN_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'canceled', 'expired'] as const;
export type PayinStatus = (typeof PAYIN_STATUSES)[number];

export type PayinMethod =
  | { type: 'card'; token: string; brand: string | null; last4: string | null }
  | { type: 'bank_transfer'; reference: string };

export interface Payin extends ObjectBase {
  status: PayinStatus;
  amount: number;
  currency: string;
  method: PayinMethod;
  description: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  /** A pending pay-in expires then (bank transfer: 7 days; card: 24 hours). */
  expiresAt: string;
  /** The sandbox scenario it runs (a test credential's outcome), null in live. */
  scenario: string | null;
}

export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'failed', 'canceled', 'returned'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export interface BankAccount {
  holderName: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Full number: write-only in the API, kept for whoever makes the transfer (the rail or the operator). */
  accountNumber: string;
  routingNumber: string | null;
  last4: string;
}

export interface Payout extends ObjectBase {
  status: PayoutStatus;
  amount: number;
  /** Charged on top of the amount; held with it, released on failure or cancel, kept when paid. */
  fee: number;
  currency: string;
  bankAccount: BankAccount;
  description: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  scenario: string | null;
  paidAt: string | null;
  returnedAt: string | null;
}

export interface Quote extends ObjectBase {
  status: 'open';
  sellCurrency: string;
  buyCurrency: string;
  sellAmount: number;
  buyAmount: number;
  /** Buy-currency units per sell-currency unit after the markup, exact decimal string. */
  rate: string;
  midMarketRate: string;
  markupBps: number;
  /** Charged in the sell currency, included in sellAmount. */
  fee: number;
  expiresAt: string;
  /** The conversion that used it; a quote is single use. */
  usedBy: string | null;
}

export interface Conversion extends ObjectBase {
  status: 'completed';
  quoteId: string;
  sellCurrency: string;
  buyCurrency: string;
  sellAmount: number;
  buyAmount: number;
  rate: string;
  fee: number;
}

export interface TopUp extends ObjectBase {
  status: 'succeeded';
  currency: string;
  amount: number;
  /** 'api' (sandbox endpoint) or 'operator' (admin CLI). */
  source: 'api' | 'operator';
}

export interface ObjectOf {
  payin: Payin;
  payout: Payout;
  quote: Quote;
  conversion: Conversion;
  top_up: TopUp;
}

/** An operator-maintained conversion rate, one direction (`from` sold, `to` bought). */
export interface Rate {
  from: string;
  to: string;
  /** Mid-market rate: units of `to` per unit of `from`, decimal string. */
  mid: string;
  /** Taken off the mid-market rate for the merchant's rate, in basis points. */
  markupBps: number;
  /** Fixed conversion fee in minor units of `from`. */
  fee: number;
  updatedAt: string;
}

/** Something that happened; `data` is the API view of the object right after it. */
export interface PaymentEvent {
  id: string;
  merchantId: string;
  environment: Environment;
  type: string;
  objectId: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface WebhookEndpoint {
  id: string;
  merchantId: string;
  environment: Environment;
  url: string;
  /** Event types it receives; ['*'] = all. */
  events: string[];
  description: string | null;
  enabled: boolean;
  /**
   * The signing secret (HMAC needs it whole), sealed at rest under the payments data key and bound
   * to the endpoint (api/payments/sealed.ts, context webhookSecretContext), as account numbers are:
   * the store and its backups hold no usable secret. An endpoint registered before sealing holds it
   * in plain text until `npm run admin -- payouts reseal`. Never logged, shown once.
   */
  secret: string;
  /** The secret's first 10 characters (`whsec_` and 4 more), shown in answers; absent on endpoints registered before sealing. */
  secretPrefix?: string;
  createdAt: string;
  updatedAt: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryAttempt {
  at: string;
  /** HTTP status, or null when no answer came (connection refused, timeout). */
  status: number | null;
  error: string | null;
  ms: number;
}

export interface WebhookDelivery {
  id: string;
  merchantId: string;
  environment: Environment;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (pending only). */
  nextAttemptAt: string | null;
  /** A node working on it holds it until then (another node may take over after). */
  lockedUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a stored idempotent request answered. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyRecord {
  merchantId: string;
  environment: Environment;
  key: string;
  /** SHA-256 of method, path and canonical body: the same key with another request is refused. */
  requestHash: string;
  state: 'running' | 'done';
  /** While running: another request may take over after this (the first one died). */
  lockedUntil: string;
  response: StoredResponse | null;
  createdAt: string;
  /** Forgotten after this (24 hours). */
  expiresAt: string;
}

/** One request a merchant key made (payments gate), kept so the dashboard can show source addresses. */
export interface RequestLogEntry {
  id: string;
  merchantId: string;
  environment: Environment;
  keyId: string;
  keyPrefix: string;
  /** The client address as the allowlist reads it. */
  address: string;
  method: string;
  path: string;
  status: number;
  at: string;
}
