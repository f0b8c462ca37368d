import { expect } from 'chai';
import { oilDensity } from '../../../../engine/pvt/oil/oilDensity.js';
import { oilFVF } from '../../../../engine/pvt/oil/oilFVF.js';
import { list, num, ok, rel } from './oilCall.js';

describe('pvt.oilDensity', () => {
  it('McCain, saturated at 2000 psia: 165 degF, Rs 1000, Rsb 2000, gas gravity 0.72, API 38 -> 40.9835 lbm/ft3 (pyrestoolbox 3.7.6 docs/oil.rst oil_deno example)', () => {
    expect(rel(num(ok(oilDensity, { psia: 2000, TF: 165, rsScfStb: 1000, rsbScfStb: 2000, gasSG: 0.72, api: 38 }), 'density'), 40.98349866963842)).to.be.below(1e-4);
  });

  it('density x Bo is the mass of one STB with its gas, 62.367 gammaO + 0.01357 Rs gammaG, for every Bo method (McCain 1990)', () => {
    for (const boMethod of ['McCain', 'Standing', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad']) {
      const body = { psia: [1000, 4000], api: 32, TF: 190, gasSG: 0.78, rsbScfStb: 650, boMethod };
      const d = list(ok(oilDensity, body), 'density');
      const fvf = ok(oilFVF, body);
      const bo = list(fvf, 'bo');
      const rs = list(fvf, 'rs');
      d.forEach((rho, i) => expect(rho * (bo[i] as number), boMethod).to.be.closeTo(62.367 * (141.5 / 163.5) + 0.01357 * (rs[i] as number) * 0.78, 1e-9));
    }
  });

  it('above pb the oil gets denser with pressure; the stock-tank density is 62.367 gammaO', () => {
    const r = ok(oilDensity, { psia: [3000, 5000], api: 32, TF: 190, gasSG: 0.78, pbPsia: 2500 });
    const [a, b] = list(r, 'density') as [number, number];
    expect(b).to.be.greaterThan(a);
    expect(num(r, 'stockTankDensity')).to.be.closeTo(62.367 * (141.5 / 163.5), 1e-12);
  });

  it('a metric call returns kg/m3 (1 lbm/ft3 = 16.018463 kg/m3, NIST SP 811)', () => {
    const field = num(ok(oilDensity, { psia: 2000, TF: 165, rsScfStb: 1000, rsbScfStb: 2000, gasSG: 0.72, api: 38 }), 'density');
    const metric = ok(oilDensity, { units: 'metric', psia: 2000 / 14.503773773, TF: (165 - 32) / 1.8, rsScfStb: 1000 * 0.1781076, rsbScfStb: 2000 * 0.1781076, gasSG: 0.72, api: 38 });
    expect(rel(num(metric, 'density'), field * 16.018463)).to.be.below(1e-6);
  });
});
