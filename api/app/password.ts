/**
 * App passwords: scrypt (RFC 7914) with a random 16-byte salt per password, N = 2^15, r = 8,
 * p = 1, 32-byte output, 32 MiB of memory per check. OWASP's cheat sheet lists N = 2^17 as its
 * minimum at r = 8, p = 1; 2^15 keeps one check at 80-150 ms on our shared 2-core machines
 * (measured), on libuv's 4 threads. The parameters travel with each hash, so they can be raised
 * later without breaking stored ones. Stored as `scrypt$N$r$p$salt$hash` (base64url); compared
 * in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltBytes: 16 } as const;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; allow twice that (Node's default cap, 32 MiB, is just too small for N = 2^15).
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** Why a new password is not acceptable, or null. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'must be a string';
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `must be at most ${PASSWORD_MAX} characters`;
  // NIST SP 800-63B 5.1.1.2: refuse repetitive and sequential choices (no composition rules).
  if (new Set(password.normalize('NFC')).size < MIN_DISTINCT) return `must use at least ${MIN_DISTINCT} different characters (not one or a few repeated)`;
  if (sequential(password)) return 'must not be a run of consecutive characters (such as 1234567890 or abcdefghij)';
  return null;
}

/** Fewer different characters than this is a repetition ("aaaaaaaaaa", ten spaces, "abababababab"). */
const MIN_DISTINCT = 5;

/** Every character one code point above (or every one below) the one before, digits wrapping 9 -> 0. */
function sequential(password: string): boolean {
  const codes = [...password.toLowerCase()].map((c) => c.codePointAt(0)!);
  const step = (a: number, b: number) => (a === 57 && b === 48 ? 1 : a === 48 && b === 57 ? -1 : b - a);
  const first = step(codes[0]!, codes[1]!);
  return (first === 1 || first === -1) && codes.every((c, i) => i === 0 || step(codes[i - 1]!, c) === first);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltBytes);
  const key = await derive(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches the stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length < 16 || expected.length > 64) return false;
  const actual = await derive(password, salt, N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;
/**
 * A hash to check against when the email is unknown, so an unknown email costs the same scrypt
 * run as a wrong password and the answer time does not tell which emails sign in.
 */
export function decoyHash(): Promise<string> {
  return (decoy ??= hashPassword(randomBytes(18).toString('base64url')));
}
