/** Random tokens of the app (session ids, CSRF and invitation tokens) and how they are stored. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps of a token: its hex SHA-256 (a 256-bit random token needs no slow hash). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time equality of two strings (false when the lengths differ). */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
