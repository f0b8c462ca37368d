import { expect } from 'chai';
import type { AnyDefinition } from '../../../../engine/definition.js';
import { waterProperties } from '../../../../engine/pvt/water/waterProperties.js';
import { brineProperties, brineState } from '../../../../engine/pvt/water/brine.js';
import { call, ok } from './call.js';
import { refdataRows } from './refdataRows.js';

const def = waterProperties as unknown as AnyDefinition;
const LBM_FT3_PER_KG_M3 = 0.028316846592 / 0.45359237;

describe('pvt.waterProperties', () => {
  describe('reference vectors (refdata pvt_water.json)', () => {
    const rows = refdataRows('pvt.waterProperties');

    it('every McCain (1990) vector passes: Bw, density, viscosity, rho_sc, Culberson–McKetta Rsw (published equations, cross-checked against petpropy)', () => {
      const mccain = rows.filter((r) => r.v.id.startsWith('water-mccain-'));
      expect(mccain).to.have.length(53);
      const notPassed = mccain.map((r) => r.run()).filter((o) => o.status !== 'passed');
      expect(notPassed.map((o) => `${o.id}: ${o.reason}`)).to.deep.equal([]);
    });

    it('every Osif (1988) compressibility vector passes (g/L input, single-source helper evaluation of the paper)', () => {
      const osif = rows.filter((r) => r.v.id.startsWith('water-osif-'));
      expect(osif).to.have.length(11);
      expect(osif.map((r) => r.run()).filter((o) => o.status !== 'passed')).to.deep.equal([]);
    });

    it('every Spivey–McCain–North vector (pyrestoolbox 3.7.6 brine_props) passes on every output, viscosity by the default JonesDoleKestin chain', () => {
      const spivey = rows.filter((r) => r.v.id.startsWith('water-spivey-'));
      expect(spivey).to.have.length(83);
      const notPassed = spivey.map((r) => r.run()).filter((o) => o.status !== 'passed');
      expect(notPassed.map((o) => `${o.id}: ${o.reason}`)).to.deep.equal([]);
    });

    it('all 147 pvt_water.json vectors pass', () => {
      expect(rows).to.have.length(147);
      expect(rows.map((r) => r.run()).filter((o) => o.status !== 'passed')).to.deep.equal([]);
    });

    it('with viscosityMethod MaoDuan the gas-free fresh-water vectors still agree (same IAPWS-quality water) but methane-saturated ones do not (no dissolved-gas term)', () => {
      const spivey = rows.filter((r) => r.v.id.startsWith('water-spivey-') && r.v.inputs.salinityWtPct === 0);
      const rel = (r: (typeof spivey)[number]) => {
        const got = ok(def, { ...r.v.inputs, viscosityMethod: 'MaoDuan' }).result.viscosity as number;
        return got / (r.v.expected.viscosity as number) - 1;
      };
      for (const r of spivey.filter((x) => x.v.inputs.methaneSaturation === 0)) expect(Math.abs(rel(r)), r.v.id).to.be.lessThan(2e-3);
      for (const r of spivey.filter((x) => x.v.inputs.methaneSaturation === 1)) expect(rel(r), r.v.id).to.be.lessThan(-8e-3);
    });
  });

  describe('independent checks of the Spivey–McCain–North set', () => {
    it('pure water at 25 degC and 0.1 MPa: density 997.05 kg/m3 and viscosity 0.8900 cp (IAPWS-95 density 997.047 kg/m3, IAPWS 2008 viscosity 890.0 uPa s)', () => {
      const r = ok(def, { psia: 0.1e6 / 6894.757293168, TF: 77, salinityWtPct: 0 }).result;
      expect(r.density / LBM_FT3_PER_KG_M3).to.be.closeTo(997.047, 0.1);
      expect(r.viscosity).to.be.closeTo(0.89, 0.89 * 1e-3);
    });

    it('at standard conditions fresh water has Bw 1 and sg ~1 (Spivey water at 60 degF is 999.05 kg/m3 vs McCain 62.368 lbm/ft3)', () => {
      const r = ok(def, { psia: 14.696, TF: 60, salinityWtPct: 0 }).result;
      expect(r.bw).to.be.closeTo(1, 1e-12);
      expect(r.sg).to.be.closeTo(1, 2e-4);
      expect(r.density).to.equal(r.densitySC);
    });

    it('dissolved methane lowers density and raises Bw; its compressibility term makes saturated cw larger (Spivey et al. Eqs 4.24, 4.35)', () => {
      const free = ok(def, { psia: 3000, TF: 200, salinityWtPct: 5 }).result;
      const sat = ok(def, { psia: 3000, TF: 200, salinityWtPct: 5, methaneSaturation: 1 }).result;
      expect(sat.bw).to.be.greaterThan(free.bw);
      expect(sat.density).to.be.lessThan(free.density);
      expect(sat.cwSaturated).to.be.greaterThan(sat.cwUndersaturated);
      expect(sat.rsw).to.equal(sat.rswMethaneSaturated);
      expect(free.rsw).to.equal(0);
      expect(free.cwSaturated).to.equal(free.cwUndersaturated);
    });

    it('a half-saturated brine holds half the gas and, being above its bubble point, has cwSaturated = cwUndersaturated', () => {
      const r = ok(def, { psia: 3000, TF: 200, salinityWtPct: 5, methaneSaturation: 0.5 }).result;
      expect(r.rsw).to.be.closeTo(r.rswMethaneSaturated / 2, 1e-12);
      expect(r.cwSaturated).to.equal(r.cwUndersaturated);
    });

    it('gas-free cw equals -(1/Bw) dBw/dp (central differences agree to 1e-6)', () => {
      const at = (p: number) => brineState({ psia: p, TF: 250, salinityWtPct: 10, methaneSaturation: 0, method: 'SpiveyMcCainNorth' }, []);
      const dBdp = (at(5001).Bw - at(4999).Bw) / 2;
      const cw = at(5000).cwUndersaturatedPerPsi;
      expect(-dBdp / at(5000).Bw).to.be.closeTo(cw, cw * 1e-6);
    });
  });

  describe('inputs', () => {
    const base = { psia: 4000, TF: 180 };
    it('salinity as 3 wt%, 30000 ppm or the equivalent g/L gives the same brine', () => {
      const a = ok(def, { ...base, salinityWtPct: 3 }).result;
      const b = ok(def, { ...base, salinityPpm: 30000 }).result;
      const gPerL = (3 / 100) * (62.368 + 0.438603 * 3 + 1.60074e-3 * 9) / LBM_FT3_PER_KG_M3;
      const c = ok(def, { ...base, salinityGPerL: gPerL }).result;
      expect(b).to.deep.equal(a);
      expect(c.bw).to.be.closeTo(a.bw, 1e-10);
      expect(c.salinityWtPct).to.be.closeTo(3, 1e-9);
    });

    it('when no salinity or two salinities are given, then an engine error (422) names the three options', () => {
      for (const body of [base, { ...base, salinityWtPct: 3, salinityPpm: 30000 }]) {
        const r = call(def, body);
        expect(r.ok).to.equal(false);
        if (!r.ok) expect(r.message).to.match(/exactly one of salinityWtPct, salinityPpm or salinityGPerL/);
      }
    });

    it('when methaneSaturation is outside 0..1 or a method is unknown, then validation fails (400)', () => {
      const r = call(def, { ...base, salinityWtPct: 1, methaneSaturation: 1.5, method: 'Batzle' });
      expect(r).to.include({ ok: false, reason: 'validation' });
      if (!r.ok && r.reason === 'validation') expect(Object.keys(r.fields)).to.have.members(['methaneSaturation', 'method']);
    });

    it('a list of pressures gives lists, each equal to the single-pressure call; densitySC stays a number', () => {
      const ps = [500, 3000, 9000];
      const many = ok(def, { psia: ps, TF: 150, salinityWtPct: 8, methaneSaturation: 1 }).result;
      expect(many.densitySC).to.be.a('number');
      ps.forEach((p, i) => {
        const one = ok(def, { psia: p, TF: 150, salinityWtPct: 8, methaneSaturation: 1 }).result;
        for (const k of ['bw', 'density', 'viscosity', 'cwUndersaturated', 'cwSaturated', 'rsw']) expect(many[k][i], `${k}@${p}`).to.equal(one[k]);
      });
    });

    it('metric units: bara, degC and kg/m3 in and out give the field answer converted', () => {
      const field = ok(def, { psia: 2900.755, TF: 212, salinityWtPct: 5 }).result;
      const metric = ok(def, { units: 'metric', psia: 200, TF: 100, salinityWtPct: 5 }).result;
      expect(metric.density * LBM_FT3_PER_KG_M3).to.be.closeTo(field.density, 1e-4);
      expect(metric.bw).to.be.closeTo(field.bw, 1e-7);
      expect(metric.cwUndersaturated / 14.503773773).to.be.closeTo(field.cwUndersaturated, 1e-12);
    });
  });

  describe('range limits and physics', () => {
    it('when McCain is used at 80 degF, then the viscosity range (100-400 degF) is warned about and the result still comes', () => {
      const { result, warnings } = ok(def, { psia: 2000, TF: 80, salinityWtPct: 3, method: 'McCain' });
      expect(result.viscosity).to.be.greaterThan(0);
      expect(warnings.join('\n')).to.match(/TF 80 degF is below .*McCain \(1991\) water viscosity/);
    });

    it('when McCain viscosity is used above 167 degF, then a warning says its pressure correction is outside its data (86.5-167 degF); inside it, no such warning', () => {
      // At 250 degF and 5000 psia the correction multiplies the 14.7-psia viscosity by 1.28: the answer is 20% above
      // IAPWS water (0.2386 cp: IAPWS 2008 viscosity at IAPWS-95 density, CoolProp 8.0), with no warning before.
      const hot = ok(def, { psia: 5000, TF: 250, salinityWtPct: 0, method: 'McCain' });
      expect(hot.result.viscosity / 0.2386).to.be.within(1.15, 1.25);
      expect(hot.warnings.join('\n')).to.match(/TF 250 degF is above the validated range \(max 167 degF\): McCain \(1991\) viscosity pressure correction/);
      expect(ok(def, { psia: 5000, TF: 150, salinityWtPct: 0, method: 'McCain' }).warnings.join('\n')).not.to.match(/pressure correction/);
    });

    it('when Spivey–McCain–North is used above 527 degF or 25 wt%, then warnings say so', () => {
      expect(ok(def, { psia: 5000, TF: 560, salinityWtPct: 5 }).warnings.join('\n')).to.match(/TF 560 degF is above .*Spivey/);
      expect(ok(def, { psia: 5000, TF: 200, salinityWtPct: 27 }).warnings.join('\n')).to.match(/salinityWtPct 27 wt% is above .*Spivey/);
    });

    it('when the pressure is below the vapour pressure of water (300 degF, 50 psia), then an engine error: no liquid brine', () => {
      const r = call(def, { psia: 50, TF: 300, salinityWtPct: 0 });
      expect(r).to.include({ ok: false, reason: 'invalid_input' });
      if (!r.ok) expect(r.message).to.match(/vapour pressure/);
    });

    it('the McCain set refuses steam too (its correlations know nothing of boiling): 250 degF, 20 psia (vapour pressure 29.8 psia)', () => {
      const r = call(def, { psia: 20, TF: 250, salinityWtPct: 0, method: 'McCain' });
      expect(r).to.include({ ok: false, reason: 'invalid_input' });
      if (!r.ok) expect(r.message).to.match(/vapour pressure of water at 250 degF \(29\.8/);
    });

    it('when the temperature is above the critical point of water (705.1 degF) or below the NaCl-water eutectic (-6.16 degF), then out_of_range (no liquid brine), with either method', () => {
      for (const method of ['SpiveyMcCainNorth', 'McCain']) {
        expect(call(def, { psia: 5000, TF: 720, salinityWtPct: 0, method })).to.include({ ok: false, reason: 'out_of_range' });
        expect(call(def, { psia: 5000, TF: -10, salinityWtPct: 20, method })).to.include({ ok: false, reason: 'out_of_range' });
      }
    });
  });

  describe('viscosityMethod', () => {
    const at = { psia: 3000, TF: 200, salinityWtPct: 10 };

    it('defaults to JonesDoleKestin with SpiveyMcCainNorth and to McCain with method McCain', () => {
      expect(ok(def, at).result.viscosity).to.equal(ok(def, { ...at, viscosityMethod: 'JonesDoleKestin' }).result.viscosity);
      expect(ok(def, { ...at, method: 'McCain' }).result.viscosity).to.equal(ok(def, { ...at, method: 'SpiveyMcCainNorth', viscosityMethod: 'McCain' }).result.viscosity);
    });

    it('viscosity depends on the method set only through the dissolved methane: McCain Bw with the JonesDoleKestin chain gives the Spivey-set viscosity', () => {
      const spivey = ok(def, { ...at, methaneSaturation: 1 }).result.viscosity;
      expect(ok(def, { ...at, methaneSaturation: 1, method: 'McCain', viscosityMethod: 'JonesDoleKestin' }).result.viscosity).to.be.closeTo(spivey, 1e-12);
    });

    it('dissolved methane raises the JonesDoleKestin viscosity and leaves MaoDuan and McCain unchanged (they have no dissolved-gas term)', () => {
      const sat = (v: string) => ok(def, { ...at, methaneSaturation: 1, viscosityMethod: v }).result.viscosity;
      const free = (v: string) => ok(def, { ...at, viscosityMethod: v }).result.viscosity;
      expect(sat('JonesDoleKestin') / free('JonesDoleKestin')).to.be.within(1.005, 1.06);
      expect(sat('MaoDuan')).to.equal(free('MaoDuan'));
      expect(sat('McCain')).to.equal(free('McCain'));
    });

    it('the gas-free chain and Mao & Duan agree within 3% inside Kestin et al. (1981) data (20-150 degC, 35 MPa), both being fits of such measurements', () => {
      for (const TF of [100, 200, 300]) {
        for (const salinityWtPct of [0, 10, 25]) {
          const jdk = ok(def, { psia: 4000, TF, salinityWtPct }).result.viscosity;
          const md = ok(def, { psia: 4000, TF, salinityWtPct, viscosityMethod: 'MaoDuan' }).result.viscosity;
          expect(Math.abs(jdk / md - 1), `${TF} degF ${salinityWtPct} wt%`).to.be.lessThan(0.03);
        }
      }
    });

    it('when the chain runs beyond Kestin data (10,000 psia, 325 degF) or methane beyond Ostermann data, then warnings say which term is held or extrapolated', () => {
      const w = ok(def, { psia: 10000, TF: 325, salinityWtPct: 10, methaneSaturation: 1 }).warnings.join('\n');
      expect(w).to.match(/psia 10000 psia is above .*Kestin et al\. \(1981\).*35 MPa value/);
      expect(w).to.match(/TF 325 degF is above .*Kestin et al\. \(1981\)/);
      expect(w).to.match(/above .*Ostermann et al\. \(1985\)/);
      expect(ok(def, { psia: 10000, TF: 150, salinityWtPct: 0 }).warnings.join('\n')).to.not.match(/Kestin|Ostermann/);
    });

    it('above 100 MPa (IAPWS-IF97 Region 1) the chain warns and still answers', () => {
      const { result, warnings } = ok(def, { psia: 20000, TF: 200, salinityWtPct: 5 });
      expect(result.viscosity).to.be.greaterThan(0);
      expect(warnings.join('\n')).to.match(/IAPWS-IF97 Region 1/);
    });

    it('when viscosityMethod is unknown, then validation fails (400)', () => {
      const r = call(def, { ...at, viscosityMethod: 'Batzle' });
      expect(r).to.include({ ok: false, reason: 'validation' });
    });
  });

  describe('brineProperties (the import for black-oil tables)', () => {
    it('returns Bw, density, viscosity, cw and Rsw of the default method set, equal to pvt.waterProperties', () => {
      const b = brineProperties({ psia: 3000, TF: 200, salinityWtPct: 5, methaneSaturated: true });
      const r = ok(def, { psia: 3000, TF: 200, salinityWtPct: 5, methaneSaturation: 1 }).result;
      expect(b).to.deep.equal({ Bw: r.bw, densityLbFt3: r.density, viscosityCp: r.viscosity, cwPerPsi: r.cwUndersaturated, rswScfStb: r.rsw });
      expect(brineProperties({ psia: 3000, TF: 200, salinityWtPct: 5 }).rswScfStb).to.equal(0);
    });

    it('takes a viscosityMethod and keeps the other properties', () => {
      const chain = brineProperties({ psia: 3000, TF: 200, salinityWtPct: 5, methaneSaturated: true });
      const md = brineProperties({ psia: 3000, TF: 200, salinityWtPct: 5, methaneSaturated: true, viscosityMethod: 'MaoDuan' });
      expect(md.Bw).to.equal(chain.Bw);
      expect(md.viscosityCp).to.equal(ok(def, { psia: 3000, TF: 200, salinityWtPct: 5, methaneSaturation: 1, viscosityMethod: 'MaoDuan' }).result.viscosity);
      expect(md.viscosityCp).to.be.lessThan(chain.viscosityCp);
    });

    it('takes the McCain set when asked and passes warnings to the caller', () => {
      const warnings: string[] = [];
      const b = brineProperties({ psia: 500, TF: 80, salinityWtPct: 3, method: 'McCain' }, warnings);
      expect(b.Bw).to.be.closeTo(1.00387576106, 1e-9); // refdata water-mccain-80-500-3
      expect(warnings.length).to.be.greaterThan(0);
    });
  });
});

describe('pvt.waterProperties past IAPWS-IF97 Region 1 (100 MPa)', () => {
  const def = waterProperties as unknown as AnyDefinition;
  it("fresh water's viscosity follows IAPWS-95 to 200 MPa and beyond (IF97's density, extrapolated, gave 4.7e-73 cp at 40,000 psia and 400 degF, and 'viscosity = 0' at 29,000 psia and 650 degF)", () => {
    // [psia, degF, viscosity cp by IAPWS-95 density and the IAPWS 2008 viscosity (CoolProp 8.0.0 PropsSI('V'))]
    const iapws95: [number, number, number][] = [
      [40000, 400, 0.18593],
      [29000, 650, 0.11504],
      [29000, 600, 0.12222],
      [29000, 500, 0.14139],
      [20000, 650, 0.10486],
      [40000, 100, 0.7634],
    ];
    for (const [psia, TF, mu] of iapws95) {
      const r = call(def, { psia, TF, salinityWtPct: 0 });
      expect(r.ok, `${psia} psia ${TF} degF`).to.equal(true);
      if (r.ok) expect((r.result as Record<string, number>).viscosity, `${psia} psia ${TF} degF`).to.be.closeTo(mu, 0.005 * mu);
    }
  });

  it('is continuous at 100 MPa, where the density passes from IF97 to its compression by Spivey et al.', () => {
    const at = (psia: number) => ok(def, { psia, TF: 600, salinityWtPct: 0 }).result.viscosity as number;
    const join = 100 / 0.006894757293168;
    expect(Math.abs(at(join * (1 + 1e-9)) - at(join * (1 - 1e-9)))).to.be.below(1e-9);
  });
});
