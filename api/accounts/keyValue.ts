/**
 * API key values (spec §2, DESIGN.md §5): `eng_` + 43 base64url characters from 32 random bytes.
 * Only the SHA-256 of the whole value and the 10-character display prefix are ever stored.
 */
import { hash, randomBytes } from 'node:crypto';

export const KEY_LITERAL_PREFIX = 'eng_';
const KEY_PATTERN = /^eng_[A-Za-z0-9_-]{43}$/;

export function generateKeyValue(): string {
  return KEY_LITERAL_PREFIX + randomBytes(32).toString('base64url');
}

/** True when the value has the exact shape of a key (checked before any lookup). */
export function isWellFormedKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** SHA-256, hex. The one-shot `crypto.hash` (Node >= 20.12): no Hash object per request. */
export function hashKey(value: string): string {
  return hash('sha256', value, 'hex');
}

export function displayPrefix(value: string): string {
  return value.slice(0, 10);
}
