import { expect } from 'chai';
import { if97LiquidDensity } from '../../../../engine/pvt/water/iapwsIf97.js';

describe('if97LiquidDensity (IAPWS-IF97 Region 1)', () => {
  it('reproduces the specific volumes of Table 5 of the release to their 9 printed digits', () => {
    // IAPWS R7-97 Table 5: v at (300 K, 3 MPa), (300 K, 80 MPa), (500 K, 3 MPa).
    for (const [tK, pMPa, v] of [
      [300, 3, 0.100215168e-2],
      [300, 80, 0.971180894e-3],
      [500, 3, 0.1202418e-2],
    ] as const) {
      expect(1 / if97LiquidDensity(tK, pMPa), `${tK} K ${pMPa} MPa`).to.be.closeTo(v, v * 5e-9);
    }
  });

  it('gives 997.05 kg/m3 at 25 degC and 0.101325 MPa (IAPWS-95: 997.047 kg/m3)', () => {
    expect(if97LiquidDensity(298.15, 0.101325)).to.be.closeTo(997.047, 0.01);
  });
});
