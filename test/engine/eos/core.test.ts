/** The EOS core pieces: cubic roots, ln phi derivatives, Rachford-Rice, pure-component vapour pressure. */
import { expect } from 'chai';
import { cubicRoots } from '../../../engine/eos/core/cubicRoots.js';
import { Fluid } from '../../../engine/eos/core/fluid.js';
import { PhaseModel } from '../../../engine/eos/core/phase.js';
import { solveRachfordRice, phaseCompositions } from '../../../engine/eos/core/rachfordRice.js';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import { vapourPressure } from '../../../engine/eos/core/vapourPressure.js';
import { buildFluid } from '../../../engine/eos/fluidInput.js';
import { EOS_VECTORS, vectorFluidInput } from './fluids.js';

describe('eos core', () => {
  describe('cubicRoots', () => {
    it('finds three known roots to machine precision, sorted: (z - 0.05)(z - 0.3)(z - 0.9)', () => {
      const [a, b, c] = [0.05, 0.3, 0.9];
      const r = cubicRoots(-(a + b + c), a * b + a * c + b * c, -a * b * c);
      expect(r).to.have.length(3);
      r.forEach((z, i) => expect(z).to.be.closeTo([a, b, c][i]!, 1e-15));
    });

    it('keeps a nearly double root accurate (roots 0.3, 0.3 + 1e-9, 0.7): the closed form alone loses half the digits', () => {
      const [a, b, c] = [0.3, 0.3 + 1e-9, 0.7];
      const r = cubicRoots(-(a + b + c), a * b + a * c + b * c, -a * b * c);
      expect(r[r.length - 1]).to.be.closeTo(0.7, 1e-14);
      for (const z of r) expect(((z + -(a + b + c)) * z + (a * b + a * c + b * c)) * z - a * b * c).to.be.closeTo(0, 1e-16);
    });

    it('has one real root when the others are complex, and none for non-finite coefficients', () => {
      expect(cubicRoots(0, 1, -2)).to.have.length(1); // z^3 + z - 2 = (z - 1)(z^2 + z + 2)
      expect(cubicRoots(0, 1, -2)[0]).to.be.closeTo(1, 1e-15);
      expect(cubicRoots(NaN, 0, 0)).to.deep.equal([]);
    });
  });

  describe('PhaseModel derivatives (Michelsen & Mollerup 2007 ch. 3)', () => {
    const v = EOS_VECTORS.find((x) => x.id === 'flash-PR-blackOil-200F-1000psia')!;
    const { fluid } = buildFluid(vectorFluidInput(v));
    const T = 380;
    const P = 60e5;
    const x = [0.002, 0.01, 0.35, 0.07, 0.06, 0.05, 0.04, 0.04, 0.378];
    for (const root of ['liquid', 'vapour'] as const) {
      it(`d ln phi / d n, d P and d T on the ${root} root agree with central differences`, () => {
        const pm = new PhaseModel(fluid.atTemperature(T, true));
        const ph = pm.evaluate(x, P, root)!;
        const d = pm.derivatives(ph, true);
        const n = x.length;
        const h = 1e-7;
        for (let j = 0; j < n; j++) {
          const up = pm.evaluate(x.map((v, k) => (k === j ? v + h : v)), P, root)!;
          const dn = pm.evaluate(x.map((v, k) => (k === j ? v - h : v)), P, root)!;
          for (let i = 0; i < n; i++) expect(d.dn[i * n + j]!, `dn[${i}][${j}]`).to.be.closeTo((up.lnPhi[i]! - dn.lnPhi[i]!) / (2 * h), 1e-6);
        }
        const pu = pm.evaluate(x, P * (1 + 1e-6), root)!;
        const pd = pm.evaluate(x, P * (1 - 1e-6), root)!;
        const tu = new PhaseModel(fluid.atTemperature(T + 1e-4)).evaluate(x, P, root)!;
        const td = new PhaseModel(fluid.atTemperature(T - 1e-4)).evaluate(x, P, root)!;
        for (let i = 0; i < n; i++) {
          expect(d.dP[i]! * P).to.be.closeTo(((pu.lnPhi[i]! - pd.lnPhi[i]!) / 2e-6), 1e-7);
          expect(d.dT![i]!).to.be.closeTo((tu.lnPhi[i]! - td.lnPhi[i]!) / 2e-4, 1e-8);
        }
      });
    }
  });

  describe('solveRachfordRice (Whitson & Michelsen 1989 negative flash)', () => {
    it('solves between the asymptotes: K = 1.01, 0.5 gives V = -59.2 (eos.json rr-85)', () => {
      const r = solveRachfordRice([0.4, 0.6], [1.01, 0.5]);
      expect(r.kind).to.equal('root');
      if (r.kind === 'root') expect(r.beta).to.be.closeTo(-59.2, 1e-9);
    });

    it('reports one phase, not an error, when every K is on one side of 1', () => {
      expect(solveRachfordRice([0.5, 0.5], [2, 3]).kind).to.equal('vapour');
      expect(solveRachfordRice([0.5, 0.5], [0.2, 0.9]).kind).to.equal('liquid');
    });

    it('stays accurate with K spanning 30 orders of magnitude: x and y each sum to 1', () => {
      const z = [0.4, 0.3, 0.2, 0.1];
      const K = [1e12, 3, 1e-3, 1e-18];
      const r = solveRachfordRice(z, K);
      expect(r.kind).to.equal('root');
      if (r.kind !== 'root') return;
      const { x, y } = phaseCompositions(z, K, r.beta);
      expect(x.reduce((a, b) => a + b, 0)).to.be.closeTo(1, 1e-12);
      expect(y.reduce((a, b) => a + b, 0)).to.be.closeTo(1, 1e-12);
    });

    // Roots within a rounding error of an asymptote, or where 1 + V (K - 1) overflows: eos.rachfordRice
    // falls back to the pole form solved for the distance from the asymptote. Expected: mpmath at 60
    // digits, bisection on sum z / (V - p_i) between the poles (scratch script), rounded to 12 digits.
    const hard: [string, number[], number[], number, number[], number[]][] = [
      ['K = 1e300 beside K = 1 - 1.1e-15 (V = 4.578e14)', [0.45747828635353643, 0.5425217136464636], [1e300, 0.999999999999999], 457844231100417.7, [9.9920072216264e-316, 1], [9.9920072216264e-16, 0.999999999999999]],
      ['K = 1 + 1.1e-15 beside K = 0.5 (V = -4.5e14)', [0.5, 0.5], [1.000000000000001, 0.5], -450359962737048.6, [0.99999999999999778, 2.2204460492503e-15], [0.99999999999999889, 1.1102230246252e-15]],
      ['K = 1e-300 (the asymptote 1/(1 - K) rounds to 1)', [0.3, 0.7], [1e-300, 2], 0.4, [0.5, 0.5], [5e-301, 1]],
      ['K = 1e-17', [0.6, 0.4], [1e-17, 3], 0.1, [2 / 3, 1 / 3], [6.6666666666667e-18, 1]],
    ];
    for (const [title, z, K, beta, x, y] of hard) {
      it(`eos.rachfordRice near an asymptote: ${title}`, () => {
        const out = executeDefinition(findDefinition('eos.rachfordRice')!, { z, K });
        expect(out.ok, JSON.stringify(out)).to.equal(true);
        if (!out.ok) return;
        const r = out.result as { vaporFraction: number; x: number[]; y: number[] };
        expect(r.vaporFraction).to.be.closeTo(beta, 1e-12 * Math.max(1, Math.abs(beta)));
        r.x.forEach((v, i) => expect(v, `x[${i}]`).to.be.closeTo(x[i]!, 1e-12 * Math.max(x[i]!, 1e-300) + (x[i]! < 1e-300 ? 1e-323 : 0)));
        r.y.forEach((v, i) => expect(v, `y[${i}]`).to.be.closeTo(y[i]!, 1e-12 * y[i]!));
      });
    }
  });

  describe('vapourPressure', () => {
    it('matches every psatBarAtT of eos.json within 1e-9 (thermo 0.6.1), and is null at or above Tc', () => {
      for (const v of EOS_VECTORS.filter((x) => x.function === 'eos.pureComponent')) {
        const { fluid } = buildFluid({ ...vectorFluidInput(v), composition: [1] });
        const p = vapourPressure(fluid as Fluid, 0, (v.inputs.TF + 459.67) / 1.8);
        if (v.expected.psatBarAtT === null) expect(p, v.id).to.equal(null);
        else expect(p! / 1e5, v.id).to.be.closeTo(v.expected.psatBarAtT, 1e-9 * v.expected.psatBarAtT);
      }
    });
  });
});
