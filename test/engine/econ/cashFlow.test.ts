/**
 * econ.cashFlow against a hand-built table (Mian 2011, Ch. 3-4 definitions), its defaults, and the
 * chain decline.forecast -> econ.cashFlow -> econ.metrics (netCashFlow is metrics' cashFlows).
 */
import { expect } from 'chai';
import { attempt, close, failure, run } from '../well/call.js';

describe('econ.cashFlow', () => {
  it('oil and gas with WI, royalty, severance, ad valorem, fixed and variable opex, capex and abandonment, by hand', () => {
    const r = run('econ.cashFlow', {
      oilStb: [3000, 2500],
      gasMscf: [6000, 5000],
      waterStb: [500, 800],
      oilPrice: [70, 75],
      gasPrice: 3,
      oilDifferential: 4,
      gasDifferential: 0.5,
      workingInterest: 0.8,
      royalty: 0.2,
      severanceTaxOil: 0.046,
      severanceTaxGas: 0.075,
      adValoremTax: 0.02,
      fixedOpex: 8000,
      oilOpex: 3,
      gasOpex: 0.4,
      waterCost: 1.5,
      capex: [{ period: 0, amount: 100000 }],
      abandonmentCost: 20000,
    });
    const nri = 0.8 * 0.8;
    const period = (oil: number, gas: number, water: number, po: number, capex: number, aband: number) => {
      const oilRev = oil * (po - 4);
      const gasRev = gas * 2.5;
      const net = nri * (oilRev + gasRev);
      const sev = nri * (0.046 * oilRev + 0.075 * gasRev);
      const adv = 0.02 * (net - sev);
      const opex = 0.8 * (8000 + 3 * oil + 0.4 * gas + 1.5 * water);
      return net - sev - adv - opex - 0.8 * capex - 0.8 * aband;
    };
    close(r.netCashFlow[0], period(3000, 6000, 500, 70, 100000, 0), 1e-12);
    close(r.netCashFlow[1], period(2500, 5000, 800, 75, 0, 20000), 1e-12);
    close(r.royaltyBurden[0], (0.8 - nri) * (3000 * 66 + 6000 * 2.5), 1e-12);
    close(r.totals.netCashFlow, r.cumulativeCashFlow[1], 1e-12);
    expect(r.netRevenueInterest).to.be.closeTo(0.64, 1e-15);
  });

  it("a differential above its price: the loss is kept, but no tax is negative (severance only on the stream sold at a profit; ad valorem on the period's net value after severance, the loss offsetting, never below zero)", () => {
    // Gas at a negative basis (Waha 2024): 2.0 - 2.6 = -0.6 per Mscf; oil at a profit.
    const body = { oilStb: [100, 10], gasMscf: [5000, 5000], oilPrice: 70, gasPrice: 2, oilDifferential: 5, gasDifferential: 2.6, workingInterest: 1, royalty: 0.25, severanceTaxOil: 0.046, severanceTaxGas: 0.075, adValoremTax: 0.02 };
    const r = attempt('econ.cashFlow', body);
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    const t = r.result as Record<string, number[]>;
    const nri = 0.75;
    for (const [i, oil] of [100, 10].entries()) {
      const oilRev = oil * 65;
      const gasRev = 5000 * -0.6;
      const net = nri * (oilRev + gasRev);
      const sev = nri * 0.046 * oilRev; // none on the gas sold at a loss
      close(t.grossRevenue[i]!, oilRev + gasRev, 1e-12);
      close(t.severanceTax[i]!, sev, 1e-12);
      close(t.adValoremTax[i]!, 0.02 * Math.max(0, net - sev), 1e-12);
      close(t.netCashFlow[i]!, net - sev - 0.02 * Math.max(0, net - sev), 1e-12);
      expect(t.severanceTax[i]).to.be.at.least(0);
      expect(t.adValoremTax[i]).to.be.at.least(0);
    }
    expect(t.adValoremTax[0]).to.be.above(0); // period 0: oil's profit covers the gas loss
    expect(t.adValoremTax[1]).to.equal(0); // period 1: a net loss, no ad valorem
    expect(t.netCashFlow[1]).to.be.below(0);
    expect(r.warnings).to.include("a differential exceeds its price in some period: that production is sold at a loss; it pays no severance, and its loss lowers that period's ad valorem base (never below zero)");
  });

  it('refuses capex beyond the periods; warns for volumes without a price', () => {
    expect(failure('econ.cashFlow', { oilStb: [1, 2], oilPrice: 70, capex: [{ period: 5, amount: 1 }] }).message).to.match(/beyond the 2 periods/);
    expect(failure('econ.cashFlow', {}).reason).to.equal('invalid_input');
  });

  it('says when a volume list is longer or shorter than the periods (it silently dropped or zero-filled them)', () => {
    const longer = attempt('econ.cashFlow', { oilStb: [1000, 900, 800], oilPrice: 60, periods: 1 });
    expect(longer.ok && longer.warnings).to.include('oilStb has 3 values for 1 periods: the last 2 are not used');
    const shorter = attempt('econ.cashFlow', { oilStb: [1000, 900, 800], gasMscf: [500], oilPrice: 60, gasPrice: 3 });
    expect(shorter.ok && shorter.warnings).to.include('gasMscf has 1 values for 3 periods: periods 1 to 2 have none (0)');
    const even = attempt('econ.cashFlow', { oilStb: [1000, 900], gasMscf: [500, 450], oilPrice: 60, gasPrice: 3 });
    expect(even.ok && even.warnings.filter((w) => /values for/.test(w))).to.deep.equal([]);
  });

  it('refuses a period amount econ.metrics would refuse (beyond 1e15): out_of_range naming the row and period', () => {
    const f = failure('econ.cashFlow', { oilStb: [1e9, 1e9], oilPrice: 1e7 });
    expect(f.reason).to.equal('out_of_range');
    expect(f.message).to.match(/^grossRevenue\[0\] = 10000000000000000: a period amount beyond 1000000000000000 /);
    // Up to the bound it answers, and metrics takes its net line.
    const r = run('econ.cashFlow', { oilStb: [1e8, 1e8], oilPrice: 1e7 }) as { netCashFlow: number[]; cumulativeCashFlow: number[] };
    expect(r.netCashFlow[0]).to.equal(1e15);
    expect(r.cumulativeCashFlow[1]).to.equal(2e15); // a sum over periods is not bounded
    expect(run('econ.metrics', { cashFlows: r.netCashFlow, discountRates: [0.1] })).to.have.property('npv');
  });

  it('decline.forecast -> econ.cashFlow -> econ.metrics: the net line feeds metrics unchanged', () => {
    const f = run('decline.forecast', { qiStbd: 1200, di: 0.6, b: 0.8, declineType: 'secantEffective', startDate: '2026-01-01', months: 120, qLimitStbd: 15, gorScfStb: 1100, waterCut: 0.3 });
    const cf = run('econ.cashFlow', { oilStb: f.oilStb, gasMscf: f.gasMscf, waterStb: f.waterStb, oilPrice: 72, gasPrice: 3.1, royalty: 0.125, fixedOpex: 15000, waterCost: 1, capex: [{ period: 0, amount: 6_000_000 }], abandonmentCost: 250_000 });
    expect(cf.netCashFlow).to.have.length(f.oilStb.length);
    const m = run('econ.metrics', { cashFlows: cf.netCashFlow, discountRates: [0.1], periodsPerYear: 12, discounting: 'mid-period' });
    expect(m.irr).to.be.a('number');
    // NPV by hand at 10%/yr effective, monthly, mid-period.
    const p = 1.1 ** (1 / 12) - 1;
    const npv = cf.netCashFlow.reduce((s: number, c: number, i: number) => s + c / (1 + p) ** (i + 0.5), 0);
    close(m.npv[0], npv, 1e-10);
  });
});
