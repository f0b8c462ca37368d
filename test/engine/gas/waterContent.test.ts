import { expect } from 'chai';
import type { AnyDefinition } from '../../../engine/definition.js';
import { bukacekWaterContent, waterContent, WATER_LBM_PER_STB } from '../../../engine/gas/waterContent.js';
import { ok } from '../pvt/water/call.js';
import { refdataRows } from '../pvt/water/refdataRows.js';

const def = waterContent as unknown as AnyDefinition;
/** pyrestoolbox 3.7.6 converts lbm to STB with 8.32 lbm/gal x 42 gal/bbl. */
const PYRESTOOLBOX_LBM_PER_BBL = 8.32 * 42;

describe('gas.waterContent', () => {
  const rows = refdataRows('gas.waterContent');

  it('matches every refdata vector by mass to 1e-6 (gas.json wcont-*: pyrestoolbox 3.7.6 STB/MMscf x 8.32 x 42 lbm/bbl)', () => {
    expect(rows).to.have.length(17);
    for (const { v } of rows) {
      const i = v.inputs as Record<string, number>;
      const r = ok(def, { psia: i.psia, TF: i.TF, salinityWtPct: i.salinityWtPct }).result;
      const expected = (v.expected.waterContent as number) * PYRESTOOLBOX_LBM_PER_BBL;
      expect(r.waterContentLbmPerMMscf, v.id).to.be.closeTo(expected, expected * 1e-6);
    }
  });

  it('as liquid uses the oilfield 8.32 lbm/gal x 42 = 349.44 lbm per STB (pure water at 60 degF would be 350.17, 0.21% more)', () => {
    expect(WATER_LBM_PER_STB).to.equal(349.44);
    expect(WATER_LBM_PER_STB).to.equal(PYRESTOOLBOX_LBM_PER_BBL);
    const r = ok(def, { psia: 3000, TF: 250 }).result;
    expect(r.waterContent).to.be.closeTo(r.waterContentLbmPerMMscf / WATER_LBM_PER_STB, 1e-15);
  });

  it('Bukacek by hand at 1000 psia, 100 degF: 47484 pv/p + 10^(6.69449 - 3083.87/559.67) with pv from the Danesh vapour-pressure fit = 0.9495 psia (steam tables: 0.9503 psia)', () => {
    const t = 559.67;
    const pv = Math.exp(69.103501 - 13064.76 / t - 7.3037 * Math.log(t) + 1.2856e-6 * t * t);
    expect(pv).to.be.closeTo(0.9503, 0.002);
    expect(bukacekWaterContent(1000, 100)).to.be.closeTo((47484 * pv) / 1000 + 10 ** (6.69449 - 3083.87 / t), 1e-9);
  });

  it('brine holds less water: factor 1 - 4.92e-3 S - 1.7672e-4 S^2 (S = 5: 1 - 0.0246 - 0.004418 = 0.970982)', () => {
    const fresh = ok(def, { psia: 1500, TF: 165 }).result;
    const brine = ok(def, { psia: 1500, TF: 165, salinityWtPct: 5 }).result;
    expect(brine.salinityFactor).to.be.closeTo(0.970982, 1e-9);
    expect(brine.waterContentLbmPerMMscf / fresh.waterContentLbmPerMMscf).to.be.closeTo(0.970982, 1e-9);
  });

  it('water content falls with pressure and rises with temperature; a list of pressures gives a list', () => {
    const r = ok(def, { psia: [500, 1500, 3000, 6000], TF: 165 }).result.waterContent as number[];
    for (let i = 1; i < r.length; i++) expect(r[i]).to.be.lessThan(r[i - 1] as number);
    expect(ok(def, { psia: 1500, TF: 200 }).result.waterContent).to.be.greaterThan(ok(def, { psia: 1500, TF: 150 }).result.waterContent);
  });

  it('outside the fit (40 degF, 12000 psia), then warnings; metric gives mg/sm3 and sm3/sm3', () => {
    expect(ok(def, { psia: 12000, TF: 40 }).warnings.join(' ')).to.match(/TF 40 degF is below/).and.match(/psia 12000 psia is above/);
    const f = ok(def, { psia: 1500, TF: 165 }).result;
    const m = ok(def, { units: 'metric', psia: 1500 / 14.503773773, TF: (165 - 32) / 1.8 }).result;
    expect(m.waterContent).to.be.closeTo((f.waterContent * 0.158987294928) / (1e6 * 0.028316846592), 1e-15);
    expect(m.waterContentLbmPerMMscf).to.be.closeTo((f.waterContentLbmPerMMscf * 0.45359237e6) / (1e6 * 0.028316846592), 1e-6);
  });
});
