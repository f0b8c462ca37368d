import { expect } from 'chai';
import type { AnyDefinition } from '../../../engine/definition.js';
import { gasPseudoPressure } from '../../../engine/pvt/gasPseudoPressure.js';
import { gasProperties } from '../../../engine/pvt/gasProperties.js';
import { integrate } from '../../../engine/pvt/correlations/quadrature.js';
import { call, ok } from './water/call.js';
import { refdataRows } from './water/refdataRows.js';

const def = gasPseudoPressure as unknown as AnyDefinition;

describe('pvt.gasPseudoPressure', () => {
  it('passes every refdata vector (pvt_gas.json gas-dmp-*, pyrestoolbox 3.7.6 gas_dmp, DAK with Piper–McCain–Corredor and Sutton–Wichert–Aziz)', () => {
    const rows = refdataRows('pvt.gasPseudoPressure');
    expect(rows).to.have.length(9);
    const notPassed = rows.map((r) => r.run()).filter((o) => o.status !== 'passed');
    expect(notPassed.map((o) => `${o.id}: ${o.reason}`)).to.deep.equal([]);
  });

  it('the quadrature is exact for polynomials and accurate for smooth functions (2x over 0..1000 = 1e6; exp over 0..5 = e^5 - 1)', () => {
    expect(integrate((x) => 2 * x, 0, 1000)).to.be.closeTo(1e6, 1e-6);
    expect(integrate(Math.exp, 0, 5)).to.be.closeTo(Math.exp(5) - 1, 1e-9);
    expect(integrate(Math.exp, 5, 0)).to.be.closeTo(1 - Math.exp(5), 1e-9);
  });

  it('agrees with composite Simpson (4000 panels) over the z and viscosity that pvt.gasProperties returns, to 1e-7', () => {
    const n = 4000;
    const p1 = 200;
    const p2 = 6200;
    const ps = Array.from({ length: n + 1 }, (_, i) => p1 + ((p2 - p1) * i) / n);
    const gp = ok(gasProperties as unknown as AnyDefinition, { psia: ps, TF: 180, gasSG: 0.72, yCO2: 0.04 }).result;
    const f = ps.map((p, i) => (2 * p) / (gp.viscosity[i] * gp.z[i]));
    const h = (p2 - p1) / n;
    let simpson = f[0] + f[n];
    for (let i = 1; i < n; i++) simpson += (i % 2 ? 4 : 2) * f[i];
    simpson *= h / 3;
    const r = ok(def, { psia1: p1, psia2: p2, TF: 180, gasSG: 0.72, yCO2: 0.04 }).result;
    expect(r.deltaMp).to.be.closeTo(simpson, simpson * 1e-7);
  });

  it('a table in any order gives m(p) - m(psiaRef); differences equal deltaMp; m(psiaRef) = 0', () => {
    const body = { TF: 200, gasSG: 0.65, psiaRef: 14.696 };
    const t = ok(def, { ...body, psia: [3000, 14.696, 1000, 2000] }).result;
    expect(t.mp[1]).to.equal(0);
    const d = ok(def, { ...body, psia1: 1000, psia2: 3000 }).result;
    expect(t.mp[0] - t.mp[2]).to.be.closeTo(d.deltaMp, d.deltaMp * 1e-9);
    expect(t.z).to.have.length(4);
    expect(ok(def, { ...body, psia: 2000 }).result.mp).to.be.closeTo(t.mp[3], t.mp[3] * 1e-9);
  });

  it('near the ideal-gas limit m(p) -> p^2/mu (z -> 1, mu at zero density): within 0.5% at 50 psia', () => {
    const r = ok(def, { psia: 50, TF: 200, gasSG: 0.6 }).result;
    expect(r.mp).to.be.closeTo((50 * 50) / r.viscosity, ((50 * 50) / r.viscosity) * 5e-3);
  });

  it('when neither psia nor psia1/psia2 is given, or only psia1, then an engine error (422)', () => {
    expect(call(def, { TF: 200, gasSG: 0.65 })).to.include({ ok: false, reason: 'invalid_input' });
    expect(call(def, { TF: 200, gasSG: 0.65, psia1: 100 })).to.include({ ok: false, reason: 'invalid_input' });
  });

  it('when the pressure passes the viscosity data (8000 psia) or the temperature is below 100 degF, then warnings come with the result', () => {
    const { result, warnings } = ok(def, { psia1: 1000, psia2: 9000, TF: 80, gasSG: 0.7 });
    expect(result.deltaMp).to.be.greaterThan(0);
    expect(warnings.join('\n')).to.match(/9000 psia is above the Lee–Gonzalez–Eakin/).and.match(/TF 80 degF is below/);
  });

  it('when CO2 + H2S pass 10%, then a warning says the viscosity in the integrand is outside Lee–Gonzalez–Eakin sweet-gas data; a sweet gas gets none', () => {
    expect(ok(def, { psia1: 1000, psia2: 5000, TF: 200, gasSG: 0.9, yCO2: 0.1, yH2S: 0.2 }).warnings.join('\n')).to.match(/CO2 \+ H2S 0\.3 .*Lee–Gonzalez–Eakin \(1966\) viscosity data are sweet natural gases/);
    expect(ok(def, { psia1: 1000, psia2: 5000, TF: 200, gasSG: 0.7 }).warnings).to.deep.equal([]);
  });

  it('metric: bara in, bara2/cp out (1 psia2/cp = 1/14.5037738^2 bara2/cp)', () => {
    const f = ok(def, { psia1: 14.5037738 * 10, psia2: 14.5037738 * 200, TF: 212, gasSG: 0.7 }).result;
    const m = ok(def, { units: 'metric', psia1: 10, psia2: 200, TF: 100, gasSG: 0.7 }).result;
    expect(m.deltaMp * 14.503773773 ** 2).to.be.closeTo(f.deltaMp, f.deltaMp * 1e-8);
  });
});
