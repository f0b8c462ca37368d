import { expect } from 'chai';
import { oilCompressibility } from '../../../../engine/pvt/oil/oilCompressibility.js';
import { oilFVF } from '../../../../engine/pvt/oil/oilFVF.js';
import { expectFailure, list, num, ok, rel } from './oilCall.js';

describe('pvt.oilCompressibility', () => {
  it('McCain above pb: 6000 psia, API 47, 180 degF, separator gas 0.72, Rsb 2750, pb 4945 -> 3.63916e-5 1/psi (pyrestoolbox 3.7.6 docs/oil.rst oil_co, refdata oil-docex-10)', () => {
    expect(rel(num(ok(oilCompressibility, { psia: 6000, api: 47, TF: 180, sepGasSG: 0.72, rsbScfStb: 2750, pbPsia: 4945 }), 'co'), 3.6391592611e-5)).to.be.below(1e-5);
  });

  it('Vasquez–Beggs: co = A/p; API 35, 180 degF, Rsb 600, 0.8 at 2874.99 psia -> 1.447082e-5 1/psi (refdata oilc-bou-VB-35-2874)', () => {
    expect(num(ok(oilCompressibility, { psia: 2874.99178593, api: 35, TF: 180, rsbScfStb: 600, gasSG: 0.8, coMethod: 'VasquezBeggs' }), 'co')).to.be.closeTo(1.44708239528e-5, 1e-15);
  });

  it('co is -(1/Bo) dBo/dp of pvt.oilFVF above pb for each method (central differences, 1e-5)', () => {
    for (const coMethod of ['McCain', 'VasquezBeggs', 'PetroskyFarshad']) {
      const oil = { api: 35, TF: 200, gasSG: 0.75, rsbScfStb: 700, coMethod };
      const p = 4500;
      const h = 0.5;
      const bo = list(ok(oilFVF, { ...oil, psia: [p - h, p, p + h] }), 'bo') as [number, number, number];
      const numeric = -(bo[2] - bo[0]) / (2 * h) / bo[1];
      expect(rel(num(ok(oilCompressibility, { ...oil, psia: p }), 'co'), numeric), coMethod).to.be.below(1e-5);
    }
  });

  it('co is continuous at pb and positive below it (the saturated liquid) for each method', () => {
    for (const coMethod of ['McCain', 'VasquezBeggs', 'PetroskyFarshad']) {
      const co = list(ok(oilCompressibility, { api: 35, TF: 200, gasSG: 0.75, pbPsia: 3000, psia: [1500, 2999.7, 3000.3], coMethod }), 'co') as [number, number, number];
      expect(rel(co[1], co[2]), coMethod).to.be.below(1e-3);
      expect(co[0], coMethod).to.be.greaterThan(0);
    }
  });

  it('Petrosky–Farshad for a dead oil (Rsb 0): their co (B ~ Rsb^0.69357) is 0, so co and Bo above pb are Spivey–Valko–McCain\'s, with a warning (it was refused: co = 0)', () => {
    const oil = { api: 35, TF: 200, gasSG: 0.75, rsbScfStb: 0 };
    const r = ok(oilCompressibility, { ...oil, psia: [1000, 3000], coMethod: 'PetroskyFarshad' });
    const svm = list(ok(oilCompressibility, { ...oil, psia: [1000, 3000], coMethod: 'McCain' }), 'co');
    const co = list(r, 'co');
    expect(rel(co[0] as number, svm[0] as number)).to.be.below(1e-12);
    expect(rel(co[1] as number, svm[1] as number)).to.be.below(1e-12);
    expect((r.warnings as string[]).some((w) => /^Petrosky–Farshad \(1993\) co is proportional to Rsb\^0\.69357/.test(w))).to.equal(true);
    const bo = list(ok(oilFVF, { ...oil, psia: [1000, 3000], coMethod: 'PetroskyFarshad', boMethod: 'PetroskyFarshad', pbMethod: 'PetroskyFarshad', rsMethod: 'PetroskyFarshad' }), 'bo') as [number, number];
    expect(bo[1]).to.be.below(bo[0]);
  });

  it('without pb or Rsb: invalid_input', () => expectFailure(oilCompressibility, { psia: 3000, api: 35, TF: 200, gasSG: 0.75 }, 'invalid_input', /pbPsia/));
});
