import { expect } from 'chai';
import { oilFVF } from '../../../../engine/pvt/oil/oilFVF.js';
import { expectFailure, list, num, ok, rel } from './oilCall.js';

describe('pvt.oilFVF', () => {
  it('McCain (default) below pb: 2000 psia, pb 3000, 165 degF, Rs 1000, Rsb 2000, oilSG 0.8, 0.68 -> 1.507511 rb/STB (pyrestoolbox 3.7.6 docs/oil.rst oil_bo, refdata oil-docex-06)', () => {
    expect(rel(num(ok(oilFVF, { psia: 2000, pbPsia: 3000, TF: 165, rsScfStb: 1000, rsbScfStb: 2000, oilSG: 0.8, gasSG: 0.68 }), 'bo'), 1.50751077353)).to.be.below(1e-4);
  });

  it('Vasquez–Beggs above pb: Bo = Bob exp(-A ln(p/pb)); API 35, 180 degF, Rsb 600, 0.8, 3920.44 psia -> pb 2613.629, Bob 1.342162, co 1.061194e-5, Bo 1.319711 (refdata oilc-bou-VB-35-3920)', () => {
    const r = ok(oilFVF, { psia: 3920.44334445, api: 35, TF: 180, rsbScfStb: 600, gasSG: 0.8, boMethod: 'VasquezBeggs' });
    expect(num(r, 'pb')).to.be.closeTo(2613.6288963, 1e-6);
    expect(num(r, 'bob')).to.be.closeTo(1.34216155, 1e-8);
    expect(num(r, 'co')).to.be.closeTo(1.06119375654e-5, 1e-15);
    expect(num(r, 'bo')).to.be.closeTo(1.31971082906, 1e-9);
  });

  it('saturated Bo without psia: Standing, API 22, 100 degF, Rs 100, 0.65 -> 1.048894 (refdata oilc-bob-Standing-001); a list of Rs gives a list', () => {
    expect(num(ok(oilFVF, { api: 22, TF: 100, rsScfStb: 100, gasSG: 0.65, boMethod: 'Standing' }), 'bo')).to.be.closeTo(1.04889381687, 1e-9);
    expect(list(ok(oilFVF, { api: 22, TF: 100, rsScfStb: [100, 400], gasSG: 0.65, boMethod: 'Standing' }), 'bo')).to.have.length(2);
  });

  it('api and oilSG describe the same oil: 0.8 is API 45.375', () => {
    const a = ok(oilFVF, { psia: 2000, pbPsia: 3000, TF: 165, rsbScfStb: 800, api: 141.5 / 0.8 - 131.5, gasSG: 0.7 });
    const b = ok(oilFVF, { psia: 2000, pbPsia: 3000, TF: 165, rsbScfStb: 800, oilSG: 0.8, gasSG: 0.7 });
    expect(num(a, 'bo')).to.be.closeTo(num(b, 'bo'), 1e-12);
  });

  it('Bo is continuous at pb and falls above it for every Bo method (within 0.01% at pb -/+ 0.01%)', () => {
    for (const boMethod of ['McCain', 'Standing', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad']) {
      const r = ok(oilFVF, { psia: [2499.75, 2500, 2500.25, 4000], api: 35, TF: 200, gasSG: 0.75, pbPsia: 2500, rsbScfStb: 600, boMethod });
      const [below, at, above, high] = list(r, 'bo') as [number, number, number, number];
      expect(rel(below, at), boMethod).to.be.below(1e-4);
      expect(rel(above, at), boMethod).to.be.below(1e-4);
      expect(high, boMethod).to.be.below(at);
      expect(at).to.equal(num(r, 'bob'));
    }
  });

  describe('impossible input is refused, never NaN', () => {
    it('api and oilSG that disagree, or neither: invalid_input', () => {
      expectFailure(oilFVF, { api: 35, oilSG: 0.9, TF: 150, rsScfStb: 300, gasSG: 0.7 }, 'invalid_input', /disagree/);
      expectFailure(oilFVF, { TF: 150, rsScfStb: 300, gasSG: 0.7 }, 'invalid_input', /api/);
    });
    it('oilSG above 1.076 (API <= 0): invalid_input', () => expectFailure(oilFVF, { oilSG: 1.1, TF: 150, rsScfStb: 300, gasSG: 0.7 }, 'invalid_input', /API/));
    it('no GOR and no pressure: invalid_input; psia without pb, Rsb or Rs: invalid_input', () => {
      expectFailure(oilFVF, { api: 35, TF: 150, gasSG: 0.7 }, 'invalid_input');
      expectFailure(oilFVF, { api: 35, TF: 150, gasSG: 0.7, psia: 1000 }, 'invalid_input');
    });
    it('a list of Rs whose length differs from the pressures: invalid_input', () => {
      expectFailure(oilFVF, { api: 35, TF: 150, gasSG: 0.7, psia: [1000, 2000], rsScfStb: [100, 200, 300] }, 'invalid_input', /rsScfStb/);
    });
    it('when the Vasquez–Beggs co goes negative at low GOR, then co and Bo above pb are Spivey–Valko–McCain\'s, with a warning (a stable liquid has a positive compressibility; it was refused, which lost Bo too)', () => {
      const r = ok(oilFVF, { api: 20, TF: 100, gasSG: 0.8, rsbScfStb: 50, psia: 2000, boMethod: 'VasquezBeggs' });
      const mccain = ok(oilFVF, { api: 20, TF: 100, gasSG: 0.8, rsbScfStb: 50, psia: 2000, boMethod: 'VasquezBeggs', coMethod: 'McCain' });
      expect(num(r, 'co')).to.equal(num(mccain, 'co'));
      expect(num(r, 'bo')).to.equal(num(mccain, 'bo'));
      expect((r.warnings as string[]).some((w) => /^Vasquez–Beggs \(1980\) co is not positive for Rs below 81\.0 scf\/STB at 100 degF/.test(w))).to.equal(true);
      // A fuzz case far outside every range (1 degF, pb 61490 psia, Rs 0.85): co was -8.2e-6, now positive with the same warning.
      const fuzz = ok(oilFVF, { psia: 2000, pbPsia: 61490, TF: 1, rsScfStb: 0.85, rsbScfStb: 2000, oilSG: 0.8, gasSG: 0.68, boMethod: 'StandingBeggs', rsMethod: 'VasquezBeggs' });
      expect(num(fuzz, 'co')).to.be.above(0);
    });
  });
});
