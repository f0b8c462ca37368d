/**
 * Exact decimal arithmetic for conversion rates, on BigInt: a rate is a decimal string, never a
 * float, and an amount derived from it is computed exactly as a fraction and rounded once, half
 * to even (banker's rounding), to the minor unit of its currency. Half-to-even has no bias: over
 * many conversions the ties round up as often as down, so neither side gains from rounding.
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

/** numerator / denominator (both positive) rounded half to even. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && q % 2n === 1n)) return q + 1n;
  return q;
}

/**
 * Minor units of the buy currency for `sellMinor` minor units of the sell currency at `rate`
 * (buy units per sell unit): sellMinor * rate * 10^(buyExp - sellExp), rounded half to even.
 */
export function buyFor(sellMinor: number, rate: Decimal, sellExp: number, buyExp: number): number {
  const num = BigInt(sellMinor) * rate.units * 10n ** BigInt(buyExp);
  const den = 10n ** BigInt(rate.scale + sellExp);
  return Number(divideHalfEven(num, den));
}

/** Minor units of the sell currency that buy `buyMinor` at `rate`: buyMinor / rate * 10^(sellExp - buyExp), half to even. */
export function sellFor(buyMinor: number, rate: Decimal, sellExp: number, buyExp: number): number {
  const num = BigInt(buyMinor) * 10n ** BigInt(rate.scale + sellExp);
  const den = rate.units * 10n ** BigInt(buyExp);
  return Number(divideHalfEven(num, den));
}
