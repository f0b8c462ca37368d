/**
 * Bank account numbers (and webhook signing secrets, ./webhooks.ts) sealed at rest: AES-256-GCM under the payments data key (./dataKeys.ts),
 * bound to the record and field they belong to (the additional data), so a sealed value copied
 * into another payout does not open. Only the last four digits stay in the clear (answers show
 * them); the whole number is opened where it is needed: the sandbox's test-account scenarios
 * and the operator's `payout show`.
 *
 * Stored form: `sealed:v1:<key id>:<nonce>:<ciphertext and tag>` (base64url), the key id naming
 * which data key sealed it, so values sealed before a key rotation still open with
 * PAYMENTS_DATA_KEYS_PREVIOUS. A value without the prefix is a number stored before sealing
 * existed (an account number is upper-case letters and digits, never a colon): it is returned
 * as it is.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataKeys } from './dataKeys.js';

const PREFIX = 'sealed:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** `plain` sealed under the current key, bound to `context` (e.g. `payout:<id>:bank_account.account_number`). */
export function seal(keys: DataKeys, plain: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.bytes, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keys.current.id}:${nonce.toString('base64url')}:${body.toString('base64url')}`;
}

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** A sealed value's fields after the prefix: key id, nonce, ciphertext and tag. */
const fieldsOf = (stored: string): (string | undefined)[] => stored.slice(PREFIX.length).split(':');

/** The id of the data key that sealed a stored value; null for a value stored before sealing. */
export const sealedBy = (stored: string): string | null => (isSealed(stored) ? (fieldsOf(stored)[0] ?? '') : null);

/** The value `seal` sealed for this context; throws when no key opens it, or it was sealed for another record. */
export function unseal(keys: DataKeys, stored: string, context: string): string {
  if (!isSealed(stored)) return stored; // stored before sealing existed
  const [keyId, nonceText, bodyText] = fieldsOf(stored);
  const key = keys.byId.get(keyId ?? '');
  if (!key) throw new Error(`a sealed value of ${context} names data key ${keyId}, which is neither PAYMENTS_DATA_KEY nor one of PAYMENTS_DATA_KEYS_PREVIOUS`);
  const nonce = Buffer.from(nonceText ?? '', 'base64url');
  const body = Buffer.from(bodyText ?? '', 'base64url');
  if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) throw new Error(`a sealed value of ${context} is malformed`);
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, nonce);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`a sealed value of ${context} does not open: altered, or sealed for another record`);
  }
}
