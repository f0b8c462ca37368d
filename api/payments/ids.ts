/**
 * Payments ids: a type prefix and a 26-character time-ordered body (ULID layout: 48-bit
 * millisecond time, then 80 random bits, Crockford base32), so ids sort by creation time —
 * lists are newest first by id and cursors are ids. Within one millisecond of one process the
 * random part is incremented, so ids a process makes never sort out of order.
 */
import { randomBytes } from 'node:crypto';

export const ID_PREFIXES = {
  merchant: 'mch',
  key: 'mkey',
  payin: 'payin',
  payout: 'payout',
  quote: 'quote',
  conversion: 'conv',
  top_up: 'topup',
  event: 'evt',
  webhook_endpoint: 'we',
  delivery: 'whd',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
let lastMs = -1;
let lastRandom = 0n;

export function newPaymentId(kind: IdKind, nowMs: number): string {
  let random: bigint;
  if (nowMs <= lastMs) {
    random = (lastRandom + 1n) & ((1n << 80n) - 1n);
    nowMs = lastMs;
  } else {
    random = BigInt('0x' + randomBytes(10).toString('hex'));
    lastMs = nowMs;
  }
  lastRandom = random;
  return `${ID_PREFIXES[kind]}_${encode(BigInt(nowMs), 10)}${encode(random, 16)}`;
}

function encode(value: bigint, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value & 31n)]! + out;
    value >>= 5n;
  }
  return out;
}

/** The shape of an id of `kind`, as a regular expression's source (also the OpenAPI pattern of a cursor). */
export const idPattern = (kind: IdKind): string => `^${ID_PREFIXES[kind]}_[0-9A-HJKMNP-TV-Z]{26}$`;

/** Whether `id` has the shape of an id of `kind` (checked before any lookup). */
export function isPaymentId(kind: IdKind, id: string): boolean {
  return new RegExp(idPattern(kind)).test(id);
}
