/**
 * econ.metrics: discounted cash-flow metrics of one cash-flow series: NPV at several discount
 * rates, every IRR (and the conventionally selected one), MIRR, payback and discounted payback,
 * profitability index.
 *
 * Timeline. Cash flow i (period 0 first) sits at time t_i = i + offset periods, offset 0
 * ('start-period', numpy-financial npv), 0.5 ('mid-period', common in petroleum property
 * evaluation: production revenue arrives spread over the period; Mian) or 1 ('end-period', Excel NPV).
 * Years = periods / periodsPerYear. A yearly rate R becomes a per-period rate
 * p = (1 + R)^(1/periodsPerYear) - 1 ('effective', default) or R / periodsPerYear ('nominal').
 *
 *   NPV(R)   = sum_i CF_i (1 + p)^-(i + offset)                        [currency]
 *   IRR      = roots r > -1 of sum_i CF_i (1 + r)^-i = 0, per period    (offset-independent)
 *   PI(R)    = PV(inflows) / |PV(outflows)|, null without outflows      (offset-independent)
 *   MIRR     = (PV_reinvest(inflows) / |PV_finance(outflows)|)^(1/(n-1)) (1 + p_reinvest) - 1, per
 *              period, flows at 0..n-1 as in numpy-financial / Excel MIRR (Lin 1976)
 *   payback  = first time the cumulative (discounted) cash flow crosses from < 0 to >= 0, linear
 *              between consecutive cash-flow times; 0 if it is never negative; null if never.
 *
 * IRR selection: all real roots come back in irrAllRoots (see npvRoots.ts: root isolation by
 * Descartes' rule, no guess, no grid). `irr` is the root numpy-financial 2.0 selects
 * (_irr_default_selection): the smallest non-negative root if there is one, else the negative root
 * closest to zero. With several roots (irrAmbiguous) IRR is no accept/reject criterion; use NPV or
 * MIRR (Newnan et al.; Mian).
 *
 * Units: cash flows in any one currency per period; rates as fractions (0.1 = 10%) per year on
 * input; IRR and MIRR per period (as numpy-financial) plus their annual-effective equivalents;
 * paybacks in years. No field/metric conversion applies (all quantities are dimensionless here).
 *
 * Validity: the metrics are definitions, exact for any series of 1..100 000 flows; warnings for
 * rates outside 0-100%/yr (a percent passed as a fraction is the usual mistake), for no IRR and for
 * several IRRs. All-zero flows, and NPVs beyond the floating-point range (strongly negative rates
 * over long series), are engine failures, never NaN/Infinity.
 *
 * Checked examples (run as tests in test/engine/econ/metrics.test.ts): numpy-financial npv and irr
 * docstring examples; a three-root series checked by hand algebra. The refdata vectors
 * (refdata/econ.json, numpy-financial 2.0.0) are run by the same test file.
 */
import Type from 'typebox';
import { defineFunction } from '../definition.js';
import { quantity } from '../quantity.js';
import { EngineFailure } from '../failure.js';
import { npvRoots, signChanges } from './npvRoots.js';
import { compensatedSum } from './compensatedSum.js';

const DISCOUNTING = ['start-period', 'mid-period', 'end-period'] as const;
type Discounting = (typeof DISCOUNTING)[number];
const OFFSET: Record<Discounting, number> = { 'start-period': 0, 'mid-period': 0.5, 'end-period': 1 };
const RATE_CONVERSIONS = ['effective', 'nominal'] as const;

/**
 * Largest cash flow accepted, in magnitude: 1e15 currency units. No project's period cash flow comes
 * near it in any currency in use; beyond it IRR roots run to the floating-point limits.
 */
export const MAX_ABS_CASH_FLOW = 1e15;

/** Defaults, used by the schema and by `run` alike. */
const DEFAULTS = {
  discounting: 'start-period' as Discounting,
  periodsPerYear: 1,
  annualToPeriodRate: 'effective' as (typeof RATE_CONVERSIONS)[number],
  financeRate: 0.1,
  reinvestRate: 0.1,
};

const currency = (description: string) => quantity('dimensionless', { unit: 'currency', description });
const nullable = <T extends ReturnType<typeof quantity>>(t: T) => Type.Union([t, Type.Null()]);
const yearlyRate = (description: string, def?: number) =>
  quantity('dimensionless', { unit: 'fraction/yr', exclusiveMinimum: -1, description, ...(def === undefined ? {} : { default: def }) });
const perPeriod = (description: string) => quantity('dimensionless', { unit: 'fraction/period', description });
const years = (description: string) => quantity('dimensionless', { unit: 'yr', description });

const input = Type.Object({
  cashFlows: Type.Array(currency('Net cash flow of one period'), {
    minItems: 1,
    maxItems: 100_000,
    description: 'Net cash flow per period, period 0 first (investments negative, income positive), currency per period',
  }),
  discountRates: Type.Array(yearlyRate('Discount rate, fraction per year (0.1 = 10%)'), {
    maxItems: 100,
    description: 'Discount rates, fraction per year (0.1 = 10%), each > -1; NPV, PI and discounted payback come back one per rate. May be empty when only IRR, MIRR and payback are wanted.',
  }),
  discounting: Type.Optional(
    Type.Union([Type.Literal('start-period'), Type.Literal('mid-period'), Type.Literal('end-period')], {
      default: DEFAULTS.discounting,
      description: "Timing of cash flow i: 'start-period' at i periods (default, numpy-financial npv), 'mid-period' at i + 0.5 (common in petroleum evaluation), 'end-period' at i + 1 (Excel NPV). Payback uses the same timeline.",
    }),
  ),
  periodsPerYear: Type.Optional(
    quantity('dimensionless', { unit: 'periods/yr', exclusiveMinimum: 0, maximum: 366, default: DEFAULTS.periodsPerYear, description: 'Cash-flow periods per year (1 annual, 4 quarterly, 12 monthly); default 1' }),
  ),
  annualToPeriodRate: Type.Optional(
    Type.Union([Type.Literal('effective'), Type.Literal('nominal')], {
      default: DEFAULTS.annualToPeriodRate,
      description: "How a yearly rate R becomes a per-period rate: 'effective' (1 + R)^(1/periodsPerYear) - 1 (default), 'nominal' R / periodsPerYear",
    }),
  ),
  financeRate: Type.Optional(yearlyRate('MIRR finance rate (cost of funding the outflows), fraction per year; default 0.10', DEFAULTS.financeRate)),
  reinvestRate: Type.Optional(yearlyRate('MIRR reinvestment rate of the inflows, fraction per year; default 0.10', DEFAULTS.reinvestRate)),
});

const output = Type.Object({
  npv: Type.Array(currency('NPV at one discount rate'), { description: 'Net present value at time 0, one per discount rate, currency' }),
  periodRates: Type.Array(perPeriod('Per-period rate'), { description: 'Per-period discount rate used for each yearly discount rate, fraction per period' }),
  periodRate: nullable(perPeriod('Per-period rate of the first (headline) discount rate, fraction per period; null when discountRates is empty')),
  irr: nullable(perPeriod('Selected IRR (numpy-financial rule: smallest non-negative root, else the negative root nearest zero), fraction per period; null when NPV has no real root')),
  irrPerPeriod: nullable(perPeriod('Same as irr (always per period), named explicitly for monthly or quarterly series')),
  irrAnnualEffective: nullable(quantity('dimensionless', { unit: 'fraction/yr', description: '(1 + irr)^periodsPerYear - 1, fraction per year; null when irr is null' })),
  irrAllRoots: Type.Array(perPeriod('One real root of NPV = 0'), { description: 'Every real IRR > -1, fraction per period, ascending' }),
  irrAmbiguous: Type.Boolean({ description: 'True when NPV has more than one real root: IRR is then no accept/reject criterion' }),
  signChanges: Type.Integer({ minimum: 0, quantity: 'dimensionless', unit: '-', metricUnit: '-', description: 'Sign changes of the cash-flow series (zeros ignored); Descartes: at most this many IRRs' }),
  paybackYears: nullable(years('Years from t = 0 until the cumulative undiscounted cash flow first crosses from < 0 to >= 0; 0 if never negative, null if never')),
  discountedPaybackYears: Type.Array(nullable(years('Discounted payback, years')), { description: 'Discounted payback per discount rate, years; null where never' }),
  profitabilityIndex: Type.Array(nullable(quantity('dimensionless', { unit: '-', description: 'PV(inflows)/|PV(outflows)|' })), {
    description: 'PV(inflows) / |PV(outflows)| per discount rate (equals 1 + NPV/PV(investment) when every outflow is investment); null when there are no outflows',
  }),
  undiscountedCashFlow: currency('Sum of all cash flows, currency'),
  mirr: nullable(perPeriod('Modified IRR, fraction per period, at financeRate and reinvestRate; null unless there are both inflows and outflows')),
  mirrAnnualEffective: nullable(quantity('dimensionless', { unit: 'fraction/yr', description: '(1 + mirr)^periodsPerYear - 1, fraction per year' })),
});

export const metrics = defineFunction({
  name: 'econ.metrics',
  module: 'econ',
  title: 'Cash-flow metrics: NPV, IRR (all roots), MIRR, payback, profitability index',
  description:
    'Discounted cash-flow metrics of one series of net cash flows (currency per period, period 0 first). ' +
    "NPV per discount rate (fractions per year) with cash flow i at i ('start-period', default), i + 0.5 ('mid-period') or i + 1 ('end-period') periods; " +
    "periodsPerYear turns yearly rates into per-period rates (effective (1+R)^(1/m) - 1 by default, or nominal R/m) and periods into years. " +
    'IRR: every real root r > -1 of NPV(r) = 0 (irrAllRoots, fraction per period), found by root isolation on the NPV polynomial (no starting guess); ' +
    'irr is the smallest non-negative root, else the negative root nearest zero (numpy-financial 2.0 rule); irrAmbiguous flags several roots, when NPV or MIRR should decide. ' +
    'MIRR at financeRate/reinvestRate (default 10%/yr), flows at 0..n-1 as numpy-financial/Excel. Payback and discounted payback: first time the cumulative crosses from negative to >= 0, ' +
    'linear between cash-flow times, in years; null if never. Profitability index PV(inflows)/|PV(outflows)|. Rates above 100%/yr and negative rates are accepted with a warning.',
  input,
  output,
  examples: [
    {
      title: 'numpy-financial npv docstring: 40 000 investment, 8% per period, start-period',
      input: { cashFlows: [-40_000, 5_000, 8_000, 12_000, 30_000], discountRates: [0.08], discounting: 'start-period' },
      expected: { npv: [3065.22267] },
      tolerance: 1e-8,
      source: 'numpy-financial npv() docstring example (numpy_financial/_financial.py): npf.npv(0.08, [-40_000, 5_000, 8_000, 12_000, 30_000]) = 3065.22267 (printed to 5 decimals)',
    },
    {
      title: 'numpy-financial irr docstring: -100, 39, 59, 55, 20',
      input: { cashFlows: [-100, 39, 59, 55, 20], discountRates: [], discounting: 'start-period' },
      expected: { irr: 0.28095, irrAllRoots: [0.28095], signChanges: 1 },
      tolerance: 2e-5,
      source: 'numpy-financial irr() docstring example (numpy_financial/_financial.py): round(npf.irr([-100, 39, 59, 55, 20]), 5) = 0.28095',
    },
    {
      title: 'Three IRRs: cash flows -1, 9, -26, 24 (NPV = -(1 - 2x)(1 - 3x)(1 - 4x), x = 1/(1 + r))',
      input: { cashFlows: [-1, 9, -26, 24], discountRates: [0.5], discounting: 'end-period' },
      expected: { irrAllRoots: [1, 2, 3], irr: 1, irrAmbiguous: true, signChanges: 3, npv: [10 / 27], profitabilityIndex: [118 / 113] },
      tolerance: 1e-12,
      source:
        'Hand algebra: -1 + 9x - 26x^2 + 24x^3 = (2x - 1)(3x - 1)(4x - 1), roots x = 1/2, 1/3, 1/4, i.e. r = 1, 2, 3 per period. ' +
        'At r = 0.5 (x = 2/3): inflows 9x + 24x^3 = 118/9, outflows 1 + 26x^2 = 113/9, start-period NPV 5/9, end-period NPV (5/9)(2/3) = 10/27, PI = 118/113',
    },
  ],
  references: [
    'numpy-financial 2.0.0, numpy_financial/_financial.py: npv (start-period form), irr with _irr_default_selection (root selection), mirr. https://github.com/numpy/numpy-financial (BSD-3-Clause)',
    'D. G. Newnan, T. G. Eschenbach, J. P. Lavelle, Engineering Economic Analysis, Oxford University Press: present worth, rate of return, multiple rates of return and the cash-flow sign rule, payback',
    'M. A. Mian, Project Economics and Decision Analysis, Vol. I: Deterministic Models, 2nd ed., PennWell (2011): NPV, IRR, MIRR, profitability index, payback; end-, mid- and start-period discounting in petroleum evaluation',
    'S. A. Y. Lin, "The modified internal rate of return and investment criterion", The Engineering Economist 21(4), 237-247 (1976)',
    'X. Wang, "A simple proof of Descartes\'s rule of signs", American Mathematical Monthly 111(6), 525-526 (2004): the root-isolation step used for all IRRs',
    'R. P. Brent, Algorithms for Minimization without Derivatives, Prentice-Hall (1973), ch. 4: zeroin root refinement',
  ],
  validity: [
    { field: 'discountRates', min: 0, max: 1, unit: 'fraction/yr', note: 'discount rates above 100%/yr or below 0 are unusual; check the rate is a fraction, not a percent' },
    { field: 'financeRate', min: 0, max: 1, unit: 'fraction/yr', note: 'MIRR finance rate outside 0-100%/yr is unusual' },
    { field: 'reinvestRate', min: 0, max: 1, unit: 'fraction/yr', note: 'MIRR reinvestment rate outside 0-100%/yr is unusual' },
  ],
  run(inp, warnings) {
    const cf = inp.cashFlows;
    const discounting = inp.discounting ?? DEFAULTS.discounting;
    const offset = OFFSET[discounting];
    const m = inp.periodsPerYear ?? DEFAULTS.periodsPerYear;
    const conversion = inp.annualToPeriodRate ?? DEFAULTS.annualToPeriodRate;
    for (const [i, v] of cf.entries()) {
      if (!(Math.abs(v) <= MAX_ABS_CASH_FLOW)) {
        throw new EngineFailure('out_of_range', `cashFlows[${i}] = ${v}: a cash flow beyond ${MAX_ABS_CASH_FLOW} (ten times world GDP) in any currency is a unit or data error, and its IRR and NPV overflow`);
      }
    }
    if (cf.every((v) => v === 0)) {
      throw new EngineFailure('no_solution', 'Every cash flow is zero: NPV is zero at every rate, so IRR, payback and profitability index are undefined');
    }
    const perPeriodRate = (yearly: number): number => (conversion === 'nominal' ? yearly / m : Math.expm1(Math.log1p(yearly) / m));
    const toYearly = (p: number | null, what: string): number | null => {
      if (p === null) return null;
      const y = Math.expm1(m * Math.log1p(p));
      if (Number.isFinite(y)) return y;
      warnings.push(`${what} of ${p} per period does not compound to a finite yearly rate; ${what}AnnualEffective is null`);
      return null;
    };

    const periodRates = inp.discountRates.map(perPeriodRate);
    const npv = periodRates.map((p, j) => npvAt(cf, p, offset, inp.discountRates[j]));

    const roots = npvRoots(cf);
    const irr = selectIrr(roots.rates);
    const v = signChanges(cf);
    irrWarnings(warnings, v, roots.rates, roots.complete);

    const paybackYears = payback(cf, 0, offset, m);
    const discountedPaybackYears = periodRates.map((p) => payback(cf, p, offset, m));
    const profitabilityIndex = periodRates.map((p) => {
      const out = logAbsPv(cf, -1, p);
      return out === -Infinity ? null : representable(Math.exp(logAbsPv(cf, 1, p) - out), 'The profitability index');
    });

    const mirr = modifiedIrr(cf, perPeriodRate(inp.financeRate ?? DEFAULTS.financeRate), perPeriodRate(inp.reinvestRate ?? DEFAULTS.reinvestRate));
    return {
      npv,
      periodRates,
      periodRate: periodRates[0] ?? null,
      irr,
      irrPerPeriod: irr,
      irrAnnualEffective: toYearly(irr, 'irr'),
      irrAllRoots: roots.rates,
      irrAmbiguous: roots.rates.length > 1,
      signChanges: v,
      paybackYears,
      discountedPaybackYears,
      profitabilityIndex,
      undiscountedCashFlow: compensatedSum(cf),
      mirr,
      mirrAnnualEffective: toYearly(mirr, 'mirr'),
    };
  },
});

/** NPV at per-period rate p: Horner in x = 1/(1 + p) (no overflow for p >= 0), times x^offset. */
function npvAt(cf: readonly number[], p: number, offset: number, yearly: number): number {
  const x = 1 / (1 + p);
  let acc = 0;
  for (let i = cf.length - 1; i >= 0; i--) acc = acc * x + cf[i];
  const value = acc * Math.exp(-offset * Math.log1p(p));
  if (!Number.isFinite(value)) {
    throw new EngineFailure('out_of_range', `NPV at discount rate ${yearly} exceeds the floating-point range over ${cf.length} periods`);
  }
  return value;
}

/** numpy-financial 2.0 _irr_default_selection: smallest root >= 0, else the largest (nearest zero) negative root. */
function selectIrr(ascending: number[]): number | null {
  if (ascending.length === 0) return null;
  const nonNegative = ascending.find((r) => r >= 0);
  return nonNegative ?? ascending[ascending.length - 1];
}

function irrWarnings(warnings: string[], v: number, roots: number[], complete: boolean): void {
  const pct = (r: number) => `${(100 * r).toPrecision(6)}%`;
  if (v === 0) warnings.push('All cash flows have the same sign: there is no IRR (irr is null)');
  else if (roots.length === 0) warnings.push(`The cash flows change sign ${v} times but NPV has no real root: there is no IRR (irr is null); judge the project by NPV`);
  else if (roots.length > 1) {
    warnings.push(
      `NPV has ${roots.length} real roots (${roots.map(pct).join(', ')} per period): IRR is ambiguous and no accept/reject criterion; irr reports the smallest non-negative root (numpy-financial rule); judge the project by NPV or MIRR`,
    );
  }
  if (!complete) warnings.push(`The cash flows change sign ${v} times over a very long series: IRR roots were found by a dense scan and some may be missing`);
}

/**
 * Payback in years: the first time the cumulative of CF_i (1 + p)^-(i + offset) crosses from < 0
 * to >= 0, linear between consecutive cash-flow times t_i = (i + offset)/m; 0 if the cumulative is
 * never negative; null if it never crosses back. p = 0 gives the undiscounted payback.
 */
function payback(cf: readonly number[], p: number, offset: number, m: number): number | null {
  const lnGrowth = Math.log1p(p);
  let cum = 0;
  let everNegative = false;
  for (let i = 0; i < cf.length; i++) {
    const prev = cum;
    cum += p === 0 ? cf[i] : cf[i] * Math.exp(-(i + offset) * lnGrowth);
    if (!Number.isFinite(cum)) throw new EngineFailure('out_of_range', `Discounted cash flows exceed the floating-point range at a per-period rate of ${p}`);
    if (cum < 0) everNegative = true;
    else if (prev < 0) return (i - 1 + offset + (0 - prev) / (cum - prev)) / m;
  }
  return everNegative ? null : 0;
}

/**
 * log |sum over flows of one sign of CF_i (1 + p)^-i| by log-sum-exp: same-sign terms, so no
 * cancellation, and no overflow or underflow for any length or rate. -Infinity if there are none.
 */
function logAbsPv(cf: readonly number[], sign: 1 | -1, p: number): number {
  const lnx = -Math.log1p(p);
  let max = -Infinity;
  for (let i = 0; i < cf.length; i++) {
    if (Math.sign(cf[i]) === sign) max = Math.max(max, Math.log(Math.abs(cf[i])) + i * lnx);
  }
  if (max === -Infinity) return max;
  let sum = 0;
  for (let i = 0; i < cf.length; i++) {
    if (Math.sign(cf[i]) === sign) sum += Math.exp(Math.log(Math.abs(cf[i])) + i * lnx - max);
  }
  return max + Math.log(sum);
}

/** MIRR per period (numpy-financial mirr / Excel MIRR), null unless both inflows and outflows exist. */
function modifiedIrr(cf: readonly number[], financePerPeriod: number, reinvestPerPeriod: number): number | null {
  const inflow = logAbsPv(cf, 1, reinvestPerPeriod);
  const outflow = logAbsPv(cf, -1, financePerPeriod);
  if (inflow === -Infinity || outflow === -Infinity) return null;
  return representable(Math.expm1((inflow - outflow) / (cf.length - 1) + Math.log1p(reinvestPerPeriod)), 'MIRR');
}

/** A ratio of present values beyond the double range (inflows vs outflows 1e308 apart) is no answer. */
function representable(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new EngineFailure('out_of_range', `${what} exceeds the floating-point range: inflows and outflows differ by more than 300 orders of magnitude`);
  return value;
}
