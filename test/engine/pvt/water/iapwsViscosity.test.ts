import { expect } from 'chai';
import { huberViscosity, waterViscosity } from '../../../../engine/pvt/water/iapwsViscosity.js';

describe('huberViscosity (IAPWS 2008, Huber et al. 2009 Eq 36)', () => {
  it('reproduces the check values of Huber et al. (2009) Table 4 to their 6 printed decimals', () => {
    // Huber et al. (2009) Table 4: T (K), rho (kg/m3), mu (uPa s).
    for (const [tK, rho, mu] of [
      [298.15, 998, 889.7351],
      [298.15, 1200, 1437.649467],
      [373.15, 1000, 307.883622],
      [433.15, 1, 14.538324],
      [433.15, 1000, 217.685358],
      [873.15, 1, 32.619287],
      [873.15, 100, 35.802262],
      [873.15, 600, 77.430195],
      [1173.15, 1, 44.217245],
      [1173.15, 100, 47.640433],
      [1173.15, 400, 64.154608],
    ] as const) {
      expect(huberViscosity(tK, rho) * 1000, `${tK} K ${rho} kg/m3`).to.be.closeTo(mu, 6e-7);
    }
  });

  it('water at 20 degC and 0.101325 MPa is 1.0016 mPa s (ISO/TR 3666:1998 reference value), at 25 degC 0.8900 mPa s (Huber et al. 2009)', () => {
    expect(waterViscosity(293.15, 0.101325)).to.be.closeTo(1.0016, 5e-5);
    expect(waterViscosity(298.15, 0.101325)).to.be.closeTo(0.89, 5e-5);
  });
});
