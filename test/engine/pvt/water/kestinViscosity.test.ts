import { expect } from 'chai';
import { kestinPressureFactor, kestinSaltRatio, kestinViscosity, kestinWaterViscosity0 } from '../../../../engine/pvt/water/kestinViscosity.js';
import { waterViscosity } from '../../../../engine/pvt/water/iapwsViscosity.js';

describe('Kestin, Khalifa & Correia (1981) NaCl viscosity', () => {
  it('pure water at zero pressure is 1.002 mPa s at 20 degC (Eq 3 reference, Kestin, Sokolov & Wakeham 1978) and agrees with IAPWS 2008 within the stated 0.5% of Kestin et al. at 25-150 degC', () => {
    expect(kestinWaterViscosity0(20)).to.equal(1.002);
    // IAPWS 2008 (Huber et al. 2009) at 1 MPa, where water is liquid up to 150 degC.
    for (const tC of [25, 50, 100, 150]) expect(kestinViscosity(tC, 1, 0) / waterViscosity(tC + 273.15, 1) - 1, `${tC} degC`).to.be.within(-5e-3, 5e-3);
  });

  it('pure water viscosity falls with pressure at 20 degC and rises at 100 degC (the sign change of beta_w, Eq 7)', () => {
    expect(kestinViscosity(20, 30, 0)).to.be.lessThan(kestinViscosity(20, 0.1, 0));
    expect(kestinViscosity(100, 30, 0)).to.be.greaterThan(kestinViscosity(100, 0.1, 0));
  });

  it('salt raises viscosity: 1 mol/kg NaCl at 25 degC is 1.092 times water (Eqs 2, 4, 5)', () => {
    expect(kestinSaltRatio(25, 0.1, 1)).to.be.closeTo(1.092, 1e-3);
    expect(kestinSaltRatio(25, 0.1, 6)).to.be.greaterThan(kestinSaltRatio(25, 0.1, 3));
  });

  it('the pressure factor is 1 at 0.1 MPa and for pure water, and is held at 35 MPa, 20 and 150 degC and 6 mol/kg beyond them', () => {
    expect(kestinPressureFactor(80, 0.1, 3)).to.equal(1);
    expect(kestinPressureFactor(80, 30, 0)).to.equal(1);
    expect(kestinPressureFactor(80, 60, 3)).to.equal(kestinPressureFactor(80, 35, 3));
    expect(kestinPressureFactor(200, 20, 3)).to.equal(kestinPressureFactor(150, 20, 3));
    expect(kestinPressureFactor(10, 20, 3)).to.equal(kestinPressureFactor(20, 20, 3));
    expect(kestinPressureFactor(80, 20, 7)).to.equal(kestinPressureFactor(80, 20, 6));
  });
});
