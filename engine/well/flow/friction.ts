/**
 * Moody (Darcy–Weisbach) friction factor: laminar 64/Re for Re <= 2000, else Colebrook–White by
 * Serghides' (1984) explicit Steffensen form, within 0.0023% of Colebrook over Re 2.1e3..1e8 and
 * e/D 0..0.05 (his Table 1). The transition 2000 < Re < 4000 uses Colebrook (turbulent), the
 * conservative side.
 *
 * References:
 * - Colebrook, C.F. (1939) Turbulent Flow in Pipes. Journal of the ICE 11(4), 133-156.
 * - Serghides, T.K. (1984) Estimate Friction Factor Accurately. Chemical Engineering 91(5), 63-64.
 * - Moody, L.F. (1944) Friction Factors for Pipe Flow. Transactions of the ASME 66, 671-684.
 */
export function moodyFriction(re: number, relRoughness: number): number {
  if (!(re > 0)) return 0;
  if (re <= 2000) return 64 / re;
  const e = relRoughness / 3.7;
  const a = -2 * Math.log10(e + 12 / re);
  const b = -2 * Math.log10(e + (2.51 * a) / re);
  const c = -2 * Math.log10(e + (2.51 * b) / re);
  const denom = c - 2 * b + a;
  const x = denom === 0 ? c : a - (b - a) ** 2 / denom;
  return 1 / (x * x);
}
