/**
 * Payments store ports: what the payments API needs from persistence, in its own words. Every
 * adapter (LMDB embedded default, MongoDB) implements them and passes
 * test/store/payments/contract.ts.
 *
 * Money rules every adapter guarantees:
 * - A change of an object and the balance movements and events that go with it are one atomic
 *   operation (`create`, `transition`, `convert`): all of it happens, or none.
 * - No balance (available, pending, reserved) of any currency ever goes below zero: an operation
 *   that would make one negative changes nothing and answers `insufficient_funds`.
 * - A transition is a compare-and-set on the object's version, so two changes racing from the
 *   same state cannot both happen (a reserve is released once, a pay-in credited once).
 * - An object created under an idempotency key exists at most once per (scope, kind, key).
 */
import type {
  Balance,
  Conversion,
  IdempotencyRecord,
  Merchant,
  MerchantKey,
  Movement,
  ObjectKind,
  ObjectOf,
  PaymentEvent,
  Rate,
  RequestLogEntry,
  Scope,
  StoredResponse,
  WebhookDelivery,
  WebhookEndpoint,
  DeliveryAttempt,
} from './model.js';

/**
 * A movement would take a balance past the largest integer a double holds exactly (2^53 - 1
 * minor units): refused, nothing written. Answered 409 conflict (its status and message are the
 * caller's to see), a decided refusal, not a fault.
 */
export class BalanceOutOfRange extends Error {
  readonly status = 409;
  readonly expose = true;
  constructor(readonly currency: string) {
    super(`The ${currency} balance would pass ${Number.MAX_SAFE_INTEGER} minor units, the most it can hold exactly; nothing was moved`);
    this.name = 'BalanceOutOfRange';
  }
}

export interface MerchantStore {
  create(merchant: Merchant): Promise<void>;
  get(id: string): Promise<Merchant | undefined>;
  list(): Promise<Merchant[]>;
}

export type RollOutcome = { status: 'rolled'; old: MerchantKey; key: MerchantKey } | { status: 'not_found' } | { status: 'not_active'; old: MerchantKey };

export interface MerchantKeyStore {
  /**
   * Inserts the key unless its merchant already holds `maxActive` active keys (not revoked, not
   * rolled) of the key's environment: false then, and nothing is written. Never over the limit,
   * also when inserts race. Fails with StoreConflict when the id or hash exists.
   */
  insert(key: MerchantKey, maxActive: number, nowMs: number): Promise<boolean>;
  get(id: string): Promise<MerchantKey | undefined>;
  findByHash(hash: string): Promise<MerchantKey | undefined>;
  listByMerchant(merchantId: string): Promise<MerchantKey[]>;
  /**
   * Atomically: when `oldId` is active (not revoked, not already rolled), sets its expiresAt and
   * rolledTo and inserts `key` (whose rolledFrom is oldId).
   */
  roll(oldId: string, key: MerchantKey, oldExpiresAt: string, at: string): Promise<RollOutcome>;
  /** Sets revokedAt unless already revoked; the record after, or undefined when missing. */
  revoke(id: string, at: string): Promise<MerchantKey | undefined>;
  setAllowlist(id: string, allowlist: string[], at: string): Promise<MerchantKey | undefined>;
  touch(id: string, at: string): Promise<void>;
}

export interface RateStore {
  set(rate: Rate): Promise<void>;
  get(from: string, to: string): Promise<Rate | undefined>;
  list(): Promise<Rate[]>;
}

/** What goes with a change of an object, in the same atomic operation. */
export interface Change {
  movements: Movement[];
  events: PaymentEvent[];
}

export type InsufficientFunds = { status: 'insufficient_funds'; currency: string; available: number };

export type CreateOutcome<T> =
  | { status: 'created'; record: T }
  /** An object of this kind was already created under the same idempotency key: nothing written. */
  | { status: 'exists'; record: T }
  | InsufficientFunds;

export type TransitionOutcome<T> =
  | { status: 'done'; record: T }
  | { status: 'not_found' }
  /** The object changed since it was read (its version differs): nothing written. */
  | { status: 'stale'; record: T }
  | InsufficientFunds;

export type ConvertOutcome =
  | CreateOutcome<Conversion>
  | { status: 'quote_not_found' }
  | { status: 'quote_expired'; quote: ObjectOf['quote'] }
  | { status: 'quote_used'; quote: ObjectOf['quote'] };

export interface ListQuery {
  /** At most this many (newest first). */
  limit: number;
  /** Cursor: only objects older than this id. */
  startingAfter?: string;
  status?: string;
  currency?: string;
  /** ISO times: createdAt >= createdGte, createdAt < createdLt. */
  createdGte?: string;
  createdLt?: string;
}

export interface DueObject {
  kind: ObjectKind;
  scope: Scope;
  id: string;
}

export interface ObjectStore {
  get<K extends ObjectKind>(kind: K, scope: Scope, id: string): Promise<ObjectOf[K] | undefined>;
  /** By id alone, for the operator (admin CLI): any merchant, any environment. */
  find<K extends ObjectKind>(kind: K, id: string): Promise<ObjectOf[K] | undefined>;
  /** Newest first (ids are time-ordered), filtered, `limit` at most. */
  list<K extends ObjectKind>(kind: K, scope: Scope, query: ListQuery): Promise<ObjectOf[K][]>;
  create<K extends ObjectKind>(kind: K, record: ObjectOf[K], change: Change): Promise<CreateOutcome<ObjectOf[K]>>;
  /** Replaces the object with `next` when its version is still `expectedVersion`, with the change. */
  transition<K extends ObjectKind>(kind: K, scope: Scope, id: string, expectedVersion: number, next: ObjectOf[K], change: Change): Promise<TransitionOutcome<ObjectOf[K]>>;
  /**
   * Atomically: the quote must exist in the scope, be unused and not expire before `now`; marks
   * it used by the conversion, creates the conversion and applies the change.
   */
  convert(scope: Scope, quoteId: string, conversion: Conversion, change: Change, now: string): Promise<ConvertOutcome>;
  /** Objects whose nextAction is due at `now`, oldest first. */
  due(now: string, limit: number): Promise<DueObject[]>;
  balances(scope: Scope): Promise<Balance[]>;
}

export interface EventQuery {
  limit: number;
  startingAfter?: string;
  type?: string;
  objectId?: string;
  /** Only events created at or after this ISO time (the retention window). */
  createdGte: string;
}

export interface EventStore {
  get(scope: Scope, id: string): Promise<PaymentEvent | undefined>;
  list(scope: Scope, query: EventQuery): Promise<PaymentEvent[]>;
  /** Events whose webhook deliveries are not yet created, oldest first. */
  undispatched(limit: number): Promise<PaymentEvent[]>;
  /**
   * Creates the deliveries, skipping ids that exist (a delivery id is derived from its event and
   * endpoint, so two nodes dispatching the same event make the same ones), and marks the event dispatched.
   */
  dispatch(eventId: string, deliveries: WebhookDelivery[]): Promise<void>;
  /**
   * Removes events created before `before`, and their webhook deliveries with them (whose retries
   * end 3 days after their event); returns how many events.
   */
  purge(before: string, limit: number): Promise<number>;
}

export interface WebhookStore {
  /**
   * Atomically: inserts the endpoint unless its scope (merchant environment) already holds `max`;
   * false then, nothing written. A count before an insert let concurrent requests all pass it.
   */
  createEndpoint(endpoint: WebhookEndpoint, max: number): Promise<boolean>;
  getEndpoint(scope: Scope, id: string): Promise<WebhookEndpoint | undefined>;
  listEndpoints(scope: Scope): Promise<WebhookEndpoint[]>;
  updateEndpoint(scope: Scope, id: string, patch: Partial<Pick<WebhookEndpoint, 'url' | 'events' | 'description' | 'enabled' | 'secret' | 'secretPrefix'>>, at: string): Promise<WebhookEndpoint | undefined>;
  deleteEndpoint(scope: Scope, id: string): Promise<boolean>;
  getDelivery(id: string): Promise<WebhookDelivery | undefined>;
  /** Newest first. */
  listDeliveries(scope: Scope, endpointId: string, query: { limit: number; startingAfter?: string }): Promise<WebhookDelivery[]>;
  /** Pending deliveries due at `now` and not held by a node, oldest due first. */
  dueDeliveries(now: string, limit: number): Promise<WebhookDelivery[]>;
  /** Takes a pending, due, unheld delivery until `lockedUntil`; undefined when another node has it or it is not due. */
  claimDelivery(id: string, now: string, lockedUntil: string): Promise<WebhookDelivery | undefined>;
  /** Appends the attempt and sets the outcome; releases the hold. */
  recordAttempt(id: string, attempt: DeliveryAttempt, outcome: { status: WebhookDelivery['status']; nextAttemptAt: string | null }): Promise<WebhookDelivery | undefined>;
}

export type BeginOutcome =
  /** `createdAt`: when the key was first used (kept when a lapsed request is taken over). */
  | { status: 'started'; createdAt: string }
  | { status: 'replay'; response: StoredResponse }
  | { status: 'mismatch' }
  | { status: 'in_progress' };

export interface IdempotencyStore {
  /**
   * Atomically: no live record (absent or expired) -> a running record is written ('started');
   * another request hash -> 'mismatch'; done -> 'replay'; running and held -> 'in_progress';
   * running but its hold lapsed (the first request died) -> taken over ('started', keeping the
   * record's createdAt, so the retry creates under the same object-level key).
   */
  begin(record: IdempotencyRecord, now: string): Promise<BeginOutcome>;
  complete(scope: Scope, key: string, response: StoredResponse): Promise<void>;
  /** Forgets a running record (the request failed before it decided anything). */
  abandon(scope: Scope, key: string): Promise<void>;
  /**
   * Ends a running record's hold at `now`, keeping it (the request failed after it may have
   * written): the retry takes it over with the same createdAt, so it finds what was written
   * under the object-level key instead of creating it again; another body is still a mismatch.
   */
  release(scope: Scope, key: string, now: string): Promise<void>;
  get(scope: Scope, key: string): Promise<IdempotencyRecord | undefined>;
  purge(now: string, limit: number): Promise<number>;
}

/** The recent requests of each merchant, both environments, for the dashboard. */
export interface RequestLogStore {
  /** Adds the entry and drops the merchant's entries beyond the newest `keep`. */
  append(entry: RequestLogEntry, keep: number): Promise<void>;
  /** Newest first, `limit` at most. */
  recent(merchantId: string, limit: number): Promise<RequestLogEntry[]>;
}

export interface PaymentsStore {
  merchants: MerchantStore;
  requests: RequestLogStore;
  keys: MerchantKeyStore;
  rates: RateStore;
  objects: ObjectStore;
  events: EventStore;
  webhooks: WebhookStore;
  idempotency: IdempotencyStore;
}
