/**
 * Exact decimal arithmetic for conversion rates, on BigInt: a rate is a decimal string, never a
 * float, and an amount derived from it is computed exactly as a fraction and rounded once to the
 * minor unit of its currency, against the merchant: what they receive rounds down, what they pay
 * rounds up. Rounding to nearest (half to even included) is unbiased only over amounts nobody
 * chooses; the merchant chooses them, picks those that round their way, and repeats (a
 * quote-convert cycle made 1 minor unit each time).
 */

/** A positive decimal: value = units / 10^scale. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** Parses a positive decimal string of at most 12 integer and 12 fraction digits; null when not one. */
export function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const frac = m[2] ?? '';
  const d = { units: BigInt(m[1]! + frac), scale: frac.length };
  return d.units > 0n ? d : null;
}

/** The shortest exact decimal string (no exponent, no trailing zeros in the fraction). */
export function formatDecimal(d: Decimal): string {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  if (scale === 0) return units.toString();
  const s = units.toString().padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

/** The rate after taking `bps` basis points off: rate = mid * (10000 - bps) / 10000, exact. */
export function withMarkup(mid: Decimal, bps: number): Decimal {
  return { units: mid.units * BigInt(10_000 - bps), scale: mid.scale + 4 };
}

/** Which way an amount the service computes rounds: `down` for what the merchant receives, `up` for what they pay. */
export type Against = 'down' | 'up';

/** numerator / denominator (both positive) rounded to a whole number in the direction given. */
export function divideAgainst(numerator: bigint, denominator: bigint, direction: Against): bigint {
  const q = numerator / denominator;
  return direction === 'up' && numerator % denominator !== 0n ? q + 1n : q;
}

/**
 * Minor units of the buy currency the merchant receives for `sellMinor` minor units of the sell
 * currency at `rate` (buy units per sell unit): sellMinor * rate * 10^(buyExp - sellExp), rounded down.
 */
export function buyFor(sellMinor: number, rate: Decimal, sellExp: number, buyExp: number): number {
  const num = BigInt(sellMinor) * rate.units * 10n ** BigInt(buyExp);
  const den = 10n ** BigInt(rate.scale + sellExp);
  return Number(divideAgainst(num, den, 'down'));
}

/** Minor units of the sell currency the merchant pays for `buyMinor` at `rate`: buyMinor / rate * 10^(sellExp - buyExp), rounded up. */
export function sellFor(buyMinor: number, rate: Decimal, sellExp: number, buyExp: number): number {
  const num = BigInt(buyMinor) * 10n ** BigInt(rate.scale + sellExp);
  const den = rate.units * 10n ** BigInt(buyExp);
  return Number(divideAgainst(num, den, 'up'));
}
