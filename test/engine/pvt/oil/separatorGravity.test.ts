/**
 * A method that needs the separator gas gravity, given only the total surface gas gravity, estimates
 * it the way its published implementation does and says so (issue 10, item 7).
 */
import { expect } from 'chai';
import { oilBubblePoint } from '../../../../engine/pvt/oil/oilBubblePoint.js';
import { oilSolutionGOR } from '../../../../engine/pvt/oil/oilSolutionGOR.js';
import { num, ok } from './oilCall.js';

describe('separator gas gravity from the total gas gravity', () => {
  it('Valko–McCain with only gasSG 0.7: separator gravity (0.7 x 1005 - 1.15 x 5)/1000 = 0.69775, pb 1265.2540 psia, with a warning (pyrestoolbox 3.7.6 oil_pbub(api=25, degf=120, rsb=200, sg_g=0.7), re-run at e14432e: 1265.2540079609698)', () => {
    const r = ok(oilBubblePoint, { api: 25, TF: 120, rsbScfStb: 200, gasSG: 0.7 });
    expect(num(r, 'pb')).to.be.closeTo(1265.2540079609698, 1e-8);
    expect(r.warnings.join('\n')).to.match(/sepGasSG not given: the separator gas gravity 0\.697[78] is estimated from gasSG 0\.7/);
  });

  it('with sepGasSG given it is used as it is and nothing is said (refdata oil-pb-VALMC-001: 1260.156 psia)', () => {
    const r = ok(oilBubblePoint, { api: 25, TF: 120, rsbScfStb: 200, gasSG: 0.7, sepGasSG: 0.7 });
    expect(num(r, 'pb')).to.be.closeTo(1260.15643278, 1e-6);
    expect(r.warnings.join('\n')).not.to.match(/sepGasSG/);
  });

  it('Vasquez–Beggs without separator conditions use the gravity as given and say the 100 psig separator is assumed (petrocalchub example: 569.164106 scf/STB)', () => {
    const r = ok(oilSolutionGOR, { psia: 2500, TF: 180, api: 35, gasSG: 0.8, rsMethod: 'VasquezBeggs' });
    expect(num(r, 'rs')).to.be.closeTo(569.164106, 1e-5);
    expect(r.warnings.join('\n')).to.match(/100 psig separator: without sepPsia and sepTF the total surface gas gravity 0\.8 is used as it is/);
  });

  it('Vasquez–Beggs with separator conditions and only the total gravity correct it to 100 psig (gamma_gs = 0.8 (1 + 5.912e-5 x 35 x 80 x log10(300/114.7))) and say the total stood in', () => {
    const gs = 0.8 * (1 + 5.912e-5 * 35 * 80 * Math.log10(300 / 114.7));
    const r = ok(oilSolutionGOR, { psia: 2500, TF: 180, api: 35, gasSG: 0.8, rsMethod: 'VasquezBeggs', sepPsia: 300, sepTF: 80 });
    expect(num(r, 'rs')).to.be.closeTo((569.164106 * gs) / 0.8, 1e-4);
    expect(r.warnings.join('\n')).to.match(/refer the total surface gas gravity 0\.8 to a 100 psig separator/);
  });

  it('a method on the total gravity (Standing) needs no separator gravity and says nothing of it', () => {
    expect(ok(oilSolutionGOR, { psia: 2500, TF: 180, api: 35, gasSG: 0.8, rsMethod: 'Standing' }).warnings.join('\n')).not.to.match(/separator/);
  });
});
