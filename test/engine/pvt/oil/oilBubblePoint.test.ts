import { expect } from 'chai';
import { CONVERSIONS } from '../../../../engine/units.js';
import { oilBubblePoint } from '../../../../engine/pvt/oil/oilBubblePoint.js';
import { call, expectFailure, expectInvalid, num, ok, rel } from './oilCall.js';

const pb = (body: Record<string, unknown>) => num(ok(oilBubblePoint, body), 'pb');

describe('pvt.oilBubblePoint', () => {
  it('Valko–McCain is the default: API 25, 120 degF, Rsb 200, separator and total gas gravity 0.7 (as the vector) -> 1260.156 psia (pyrestoolbox 3.7.6 oil_pbub, refdata oil-pb-VALMC-001)', () => {
    expect(pb({ api: 25, TF: 120, rsbScfStb: 200, gasSG: 0.7, sepGasSG: 0.7 })).to.be.closeTo(1260.15643278, 0.01);
    expect(pb({ api: 25, TF: 120, rsbScfStb: 200, gasSG: 0.7, sepGasSG: 0.7, pbMethod: 'ValkoMcCain' })).to.equal(pb({ api: 25, TF: 120, rsbScfStb: 200, gasSG: 0.7, sepGasSG: 0.7 }));
  });

  it("'StandingPsig' with only the separator gravity 0.72: API 43, 185 degF, Rsb 2350 -> 6390.28 psia (pyrestoolbox 3.7.6 docs/oil.rst, refdata oil-docex-02: total gravity estimated from the separator gas)", () => {
    expect(pb({ api: 43, TF: 185, rsbScfStb: 2350, sepGasSG: 0.72, pbMethod: 'StandingPsig' })).to.be.closeTo(6390.2818947, 0.01);
  });

  it("'Standing' is the printed equation in psia and 'StandingPsig' adds 14.696 psi (refdata conventions.StandingPb)", () => {
    const base = { api: 30, TF: 160, rsbScfStb: 500, gasSG: 0.8 };
    expect(pb({ ...base, pbMethod: 'StandingPsig' }) - pb({ ...base, pbMethod: 'Standing' })).to.be.closeTo(14.696, 1e-9);
  });

  it('every method gives a bubble point within 25% of the others for a mid-range oil (API 35, 200 degF, Rsb 600, 0.75): the correlations are fits of similar data', () => {
    const base = { api: 35, TF: 200, rsbScfStb: 600, gasSG: 0.75 };
    const values = ['ValkoMcCain', 'Velarde', 'Standing', 'StandingPsig', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad'].map((m) => pb({ ...base, pbMethod: m }));
    expect(Math.max(...values) / Math.min(...values)).to.be.below(1.25);
  });

  it('a metric call: Glaso, 88.9 sm3/sm3, 93.33 degC, API 35, 0.65 -> 193.780 bara = 19378.03 kPa (petroleumoffice.com PO.PVT.Pb.ByGlaso.SI, refdata web-glaso-pb-si)', () => {
    const r = ok(oilBubblePoint, { units: 'metric', api: 35, TF: 93.33, rsbScfStb: 88.9, gasSG: 0.65, pbMethod: 'Glaso' });
    expect(r.units).to.equal('metric');
    expect(rel(num(r, 'pb') * 100, 19378.03)).to.be.below(1e-5);
    const field = pb({ api: 35, TF: 93.33 * 1.8 + 32, rsbScfStb: (CONVERSIONS['scf/STB'] as { toField(v: number): number }).toField(88.9), gasSG: 0.65, pbMethod: 'Glaso' });
    expect(num(r, 'pb')).to.be.closeTo((CONVERSIONS.psia as { toMetric(v: number): number }).toMetric(field), 1e-9);
  });

  it('the Vasquez–Beggs separator correction applies only with both sepPsia and sepTF; at 114.7 psia it changes nothing', () => {
    const base = { api: 35, TF: 180, rsbScfStb: 600, gasSG: 0.8, pbMethod: 'VasquezBeggs' };
    expect(pb({ ...base, sepPsia: 114.7, sepTF: 80 })).to.equal(pb(base));
    expect(pb({ ...base, sepPsia: 60, sepTF: 80 })).to.be.greaterThan(pb(base));
    expectFailure(oilBubblePoint, { ...base, sepPsia: 60 }, 'invalid_input', /sepTF/);
  });

  describe('outside the validated range', () => {
    it('when API and temperature are outside Standing data (API 70, 300 degF), then warnings name Standing and the result still comes back', () => {
      const r = ok(oilBubblePoint, { api: 70, TF: 300, rsbScfStb: 500, gasSG: 0.75, pbMethod: 'Standing' });
      expect(num(r, 'pb')).to.be.greaterThan(0);
      expect(r.warnings.join('\n')).to.match(/api 70 degAPI is above .*Standing/).and.match(/TF 300 degF is above .*Standing/);
    });
    it('when the bubble point is above the Petrosky–Farshad data, then a warning says so', () => {
      expect(ok(oilBubblePoint, { api: 30, TF: 200, rsbScfStb: 2500, gasSG: 0.8, pbMethod: 'PetroskyFarshad' }).warnings.join('\n')).to.match(/psia .* above .*Petrosky/);
    });
    it('inside every range of Valko–McCain, then no warnings', () => {
      expect(ok(oilBubblePoint, { api: 35, TF: 200, rsbScfStb: 600, gasSG: 0.75, sepGasSG: 0.75 }).warnings).to.deep.equal([]);
    });
  });

  describe('impossible input is refused, never NaN', () => {
    it('when Standing gives a bubble point below atmospheric (Rsb 1 scf/STB: -13.9 psia as printed), then pb is 14.696 psia with a warning', () => {
      const r = ok(oilBubblePoint, { api: 35, TF: 150, rsbScfStb: 1, gasSG: 0.75, pbMethod: 'Standing' });
      expect(num(r, 'pb')).to.equal(14.696);
      expect(r.warnings.join('\n')).to.match(/Standing \(1947\) gives -13\.92 psia .* below atmospheric pressure: pb taken as 14.696 psia/);
    });
    it('Valko–McCain at Rsb 0 is a dead oil at 14.696 psia', () => expect(pb({ api: 35, TF: 150, rsbScfStb: 0, gasSG: 0.75 })).to.equal(14.696));
    it('no gas gravity at all: invalid_input', () => expectFailure(oilBubblePoint, { api: 35, TF: 150, rsbScfStb: 300 }, 'invalid_input', /gasSG/));
    it('TF <= 0 degF: invalid_input (powers and logs of degF)', () => expectFailure(oilBubblePoint, { api: 35, TF: 0, rsbScfStb: 300, gasSG: 0.7 }, 'invalid_input'));
    it('API <= 0, negative Rsb, gas gravity <= 0 and an unknown method fail validation', () => {
      expectInvalid(oilBubblePoint, { api: 0, TF: 150, rsbScfStb: 300, gasSG: 0.7 }, 'api');
      expectInvalid(oilBubblePoint, { api: 35, TF: 150, rsbScfStb: -1, gasSG: 0.7 }, 'rsbScfStb');
      expectInvalid(oilBubblePoint, { api: 35, TF: 150, rsbScfStb: 300, gasSG: 0 }, 'gasSG');
      expectInvalid(oilBubblePoint, { api: 35, TF: 150, rsbScfStb: 300, gasSG: 0.7, pbMethod: 'AlMarhoun' }, 'pbMethod');
    });
    it('results are finite over a wide grid of inputs for every method', () => {
      for (const pbMethod of ['ValkoMcCain', 'Velarde', 'Standing', 'StandingPsig', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad'])
        for (const api of [10, 30, 60])
          for (const TF of [60, 200, 350])
            for (const rsbScfStb of [5, 200, 3000]) {
              const r = call(oilBubblePoint, { api, TF, rsbScfStb, gasSG: 0.8, pbMethod });
              if (r.ok) expect(Number.isFinite(r.result.pb), `${pbMethod} ${api} ${TF} ${rsbScfStb}`).to.equal(true);
              else expect(r.kind === 'engine' && r.reason).to.equal('no_solution');
            }
    });
  });
});
