import { expect } from 'chai';
import type { AnyDefinition } from '../../../engine/definition.js';
import { gasPseudoCritical } from '../../../engine/pvt/gasPseudoCritical.js';
import { wichertAziz } from '../../../engine/pvt/correlations/suttonWichertAziz.js';
import { call, ok } from './water/call.js';
import { refdataRows } from './water/refdataRows.js';

const def = gasPseudoCritical as unknown as AnyDefinition;

describe('pvt.gasPseudoCritical', () => {
  it('gives the Tpc and Ppc of every pvt.gasProperties refdata vector with the same pcMethod (pvt_gas.json, pyrestoolbox 3.7.6; 1e-6)', () => {
    const rows = refdataRows('pvt.gasProperties').filter((r) => typeof r.v.expected.Tpc === 'number');
    expect(rows.length).to.be.greaterThan(300);
    for (const { v } of rows) {
      const i = v.inputs as Record<string, number>;
      const body = { gasSG: i.gasSG, yCO2: i.yCO2 ?? 0, yH2S: i.yH2S ?? 0, yN2: i.yN2 ?? 0, pcMethod: v.method?.pcMethod ?? 'PiperMcCainCorredor' };
      const r = ok(def, body).result;
      expect(r.Tpc, v.id).to.be.closeTo(v.expected.Tpc as number, (v.expected.Tpc as number) * 1e-6);
      expect(r.Ppc, v.id).to.be.closeTo(v.expected.Ppc as number, (v.expected.Ppc as number) * 1e-6);
    }
  });

  it('Standing (1977) with Carr–Kobayashi–Burrows: gasSG 0.7, 5% CO2, 2% N2 -> Tpc 389.375 - 4 - 5 = 380.375 degR, Ppc 669.125 + 22 - 3.4 = 687.725 psia (hand evaluation)', () => {
    const r = ok(def, { gasSG: 0.7, yCO2: 0.05, yN2: 0.02, pcMethod: 'StandingCarrKobayashiBurrows' }).result;
    expect(r.Tpc).to.be.closeTo(380.375, 1e-9);
    expect(r.Ppc).to.be.closeTo(687.725, 1e-9);
  });

  it('pure methane by composition is methane itself: 190.564 K = 343.0152 degR, 4.5992 MPa = 667.06 psia, M 16.043 (NIST WebBook)', () => {
    const r = ok(def, { composition: { C1: 1 } }).result;
    expect(r.Tpc).to.be.closeTo(343.0152, 1e-9);
    expect(r.Ppc).to.be.closeTo(4.5992e6 / 6894.757293168, 1e-9);
    expect(r.MW).to.equal(16.043);
    expect(r.gasSG).to.be.closeTo(16.043 / 28.97, 1e-12);
  });

  it("Kay's rule: 90% C1 + 10% C2 -> Tpc = 0.9 Tc1 + 0.1 Tc2 = 363.671 degR, Ppc = 671.021 psia, MW 17.4456 (direct sums of the table)", () => {
    const r = ok(def, { composition: { C1: 0.9, C2: 0.1 } }).result;
    expect(r.Tpc).to.be.closeTo(0.9 * 190.564 * 1.8 + 0.1 * 305.322 * 1.8, 1e-9);
    expect(r.Ppc).to.be.closeTo((0.9 * 4.5992 + 0.1 * 4.8722) * 1e6 / 6894.757293168, 1e-9);
    expect(r.MW).to.be.closeTo(17.4456, 1e-9);
    expect(r.Tpc).to.be.closeTo(363.671, 1e-3);
  });

  it('a sour composition gets the Wichert–Aziz correction of its Kay values; correction none leaves Kay', () => {
    const composition = { C1: 0.7, C2: 0.05, CO2: 0.1, H2S: 0.15 };
    const wa = ok(def, { composition }).result;
    const kay = ok(def, { composition, correction: 'none' }).result;
    expect(kay.Tpc).to.equal(wa.TpcKay);
    const expected = wichertAziz({ tpc: kay.Tpc, ppc: kay.Ppc }, 0.1, 0.15);
    expect(wa.Tpc).to.be.closeTo(expected.tpc, 1e-9);
    expect(wa.Ppc).to.be.closeTo(expected.ppc, 1e-9);
    expect(wa.Tpc).to.be.lessThan(kay.Tpc);
  });

  it('a composition alone, through validation as the API runs it, comes with no pcMethod warning; a pcMethod given with it is warned as unused', () => {
    // The schema's default pcMethod used to be filled in by validation, so every composition call said "pcMethod 'PiperMcCainCorredor' is not used".
    expect(ok(def, { composition: { C1: 0.9, C2: 0.1 } }).warnings).to.deep.equal([]);
    expect(ok(def, { composition: { C1: 0.9, C2: 0.1 }, pcMethod: 'SuttonWichertAziz' }).warnings.join(' ')).to.match(/pcMethod 'SuttonWichertAziz' is not used with a composition/);
    expect(ok(def, { gasSG: 0.7 }).result.Tpc).to.equal(ok(def, { gasSG: 0.7, pcMethod: 'PiperMcCainCorredor' }).result.Tpc);
  });

  it('mole fractions that do not sum to 1 are normalised with a warning', () => {
    const { result, warnings } = ok(def, { composition: { C1: 0.45, C2: 0.05 } });
    expect(result.Tpc).to.be.closeTo(ok(def, { composition: { C1: 0.9, C2: 0.1 } }).result.Tpc, 1e-9);
    expect(warnings.join(' ')).to.match(/normalised/);
  });

  it('when both gasSG and composition or neither are given, then an engine error; an unknown component is a validation error', () => {
    expect(call(def, { gasSG: 0.7, composition: { C1: 1 } })).to.include({ ok: false, reason: 'invalid_input' });
    expect(call(def, {})).to.include({ ok: false, reason: 'invalid_input' });
    expect(call(def, { composition: { C1: 0.9, XYZ: 0.1 } })).to.include({ ok: false, reason: 'validation' });
  });

  it('outside the correlation data (Sutton hydrocarbon gravity > 1.68, Wichert–Aziz CO2 > 54.4%), then warnings', () => {
    expect(ok(def, { gasSG: 1.9, pcMethod: 'SuttonWichertAziz' }).warnings.join(' ')).to.match(/Sutton/);
    expect(ok(def, { composition: { C1: 0.3, CO2: 0.7 } }).warnings.join(' ')).to.match(/Wichert–Aziz/);
  });
});
