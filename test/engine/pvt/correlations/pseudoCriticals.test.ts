import { expect } from 'chai';
import { piperMcCainCorredor } from '../../../../engine/pvt/correlations/piperMcCainCorredor.js';
import { suttonWichertAziz, wichertAziz } from '../../../../engine/pvt/correlations/suttonWichertAziz.js';
import { gasViscosityLGE } from '../../../../engine/pvt/correlations/gasViscosityLGE.js';

const sweet = { yCO2: 0, yH2S: 0, yN2: 0 };

describe('engine/pvt/correlations pseudo-criticals and viscosity', () => {
  it('Sutton (1985) for a sweet gas of gravity 0.6: Tpc = 169.2 + 349.5(0.6) - 74(0.36) = 352.26 degR, Ppc = 756.8 - 131(0.6) - 3.6(0.36) = 676.904 psia', () => {
    const pc = suttonWichertAziz(0.6, sweet, []);
    expect(pc.tpc).to.be.closeTo(352.26, 1e-9);
    expect(pc.ppc).to.be.closeTo(676.904, 1e-9);
  });

  it('Piper–McCain–Corredor (1993) for a sweet gas of gravity 0.6: J = 0.504411, K = 13.125524 -> Tpc 341.5456 degR, Ppc 677.1175 psia (hand evaluation of Eqs 2.4-2.6)', () => {
    const pc = piperMcCainCorredor(0.6, sweet, []);
    expect(pc.tpc).to.be.closeTo(341.545590701, 1e-6);
    expect(pc.ppc).to.be.closeTo(677.117542106, 1e-6);
  });

  it('Wichert–Aziz with no acid gas changes nothing; with 20% H2S + 10% CO2 eps = 120(0.3^0.9 - 0.3^1.6) + 15(0.2^0.5 - 0.2^4) = 29.80 degR (hand evaluation)', () => {
    expect(wichertAziz({ tpc: 400, ppc: 700 }, 0, 0)).to.deep.equal({ tpc: 400, ppc: 700 });
    const eps = 120 * (0.3 ** 0.9 - 0.3 ** 1.6) + 15 * (0.2 ** 0.5 - 0.2 ** 4);
    expect(eps).to.be.closeTo(29.80, 0.01);
    const pc = wichertAziz({ tpc: 400, ppc: 700 }, 0.1, 0.2);
    expect(pc.tpc).to.be.closeTo(400 - eps, 1e-12);
    expect(pc.ppc).to.be.closeTo((700 * (400 - eps)) / (400 + 0.2 * 0.8 * eps), 1e-12);
  });

  it('LGE viscosity tends to the dilute-gas value 1e-4 K as density -> 0 (Lee, Gonzalez & Eakin 1966, K for M 17.38 at 519.67 degR)', () => {
    const m = 17.382;
    const t = 519.67;
    const k = ((9.379 + 0.01607 * m) * t ** 1.5) / (209.2 + 19.26 * m + t);
    expect(gasViscosityLGE('LGE-McCain', t, 1e-9, m)).to.be.closeTo(1e-4 * k, 1e-12);
  });
});
