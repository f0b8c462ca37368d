/**
 * Invariants of econ.metrics and econ.cashFlow over seeded cash-flow series: NPV at 0% is the
 * undiscounted sum, NPV is its definition on each timeline, NPV vanishes at every IRR root, the
 * PI, MIRR and payback match their definitions, and cashFlow's net line is its own components.
 */
import { expect } from 'chai';
import { close, run, seeded } from '../well/call.js';

describe('invariants: econ.metrics', () => {
  it('NPV(0) = sum, NPV = its definition, NPV(IRR) = 0, PI, MIRR and payback by definition (300 seeded series)', () => {
    const r = seeded(301);
    for (let i = 0; i < 300; i++) {
      const n = 2 + Math.floor(40 * r());
      const cf = [-(1e3 + 1e6 * r())];
      for (let k = 1; k < n; k++) cf.push((r() * 1.2 - 0.2) * 1e5 * r());
      const ppy = [1, 4, 12][i % 3] as number;
      const discounting = ['start-period', 'mid-period', 'end-period'][(i >> 1) % 3] as string;
      const conv = i % 2 ? 'effective' : 'nominal';
      const rates = [0, 0.3 * r(), 0.3 + 0.7 * r()];
      const m = run('econ.metrics', { cashFlows: cf, discountRates: rates, discounting, periodsPerYear: ppy, annualToPeriodRate: conv });
      const scale = cf.reduce((a, x) => a + Math.abs(x), 0);
      const sum = cf.reduce((a, x) => a + x, 0);
      // Rounding of a sum of n terms: 1e-14 of the sum of magnitudes.
      expect(Math.abs(m.npv[0] - sum)).to.be.at.most(1e-14 * scale);
      expect(Math.abs(m.undiscountedCashFlow - sum)).to.be.at.most(1e-14 * scale);
      const off = { 'start-period': 0, 'mid-period': 0.5, 'end-period': 1 }[discounting] as number;
      rates.forEach((R, j) => {
        const p = conv === 'effective' ? (1 + R) ** (1 / ppy) - 1 : R / ppy;
        close(1 + m.periodRates[j], 1 + p, 1e-15);
        const pv = (sel: (x: number) => boolean) => cf.reduce((a, x, k) => a + (sel(x) ? x * (1 + p) ** -(k + off) : 0), 0);
        expect(Math.abs(m.npv[j] - pv(() => true))).to.be.at.most(1e-13 * scale);
        if (m.profitabilityIndex[j] !== null) close(m.profitabilityIndex[j], pv((x) => x > 0) / -pv((x) => x < 0), 1e-12, 'PI');
      });
      // Every IRR root is a zero of NPV (periods at 0..n-1), to 1e-12 of the discounted magnitudes.
      for (const root of m.irrAllRoots as number[]) {
        const v = cf.reduce((a, x, k) => a + x * (1 + root) ** -k, 0);
        expect(Math.abs(v)).to.be.at.most(1e-12 * cf.reduce((a, x, k) => a + Math.abs(x * (1 + root) ** -k), 0));
      }
      if (m.signChanges === 1 && sum > 0) expect(m.irr).to.be.a('number');
      // MIRR (Lin 1976): inflows compounded to n-1 at the reinvestment rate, outflows discounted to 0 at the finance rate (both 10%/yr default).
      const pf = conv === 'effective' ? 1.1 ** (1 / ppy) - 1 : 0.1 / ppy;
      const fvIn = cf.reduce((a, x, k) => a + (x > 0 ? x * (1 + pf) ** (n - 1 - k) : 0), 0);
      const pvOut = cf.reduce((a, x, k) => a + (x < 0 ? -x * (1 + pf) ** -k : 0), 0);
      if (m.mirr !== null) close(1 + m.mirr, (fvIn / pvOut) ** (1 / (n - 1)), 1e-12, 'MIRR');
      // Payback: first crossing of the cumulative from < 0 to >= 0, linear in between, on the timeline.
      let c = 0;
      const cum = cf.map((x) => (c += x));
      let pb: number | null = null;
      for (let k = 1; k < n && pb === null; k++) if ((cum[k - 1] as number) < 0 && (cum[k] as number) >= 0) pb = k - 1 + -(cum[k - 1] as number) / ((cum[k] as number) - (cum[k - 1] as number)) + off;
      if (pb === null) expect(m.paybackYears).to.equal(null);
      else close(m.paybackYears, pb / ppy, 1e-12, 'payback');
    }
  });
});

describe('invariants: econ.cashFlow', () => {
  it('net = net revenue - severance - ad valorem - opex - capex - abandonment, cumulative and totals add up, and feeds econ.metrics (seeded)', () => {
    const r = seeded(302);
    for (let i = 0; i < 40; i++) {
      const n = 3 + Math.floor(30 * r());
      const oil = Array.from({ length: n }, () => 1000 * r());
      const gas = Array.from({ length: n }, () => 3000 * r());
      const wi = 0.2 + 0.8 * r();
      const royalty = 0.25 * r();
      const body = { oilStb: oil, gasMscf: gas, waterStb: oil.map((o) => o * r()), oilPrice: 40 + 60 * r(), gasPrice: 1 + 5 * r(), oilDifferential: 5 * r(), gasDifferential: 0.5 * r(), workingInterest: wi, royalty, severanceTaxOil: 0.08 * r(), severanceTaxGas: 0.08 * r(), adValoremTax: 0.03 * r(), fixedOpex: 2000 * r(), oilOpex: 5 * r(), gasOpex: r(), waterCost: r(), capex: [{ period: 0, amount: 1e5 * r() }], abandonmentCost: 2e4 * r() };
      const f = run('econ.cashFlow', body);
      close(f.netRevenueInterest, wi * (1 - royalty), 1e-15);
      let cum = 0;
      for (let k = 0; k < n; k++) {
        const gross = oil[k]! * (body.oilPrice - body.oilDifferential) + gas[k]! * (body.gasPrice - body.gasDifferential);
        close(f.grossRevenue[k], gross, 1e-12, 'gross');
        close(f.netRevenue[k], f.netRevenueInterest * gross, 1e-12, 'NR');
        const net = f.netRevenue[k] - f.severanceTax[k] - f.adValoremTax[k] - f.opex[k] - f.capex[k] - f.abandonment[k];
        expect(Math.abs(f.netCashFlow[k] - net)).to.be.at.most(1e-9 * (Math.abs(f.netRevenue[k]) + Math.abs(f.capex[k]) + 1));
        cum += f.netCashFlow[k];
        expect(Math.abs(f.cumulativeCashFlow[k] - cum)).to.be.at.most(1e-9 * (Math.abs(cum) + 1e3));
      }
      expect(Math.abs(f.totals.netCashFlow - cum)).to.be.at.most(1e-9 * (Math.abs(cum) + 1e3));
      // Its net line is econ.metrics' input: the undiscounted sum is the total.
      expect(Math.abs(run('econ.metrics', { cashFlows: f.netCashFlow, discountRates: [0] }).npv[0] - f.totals.netCashFlow)).to.be.at.most(1e-9 * (Math.abs(cum) + 1e3));
    }
  });
});
