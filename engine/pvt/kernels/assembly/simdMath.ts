/**
 * e^x and ln x on both lanes of an f64x2, for the array kernels (AssemblyScript, compiled to
 * WebAssembly SIMD by `npm run kernels`, scripts/kernels/compile.ts). Units: dimensionless.
 *
 * exp: x = k ln2 + r with k = nearest(x/ln2), ln2 in two parts (k ln2_hi exact), |r| <= ln2/2;
 * e^r by its Taylor polynomial to r^12 (remainder < 2e-16 relative), its higher terms by
 * Estrin's scheme; 2^k written into the exponent bits. Valid for |x| < 700; callers mask lanes
 * outside (expInRange).
 * log: x = 2^k m with m in [sqrt(1/2), sqrt(2)) (the exponent and mantissa bits, offset by
 * sqrt(1/2)'s bits); ln m = 2 atanh(s), s = (m-1)/(m+1), by fdlibm's minimax polynomial.
 * Valid for positive normal finite x; callers mask lanes outside (logInRange).
 * Both within a few ulp of Math.exp/Math.log (test/engine/pvt/kernels.test.ts).
 *
 * References:
 * - Tang, P.T.P. (1989) Table-driven Implementation of the Exponential Function in IEEE
 *   Floating-point Arithmetic. ACM Transactions on Mathematical Software 15(2), 144-157
 *   (the argument reduction).
 * - Sun Microsystems (1993) fdlibm e_log.c (Lg1-Lg7 and the reconstruction of ln x), freely
 *   distributable; the same algorithm as V8's Math.log (ieee754::log).
 * - Estrin, G. (1960) Organization of Computer Systems: the Fixed Plus Variable Structure
 *   Computer. Proc. Western Joint IRE-AIEE-ACM Computer Conference, 33-40 (the polynomial's
 *   evaluation in independent pairs).
 *
 * Why constants are loaded (v128.load64_splat from a static table) and not written as
 * f64x2.splat(constant): V8 rebuilds each v128 constant with three instructions every
 * iteration; a load-and-splat is one (measured: the exp loop 5.6 -> 4.0 ns a point).
 */

// @ts-ignore: decorator
@inline export const EXP_LIMIT: f64 = 700.0;

/** Constants of exp and log at K + 8 i (see the offsets below). */
const K: usize = memory.data<f64>([
  1.4426950408889634, // 0 1/ln2
  6.93147180369123816490e-1, // 8 ln2_hi
  1.90821492927058770002e-10, // 16 ln2_lo
  1.0 / 479001600.0, // 24 1/12!
  1.0 / 39916800.0, // 32 1/11!
  1.0 / 3628800.0, // 40 1/10!
  1.0 / 362880.0, // 48 1/9!
  1.0 / 40320.0, // 56 1/8!
  1.0 / 5040.0, // 64 1/7!
  1.0 / 720.0, // 72 1/6!
  1.0 / 120.0, // 80 1/5!
  1.0 / 24.0, // 88 1/4!
  1.0 / 6.0, // 96 1/3!
  0.5, // 104
  1.0, // 112
  6755399441055744.0, // 120 1.5 * 2^52 (an integer in the low bits of the sum)
  6.666666666666735130e-01, // 128 Lg1
  3.999999999940941908e-01, // 136 Lg2
  2.857142874366239149e-01, // 144 Lg3
  2.222219843214978396e-01, // 152 Lg4
  1.818357216161805012e-01, // 160 Lg5
  1.531383769920937332e-01, // 168 Lg6
  1.479819860511658591e-01, // 176 Lg7
  2.0, // 184
  700.0, // 192 EXP_LIMIT
  2.2250738585072014e-308, // 200 smallest normal
  Infinity, // 208
  6755399441056767.0, // 216 1.5 * 2^52 + 1023
]);

// @ts-ignore: decorator
@inline export function splatK(offset: usize): v128 {
  return v128.load64_splat(K + offset);
}

// @ts-ignore: decorator
@inline export function expv(x: v128): v128 {
  const kd = f64x2.nearest(f64x2.mul(x, splatK(0)));
  const r = f64x2.sub(f64x2.sub(x, f64x2.mul(kd, splatK(8))), f64x2.mul(kd, splatK(16)));
  // e^r = 1 + r (1 + r (1/2 + r H)), H = sum r^(i-3)/i! (3 <= i <= 12) by Estrin's scheme (pairs,
  // then r^2 and r^4): the chain is eight multiply-adds deep where Horner's is twelve (WebAssembly
  // SIMD has no fused multiply-add, and the loops that call this are bound by the chain's latency).
  // The last three steps by Horner keep Horner's rounding: 1.43 ulp at most against Math.exp over
  // |r| <= ln2/2 (2e6 samples), where Estrin throughout reaches 2.8.
  const r2 = f64x2.mul(r, r);
  const r4 = f64x2.mul(r2, r2);
  const h34 = f64x2.add(splatK(96), f64x2.mul(splatK(88), r));
  const h56 = f64x2.add(splatK(80), f64x2.mul(splatK(72), r));
  const h78 = f64x2.add(splatK(64), f64x2.mul(splatK(56), r));
  const h910 = f64x2.add(splatK(48), f64x2.mul(splatK(40), r));
  const h1112 = f64x2.add(splatK(32), f64x2.mul(splatK(24), r));
  const h = f64x2.add(f64x2.add(h34, f64x2.mul(r2, h56)), f64x2.mul(r4, f64x2.add(f64x2.add(h78, f64x2.mul(r2, h910)), f64x2.mul(r4, h1112))));
  let p = f64x2.add(splatK(104), f64x2.mul(r, h));
  p = f64x2.add(splatK(112), f64x2.mul(r, p));
  p = f64x2.add(splatK(112), f64x2.mul(r, p));
  // 2^k: k sits in the low bits of kd + 1.5*2^52; shifted into the exponent field and biased by 1.0's bits.
  const scale = i64x2.add(i64x2.shl(f64x2.add(kd, splatK(120)), 52), i64x2.splat(0x3ff0000000000000));
  return f64x2.mul(p, scale);
}

/** Lanes where expv is valid: |x| < 700 (false for NaN). */
// @ts-ignore: decorator
@inline export function expInRange(x: v128): v128 {
  return f64x2.lt(f64x2.abs(x), splatK(192));
}

// @ts-ignore: decorator
@inline export function logv(x: v128): v128 {
  const sqrtHalfBits = i64x2.splat(0x3fe6a09e667f3bcd);
  const ix = i64x2.sub(x, sqrtHalfBits);
  // k + 1023 by a logical shift (x86 has no 64-bit arithmetic shift below AVX-512, and V8 emulates
  // i64x2.shr_s in several instructions): non-negative for every normal x.
  const kBiased = i64x2.shr_u(i64x2.add(ix, i64x2.splat(0x3ff0000000000000)), 52);
  const m = i64x2.add(v128.and(ix, i64x2.splat(0x000fffffffffffff)), sqrtHalfBits);
  const f = f64x2.sub(m, splatK(112));
  const hfsq = f64x2.mul(splatK(104), f64x2.mul(f, f));
  const s = f64x2.div(f, f64x2.add(splatK(184), f));
  const z = f64x2.mul(s, s);
  const w = f64x2.mul(z, z);
  const t1 = f64x2.mul(w, f64x2.add(splatK(136), f64x2.mul(w, f64x2.add(splatK(152), f64x2.mul(w, splatK(168))))));
  const t2 = f64x2.mul(z, f64x2.add(splatK(128), f64x2.mul(w, f64x2.add(splatK(144), f64x2.mul(w, f64x2.add(splatK(160), f64x2.mul(w, splatK(176))))))));
  const R = f64x2.add(t1, t2);
  // k as a double: k + 1023 added to 1.5*2^52's bits, then 1.5*2^52 + 1023 taken off.
  const kf = f64x2.sub(i64x2.add(kBiased, i64x2.splat(0x4338000000000000)), splatK(216));
  return f64x2.sub(f64x2.mul(kf, splatK(8)), f64x2.sub(f64x2.sub(hfsq, f64x2.add(f64x2.mul(s, f64x2.add(hfsq, R)), f64x2.mul(kf, splatK(16)))), f));
}

/** Lanes where logv is valid: positive, normal and finite (false for NaN). */
// @ts-ignore: decorator
@inline export function logInRange(x: v128): v128 {
  return v128.and(f64x2.ge(x, splatK(200)), f64x2.lt(x, splatK(208)));
}

/** Lanes that are positive and finite (false for NaN). */
// @ts-ignore: decorator
@inline export function positiveFinite(x: v128): v128 {
  return v128.and(f64x2.gt(x, f64x2.splat(0.0)), f64x2.lt(x, splatK(208)));
}

/** Lanes that are finite (false for NaN). */
// @ts-ignore: decorator
@inline export function finite(x: v128): v128 {
  return f64x2.lt(f64x2.abs(x), splatK(208));
}
