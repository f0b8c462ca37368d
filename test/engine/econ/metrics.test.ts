/**
 * econ.metrics against every econ.metrics vector of refdata/econ.json (numpy-financial 2.0.0 and
 * helper scripts, see the file's `sources`), the definition's own examples, and hand-derived cases.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { Compile } from 'typebox/compile';
import { metrics } from '../../../engine/econ/metrics.js';
import { executeDefinition, type ExecutionOutcome } from '../../../engine/execute.js';
import { validateInput } from '../../../engine/validation.js';
import type { AnyDefinition } from '../../../engine/definition.js';

const def = metrics as unknown as AnyDefinition;
const outputSchema = Compile(metrics.output);

/** Repo root = the folder that holds dist/ (compiled tests run from dist/test/engine/econ/). */
function repoRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const parts = here.split(sep);
  const at = parts.lastIndexOf('dist');
  if (at < 0) throw new Error(`compiled test is not under dist/: ${here}`);
  return parts.slice(0, at).join(sep) || sep;
}

interface Tol {
  rel?: number;
  abs?: number;
}
interface Vector {
  id: string;
  function: string;
  method: Record<string, unknown>;
  inputs: Record<string, unknown>;
  expected: Record<string, unknown>;
  tolerance: Record<string, Tol>;
  informational?: boolean;
}

const refdata = JSON.parse(readFileSync(join(repoRoot(), 'test', 'refdata', 'econ.json'), 'utf8')) as { vectors: Vector[] };

/** Vector method options that are engine inputs of the same name. */
const METHOD_INPUTS = ['discounting', 'periodsPerYear', 'annualToPeriodRate'];
const OFFSETS: Record<string, number> = { 'start-period': 0, 'mid-period': 0.5, 'end-period': 1 };

/** Method options -> inputs; `cashFlowTime` is descriptive and checked against the offset we use. */
function bodyOf(v: Vector): Record<string, unknown> {
  const body: Record<string, unknown> = { ...v.inputs };
  for (const [k, val] of Object.entries(v.method)) {
    if (METHOD_INPUTS.includes(k)) {
      if (body[k] !== undefined && body[k] !== val) throw new Error(`${v.id}: method.${k} disagrees with inputs.${k}`);
      body[k] = val;
    } else if (k === 'cashFlowTime') {
      const offset = Number(/\+\s*([\d.]+)/.exec(String(val))?.[1]);
      expect(offset, `${v.id}: cashFlowTime '${val}'`).to.equal(OFFSETS[String(v.method.discounting)]);
    } else {
      throw new Error(`${v.id}: method option '${k}' is not offered by econ.metrics`);
    }
  }
  return body;
}

function run(body: Record<string, unknown>): ExecutionOutcome {
  const valid = validateInput(def, body);
  if (!valid.ok) throw new Error(`validation failed: ${JSON.stringify(valid.fields)}`);
  return executeDefinition(def, valid.input);
}

/** Runs a valid body; the result must also satisfy the declared output schema. */
function result(body: Record<string, unknown>): { result: Record<string, unknown>; warnings: string[] } {
  const out = run(body);
  if (!out.ok) throw new Error(`engine failure ${out.reason}: ${out.message}`);
  if (!outputSchema.Check(out.result)) throw new Error(`result breaks the output schema: ${JSON.stringify([...outputSchema.Errors(out.result)].slice(0, 3))}`);
  return out;
}

/** Element-wise comparison; null must equal null; numbers within abs or within rel * |expected| (either suffices, as scripts/refdata). */
function expectClose(actual: unknown, expected: unknown, tol: Tol, label: string): void {
  if (expected === null || typeof expected === 'boolean') {
    expect(actual, label).to.equal(expected);
  } else if (Array.isArray(expected)) {
    expect(actual, label).to.be.an('array').with.lengthOf(expected.length);
    expected.forEach((e, i) => expectClose((actual as unknown[])[i], e, tol, `${label}[${i}]`));
  } else if (typeof expected === 'number') {
    expect(actual, label).to.be.a('number');
    const allowed = Math.max(tol.abs ?? 0, (tol.rel ?? 0) * Math.abs(expected));
    expect(Math.abs((actual as number) - expected), `${label}: got ${actual}, expected ${expected} (allowed ${allowed})`).to.be.at.most(allowed);
  } else {
    throw new Error(`${label}: unsupported expected value ${JSON.stringify(expected)}`);
  }
}

/** NPV by the textbook sum, one Math.pow per term: independent of the engine's Horner form. */
function plainNpv(cf: number[], perPeriodRate: number, offset: number): number {
  let s = 0;
  for (let i = 0; i < cf.length; i++) s += cf[i] / Math.pow(1 + perPeriodRate, i + offset);
  return s;
}

describe('econ.metrics', () => {
  describe('refdata/econ.json vectors (numpy-financial 2.0.0 and helper scripts, per vector source)', () => {
    const vectors = refdata.vectors.filter((v) => v.function === 'econ.metrics');
    it('has econ.metrics vectors', () => expect(vectors.length).to.be.greaterThan(0));
    for (const v of vectors) {
      if (v.informational) {
        it.skip(`${v.id} (informational)`);
        continue;
      }
      it(v.id, () => {
        const { result: r } = result(bodyOf(v));
        for (const [key, expected] of Object.entries(v.expected)) {
          if (!(key in r)) throw new Error(`${v.id}: no output '${key}'`);
          expectClose(r[key], expected, v.tolerance[key] ?? v.tolerance.default ?? {}, `${v.id} ${key}`);
        }
      });
    }
  });

  describe('definition examples', () => {
    for (const ex of metrics.examples) {
      it(`${ex.title} (${ex.source.slice(0, 60)}...)`, () => {
        const { result: r } = result(ex.input as Record<string, unknown>);
        for (const [key, expected] of Object.entries(ex.expected)) expectClose(r[key], expected, { rel: ex.tolerance }, `${ex.title} ${key}`);
      });
    }
  });

  describe('IRR roots', () => {
    it('when NPV has no real root although the flows change sign, then irr is null', () => {
      // -100 + 230x - 140x^2: discriminant 230^2 - 4*100*140 = -3100 < 0, no real x (hand algebra).
      const { result: r, warnings } = result({ cashFlows: [-100, 230, -140], discountRates: [0.1] });
      expect(r.irr).to.equal(null);
      expect(r.irrAllRoots).to.deep.equal([]);
      expect(r.irrAmbiguous).to.equal(false);
      expect(r.signChanges).to.equal(2);
      expect(r.irrAnnualEffective).to.equal(null);
      expect(warnings.join(' ')).to.match(/no real root/);
    });

    it('when the flows have several IRRs, then all come back, the smallest non-negative is irr, and the result is flagged', () => {
      // Roots chosen: r = 5%, 10%, 20%, 30%, 50%; flows = coefficients of prod (1 - (1 + r_j) x), x = 1/(1 + r).
      const chosen = [0.05, 0.1, 0.2, 0.3, 0.5];
      let poly = [1];
      for (const r of chosen) poly = poly.map((c, i) => c - (1 + r) * (poly[i - 1] ?? 0)).concat(-(1 + r) * poly[poly.length - 1]);
      const { result: r, warnings } = result({ cashFlows: poly.map((c) => -1000 * c), discountRates: [] });
      expectClose(r.irrAllRoots, chosen, { abs: 1e-9 }, 'irrAllRoots');
      expectClose(r.irr, 0.05, { abs: 1e-9 }, 'irr');
      expect(r.irrAmbiguous).to.equal(true);
      expect(r.signChanges).to.equal(5);
      expect(warnings.join(' ')).to.match(/5 real roots/);
    });

    it('when NPV touches zero (double root), then the tangency is one root', () => {
      // -100 + 200x - 100x^2 = -100 (1 - x)^2: double root x = 1, r = 0 (hand algebra).
      const { result: r } = result({ cashFlows: [-100, 200, -100], discountRates: [] });
      expectClose(r.irrAllRoots, [0], { abs: 1e-12 }, 'irrAllRoots');
      expect(r.irr).to.equal(0);
      expect(r.irrAmbiguous).to.equal(false);
    });

    it('when the cash flows sum to exactly 0, r = 0 is a root and the smallest non-negative one (was -2.2e-16, and irr jumped to the next root)', () => {
      // -1 + 3x - 2x^2 = -(1 - x)(1 - 2x): x = 1 and 1/2, r = 0 and 1 (hand algebra); the rule picks 0.
      const { result: r } = result({ cashFlows: [-1, 3, -2], discountRates: [] });
      expect(r.irrAllRoots).to.have.length(2);
      expect((r.irrAllRoots as number[])[0]).to.equal(0);
      expectClose([(r.irrAllRoots as number[])[1] as number], [1], { rel: 1e-14 }, 'second root');
      expect(r.irr).to.equal(0);
      // A longer series summing to 0 with a second root at 16.33%.
      const { result: r2 } = result({ cashFlows: [3, 1, -1, -5, 1, -4, 1, 0, -1, 5], discountRates: [] });
      expect(r2.irr).to.equal(0);
    });

    it('when a root lies close to -100%, it is found with full precision', () => {
      // 1000 - x = 0 at x = 1000, so 1 + r = 1/1000 and r = -0.999 (hand algebra).
      const { result: r } = result({ cashFlows: [1000, -1], discountRates: [] });
      expectClose(r.irrAllRoots, [-0.999], { rel: 1e-14 }, 'irrAllRoots');
    });
  });

  describe('payback', () => {
    it('when the cumulative cash flow never turns non-negative, then paybackYears is null', () => {
      // Cumulative -1000, -900, -800 (hand sum): never >= 0.
      const { result: r } = result({ cashFlows: [-1000, 100, 100], discountRates: [0.1], discounting: 'mid-period' });
      expect(r.paybackYears).to.equal(null);
      expect(r.discountedPaybackYears).to.deep.equal([null]);
    });

    it('counts quarterly periods in years on the chosen timeline', () => {
      // end-period, 4 periods/yr: cumulative -100 at t=1 q, -50 at 2 q, +0 at 3 q -> 3 quarters = 0.75 yr (hand).
      const { result: r } = result({ cashFlows: [-100, 50, 50, 10], discountRates: [], discounting: 'end-period', periodsPerYear: 4 });
      expectClose(r.paybackYears, 0.75, { abs: 1e-15 }, 'paybackYears');
    });
  });

  describe('long monthly series', () => {
    // 600 months: 2.4e6 capex, then revenue on a 1%/month exponential decline less 6 000/month opex,
    // a workover of -150 000 at month 240, abandonment -400 000 in the last month (synthetic).
    const cf = [-2.4e6];
    for (let i = 1; i < 600; i++) cf.push(60_000 * Math.exp(-0.01 * (i - 1)) - 6_000);
    cf[240] -= 150_000;
    cf[599] -= 400_000;

    it('matches an NPV computed in the test by a plain sum (mid-period, effective monthly rates)', () => {
      const rates = [0.08, 0.1, 0.15];
      const { result: r } = result({ cashFlows: cf, discountRates: rates, discounting: 'mid-period', periodsPerYear: 12 });
      // Expected: sum CF_i / (1 + p)^(i + 0.5), p = 1.1^(1/12) - 1 etc., computed right here.
      const expected = rates.map((R) => plainNpv(cf, Math.pow(1 + R, 1 / 12) - 1, 0.5));
      expectClose(r.npv, expected, { rel: 1e-10 }, 'npv');
      // Every reported IRR zeroes the plain-sum NPV (relative to the gross flows).
      const gross = cf.reduce((s, c) => s + Math.abs(c), 0);
      for (const root of r.irrAllRoots as number[]) expect(Math.abs(plainNpv(cf, root, 0)) / gross).to.be.below(1e-12);
      expect((r.irrAllRoots as number[]).length).to.be.greaterThan(0);
      // Annual effective IRR from the monthly one.
      expectClose(r.irrAnnualEffective, Math.pow(1 + (r.irr as number), 12) - 1, { rel: 1e-12 }, 'irrAnnualEffective');
    });

    it('converts yearly rates nominally when asked: 12%/yr nominal is 1% per month', () => {
      // p = 0.12 / 12 = 0.01 by definition of the nominal convention; NPV by the plain sum, end-period.
      const { result: r } = result({ cashFlows: cf, discountRates: [0.12], discounting: 'end-period', periodsPerYear: 12, annualToPeriodRate: 'nominal' });
      expectClose(r.periodRates, [0.01], { rel: 1e-15 }, 'periodRates');
      expectClose(r.npv, [plainNpv(cf, 0.01, 1)], { rel: 1e-10 }, 'npv');
    });

    it('runs the longest accepted series (100 000 periods) to finite results', () => {
      const long = Array.from({ length: 100_000 }, (_, i) => (i === 0 ? -1e6 : 20 * Math.exp(-i / 20_000)));
      const { result: r } = result({ cashFlows: long, discountRates: [0.1], periodsPerYear: 365 });
      expect(r.irr).to.be.a('number');
      // The selected IRR zeroes the plain-sum NPV (to the summation noise of 1e5 terms) and the
      // plain-sum NPV changes sign across it.
      const irr = r.irr as number;
      const gross = long.reduce((s, c) => s + Math.abs(c), 0);
      expect(Math.abs(plainNpv(long, irr, 0)) / gross).to.be.below(1e-10);
      expect(Math.sign(plainNpv(long, irr * (1 - 1e-6), 0))).to.not.equal(Math.sign(plainNpv(long, irr * (1 + 1e-6), 0)));
    });
  });

  describe('failures and validation', () => {
    it('when every cash flow is zero, then no_solution (no NaN in a result)', () => {
      const out = run({ cashFlows: [0, 0, 0], discountRates: [0.1] });
      expect(out.ok).to.equal(false);
      if (!out.ok) expect(out.reason).to.equal('no_solution');
    });

    it('when a negative rate over a long series overflows NPV, then out_of_range instead of Infinity', () => {
      // 1 per period at -90%/period: NPV = sum 10^i, far beyond 1.8e308 after 400 terms.
      const out = run({ cashFlows: Array.from({ length: 400 }, () => 1), discountRates: [-0.9] });
      expect(out.ok).to.equal(false);
      if (!out.ok) expect(out.reason).to.equal('out_of_range');
    });

    it('refuses discounting "bogus" and empty cashFlows, naming the fields', () => {
      const out = validateInput(def, { cashFlows: [], discountRates: [0.1], discounting: 'bogus' });
      expect(out.ok).to.equal(false);
      if (!out.ok) {
        expect(out.fields).to.have.property('cashFlows');
        expect(out.fields.discounting).to.match(/start-period, mid-period, end-period/);
      }
    });

    it('refuses a discount rate of -100% or below, naming the element', () => {
      const out = validateInput(def, { cashFlows: [-1, 2], discountRates: [0.1, -1] });
      expect(out.ok).to.equal(false);
      if (!out.ok) expect(out.fields).to.have.property('discountRates[1]');
    });

    it('warns for rates above 100%/yr', () => {
      const { warnings } = result({ cashFlows: [-1, 2], discountRates: [1.5] });
      expect(warnings.join(' ')).to.match(/discountRates 1.5/);
    });
  });
});
