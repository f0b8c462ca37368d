import { expect } from 'chai';
import type { AnyDefinition } from '../../../engine/definition.js';
import { COLEMAN_C, criticalRate, TURNER_C } from '../../../engine/gas/criticalRate.js';
import { gasProperties } from '../../../engine/pvt/gasProperties.js';
import { call, ok } from '../pvt/water/call.js';
import { refdataRows } from '../pvt/water/refdataRows.js';

const def = criticalRate as unknown as AnyDefinition;

describe('gas.criticalRate', () => {
  it('passes every refdata vector (well.json turner-*, closed form of Turner 1969 / Coleman 1991 as in Lea, Nickens & Wells 2008)', () => {
    const rows = refdataRows('gas.criticalRate');
    expect(rows).to.have.length(5);
    expect(rows.map((r) => r.run()).filter((o) => o.status !== 'passed')).to.deep.equal([]);
  });

  it('Turner carries the 20% adjustment, Coleman does not: 1.912 vs 1.593 (Turner et al. 1969; Coleman et al. 1991)', () => {
    expect(TURNER_C).to.equal(1.912);
    expect(COLEMAN_C).to.equal(1.593);
    const r = ok(def, { psia: 800, TF: 120, gasSG: 0.65, tubingIdIn: 2.441 }).result;
    expect(r.vcTurnerFtPerS / r.vcColemanFtPerS).to.be.closeTo(1.912 / 1.593, 1e-12);
    expect(r.qcTurnerMscfd / r.qcColemanMscfd).to.be.closeTo(1.912 / 1.593, 1e-12);
  });

  it('hand evaluation, water at 100 psia, 80 degF, z 0.98, gasSG 0.6, 2.992 in: rhoG = 28.97(0.6)(100)/(0.98 x 10.731577 x 539.67), vc and qc = vc A p Tsc/(z T psc) x 86400', () => {
    const r = ok(def, { psia: 100, TF: 80, z: 0.98, gasSG: 0.6, tubingIdIn: 2.992 }).result;
    const rhoG = (28.97 * 0.6 * 100) / (0.98 * 10.731577 * 539.67);
    const vc = (1.912 * 60 ** 0.25 * (67 - rhoG) ** 0.25) / Math.sqrt(rhoG);
    const area = (Math.PI / 4) * (2.992 / 12) ** 2;
    expect(r.gasDensityLbft3).to.be.closeTo(rhoG, 1e-12);
    expect(r.vcTurnerFtPerS).to.be.closeTo(vc, 1e-9);
    expect(r.qcTurnerMscfd).to.be.closeTo((vc * area * 100 * 519.67 * 86400) / (0.98 * 539.67 * 14.696 * 1000), 1e-6);
  });

  it('liquid presets equal the explicit Turner values (water 60 dyne/cm, 67 lbm/ft3; condensate 20, 45)', () => {
    const base = { psia: 500, TF: 110, z: 0.9, gasSG: 0.65, tubingIdIn: 2.441 };
    expect(ok(def, { ...base, liquid: 'condensate' }).result).to.deep.equal(ok(def, { ...base, surfaceTensionDynPerCm: 20, liquidDensityLbft3: 45 }).result);
    expect(ok(def, base).result.surfaceTensionDynPerCm).to.equal(60);
  });

  it('without z, it uses the z of pvt.gasProperties; a list of pressures gives lists', () => {
    const r = ok(def, { psia: [300, 1200], TF: 140, gasSG: 0.7, tubingIdIn: 1.995 }).result;
    const z = ok(gasProperties as unknown as AnyDefinition, { psia: [300, 1200], TF: 140, gasSG: 0.7 }).result.z;
    expect(r.z).to.deep.equal(z);
    expect(r.qcColemanMscfd).to.have.length(2);
  });

  it('when the gas would be as dense as the liquid, then an engine error (422)', () => {
    expect(call(def, { psia: 20000, TF: 60, z: 0.3, gasSG: 1.5, tubingIdIn: 2, liquid: 'condensate' })).to.include({ ok: false, reason: 'invalid_input' });
  });

  it('metric: m and m/s and sm3/d convert (2.441 in = 0.0620014 m)', () => {
    const f = ok(def, { psia: 500, TF: 110, z: 0.9, gasSG: 0.65, tubingIdIn: 2.441 }).result;
    const m = ok(def, { units: 'metric', psia: 500 / 14.503773773, TF: (110 - 32) / 1.8, z: 0.9, gasSG: 0.65, tubingIdIn: 2.441 * 0.0254 }).result;
    expect(m.vcTurnerFtPerS / 0.3048).to.be.closeTo(f.vcTurnerFtPerS, 1e-9);
    expect(m.qcTurnerMscfd / 28.316846592).to.be.closeTo(f.qcTurnerMscfd, 1e-6);
  });
});
