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
  /** Work items in one call (rates of a VLP list), for a per-item speed in the notes. */
  perCall?: { count: number; unit: string };
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

/** The oil well of the README's nodal example (demo project well DN-1). */
const DEMO_WELL = { thpPsia: 350, tubingIdIn: 2.992, mdFt: 9800, whtF: 120, bhtF: 212, api: 38.5, gasSG: 0.78, rsbScfStb: 950, pbPsia: 3125, gorScfStb: 1295, waterCut: 0.117, vlpMethod: 'BeggsBrill' };

/** VLP points: 100 liquid rates 100-3070 STB/d through 9800 ft of 2.992 in tubing, Beggs–Brill, black oil. */
function wellVlp(): Workload {
  const qLiquidStbd = Array.from({ length: 100 }, (_, i) => 100 + 30 * i);
  return {
    fn: 'well.vlp',
    describe: '100 liquid rates 100-3070 STB/d, demo well DN-1 (9800 ft, 2.992 in, Beggs-Brill with Payne, ValkoMcCain black oil, GOR 1295, 11.7% water)',
    body: JSON.stringify({ ...DEMO_WELL, qLiquidStbd }),
    check: (r) => (Array.isArray(r.bhpPsia) && r.bhpPsia.length === 100 ? null : 'expected 100 bottom-hole pressures'),
    perCall: { count: 100, unit: 'VLP points' },
  };
}

/** A nodal sweep: 1000 rates of the demo well's composite IPR against its VLP. */
function wellNodalSweep(): Workload {
  return {
    fn: 'well.nodal',
    describe: '1000-rate sweep (nodalPoints 1000): demo well DN-1, composite IPR through the 1850 STB/d at 2650 psia test, Beggs-Brill VLP',
    body: JSON.stringify({ ...DEMO_WELL, iprMethod: 'composite', prPsia: 4350, testRateStbd: 1850, testPwfPsia: 2650, nodalPoints: 1000 }),
    check: (r) => (typeof r.qLiquidStbd === 'number' && r.stable === true ? null : 'expected a stable operating point'),
    perCall: { count: 1000, unit: 'nodal rates' },
  };
}

/** decline.fit on 10 years of monthly rates (hyperbolic with 5% deterministic scatter). */
function declineFit(): Workload {
  const t = Array.from({ length: 120 }, (_, i) => i + 1);
  let seed = 12345;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.1;
  const q = t.map((m) => Math.round(15000 / (1 + 0.9 * (0.5 / 12) * m) ** (1 / 0.9) * (1 + noise())));
  return {
    fn: 'decline.fit',
    describe: '120 monthly rates (hyperbolic qi 15000/month, Di 50%/yr nominal, b 0.9, +-5% scatter), hyperbolic model, log-rate objective',
    body: JSON.stringify({ t, q, model: 'hyperbolic', timeUnit: 'month' }),
    check: (r) => (typeof r.b === 'number' && typeof r.r2 === 'number' ? null : 'expected fitted b and r2'),
  };
}

/** Measured in the raw scenario only (one thread, no HTTP): heavy calls whose HTTP rows would only measure the engine pool. */
export const RAW_WORKLOADS: readonly Workload[] = [wellVlp(), wellNodalSweep(), declineFit()];
