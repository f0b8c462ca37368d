import { expect } from 'chai';
import type { AnyDefinition } from '../../../engine/definition.js';
import { hydrateTemperature } from '../../../engine/gas/hydrateTemperature.js';
import { call, ok } from '../pvt/water/call.js';
import { refdataRows } from '../pvt/water/refdataRows.js';

const def = hydrateTemperature as unknown as AnyDefinition;

describe('gas.hydrateTemperature', () => {
  it('passes every refdata vector (gas.json hyd-*: Motiee 1991 and Towler & Mokhatab 2005, pyrestoolbox 3.7.6)', () => {
    const rows = refdataRows('gas.hydrateTemperature');
    expect(rows).to.have.length(19);
    expect(rows.map((r) => r.run()).filter((o) => o.status !== 'passed')).to.deep.equal([]);
  });

  it('Towler & Mokhatab by hand: 1000 psia, g 0.7 -> 13.47 ln 1000 + 34.27 ln 0.7 - 1.675 ln 1000 ln 0.7 - 20.35 = 64.60 degF', () => {
    const t = 13.47 * Math.log(1000) + 34.27 * Math.log(0.7) - 1.675 * Math.log(1000) * Math.log(0.7) - 20.35;
    expect(ok(def, { psia: 1000, gasSG: 0.7 }).result.hydrateFormationTF).to.be.closeTo(t, 1e-12);
    expect(t).to.be.closeTo(64.60, 0.01);
  });

  it('hydrate temperature rises with pressure (a list gives a list)', () => {
    const r = ok(def, { psia: [200, 500, 1000, 2000, 4000], gasSG: 0.65, method: 'Motiee' }).result.hydrateFormationTF as number[];
    for (let i = 1; i < r.length; i++) expect(r[i]).to.be.greaterThan(r[i - 1] as number);
  });

  it('Hammerschmidt: 20 wt% methanol depresses 2335(20)/(32.042 x 80) = 18.22 degF (Hammerschmidt 1934, K from GPSA)', () => {
    const r = ok(def, { psia: 1000, gasSG: 0.7, inhibitor: 'methanol', inhibitorWtPct: 20 }).result;
    expect(r.depressionF).to.be.closeTo((2335 * 20) / (32.042 * 80), 1e-12);
    expect(r.inhibitedHydrateTF).to.be.closeTo(r.hydrateFormationTF - r.depressionF, 1e-12);
  });

  it('Nielsen & Bucklin: 20 wt% methanol -> x_w = (80/18.015)/(80/18.015 + 20/32.042), dT = -129.6 ln x_w = 17.04 degF', () => {
    const xw = 80 / 18.015 / (80 / 18.015 + 20 / 32.042);
    const r = ok(def, { psia: 1000, gasSG: 0.7, inhibitor: 'methanol', inhibitorWtPct: 20, inhibitorMethod: 'NielsenBucklin' }).result;
    expect(r.depressionF).to.be.closeTo(-129.6 * Math.log(xw), 1e-12);
    expect(r.depressionF).to.be.closeTo(17.04, 0.01);
  });

  it('metric: the depression converts as a difference (x 5/9), the temperature with its offset', () => {
    const f = ok(def, { psia: 1000, gasSG: 0.7, inhibitor: 'MEG', inhibitorWtPct: 30 }).result;
    const m = ok(def, { units: 'metric', psia: 1000 / 14.503773773, gasSG: 0.7, inhibitor: 'MEG', inhibitorWtPct: 30 }).result;
    expect(m.depressionF).to.be.closeTo(f.depressionF / 1.8, 1e-9);
    expect(m.hydrateFormationTF).to.be.closeTo((f.hydrateFormationTF - 32) / 1.8, 1e-9);
  });

  it('outside the chart (gravity 0.552, high methanol for Hammerschmidt), then warnings; a gas lighter than methane, Nielsen–Bucklin for glycol or an inhibitor without concentration is an engine error', () => {
    expect(ok(def, { psia: 1000, gasSG: 0.552 }).warnings.join(' ')).to.match(/gasSG 0.552 is below/);
    expect(call(def, { psia: 1000, gasSG: 0.5 })).to.include({ ok: false, reason: 'invalid_input' });
    expect(ok(def, { psia: 1000, gasSG: 0.7, inhibitor: 'methanol', inhibitorWtPct: 40 }).warnings.join(' ')).to.match(/Hammerschmidt/);
    expect(call(def, { psia: 1000, gasSG: 0.7, inhibitor: 'MEG', inhibitorWtPct: 30, inhibitorMethod: 'NielsenBucklin' })).to.include({ ok: false, reason: 'invalid_input' });
    expect(call(def, { psia: 1000, gasSG: 0.7, inhibitor: 'MEG' })).to.include({ ok: false, reason: 'invalid_input' });
  });
});
