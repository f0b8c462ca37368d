import { expect } from 'chai';
import type { AnyDefinition } from '../../../engine/definition.js';
import { pzMaterialBalance } from '../../../engine/gas/pzMaterialBalance.js';
import { call, ok } from '../pvt/water/call.js';
import { refdataRows } from '../pvt/water/refdataRows.js';

const def = pzMaterialBalance as unknown as AnyDefinition;
const synthetic = { psia: [5000.000286, 4314.39564774, 3714.93703535, 2930.56934382, 2234.13303767], gp: [0, 10, 20, 35, 50], TF: 200, gasSG: 0.65 };

describe('gas.pzMaterialBalance', () => {
  it('passes every refdata vector (gas.json pz-*: pressures built so p/z is exactly linear with OGIP 100 and 25)', () => {
    const rows = refdataRows('gas.pzMaterialBalance');
    expect(rows).to.have.length(2);
    expect(rows.map((r) => r.run()).filter((o) => o.status !== 'passed')).to.deep.equal([]);
  });

  it('on exactly linear p/z: R² = 1, standard errors ~0, residuals ~0, recovery Gp/G, no curvature warning', () => {
    const { result, warnings } = ok(def, synthetic);
    expect(result.r2).to.be.closeTo(1, 1e-12);
    expect(result.ogipStdError).to.be.lessThan(1e-4);
    for (const r of result.residuals) expect(Math.abs(r)).to.be.lessThan(1e-3);
    expect(result.recoveryFactor[4]).to.be.closeTo(0.5, 1e-6);
    expect(warnings.join(' ')).to.not.match(/curves/);
  });

  it('on three or more surveys exactly on a line (p/z 3000, 2000, 1000, 500 at Gp 0, 1, 2, 2.5, z 1): OGIP 3, both standard errors 0, not a refusal', () => {
    const r = ok(def, { psia: [3000, 2000, 1000, 500], gp: [0, 1, 2, 2.5], z: [1, 1, 1, 1], TF: 150, gasSG: 0.7 }).result;
    expect(r.ogip).to.be.closeTo(3, 1e-12);
    expect(r.pOverZInitial).to.be.closeTo(3000, 1e-9);
    expect(r.interceptStdError).to.equal(0);
    expect(r.ogipStdError).to.equal(0);
    expect(r.r2).to.equal(1);
  });

  it('the volumetric model at the last survey pressure recovers that survey (gpAbandon 50 of OGIP 100, refdata pz-5000.0-100.0)', () => {
    const r = ok(def, { ...synthetic, psiaAbandon: synthetic.psia[4] }).result;
    expect(r.gpAbandon).to.be.closeTo(50, 50 * 1e-5);
    expect(r.recoveryFactorAbandon).to.be.closeTo(0.5, 1e-5);
  });

  it('when psiaAbandon is above the initial pressure (6000 psia, p/z above the fitted 4929.6), then invalid_input, not a negative gpAbandon', () => {
    const out = call(def, { ...synthetic, psiaAbandon: 6000 });
    expect(out).to.include({ ok: false, reason: 'invalid_input' });
    expect((out as { message: string }).message).to.match(/psiaAbandon 6000 psia .* above the initial p\/z/);
  });

  it('least squares with scatter matches the hand OLS: p/z 5000, 4600, 4150, 3800 at Gp 0, 1, 2, 3 -> slope -405, intercept 4995, G 12.3333, R² 0.99765 (z given as 1)', () => {
    const r = ok(def, { psia: [5000, 4600, 4150, 3800], gp: [0, 1, 2, 3], z: [1, 1, 1, 1], TF: 150, gasSG: 0.7 }).result;
    // xbar 1.5, ybar 4387.5, Sxx 5, Sxy -2025 -> b -405, a 4995; residuals 5, 10, -35, 20; SSE 1750; Syy 821875.
    expect(r.pOverZInitial).to.be.closeTo(4995, 1e-9);
    expect(r.ogip).to.be.closeTo(4995 / 405, 1e-9);
    expect(r.r2).to.be.closeTo(1 - 1750 / 821875, 1e-12);
    expect(r.residuals).to.deep.equal([5, 10, -35, 20].map((x, i) => r.residuals[i] - (r.residuals[i] - x)));
    const s2 = 1750 / 2;
    expect(r.interceptStdError).to.be.closeTo(Math.sqrt(s2 * (1 / 4 + 2.25 / 5)), 1e-9);
    // Delta method for G = -a/b with var(b) = s2/Sxx, cov(a, b) = -xbar s2/Sxx.
    const a = 4995;
    const b = -405;
    const varG = (s2 * (1 / 4 + 2.25 / 5)) / b ** 2 + (a * a * (s2 / 5)) / b ** 4 - (2 * a * (-1.5 * s2 / 5)) / b ** 3;
    expect(r.ogipStdError).to.be.closeTo(Math.sqrt(varG), 1e-9);
  });

  it('when p/z bends up (water drive), then a warning says the straight-line OGIP is biased', () => {
    const gp = [0, 5, 10, 15, 20, 25, 30];
    const pz = gp.map((g) => 5000 - 120 * g + 1.5 * g * g);
    const { result, warnings } = ok(def, { psia: pz, gp, z: gp.map(() => 1), TF: 150, gasSG: 0.7 });
    expect(result.ogip).to.be.greaterThan(0);
    expect(warnings.join(' ')).to.match(/curves .*bending up/);
  });

  it('when p/z does not decline, when lengths differ or all gp are equal, then an engine error (422)', () => {
    expect(call(def, { psia: [3000, 3100, 3200], gp: [0, 1, 2], TF: 150, gasSG: 0.7 })).to.include({ ok: false, reason: 'no_solution' });
    expect(call(def, { psia: [3000, 2900], gp: [0, 1, 2], TF: 150, gasSG: 0.7 })).to.include({ ok: false, reason: 'invalid_input' });
    expect(call(def, { psia: [3000, 2900], gp: [1, 1], TF: 150, gasSG: 0.7 })).to.include({ ok: false, reason: 'invalid_input' });
  });

  it('with two surveys the line goes through both and no standard errors are returned', () => {
    const r = ok(def, { psia: [5000, 4000], gp: [0, 10], z: [1, 1], TF: 150, gasSG: 0.7 }).result;
    expect(r.ogip).to.be.closeTo(50, 1e-9);
    expect(r).to.not.have.property('ogipStdError');
  });

  it('metric: bara and sm3 in, sm3 out; the same OGIP as field units', () => {
    const field = ok(def, { psia: [5000, 4500, 3900], gp: [0, 2e6, 4.5e6], TF: 200, gasSG: 0.65 }).result;
    const m = ok(def, {
      units: 'metric',
      psia: [5000, 4500, 3900].map((p) => p / 14.503773773),
      gp: [0, 2e6, 4.5e6].map((g) => g * 28.316846592),
      TF: (200 - 32) / 1.8,
      gasSG: 0.65,
    }).result;
    expect(m.ogip / 28.316846592).to.be.closeTo(field.ogip, field.ogip * 1e-9);
  });
});
