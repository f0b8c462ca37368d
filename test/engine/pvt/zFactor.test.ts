import { expect } from 'chai';
import { executeDefinition } from '../../../engine/execute.js';
import { validateInput } from '../../../engine/validation.js';
import { zFactor } from '../../../engine/pvt/zFactor.js';
import { zDAK } from '../../../engine/pvt/correlations/zDAK.js';
import { zHallYarborough } from '../../../engine/pvt/correlations/zHallYarborough.js';

const call = (body: Record<string, unknown>) => {
  const v = validateInput(zFactor as never, body);
  if (!v.ok) throw new Error(v.message);
  return executeDefinition(zFactor as never, v.input);
};
const ok = (body: Record<string, unknown>) => {
  const r = call(body);
  if (!r.ok) throw new Error(r.message);
  return r as { ok: true; result: { z: number; dzdppr: number }; warnings: string[] };
};

describe('pvt.zFactor', () => {
  it('DAK at Ppr 0.5, Tpr 1.3 is 0.9203019 (R zFactor 0.1.9 vignette Beggs-Brill.Rmd)', () => {
    expect(ok({ ppr: 0.5, tpr: 1.3 }).result.z).to.be.closeTo(0.9203019, 1e-6);
  });

  it('HY at Ppr 0.5, Tpr 1.3 is 0.91763 (R zFactor 0.1.9 vignette Beggs-Brill.Rmd)', () => {
    expect(ok({ ppr: 0.5, tpr: 1.3, zMethod: 'HY' }).result.z).to.be.closeTo(0.91763, 1e-5);
  });

  it('reads the Standing–Katz chart: Ppr 3.006, Tpr 1.5 -> z 0.776 (chart as digitized in R zFactor 0.1.9, sk_lp_tpr_150; +-1.5%)', () => {
    for (const zMethod of ['DAK', 'HY']) expect(ok({ ppr: 3.006, tpr: 1.5, zMethod }).result.z).to.be.closeTo(0.776, 0.776 * 0.015);
  });

  it('tends to the ideal gas (z -> 1) as Ppr -> 0', () => {
    for (const zMethod of ['DAK', 'HY']) expect(ok({ ppr: 1e-6, tpr: 1.5, zMethod }).result.z).to.be.closeTo(1, 1e-6);
  });

  it('dz/dPpr equals a central difference of z (both methods, across the chart)', () => {
    const h = 1e-5;
    for (const f of [zDAK, zHallYarborough]) {
      for (const [ppr, tpr] of [[0.05, 1.2], [1.5, 1.3], [2.9, 1.6], [8, 1.1], [15, 2], [25, 2.8]] as const) {
        const r = f(ppr, tpr);
        const fd = ((f(ppr + h, tpr)?.z as number) - (f(ppr - h, tpr)?.z as number)) / (2 * h);
        expect(r?.dzdppr, `${f.name} ${ppr} ${tpr}`).to.be.closeTo(fd, 1e-7);
      }
    }
  });

  it('returns finite z for every point of the validated grids (DAK 0.2-30 x 1.05-3, HY 0.1-24 x 1.2-3)', () => {
    for (const [zMethod, pMax, tMin] of [['DAK', 30, 1.05], ['HY', 24, 1.2]] as const) {
      for (let ppr = 0.2; ppr <= pMax; ppr += 0.37) {
        for (let tpr = tMin; tpr <= 3; tpr += 0.05) {
          const r = ok({ ppr, tpr, zMethod });
          expect(Number.isFinite(r.result.z) && r.result.z > 0, `${zMethod} ${ppr} ${tpr}`).to.equal(true);
          expect(r.warnings, `${zMethod} ${ppr} ${tpr}`).to.deep.equal([]);
        }
      }
    }
  });

  describe('outside the validated range', () => {
    it('when Ppr is above 30 (DAK), then the result comes back with a warning', () => {
      const r = ok({ ppr: 35, tpr: 1.5 });
      expect(r.result.z).to.be.greaterThan(1);
      expect(r.warnings.join(' ')).to.match(/Ppr 35 .*above/);
    });
    it('when Tpr is 0.9 with Ppr < 1, then DAK is inside its low-temperature region (no warning)', () => {
      expect(ok({ ppr: 0.5, tpr: 0.9 }).warnings).to.deep.equal([]);
    });
    it('when Tpr is 0.9 with Ppr 3, then DAK warns about Tpr', () => {
      const r = call({ ppr: 3, tpr: 0.9 });
      if (r.ok) expect(r.warnings.join(' ')).to.match(/Tpr 0.9 .*below/);
      else expect(r.reason).to.equal('no_solution');
    });
    it('when Tpr is 1.1 (HY), then a warning names the HY range', () => {
      expect(ok({ ppr: 2, tpr: 1.1, zMethod: 'HY' }).warnings.join(' ')).to.match(/Tpr 1.1 .*Hall/);
    });
  });

  describe('never NaN', () => {
    it('far outside any fit (Tpr 0.3-0.9, Ppr 0.01-40) the answer is a finite z or a no_solution failure', () => {
      for (const zMethod of ['DAK', 'HY']) {
        for (const tpr of [0.3, 0.5, 0.7, 0.9]) {
          for (const ppr of [0.01, 0.5, 2, 10, 40]) {
            const r = call({ ppr, tpr, zMethod });
            if (r.ok) expect(Number.isFinite(r.result.z) && Number.isFinite(r.result.dzdppr), `${zMethod} ${ppr} ${tpr}`).to.equal(true);
            else expect(r.reason).to.equal('no_solution');
          }
        }
      }
    });
    it('rejects Ppr <= 0 and Tpr <= 0 at validation', () => {
      const v = validateInput(zFactor as never, { ppr: 0, tpr: -1 });
      expect(v.ok).to.equal(false);
      if (!v.ok) expect(Object.keys(v.fields)).to.have.members(['ppr', 'tpr']);
    });
    it('rejects an unknown method with the valid ones', () => {
      const v = validateInput(zFactor as never, { ppr: 1, tpr: 1.5, zMethod: 'Papay' });
      expect(v.ok).to.equal(false);
      if (!v.ok) expect(v.fields.zMethod).to.match(/DAK, HY/);
    });
  });
});
