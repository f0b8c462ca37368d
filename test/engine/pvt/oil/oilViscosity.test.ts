import { expect } from 'chai';
import { oilViscosity } from '../../../../engine/pvt/oil/oilViscosity.js';
import { expectFailure, expectInvalid, list, num, ok } from './oilCall.js';

describe('pvt.oilViscosity', () => {
  it('Beggs–Robinson saturated: 2000 psia < pb 3500, API 38, 165 degF, Rs 1000 -> 0.416858 cp (pyrestoolbox 3.7.6 docs/oil.rst oil_viso, refdata oil-docex-09)', () => {
    expect(num(ok(oilViscosity, { psia: 2000, api: 38, TF: 165, pbPsia: 3500, rsScfStb: 1000 }), 'muo')).to.be.closeTo(0.416858469043, 1e-9);
  });

  it('dead oil by each method at API 22, 100 degF: BR 65.884295, Glaso 38.524022, Beal 49.310721 cp (refdata oilc-muod-*-22-100)', () => {
    const muod = (deadOilMethod: string) => num(ok(oilViscosity, { api: 22, TF: 100, deadOilMethod }), 'muod');
    expect(muod('BeggsRobinson')).to.be.closeTo(65.88429457, 1e-6);
    expect(muod('Glaso')).to.be.closeTo(38.5240217545, 1e-6);
    expect(muod('Beal')).to.be.closeTo(49.3107211829, 1e-6);
  });

  it('without psia, muo = muob = live oil at rsScfStb; rsScfStb 0 (default) gives nearly the dead oil', () => {
    const r = ok(oilViscosity, { api: 22, TF: 100, rsScfStb: 100 });
    expect(num(r, 'muo')).to.be.closeTo(23.7471443031, 1e-6);
    expect(r.muob).to.equal(r.muo);
    const dead = ok(oilViscosity, { api: 22, TF: 100 });
    expect(Math.abs(num(dead, 'muo') / num(dead, 'muod') - 1)).to.be.below(0.01);
  });

  it('undersaturated: API 22, 100 degF, Rsb 100, pb 2000, 3000 psia -> muob 23.747144, VB 26.454234, PF 23.748215 cp (refdata oilc-muu-22-100-100-3000); PF is the default', () => {
    const r = ok(oilViscosity, { psia: 3000, api: 22, TF: 100, pbPsia: 2000, rsScfStb: 100 });
    expect(num(r, 'muob')).to.be.closeTo(23.7471443031, 1e-6);
    expect(num(r, 'muoVasquezBeggs')).to.be.closeTo(26.4542338215, 1e-6);
    expect(num(r, 'muoPetroskyFarshad')).to.be.closeTo(23.748214622, 1e-6);
    expect(r.muo).to.equal(r.muoPetroskyFarshad);
    expect(ok(oilViscosity, { psia: 3000, api: 22, TF: 100, pbPsia: 2000, rsScfStb: 100, undersaturatedMethod: 'VasquezBeggs' }).muo).to.equal(r.muoVasquezBeggs);
  });

  it('a list of pressures with one Rs per pressure gives lists; at and below pb both undersaturated outputs equal muob', () => {
    const r = ok(oilViscosity, { psia: [1000, 2000, 3000], api: 35, TF: 180, pbPsia: 2000, rsScfStb: [300, 500, 500] });
    expect(list(r, 'muo')).to.have.length(3);
    expect(list(r, 'muoVasquezBeggs').slice(0, 2)).to.deep.equal(list(r, 'muob').slice(0, 2));
    expect(list(r, 'muo')[2] as number).to.be.greaterThan(list(r, 'muob')[2] as number);
  });

  it('when the temperature is outside Beal data, then a warning names Beal', () => {
    expect(ok(oilViscosity, { api: 30, TF: 300, deadOilMethod: 'Beal' }).warnings.join('\n')).to.match(/TF 300 degF is above .*Beal/);
  });

  describe('impossible input is refused, never NaN', () => {
    it('psia without pbPsia: invalid_input', () => expectFailure(oilViscosity, { psia: 2000, api: 35, TF: 150, rsScfStb: 300 }, 'invalid_input', /pbPsia/));
    it('Glaso at API 1 (log API = 0) gives no positive viscosity: no_solution', () => expectFailure(oilViscosity, { api: 1, TF: 150, deadOilMethod: 'Glaso' }, 'no_solution'));
    it("Beal where its fit turns over (thinner as the oil gets heavier; was 1.5e-11 cp at API 5.25): out_of_range naming Beal's data, the same rule in its data's corner as past it", () => {
      for (const [api, TF] of [[5.25, 300], [8, 300], [10, 300], [10.1, 250], [10.09, 250], [12, 251]]) {
        expectFailure(oilViscosity, { api, TF, rsScfStb: 0, deadOilMethod: 'Beal' }, 'out_of_range', /falling as the oil gets heavier: the fit has turned over there \(its data: API 10\.1-52\.5, 98-250 degF\)/);
      }
      // Where it has not turned over, the fit answers as before, heavier thicker.
      expect(num(ok(oilViscosity, { api: 14, TF: 250, deadOilMethod: 'Beal' }), 'muod')).to.be.above(num(ok(oilViscosity, { api: 16, TF: 250, deadOilMethod: 'Beal' }), 'muod'));
      expect(num(ok(oilViscosity, { api: 22, TF: 100, deadOilMethod: 'Beal' }), 'muod')).to.be.closeTo(49.3107211829, 1e-6);
    });
    it('TF <= 0: invalid_input; negative Rs and an unknown method fail validation', () => {
      expectFailure(oilViscosity, { api: 35, TF: -10 }, 'invalid_input');
      expectInvalid(oilViscosity, { api: 35, TF: 150, rsScfStb: -5 }, 'rsScfStb');
      expectInvalid(oilViscosity, { api: 35, TF: 150, deadOilMethod: 'Egbogah' }, 'deadOilMethod');
    });
  });
});
