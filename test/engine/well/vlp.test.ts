/**
 * well.vlp against independent limits (single-phase liquid and static gas columns computed by
 * hand), Colebrook by iteration, its own reverse march, and the stated behaviours (deviation
 * warnings, profiles, metric units). The refdata vectors (pyrestoolbox 3.7.6, same methods) are in
 * npm run refdata.
 */
import { expect } from 'chai';
import { moodyFriction } from '../../../engine/well/flow/friction.js';
import { beggsBrill } from '../../../engine/well/flow/beggsBrill.js';
import { gray } from '../../../engine/well/flow/gray.js';
import { hagedornBrown } from '../../../engine/well/flow/hagedornBrown.js';
import { attempt, close, failure, run } from './call.js';

const gasWell = { tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, thpPsia: 500, gasSG: 0.65, cgrStbPerMMscf: 10, qwStbd: 10, condensateApi: 45, oilViscosityCp: 1 };
const oilWell = { tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, thpPsia: 200, gorScfStb: 800, waterCut: 0.3, gasSG: 0.65, pbPsia: 2500, rsbScfStb: 500, api: 35 };

describe('well.vlp', () => {
  it('Serghides matches Colebrook solved by iteration within his stated 0.0023%; laminar is 64/Re', () => {
    for (const [re, e] of [[5e3, 0], [1e5, 1e-4], [1e7, 1e-3], [3e4, 0.02]] as const) {
      let x = 7;
      for (let i = 0; i < 200; i++) x = -2 * Math.log10(e / 3.7 + (2.51 * x) / re);
      close(moodyFriction(re, e), 1 / (x * x), 2.3e-5, `Re ${re}`);
    }
    close(moodyFriction(1000, 0.01), 0.064, 1e-15);
  });

  it('water only (oil well at 100% water cut) matches rho g h plus Darcy–Weisbach friction by hand', () => {
    const r = run('well.vlp', { ...oilWell, waterCut: 0.999999, gorScfStb: 0, qLiquidStbd: 2000, vlpMethod: 'BeggsBrill' });
    const rho = 62.37 * 1.07;
    const d = 2.441 / 12;
    const v = (2000 * 5.614583333 * 0.999999) / 86400 / ((Math.PI / 4) * d * d);
    // Viscosity varies along the string: bracket the friction with the cold and hot McCain values.
    const fr = (mu: number) => (moodyFriction((rho * v * d) / (mu * 6.71969e-4), 0.0006 / 2.441) * rho * v * v) / (2 * 32.174 * d) / 144;
    const lo = 200 + (rho / 144 + fr(0.31)) * 10000;
    const hi = 200 + (rho / 144 + fr(0.69)) * 10000;
    expect(r.bhpPsia).to.be.within(lo * 0.999, hi * 1.001);
  });

  it('a trickle of dry gas is the static column p exp(0.01875 SG H / (z T)) (CullenderSmith)', () => {
    const r = run('well.vlp', { ...gasWell, thpPsia: 100, vlpMethod: 'CullenderSmith', qgMMscfd: 0.001, cgrStbPerMMscf: 0, qwStbd: 0 });
    const zAvg = run('pvt.gasProperties', { psia: 110, TF: 150, gasSG: 0.65 }).z as number;
    close(r.bhpPsia, 100 * Math.exp((0.01875 * 0.65 * 10000) / (zAvg * 609.67)), 2e-3);
  });

  it("nothing flowing: the tubing holds the well's own fluid, the limit of a vanishing rate (was brine for every well)", () => {
    for (const vlpMethod of ['BeggsBrill', 'HagedornBrown', 'WoldesemayatGhajar']) {
      for (const waterCut of [0, 0.3, 0.999]) {
        const r = run('well.vlp', { ...oilWell, waterCut, vlpMethod, qLiquidStbd: [0, 1e-9] });
        close(r.bhpPsia[0], r.bhpPsia[1], 1e-6, `${vlpMethod} waterCut ${waterCut}`);
      }
    }
    // An oil column is lighter than brine: no water cut, a lower bottom-hole pressure than all water.
    const dry = run('well.vlp', { ...oilWell, waterCut: 0, qLiquidStbd: 0 }).bhpPsia;
    expect(dry).to.be.below(run('well.vlp', { ...oilWell, waterCut: 0.999, qLiquidStbd: 0 }).bhpPsia - 200);
    // A gas well without liquid at no rate: the static gas column (as CullenderSmith's trickle), not a liquid one.
    const gasOnly = { ...gasWell, cgrStbPerMMscf: 0, qwStbd: 0 };
    const trickle = run('well.vlp', { ...gasOnly, vlpMethod: 'CullenderSmith', qgMMscfd: 1e-9 }).bhpPsia;
    for (const vlpMethod of ['BeggsBrill', 'HagedornBrown', 'Gray', 'WoldesemayatGhajar', 'CullenderSmith']) {
      close(run('well.vlp', { ...gasOnly, vlpMethod, qgMMscfd: 0 }).bhpPsia, trickle, 1e-6, vlpMethod);
    }
  });

  it('bottom-up and top-down marches agree to 1 psi for every method', () => {
    for (const vlpMethod of ['BeggsBrill', 'HagedornBrown', 'Gray', 'WoldesemayatGhajar']) {
      const down = run('well.vlp', { ...gasWell, vlpMethod, qgMMscfd: 5 });
      const { thpPsia: _omit, ...rest } = gasWell;
      const up = run('well.vlp', { ...rest, vlpMethod, qgMMscfd: 5, bhpPsia: down.bhpPsia });
      close(up.thpPsia, 500, 2e-3, vlpMethod);
    }
  });

  it('bottom-hole pressure rises with the tubing-head pressure and, past the loading minimum, with the rate', () => {
    const r = run('well.vlp', { ...gasWell, vlpMethod: 'Gray', qgMMscfd: [4, 6, 8, 10] });
    for (let i = 1; i < 4; i++) expect(r.bhpPsia[i]).to.be.above(r.bhpPsia[i - 1]);
    expect(run('well.vlp', { ...gasWell, vlpMethod: 'Gray', qgMMscfd: 5, thpPsia: 800 }).bhpPsia).to.be.above(run('well.vlp', { ...gasWell, vlpMethod: 'Gray', qgMMscfd: 5 }).bhpPsia);
  });

  it('segments: all-vertical segments equal the vertical string; HagedornBrown warns above 30 degrees', () => {
    const { tubingIdIn: _i, mdFt: _m, ...rest } = oilWell;
    const vertical = run('well.vlp', { ...oilWell, qLiquidStbd: 1500 });
    const segs = run('well.vlp', { ...rest, qLiquidStbd: 1500, segments: [{ mdFt: 4000, idIn: 2.441 }, { mdFt: 6000, idIn: 2.441 }] });
    close(segs.bhpPsia, vertical.bhpPsia, 2e-3);
    const deviated = attempt('well.vlp', { ...rest, vlpMethod: 'HagedornBrown', qLiquidStbd: 1500, segments: [{ mdFt: 3000, idIn: 2.441 }, { mdFt: 7000, idIn: 2.441, deviationDeg: 45 }] });
    expect(deviated.ok && deviated.warnings.join(' ')).to.match(/built for vertical wells/);
  });

  it('profile: from the tubing-head to the bottom-hole pressure with holdup in [0, 1] and a regime per point', () => {
    const r = run('well.vlp', { ...oilWell, qLiquidStbd: [800, 1600], profile: true });
    expect(r.profiles).to.have.length(2);
    const p = r.profiles[1];
    expect(p.psia[0]).to.equal(200);
    close(p.psia[p.psia.length - 1], r.bhpPsia[1], 1e-12);
    close(p.mdFt[p.mdFt.length - 1], 10000, 1e-12);
    for (const h of p.holdup) expect(h).to.be.within(0, 1);
    expect(p.regime).to.have.length(p.psia.length);
    expect(failure('well.vlp', { ...oilWell, qLiquidStbd: [1, 2, 3, 4, 5, 6], profile: true }).message).to.match(/at most 5/);
  });

  it('metric: bara, m and sm3/d in; bara out', () => {
    const field = run('well.vlp', { ...gasWell, qgMMscfd: 5 });
    const m = run('well.vlp', {
      ...gasWell,
      units: 'metric',
      tubingIdIn: 2.441 * 0.0254,
      mdFt: 3048,
      whtF: (100 - 32) / 1.8,
      bhtF: (200 - 32) / 1.8,
      thpPsia: 500 / 14.503773773,
      qgMMscfd: 5e6 * 0.028316846592,
      cgrStbPerMMscf: (10 * 0.158987294928) / (1e6 * 0.028316846592),
      qwStbd: 10 * 0.158987294928,
      oilViscosityCp: 1,
    });
    close(m.bhpPsia * 14.503773773, field.bhpPsia, 1e-9);
    expect(m.outputUnits.bhpPsia).to.equal('bara');
  });

  it('a rate the string cannot carry gets null with a warning; none at all is a 422', () => {
    const r = attempt('well.vlp', { ...gasWell, bhpPsia: 700, thpPsia: undefined, qgMMscfd: [1, 40] });
    expect(r.ok).to.equal(true);
    if (r.ok) {
      expect(r.result.thpPsia[1]).to.equal(null);
      expect(r.warnings.join(' ')).to.match(/rate 40: no tubing-head pressure/);
    }
    expect(failure('well.vlp', { ...gasWell, bhpPsia: 700, thpPsia: undefined, qgMMscfd: 60 }).reason).to.equal('no_solution');
  });

  it("Gray's liquid-film roughness stays on the Moody chart at low velocity (was Serghides past Colebrook's root: 61.7 psi/ft at vm 0.5 ft/s)", () => {
    // A loading gas well's state: 2.441 in tubing, 500 psia, liquid/gas 0.002 by volume.
    const d = 2.441 / 12;
    // Colebrook at k/d 0.05 (the Moody chart's top) by iteration.
    const colebrook = (re: number) => {
      let x = 7;
      for (let i = 0; i < 200; i++) x = -2 * Math.log10(0.05 / 3.7 + (2.51 * x) / re);
      return 1 / (x * x);
    };
    for (const vsg of [0.25, 0.5, 1, 2, 4]) {
      const vsl = vsg * 0.002;
      const vm = vsl + vsg;
      const lambdaL = vsl / vm;
      const rhoNs = lambdaL * 50 + (1 - lambdaL) * 1.8;
      const g = gray({ p: 500, T: 150, vsl, vsg, vm, lambdaL, rhoL: 50, rhoG: 1.8, rhoNs, muL: 1, muG: 0.013, sigma: 20, d, roughness: 0.0006 / 12, theta: Math.PI / 2 });
      const hydrostatic = (g.holdup * 50 + (1 - g.holdup) * 1.8) / 144;
      const ek = (rhoNs * vm * vsg) / (32.174 * 500 * 144);
      const friction = g.dpdz * (1 - ek) - hydrostatic;
      const re = (rhoNs * vm * d) / ((lambdaL * 1 + (1 - lambdaL) * 0.013) * 6.71969e-4);
      expect(friction, `vsg ${vsg}`).to.be.within(0, (1.001 * colebrook(re) * rhoNs * vm * vm) / (2 * 32.174 * d) / 144);
    }
    // The well: 0.2 MMscf/d no longer answers above both 0.1 and 0.3 MMscf/d (3004 against 2867 and 2448 psia).
    const loading = { ...gasWell, thpPsia: 1500, cgrStbPerMMscf: 10, qwStbd: 2, vlpMethod: 'Gray' };
    const [a, b, c] = run('well.vlp', { ...loading, qgMMscfd: [0.1, 0.2, 0.3] }).bhpPsia;
    expect(b).to.be.within(c, a);
  });

  it('Beggs & Brill past critical flow (Ek >= 1) gives no number; below it the exact 1/(1 - Ek) (was clamped at 1/0.1: 4296 psia from 58 psia THP at Ek 3.9)', () => {
    // Pressure enters Beggs & Brill only through Ek = rhoS vm vsg/(gc p): dpdz (1 - Ek) is the same at every p.
    const d = 2.441 / 12;
    const st = { T: 100, vsl: 3, vsg: 250, vm: 253, lambdaL: 3 / 253, rhoL: 55, rhoG: 0.3, rhoNs: (3 * 55 + 250 * 0.3) / 253, muL: 2, muG: 0.011, sigma: 25, d, roughness: 0.0006 / 12, theta: Math.PI / 2 };
    const base = beggsBrill({ ...st, p: 1e6 });
    const ekAt = (p: number) => (((base.holdup * 55 + (1 - base.holdup) * 0.3) * 253 * 250) / (32.174 * p * 144));
    for (const ek of [0.5, 0.95, 0.99]) {
      const p = ekAt(1) / ek;
      close(beggsBrill({ ...st, p }).dpdz * (1 - ek), base.dpdz * (1 - ekAt(1e6)), 1e-9, `Ek ${ek}`);
    }
    expect(beggsBrill({ ...st, p: ekAt(1) / 1.5 }).dpdz).to.be.NaN;
    // The well: 4813 STB/d of a 30% water-cut oil at 58 psia THP in 2.441 in tubing (Ek 3.9 at the wellhead).
    const r = attempt('well.vlp', { tubingIdIn: 2.441, mdFt: 12447.7, tvdFt: 8801.9, whtF: 109, bhtF: 163.8, gasSG: 0.7335, wellType: 'oil', api: 31.62, gorScfStb: 800, waterCut: 0.3, pbPsia: 3723.3, rsbScfStb: 623.6, vlpMethod: 'BeggsBrill', thpPsia: 57.92, qLiquidStbd: [1000, 4813.4] });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.result.bhpPsia[0]).to.be.a('number');
    expect(r.result.bhpPsia[1]).to.equal(null);
    expect(r.warnings.join(' ')).to.match(/critical flow/);
  });

  it('a roughness of half the inside diameter or more is refused (no pipe is left; Serghides answered 6604 psia at k/d 2); above k/d 0.05 a warning', () => {
    const tiny = { ...oilWell, mdFt: 3000, gorScfStb: 0, waterCut: 0.5, qLiquidStbd: 1, roughnessIn: 0.1 };
    expect(failure('well.vlp', { ...tiny, tubingIdIn: 0.05 }).reason).to.equal('out_of_range');
    expect(failure('well.vlp', { ...tiny, tubingIdIn: 0.2 }).message).to.match(/half the inside diameter/);
    const { tubingIdIn: _id, mdFt: _md, ...noPath } = tiny;
    expect(failure('well.vlp', { ...noPath, segments: [{ mdFt: 2000, idIn: 2.441 }, { mdFt: 1000, idIn: 0.15, roughnessIn: 0.08 }] }).reason).to.equal('out_of_range');
    const r = attempt('well.vlp', { ...tiny, tubingIdIn: 0.5 });
    expect(r.ok).to.equal(true);
    if (r.ok) expect(r.warnings.join(' ')).to.match(/relative roughness 0.200 is above the Moody chart/);
  });

  it("Hagedorn & Brown's psi is held at its chart's end (phi2 0.09): more gas never raises the holdup (the quartic gave HL 1 at vsg 136 ft/s)", () => {
    // The wellhead of 500 STB/d of 20 API oil, GOR 3000, in 1.5 in tubing at 150 psia (phi2 0.34).
    const st = { p: 150, T: 80, vsl: 2.7572, rhoL: 56.7529, rhoG: 0.5386, muL: 118.4, muG: 0.0109, sigma: 25.6776, d: 1.5 / 12, roughness: 0.0006 / 12, theta: Math.PI / 2 };
    let last = 1;
    for (const vsg of [20, 40, 60, 80, 100, 136, 200]) {
      const vm = st.vsl + vsg;
      const lambdaL = st.vsl / vm;
      const g = hagedornBrown({ ...st, vsg, vm, lambdaL, rhoNs: lambdaL * st.rhoL + (1 - lambdaL) * st.rhoG });
      expect(g.holdup, `vsg ${vsg}`).to.be.at.most(last + 1e-12);
      last = g.holdup;
    }
    expect(last).to.be.below(0.9);
  });

  it('a step whose gradient changes sharply (low-pressure wellhead) is re-marched in substeps: the answer is the fine-step limit (was 1% off)', () => {
    // 9.4 MMscf/d with 40 STB/MMscf of condensate at 55.9 psia THP: the gradient goes 0.18 -> 0.76 psi/ft in the top 200 ft.
    const well = { wellType: 'gas', vlpMethod: 'Gray', gasSG: 0.873, whtF: 98.5, bhtF: 216.8, cgrStbPerMMscf: 40, qwStbd: 5, condensateApi: 49.9, thpPsia: 55.88, qgMMscfd: 9.427 };
    const md = 6063.6;
    const dev = (Math.acos(2073.87 / md) * 180) / Math.PI;
    const coarse = run('well.vlp', { ...well, tubingIdIn: 2.441, mdFt: md, tvdFt: 2073.87 }).bhpPsia;
    // The same string with its top 400 ft in 10 ft segments (10x the march's steps there).
    const segments = [...Array.from({ length: 40 }, () => ({ mdFt: 10, idIn: 2.441, deviationDeg: dev })), { mdFt: md - 400, idIn: 2.441, deviationDeg: dev }];
    const fine = run('well.vlp', { ...well, segments }).bhpPsia;
    close(coarse, fine, 2e-3);
  });
});
