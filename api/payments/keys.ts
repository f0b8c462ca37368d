/**
 * Merchants and their secret keys (payments spec §5, DESIGN.md §5): `sk_live_` / `sk_sand_` + 43
 * base64url characters (32 random bytes); the prefix alone decides the environment. Only the
 * SHA-256 of the whole value and a 14-character display prefix are stored; the value is shown
 * once. Rolling makes a new key and gives the old one 30 minutes (or none: a leak) before it
 * stops. Used by the admin CLI now and by the merchant dashboard later.
 */
import { randomBytes } from 'node:crypto';
import { ApiError, errors } from '../errors.js';
import { displayTextProblem } from '../text.js';
import { hashKey } from '../accounts/keyValue.js';
import { parseAllowlist } from './allowlist.js';
import { newPaymentId } from './ids.js';
import { merchantKeyState, type Environment, type Merchant, type MerchantKey } from '../../store/payments/model.js';
import type { PaymentsStore } from '../../store/payments/ports.js';

export const KEY_PREFIXES: Record<Environment, string> = { live: 'sk_live_', sandbox: 'sk_sand_' };
const KEY_PATTERN = /^sk_(live|sand)_[A-Za-z0-9_-]{43}$/;
/** How long a rolled key keeps working. */
export const ROLL_GRACE_MS = 30 * 60_000;
export const DISPLAY_PREFIX_LENGTH = 14;
export const MERCHANT_NAME_MAX = 100;
/** Active keys (neither revoked nor rolled) a merchant may hold in each environment. */
export const MAX_ACTIVE_KEYS_PER_ENVIRONMENT = 25;

export function generateMerchantKeyValue(environment: Environment): string {
  return KEY_PREFIXES[environment] + randomBytes(32).toString('base64url');
}

/** The environment a well-formed secret key is for, or null when it is not one. */
export function environmentOfKey(value: string): Environment | null {
  const m = KEY_PATTERN.exec(value);
  if (!m) return null;
  return m[1] === 'live' ? 'live' : 'sandbox';
}

/** What the API and the CLI show of a key: never its value or hash. */
export function keyView(k: MerchantKey, nowMs: number) {
  return {
    id: k.id,
    object: 'api_key' as const,
    merchant: k.merchantId,
    environment: k.environment,
    prefix: k.prefix,
    state: merchantKeyState(k, nowMs),
    allowlist: k.allowlist,
    allowlist_applies: k.environment === 'live',
    created_at: k.createdAt,
    expires_at: k.expiresAt,
    revoked_at: k.revokedAt,
    rolled_from: k.rolledFrom,
    rolled_to: k.rolledTo,
    last_used_at: k.lastUsedAt,
  };
}

export function merchantView(m: Merchant) {
  return { id: m.id, object: 'merchant' as const, name: m.name, created_at: m.createdAt, updated_at: m.updatedAt };
}

export async function createMerchant(store: PaymentsStore, input: { name: string }, nowMs: number): Promise<Merchant> {
  const problem = displayTextProblem(input.name, MERCHANT_NAME_MAX);
  if (problem) throw errors.validation('Invalid merchant', { name: problem });
  const at = new Date(nowMs).toISOString();
  const merchant: Merchant = { id: newPaymentId('merchant', nowMs), name: input.name.trim(), createdAt: at, updatedAt: at };
  await store.merchants.create(merchant);
  return merchant;
}

function allowlistOrThrow(raw: string[]): string[] {
  const parsed = parseAllowlist(raw);
  if (!parsed.ok) throw errors.validation('Invalid allowlist', { allowlist: parsed.problems.join('; ') });
  return parsed.list;
}

function newKey(merchantId: string, environment: Environment, allowlist: string[], nowMs: number, rolledFrom: string | null): { value: string; key: MerchantKey } {
  const value = generateMerchantKeyValue(environment);
  const at = new Date(nowMs).toISOString();
  return {
    value,
    key: {
      id: newPaymentId('key', nowMs), merchantId, environment, prefix: value.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashKey(value), allowlist,
      createdAt: at, updatedAt: at, expiresAt: null, revokedAt: null, rolledFrom, rolledTo: null, lastUsedAt: null,
    },
  };
}

export async function createMerchantKey(store: PaymentsStore, input: { merchantId: string; environment: Environment; allowlist?: string[] }, nowMs: number) {
  if (!(await store.merchants.get(input.merchantId))) throw errors.notFound(`merchant ${input.merchantId} not found`);
  const { value, key } = newKey(input.merchantId, input.environment, allowlistOrThrow(input.allowlist ?? []), nowMs, null);
  if (!(await store.keys.insert(key, MAX_ACTIVE_KEYS_PER_ENVIRONMENT, nowMs))) {
    throw new ApiError('conflict', `a merchant holds at most ${MAX_ACTIVE_KEYS_PER_ENVIRONMENT} active ${input.environment} keys; revoke one first`, { environment: input.environment, maxActive: MAX_ACTIVE_KEYS_PER_ENVIRONMENT });
  }
  return { value, key: keyView(key, nowMs) };
}

/** A new key (shown once) replaces `keyId`; the old one works for 30 minutes more, or stops now. */
export async function rollMerchantKey(store: PaymentsStore, keyId: string, options: { now?: boolean }, nowMs: number) {
  const old = await store.keys.get(keyId);
  if (!old) throw errors.notFound(`key ${keyId} not found`);
  const { value, key } = newKey(old.merchantId, old.environment, old.allowlist, nowMs, old.id);
  const expiresAt = new Date(nowMs + (options.now ? 0 : ROLL_GRACE_MS)).toISOString();
  const out = await store.keys.roll(keyId, key, expiresAt, new Date(nowMs).toISOString());
  if (out.status === 'not_found') throw errors.notFound(`key ${keyId} not found`);
  if (out.status === 'not_active') {
    throw new ApiError('conflict', `key ${keyId} is ${merchantKeyState(out.old, nowMs)}: only an active key can be rolled (revoke it to stop it at once)`, { state: merchantKeyState(out.old, nowMs) });
  }
  return { value, key: keyView(out.key, nowMs), previous: keyView(out.old, nowMs) };
}

export async function setKeyAllowlist(store: PaymentsStore, keyId: string, raw: string[], nowMs: number) {
  const list = allowlistOrThrow(raw);
  const key = await store.keys.setAllowlist(keyId, list, new Date(nowMs).toISOString());
  if (!key) throw errors.notFound(`key ${keyId} not found`);
  return keyView(key, nowMs);
}

export async function revokeMerchantKey(store: PaymentsStore, keyId: string, nowMs: number) {
  const key = await store.keys.revoke(keyId, new Date(nowMs).toISOString());
  if (!key) throw errors.notFound(`key ${keyId} not found`);
  return keyView(key, nowMs);
}
