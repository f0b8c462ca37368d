/**
 * Numbers as JSON text, the way JavaScript writes them (ECMAScript Number::toString, which
 * JSON.stringify uses), in WebAssembly (AssemblyScript). Built by `npm run kernels`
 * (scripts/kernels/compile.ts) into ../numberTextWasm.ts; loaded by ../numberText.ts, which
 * writes the powers-of-ten table and owns the memory layout.
 *
 * Digits: the Schubfach algorithm (Giulietti 2020-2022), the shortest decimal that reads back as
 * the same double and, of those, the closest, ties to even: the digits V8 prints. Why: V8 spends
 * ~100 ns on each double of a JSON text (its dtoa, a heap string, the builder); an engine answer
 * of 10,000 pressures carries 70,000 of them, 8 ms against the engine's 0.7.
 * Layout of the text: ECMAScript 2024 §6.1.6.1.20 Number::toString (radix 10).
 *
 * References: R. Giulietti, "The Schubfach way to render doubles" (2022 revision,
 * https://drive.google.com/file/d/1IEeATSVnEE6TkrHlCYNY2GjaraBjOT4f); V. Zverovich, "The smallest
 * state-of-the-art double-to-string implementation" (2025), for the 126-bit table and the
 * branch-free decimal exponent.
 */

/** The table the loader writes: 10^e for e in [POW10_MIN, POW10_MAX], two u64 each (126 bits, over-estimates). */
export const POW10_MIN: i32 = -292;
export const POW10_MAX: i32 = 324;
const POW10_TABLE = memory.data(16 * (POW10_MAX - POW10_MIN + 1), 16);

/** Where the loader writes the table. */
export function pow10Table(): usize {
  return POW10_TABLE;
}

/** Where the caller's values and the text may go: past the module's own data, 16-byte aligned. */
export function scratchBase(): usize {
  return (__heap_base + 15) & ~(<usize>15);
}

/** The high 64 bits of x * y. */
// @ts-ignore: decorator
@inline function mulHigh(x: u64, y: u64): u64 {
  const a = x >> 32;
  const b = x & 0xffffffff;
  const c = y >> 32;
  const d = y & 0xffffffff;
  const bc = b * c;
  const ad = a * d;
  const mid = ((b * d) >> 32) + (ad & 0xffffffff) + (bc & 0xffffffff);
  return a * c + (mid >> 32) + (ad >> 32) + (bc >> 32);
}

/**
 * Schubfach's estimate of g x: the upper 64 bits of (gHi 2^63 + gLo) x, the last bit set when a
 * bit below it was, from the products' parts yHi:yLo = gHi x and xHi = the high half of gLo x. Its
 * "modified" rounding reads the bits down to 2^-63 only: below that lies the table's +1, not the
 * value (Giulietti §9).
 */
// @ts-ignore: decorator
@inline function roundToOdd(yHi: u64, yLo: u64, xHi: u64): u64 {
  const z = (yLo >> 1) + xHi;
  const mask: u64 = 0x7fffffffffffffff;
  return (yHi + (z >> 63)) | (((z & mask) + mask) >> 63);
}

/** floor(log10(2^e)) (+ log10(3/4) for an irregular spacing): log10(2) and log10(3/4) in 41-bit fixed point. */
const LOG10_2: i64 = 661971961083;
const LOG10_3_OVER_4: i64 = -274743187321;

/** The digits of the last number: DIGITS + digitsFrom, digitCount of them; the value = digits * 10^decimalExponent. */
const DIGITS = memory.data(32, 16);
let digitsFrom: i32 = 0;
let digitCount: i32 = 0;
let decimalExponent: i32 = 0;

/** "00", "01" ... "99": two digits a load. */
const PAIRS = memory.data<u8>([
  48, 48, 48, 49, 48, 50, 48, 51, 48, 52, 48, 53, 48, 54, 48, 55, 48, 56, 48, 57, 49, 48, 49, 49, 49, 50, 49, 51, 49, 52, 49, 53, 49, 54, 49, 55, 49, 56, 49, 57,
  50, 48, 50, 49, 50, 50, 50, 51, 50, 52, 50, 53, 50, 54, 50, 55, 50, 56, 50, 57, 51, 48, 51, 49, 51, 50, 51, 51, 51, 52, 51, 53, 51, 54, 51, 55, 51, 56, 51, 57,
  52, 48, 52, 49, 52, 50, 52, 51, 52, 52, 52, 53, 52, 54, 52, 55, 52, 56, 52, 57, 53, 48, 53, 49, 53, 50, 53, 51, 53, 52, 53, 53, 53, 54, 53, 55, 53, 56, 53, 57,
  54, 48, 54, 49, 54, 50, 54, 51, 54, 52, 54, 53, 54, 54, 54, 55, 54, 56, 54, 57, 55, 48, 55, 49, 55, 50, 55, 51, 55, 52, 55, 53, 55, 54, 55, 55, 55, 56, 55, 57,
  56, 48, 56, 49, 56, 50, 56, 51, 56, 52, 56, 53, 56, 54, 56, 55, 56, 56, 56, 57, 57, 48, 57, 49, 57, 50, 57, 51, 57, 52, 57, 53, 57, 54, 57, 55, 57, 56, 57, 57,
]);

/** Four digits of x < 10^4 at `at`. */
// @ts-ignore: decorator
@inline function write4(at: usize, x: u32): void {
  const hi = (x * 5243) >> 19; // x / 100 for x < 43,690
  store<u16>(at, load<u16>(PAIRS + (<usize>hi << 1)));
  store<u16>(at, load<u16>(PAIRS + (<usize>(x - hi * 100) << 1)), 2);
}

/** Eight digits of x < 10^8 at `at`. */
// @ts-ignore: decorator
@inline function write8(at: usize, x: u32): void {
  const hi = <u32>((<u64>x * 0xd1b71759) >> 45); // x / 10^4 for any u32
  write4(at, hi);
  write4(at + 4, x - hi * 10000);
}

/** Writes d > 0 (below 10^20) as 20 digits at DIGITS + 4, then keeps those from the first non-zero to the last. */
function emitDigits(d: u64, e: i32): void {
  // (V8 turns a 64-bit division by a constant into one multiplication, which WebAssembly cannot say)
  const hi = d / 100000000;
  const top = hi / 100000000;
  write4(DIGITS + 4, <u32>top);
  write8(DIGITS + 8, <u32>(hi - top * 100000000));
  write8(DIGITS + 16, <u32>(d - hi * 100000000));
  let first = 4;
  while (load<u8>(DIGITS + first) == 48) first++;
  let last = 23;
  while (load<u8>(DIGITS + last) == 48) {
    last--;
    e++;
  }
  digitsFrom = first;
  digitCount = last - first + 1;
  decimalExponent = e;
}

/**
 * Shortest digits of the positive finite double with significand c (hidden bit included) and
 * binary exponent q (value c * 2^q); `regular` when the spacing below equals the spacing above.
 * Leaves them, without trailing zeros, for writeNumber (emitDigits).
 */
function shortest(c: u64, q: i32, regular: bool): void {
  // An integer below 2^53: its own digits.
  if (q < 0 && q >= -52) {
    const f = c >> <u64>(-q);
    if (f << <u64>(-q) == c) {
      emitDigits(f, 0);
      return;
    }
  }
  const cb = c << 2;
  const k = <i32>((<i64>q * LOG10_2 + (regular ? 0 : LOG10_3_OVER_4)) >> 41);
  const entry = POW10_TABLE + (<usize>(-k - POW10_MIN) << 4);
  const gHi = load<u64>(entry);
  const gLo = load<u64>(entry, 8);
  // floor(log2(10^-k)): log2(10) in 16-bit fixed point, rounded up
  const h = q + ((-k * 217707) >> 16) + 2;
  // v and the rounding interval's bounds (+1/2 ulp, and -1/2 or -1/4 where the spacing below
  // halves), times 4, times g: one pair of products for v; a bound's differ from them by g
  // shifted (its distance from v is a power of two), so they come by adding and subtracting.
  const x = cb << <u64>h;
  const aL = gLo * x;
  const aH = mulHigh(gLo, x);
  const bL = gHi * x;
  const bH = mulHigh(gHi, x);
  const vb = roundToOdd(bH, bL, aH);
  const up = <u64>(h + 1); // 2^up = half an ulp, times 4, in x's scale
  const aLu = aL + (gLo << up);
  const bLu = bL + (gHi << up);
  const upper = roundToOdd(bH + (gHi >> (64 - up)) + <u64>(bLu < bL), bLu, aH + (gLo >> (64 - up)) + <u64>(aLu < aL));
  const down = regular ? up : <u64>h; // a quarter ulp below where the spacing halves (h >= 1)
  const aLd = aL - (gLo << down);
  const bLd = bL - (gHi << down);
  const lower = roundToOdd(bH - (gHi >> (64 - down)) - <u64>(bL < gHi << down), bLd, aH - (gLo >> (64 - down)) - <u64>(aL < gLo << down));
  // An even significand's interval includes its bounds (a tie reads back to the even double).
  const odd: u64 = c & 1;
  const s = vb >> 2;
  if (s >= 10) {
    // One digit fewer, when exactly one of its two neighbours is inside.
    const under = (s / 10) * 10;
    const over = under + 10;
    const underIn = lower + odd <= under << 2;
    const overIn = (over << 2) + odd <= upper;
    if (underIn != overIn) {
      emitDigits(underIn ? under : over, k);
      return;
    }
  }
  const t = s + 1;
  const underIn = lower + odd <= s << 2;
  const overIn = (t << 2) + odd <= upper;
  if (underIn != overIn) {
    emitDigits(underIn ? s : t, k);
    return;
  }
  // Both inside: the closer, ties to even.
  const mid = (s << 2) + 2;
  const closerDown = vb < mid || (vb == mid && (s & 1) == 0);
  emitDigits(closerDown ? s : t, k);
}

/**
 * n < 24 bytes from `from` to `to`, eight at a time: it may write up to 7 bytes past to + n,
 * which the text written next replaces (the caller's buffer has room for them; DIGITS too).
 */
// @ts-ignore: decorator
@inline function copyBytes(to: usize, from: usize, n: i32): void {
  for (let i = 0; i < n; i += 8) store<u64>(to + i, load<u64>(from + i));
}

/** Writes x as JavaScript would (NaN and the infinities as null, as JSON does) at `out`; returns the bytes written. */
function writeNumber(x: f64, out: usize): i32 {
  const bits = reinterpret<u64>(x);
  const biased = <i32>(bits >> 52) & 0x7ff;
  let fraction = bits & 0xfffffffffffff;
  if (biased == 0x7ff) {
    store<u32>(out, 0x6c6c756e); // "null"
    return 4;
  }
  if (biased == 0 && fraction == 0) {
    store<u8>(out, 48); // "0", -0 included
    return 1;
  }
  let at = out;
  if (bits >> 63) store<u8>(at++, 45); // '-'
  if (biased == 0) shortest(fraction, -1074, true);
  else shortest(fraction | (<u64>1 << 52), biased - 1075, fraction != 0 || biased == 1);
  const k = digitCount;
  const n = decimalExponent + k; // the decimal point's place: value = 0.digits * 10^n
  const from = DIGITS + digitsFrom;
  if (k <= n && n <= 21) {
    copyBytes(at, from, k);
    at += k;
    for (let i = k; i < n; i++) store<u8>(at++, 48);
  } else if (0 < n && n <= 21) {
    copyBytes(at, from, n);
    at += n;
    store<u8>(at++, 46); // '.'
    copyBytes(at, from + n, k - n);
    at += k - n;
  } else if (-6 < n && n <= 0) {
    store<u16>(at, 0x2e30); // "0."
    at += 2;
    for (let i = n; i < 0; i++) store<u8>(at++, 48);
    copyBytes(at, from, k);
    at += k;
  } else {
    store<u8>(at++, load<u8>(from));
    if (k > 1) {
      store<u8>(at++, 46);
      copyBytes(at, from + 1, k - 1);
      at += k - 1;
    }
    store<u8>(at++, 101); // 'e'
    let e = n - 1;
    store<u8>(at++, e < 0 ? 45 : 43);
    if (e < 0) e = -e;
    if (e >= 100) store<u8>(at++, 48 + e / 100);
    if (e >= 10) store<u8>(at++, 48 + (e / 10) % 10);
    store<u8>(at++, 48 + e % 10);
  }
  return <i32>(at - out);
}

/** The n doubles at `values`, comma-separated, at `out`; returns the bytes written (at most 26 a value, its comma included: "-0.00000" and 17 digits). */
export function numberList(values: usize, n: i32, out: usize): i32 {
  let at = out;
  for (let i = 0; i < n; i++) {
    if (i > 0) store<u8>(at++, 44);
    at += writeNumber(load<f64>(values + (<usize>i << 3)), at);
  }
  return <i32>(at - out);
}
