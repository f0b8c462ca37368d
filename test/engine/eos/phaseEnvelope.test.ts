/**
 * The phase envelope by continuation (Michelsen 1980) checked against the independent
 * saturation-point solver on every mixture of eos.json and the demo model: points, critical
 * point, cricondenbar, cricondentherm, quality lines.
 */
import { expect } from 'chai';
import { traceEnvelope } from '../../../engine/eos/core/envelope.js';
import { flashPT, Isotherm } from '../../../engine/eos/core/flashPT.js';
import { PhaseModel } from '../../../engine/eos/core/phase.js';
import { bracketSaturation, refineSaturation } from '../../../engine/eos/core/saturation.js';
import { mixtures, psi } from './fluids.js';

const OPTIONS = { pStart: psi(14.696), maxPoints: 2000, pMax: psi(100_000), tMin: 30, tMax: 3000 };

describe('phase envelope (Michelsen 1980 continuation)', () => {
  for (const m of mixtures()) {
    describe(m.name, () => {
      const env = traceEnvelope(m.fluid, m.z, { beta: 0, ...OPTIONS })!;
      const saturations = (T: number) => {
        const pm = new PhaseModel(m.fluid.atTemperature(T, true));
        const br = bracketSaturation(pm, m.z, true);
        return [br.upper && refineSaturation(pm, m.z, br.upper), br.lower && refineSaturation(pm, m.z, br.lower)].filter((s) => s !== null);
      };

      it('closes: from the dew side at 14.696 psia through the critical point back down the bubble side', () => {
        expect(env.complete, env.stopReason).to.equal(true);
        expect(env.critical).to.not.equal(null);
        expect(env.points[0]!.kind).to.equal('dew');
        expect(env.points[env.points.length - 1]!.kind).to.equal('bubble');
      });

      it('every 9th point is a saturation point of the stability-bracketed Newton solver at its temperature (1e-8)', () => {
        for (const p of env.points.filter((_, i) => i % 9 === 4)) {
          const found = saturations(p.T);
          const nearest = Math.min(...found.map((s) => Math.abs(s.P - p.P) / p.P));
          expect(nearest, `T ${p.T.toFixed(3)} K P ${(p.P / 1e5).toFixed(4)} bar`).to.be.at.most(1e-8);
        }
      });

      it('the critical point separates bubble points (below Tc) from dew points (above) at 0.3 K either side', () => {
        const tc = env.critical!.T;
        const [below] = saturations(tc - 0.3);
        const [above] = saturations(tc + 0.3);
        expect(below!.kind).to.equal('bubble');
        expect(above!.kind).to.equal('dew');
        // Near-critical: both points crowd the interpolated critical pressure.
        expect(Math.abs(below!.P - env.critical!.P) / env.critical!.P).to.be.at.most(0.02);
        expect(Math.abs(above!.P - env.critical!.P) / env.critical!.P).to.be.at.most(0.02);
      });

      it('the cricondenbar is the highest pressure and a saturation point; the cricondentherm the highest temperature', () => {
        const cb = env.cricondenbar!;
        const ct = env.cricondentherm!;
        for (const p of env.points) {
          expect(p.P).to.be.at.most(cb.P * (1 + 1e-9));
          expect(p.T).to.be.at.most(ct.T * (1 + 1e-9));
        }
        expect(Math.abs(saturations(cb.T)[0]!.P - cb.P) / cb.P).to.be.at.most(1e-8);
        // Just above the cricondentherm: one phase at every pressure.
        expect(saturations(ct.T + 0.5)).to.have.length(0);
      });

      it('a quality line (vapour fraction 0.5) lies where a flash splits half and half, and ends at the critical region', () => {
        const q = traceEnvelope(m.fluid, m.z, { beta: 0.5, ...OPTIONS })!;
        expect(q.complete, q.stopReason).to.equal(true);
        for (const p of q.points.filter((_, i) => i % 11 === 5)) {
          const r = flashPT(new Isotherm(m.fluid, p.T), m.z, p.P)!;
          expect(r.phases).to.equal(2);
          expect(r.vaporFraction, `T ${p.T} P ${p.P}`).to.be.closeTo(0.5, 1e-7);
        }
      });
    });
  }
});
