import { expect } from 'chai';
import { methaneMoleFraction, methaneViscosityFactor } from '../../../../engine/pvt/water/methaneViscosityFactor.js';
import { methaneInBrine } from '../../../../engine/pvt/water/methaneInBrine.js';

describe('methaneViscosityFactor (pyrestoolbox 3.7.6 fit of Ostermann et al. 1985 data)', () => {
  it('methane-saturated fresh water at 500 psia, 100 degF is 1.02798 times gas-free (pyrestoolbox 3.7.6: 0.700360 / 0.681299 cp, refdata water-spivey-002 / -001)', () => {
    const m = methaneInBrine((100 - 32) / 1.8, 500 * 6894.757293168e-6, 0).molality;
    expect(methaneViscosityFactor((100 - 32) / 1.8 + 273.15, methaneMoleFraction(m))).to.be.closeTo(0.700359988684 / 0.681299122676, 1e-6);
  });

  it('is 1 without methane, linear in x as x -> 0, saturates at large x and weakens with temperature', () => {
    expect(methaneViscosityFactor(350, 0)).to.equal(1);
    const slope = (x: number) => (methaneViscosityFactor(350, x) - 1) / x;
    expect(slope(1e-9) / slope(2e-9)).to.be.closeTo(1, 1e-5);
    expect(methaneViscosityFactor(350, 1)).to.be.lessThan(1 + 1.71739196e-3 * Math.exp(1239.77535 / 350) + 1e-12);
    expect(methaneViscosityFactor(420, 1e-3)).to.be.lessThan(methaneViscosityFactor(320, 1e-3));
  });

  it('the mole fraction is salt-free: m / (m + 1000/18.015268)', () => {
    expect(methaneMoleFraction(0.1)).to.be.closeTo(0.1 / (0.1 + 1000 / 18.015268), 1e-15);
    expect(methaneMoleFraction(0)).to.equal(0);
  });
});
