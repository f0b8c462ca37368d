/**
 * The two calls the bench measures, as the JSON bodies a client would send. Built once,
 * deterministically, so every scenario (raw loop, floor, web) runs exactly the same input.
 */

export interface Workload {
  /** Catalogue name, also the last path segment of the REST call. */
  fn: string;
  /** What the input is, for the report. */
  describe: string;
  /** The request body, serialised once. */
  body: string;
  /** Sanity check of one 200 response's `result` (the same for floor and web). */
  check(result: Record<string, unknown>): string | null;
}

/** A gas PVT table: 10 pressures from 500 to 5000 psia at reservoir temperature, sour-ish gas. */
function gasProperties(): Workload {
  const psia = Array.from({ length: 10 }, (_, i) => 500 * (i + 1));
  const input = { psia, TF: 200, gasSG: 0.72, yCO2: 0.02, yN2: 0.01, yH2S: 0 };
  return {
    fn: 'pvt.gasProperties',
    describe: `10 pressures 500-5000 psia, 200 degF, gasSG 0.72, 2% CO2, 1% N2 (DAK, Piper-McCain-Corredor, LGE)`,
    body: JSON.stringify(input),
    check: (r) => (Array.isArray(r.z) && r.z.length === psia.length ? null : `expected z with ${psia.length} values`),
  };
}

/**
 * 50 years of monthly net cash flow of one oil well: drilling and completion over the first three
 * months, then hyperbolic decline (qi 15 000 bbl/month, Di 50 %/yr, b 0.9) at $70/bbl after a 20 %
 * royalty, less $8 000/month operating cost. The series stays positive after capex (one IRR), and
 * 600 periods make the IRR root isolation and the discounting loops the heavy part.
 */
export function wellCashFlows(months = 600): number[] {
  const capex = [-6_000_000, -4_000_000, -2_000_000];
  const qi = 15_000;
  const di = 0.5 / 12; // nominal monthly initial decline
  const b = 0.9;
  const price = 70;
  const royalty = 0.2;
  const opex = 8_000;
  const flows: number[] = [...capex];
  for (let m = 0; flows.length < months; m++) {
    const q = qi / Math.pow(1 + b * di * m, 1 / b);
    flows.push(Math.round(q * price * (1 - royalty) - opex));
  }
  return flows;
}

function econMetrics(): Workload {
  const cashFlows = wellCashFlows();
  const input = { cashFlows, discountRates: [0.08, 0.1, 0.15], periodsPerYear: 12, discounting: 'mid-period' };
  return {
    fn: 'econ.metrics',
    describe: `${cashFlows.length} monthly cash flows (3 months capex, then hyperbolic decline), rates 8/10/15 %, periodsPerYear 12, mid-period`,
    body: JSON.stringify(input),
    check: (r) => (Array.isArray(r.npv) && r.npv.length === 3 && typeof r.irr === 'number' ? null : 'expected 3 NPVs and a numeric irr'),
  };
}

export const WORKLOADS: readonly Workload[] = [gasProperties(), econMetrics()];
