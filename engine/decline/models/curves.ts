/**
 * The decline models as curves q(t), N(t) = cumulative, D(t) = -d ln q/dt, in one time unit with
 * declines nominal per that unit. The decline.* definitions, decline.fit and decline.forecast all
 * build their curves here.
 *
 * - Arps (1945): one hyperbolic segment (exponential b = 0, harmonic b = 1).
 * - Modified hyperbolic (Robertson 1988): Arps with b until D(t) falls to dterm, then exponential at
 *   dterm; rate, decline and cumulative continuous at tSwitch = (1/dterm - 1/D)/b.
 * - Transient hyperbolic (Fulford & Blasingame 2013) in the segment approximation of Fulford (2018):
 *   b(t) = bi - (bi - bf) exp(-exp(-c (t - telf) + e^gamma)), c = e^gamma/(1.5 telf), replaced by
 *   Arps segments starting at 0 (bi), telf(e - 1) (bi - (bi - bf)/e) and telf(e + 1) (bf); then a
 *   terminal hyperbola with b = min(bterm, bf) from tterm (tterm > 0; telf x 7 if tterm is before
 *   the bf segment, as petbox-dca THM), or, with tterm = 0 and bterm > 0, an exponential at the
 *   tangent-effective annual decline bterm from when the decline first falls to it (thmSchedule).
 * - Power-law exponential (Ilk et al. 2008): q = qi exp(-Di t^n - Dinf t); N by adaptive
 *   Gauss–Legendre quadrature (1e-10 relative).
 * - Stretched exponential (Valko 2009): q = qi exp(-(t/tau)^n); N = qi tau/n Gamma(1/n) P(1/n, (t/tau)^n).
 * - Duong (2011): q = q1 t^-m exp(a/(1 - m)(t^(1-m) - 1)) with q1 the rate at t = 1; N from Duong's
 *   relation q/N = a t^-m, N = q t^m / a (his eq. for Gp; petbox-dca uses the same), which is the
 *   integral of q from 0 when m >= 1; with m < 1 it is written (q1/a) e^-c expm1(c t^(1-m)),
 *   c = a/(1-m): the same relation less its value at t = 0. m = 1 takes the limit a ln t.
 *
 * References: see the definitions (engine/decline/*.ts).
 */
import { integrate } from '../../pvt/correlations/quadrature.js';
import { lnGamma, gammaP } from './gamma.js';
import { SegmentedArps, type SegmentStart } from './segmented.js';
import { B_EXPONENTIAL } from './declineTypes.js';

export interface Curve {
  rate(t: number): number;
  cum(t: number): number;
  decline(t: number): number;
  /** First time the rate falls to qLimit, Infinity when it never does (within the model). */
  timeTo(qLimit: number): number;
}

export function arpsCurve(qi: number, d: number, b: number): SegmentedArps {
  return new SegmentedArps(qi, d, [{ t0: 0, b }]);
}

/** Switch time of the modified hyperbolic, or null when there is no terminal segment. */
export function mhSwitchTime(d: number, b: number, dterm: number): number | null {
  if (!(dterm > 0) || !(b > B_EXPONENTIAL) || !(dterm < d)) return null;
  const t = (1 / dterm - 1 / d) / b;
  // A switch beyond the floating-point range of time never happens.
  return Number.isFinite(t) ? t : null;
}

export function modifiedHyperbolicCurve(qi: number, d: number, b: number, dterm: number): SegmentedArps {
  const tSwitch = mhSwitchTime(d, b, dterm);
  const starts: SegmentStart[] = [{ t0: 0, b }];
  if (tSwitch !== null) starts.push({ t0: tSwitch, b: 0, d: dterm });
  return new SegmentedArps(qi, d, starts);
}

export interface ThmParameters {
  qi: number;
  /** Initial nominal decline per time unit. */
  d: number;
  bi: number;
  bf: number;
  /** Time to the end of linear flow, in the time unit. */
  telf: number;
  /** Terminal b (tterm > 0) or, with tterm = 0, the exponential terminal decline (see dTerm). */
  bterm: number;
  /** Start of the terminal hyperbola in the time unit; 0 = exponential terminal at dTerm. */
  tterm: number;
  /** Nominal terminal decline per time unit (used when tterm = 0 and bterm > 0). */
  dTerm: number;
}

/** The THM segments and where its terminal regime starts (see `thmSchedule`). */
export interface ThmSchedule {
  starts: SegmentStart[];
  /** Start of the terminal regime, null when there is none. */
  terminalStart: number | null;
  /** A ttermYears before the bf segment, moved to 7 telf (petbox-dca's rule). */
  ttermMovedFrom: number | null;
  /** The exponential terminal decline is reached before the bf segment (petbox-dca starts it at the bf segment, with a jump in decline). */
  terminalBeforeBf: boolean;
}

/**
 * THM segments (petbox-dca's analytic approximation of Fulford 2018), in one time unit.
 * The exponential terminal regime is a floor the decline falls to: it starts where D(t) first
 * reaches dTerm, in whichever segment that is (D falls through each, b >= 0), and never when D
 * starts at or below it (as the modified hyperbolic). petbox-dca looks for the crossing in the bf
 * segment only and otherwise starts the exponential at that segment's start, where the decline,
 * already below dTerm, would jump up to it.
 */
export function thmSchedule(p: ThmParameters): ThmSchedule {
  const e = Math.E;
  const t2 = p.telf * (e - 1);
  const t3 = p.telf * (e + 1);
  const b2 = p.bi - (p.bi - p.bf) / e;
  const transient: SegmentStart[] = [{ t0: 0, b: p.bi }, { t0: t2, b: b2 }, { t0: t3, b: p.bf }];
  if (p.tterm > 0) {
    const start = p.tterm >= t3 ? p.tterm : p.telf * 7;
    return { starts: [...transient, { t0: start, b: Math.min(p.bterm, p.bf) }], terminalStart: start, ttermMovedFrom: start === p.tterm ? null : p.tterm, terminalBeforeBf: false };
  }
  if (!(p.bterm > 0)) return { starts: transient, terminalStart: null, ttermMovedFrom: null, terminalBeforeBf: false };
  const chain = new SegmentedArps(p.qi, p.d, transient);
  for (let i = 0; i < transient.length; i++) {
    const { t0, b } = transient[i] as SegmentStart;
    const t1 = i + 1 < transient.length ? (transient[i + 1] as SegmentStart).t0 : Infinity;
    const d0 = chain.decline(t0);
    // At or below the floor from the start: never reached from above, no terminal regime.
    if (i === 0 && !(d0 > p.dTerm)) break;
    const crossing = d0 <= p.dTerm ? t0 : b > B_EXPONENTIAL ? t0 + (1 / p.dTerm - 1 / d0) / b : Infinity;
    if (crossing < t1 && Number.isFinite(crossing)) {
      const starts = [...transient.slice(0, i + (crossing > t0 ? 1 : 0)), { t0: crossing, b: 0, d: p.dTerm }];
      return { starts, terminalStart: crossing, ttermMovedFrom: null, terminalBeforeBf: crossing < t3 };
    }
  }
  return { starts: transient, terminalStart: null, ttermMovedFrom: null, terminalBeforeBf: false };
}

/** Rate-limited search for a monotone-decreasing rate: bracket by doubling, then bisection. */
function timeToByBisection(rate: (t: number) => number, qLimit: number, tMax = 1e9): number {
  if (rate(0) <= qLimit) return 0;
  let lo = 0;
  let hi = 1;
  while (rate(hi) > qLimit) {
    lo = hi;
    hi *= 2;
    if (hi > tMax) return Infinity;
  }
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (rate(mid) > qLimit) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Time in (lo, hi] at which a rate falling over it (above qLimit at lo, at most qLimit at hi) reaches qLimit. */
function bisectFalling(rate: (t: number) => number, qLimit: number, lo: number, hi: number): number {
  for (let i = 0; i < 400 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (rate(mid) > qLimit) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export function powerLawExponentialCurve(qi: number, di: number, dinf: number, n: number): Curve {
  const rate = (t: number) => qi * Math.exp(-di * t ** n - dinf * t);
  const knots: number[] = [0];
  const sums: number[] = [0];
  return {
    rate,
    // Cumulative: integrals between increasing knots are cached, so a sorted time list costs one pass.
    cum(t) {
      if (t <= 0) return 0;
      let i = knots.length - 1;
      while (i > 0 && (knots[i] as number) > t) i--;
      const v = (sums[i] as number) + integrate(rate, knots[i] as number, t);
      if (t > (knots[knots.length - 1] as number)) {
        knots.push(t);
        sums.push(v);
      }
      return v;
    },
    // D(t) is infinite at t = 0 for n < 1 (the model's transient start): null there.
    decline: (t) => (t > 0 ? dinf + di * n * t ** (n - 1) : di > 0 ? NaN : dinf),
    timeTo: (q) => timeToByBisection(rate, q),
  };
}

export function stretchedExponentialCurve(qi: number, tau: number, n: number): Curve {
  const rate = (t: number) => qi * Math.exp(-((t / tau) ** n));
  // ln of qi tau Gamma(1/n)/n: Gamma(1/n) overflows a double for n below about 0.006.
  const lnScale = Math.log((qi * tau) / n) + lnGamma(1 / n);
  return {
    rate,
    cum(t) {
      if (t <= 0) return 0;
      const p = gammaP(1 / n, (t / tau) ** n);
      return p > 0 ? Math.exp(lnScale + Math.log(p)) : 0;
    },
    decline: (t) => (t > 0 ? n * tau ** -n * t ** (n - 1) : n === 1 ? 1 / tau : NaN),
    timeTo: (q) => (q >= qi ? 0 : q <= 0 ? Infinity : tau * Math.log(qi / q) ** (1 / n)),
  };
}

export function duongCurve(q1: number, a: number, m: number): Curve {
  const exponent = (t: number) => (Math.abs(1 - m) < 1e-12 ? a * Math.log(t) : (a / (1 - m)) * (t ** (1 - m) - 1));
  // In log space: near t = 0 with m > 1, t^-m overflows while exp(exponent) underflows (q -> 0).
  const rate = (t: number) => Math.exp(Math.log(q1) - m * Math.log(t) + exponent(t));
  return {
    rate,
    // Duong's N = q t^m / a is the integral of q from 0 when m >= 1 (it vanishes at t = 0); with
    // m < 1 it starts at q1/a exp(-a/(1-m)) instead, which is taken off so N is what was produced
    // (as expm1: the difference of two exponentials lost digits for small a/(1-m)).
    cum: (t) => {
      if (t <= 0) return 0;
      if (!(m < 1) || Math.abs(1 - m) < 1e-12) return (q1 / a) * Math.exp(exponent(t));
      const c = a / (1 - m);
      const cu = c * t ** (1 - m);
      // Small c u: the two exponentials are close, expm1 keeps the digits; large: they are not
      // (the second is below e^-1 of the first) and exp(-c) expm1(c u) would be 0 x Infinity.
      return cu <= 1 ? (q1 / a) * Math.exp(-c) * Math.expm1(cu) : (q1 / a) * (Math.exp(exponent(t)) - Math.exp(-c));
    },
    decline: (t) => m / t - a * t ** -m,
    // With m > 1 the rate rises from 0 at t = 0 to a peak at t = (a/m)^(1/(m-1)) (where D = 0),
    // then falls, whatever a is (the peak is before t = 1 when a < m): the limit is the fall's
    // crossing, after the peak; a rate that never rises above qLimit reaches it at once.
    // m = 1: q = q1 t^(a - 1), which rises for good (a > 1) or stays at q1 (a = 1): it never
    // falls to the limit. m < 1: the rate falls from infinity at t = 0 to a trough at
    // t = (m/a)^(1/(1-m)) (where D = 0), then rises for good: the limit is on the fall before
    // the trough, or never reached when the trough is above it.
    timeTo(q) {
      if (Math.abs(1 - m) < 1e-12 && a >= 1) return a === 1 && q1 <= q ? 0 : Infinity;
      if (m < 1 && Math.abs(1 - m) >= 1e-12) {
        const trough = (m / a) ** (1 / (1 - m));
        if (!(trough > 0)) return Infinity;
        if (Number.isFinite(trough) && rate(trough) > q) return Infinity;
        if (Number.isFinite(trough)) return bisectFalling(rate, q, 0, trough);
      }
      const peak = m > 1 ? (a / m) ** (1 / (m - 1)) : 0;
      // m just above 1 with a > m: the peak is beyond any double (the rate rises for good).
      if (m > 1 && peak === Infinity) return Infinity;
      if (!(Number.isFinite(peak) && peak > 0)) return timeToByBisection((t) => rate(Math.max(t, 1e-9)), q);
      if (rate(peak) <= q) return 0;
      return peak + timeToByBisection((t) => rate(t + peak), q);
    },
  };
}
