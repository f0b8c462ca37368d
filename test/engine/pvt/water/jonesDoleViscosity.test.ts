import { expect } from 'chai';
import { falkenhagenA, jonesDoleRatio } from '../../../../engine/pvt/water/jonesDoleViscosity.js';
import { kestinSaltRatio } from '../../../../engine/pvt/water/kestinViscosity.js';
import { waterViscosity } from '../../../../engine/pvt/water/iapwsViscosity.js';

/** Falkenhagen & Vernon (1932) A of a 1:1 salt from limiting conductances (S cm2/mol), eta0 in poise. */
function falkenhagenVernon(lPlus: number, lMinus: number, eta0P: number, eps: number, tK: number): number {
  const l0 = lPlus + lMinus;
  return ((0.2577 * l0) / (eta0P * Math.sqrt(eps * tK) * lPlus * lMinus)) * (1 - 0.6863 * ((lPlus - lMinus) / l0) ** 2);
}

describe('jonesDoleRatio (extended Jones-Dole, PHREEQC pitzer.dat parameters)', () => {
  const muW25 = waterViscosity(298.15, 0.101325);

  it('the A term of NaCl at 25 degC equals the Falkenhagen-Vernon limiting law with Robinson & Stokes conductances (Na+ 50.10, Cl- 76.35 S cm2/mol): 0.0061', () => {
    const expected = falkenhagenVernon(50.1, 76.35, 0.008903, 78.38, 298.15);
    expect(expected).to.be.closeTo(0.00607, 5e-5);
    expect(falkenhagenA(298.15, 0.101325, muW25)).to.be.closeTo(expected, expected * 0.01);
  });

  it('follows Kestin et al. (1981) measured NaCl viscosity ratios at 25-150 degC, 0.5-6 mol/kg: mean deviation under their stated 0.5%, none over 2%', () => {
    const deviations: number[] = [];
    for (const tC of [25, 50, 75, 100, 125, 150]) {
      for (const m of [0.5, 1, 2, 3, 4, 5, 6]) {
        const tK = tC + 273.15;
        deviations.push(Math.abs(jonesDoleRatio(tK, 1, m, waterViscosity(tK, 1)) / kestinSaltRatio(tC, 1, m) - 1));
      }
    }
    expect(deviations.reduce((a, b) => a + b, 0) / deviations.length).to.be.lessThan(0.005);
    expect(Math.max(...deviations)).to.be.lessThan(0.02);
    expect(jonesDoleRatio(298.15, 0.101325, 1, muW25)).to.be.closeTo(kestinSaltRatio(25, 0.101325, 1), 0.005);
  });

  it('is 1 for pure water and the parameters are held at their 200 degC values above 200 degC', () => {
    expect(jonesDoleRatio(350, 10, 0, 0.2)).to.equal(1);
    const mu = 0.12;
    const b = (tK: number) => jonesDoleRatio(tK, 10, 2, mu) - falkenhagenA(tK, 10, mu) * Math.SQRT2;
    expect(b(250 + 273.15)).to.be.closeTo(b(200 + 273.15), 1e-12);
  });
});
