/**
 * IPR relations against closed forms (Vogel 1968; Fetkovich 1973; composite, Brown 1984), their
 * internal consistency (continuity at pb, a test point reproduced), and well.ipr dispatching to
 * the same numbers as the method-specific functions.
 */
import { expect } from 'chai';
import { attempt, close, failure, run } from './call.js';

describe('well.iprVogel / iprFetkovich / iprComposite', () => {
  it('Vogel: q/qmax = 1 - 0.2 x - 0.8 x^2 and a test point is reproduced', () => {
    const r = run('well.iprVogel', { prPsia: 3000, testRateStbd: 600, testPwfPsia: 1800, pwfPsia: [1800, 3000, 0] });
    close(r.qoStbd[0], 600, 1e-13);
    expect(r.qoStbd[1]).to.equal(0);
    close(r.qoStbd[2], r.qmaxStbd, 1e-15);
  });

  it('composite: continuous at pb, Vogel below with qmax = qb + J pb/1.8; a test below pb gives back its J', () => {
    const r = run('well.iprComposite', { prPsia: 4000, pbPsia: 2500, productivityIndex: 1.2, pwfPsia: [2500 + 1e-9, 2500 - 1e-9, 1000] });
    close(r.qoStbd[0], r.qoStbd[1], 1e-9);
    close(r.qmaxStbd, 1800 + (1.2 * 2500) / 1.8, 1e-13);
    const back = run('well.iprComposite', { prPsia: 4000, pbPsia: 2500, testRateStbd: r.qoStbd[2], testPwfPsia: 1000 });
    close(back.productivityIndex, 1.2, 1e-12);
  });

  it('Fetkovich: a fit to exact data recovers C and n with R2 = 1', () => {
    const pwf = [2800, 2500, 2100, 1600];
    const q = pwf.map((p) => 0.0012 * (3000 ** 2 - p ** 2) ** 0.85);
    const r = run('well.iprFetkovich', { prPsia: 3000, testRateStbd: q, testPwfPsia: pwf });
    close(r.C, 0.0012, 1e-9);
    close(r.n, 0.85, 1e-11);
    close(r.r2, 1, 1e-12);
  });

  it('Darcy J from reservoir data: 0.00708 k h/(mu B (ln(re/rw) - 0.75 + S)); steady state uses - 0.5', () => {
    const pss = run('well.ipr', { iprMethod: 'darcy', prPsia: 3000, kMd: 20, hFt: 40, reFt: 1000, rwFt: 0.3, skin: 3, muCp: 2, boRbStb: 1.2, pwfPsia: 2000 });
    close(pss.productivityIndex, (0.00708 * 800) / (2.4 * (Math.log(1000 / 0.3) - 0.75 + 3)), 1e-13);
    const ss = run('well.ipr', { iprMethod: 'darcy', prPsia: 3000, kMd: 20, hFt: 40, reFt: 1000, rwFt: 0.3, skin: 3, muCp: 2, boRbStb: 1.2, pwfPsia: 2000, flowRegime: 'steadyState' });
    close(ss.productivityIndex, (0.00708 * 800) / (2.4 * (Math.log(1000 / 0.3) - 0.5 + 3)), 1e-13);
    expect(failure('well.ipr', { iprMethod: 'darcy', prPsia: 3000, kMd: 20, hFt: 40, reFt: 1000, rwFt: 0.3, skin: -8, muCp: 2, boRbStb: 1.2 }).reason).to.equal('out_of_range');
  });

  it('well.ipr gives the same numbers as the method-specific functions', () => {
    const v = run('well.ipr', { iprMethod: 'vogel', prPsia: 2500, qmaxStbd: 800, pwfPsia: [0, 1000, 2000] });
    expect(v.qoStbd).to.deep.equal(run('well.iprVogel', { prPsia: 2500, qmaxStbd: 800, pwfPsia: [0, 1000, 2000] }).qoStbd);
    const f = run('well.ipr', { iprMethod: 'fetkovich', prPsia: 2000, C: 0.01, n: 0.7 });
    expect(f.qoStbd).to.deep.equal(run('well.iprFetkovich', { prPsia: 2000, C: 0.01, n: 0.7 }).qoStbd);
    const g = { kMd: 10, hFt: 50, prPsia: 3000, rwFt: 0.35, reFt: 1500, TF: 200, skin: 2, dNonDarcyDPerMscf: 0.001, gasSG: 0.65, pwfPsia: [1500, 500] };
    expect(run('well.ipr', { iprMethod: 'gas', ...g }).qgMscfd).to.deep.equal(run('well.iprGas', g).qgMscfd);
  });
});

describe('well.iprGas', () => {
  const base = { kMd: 10, hFt: 50, prPsia: 3000, rwFt: 0.35, reFt: 1500, TF: 200, skin: 2, gasSG: 0.65 };

  it('with D = 0 the rate is k h dm/(1422 T (ln(re/rw) - 0.75 + S)); D q reduces it; pwf = pr gives 0', () => {
    const darcy = run('well.iprGas', { ...base, pwfPsia: [1500, 3000] });
    close(darcy.qgMscfd[0], (10 * 50 * darcy.deltaPseudoPressure[0]) / (1422 * 659.67 * (Math.log(1500 / 0.35) - 0.75 + 2)), 1e-12);
    expect(darcy.qgMscfd[1]).to.equal(0);
    const nd = run('well.iprGas', { ...base, pwfPsia: 1500, dNonDarcyDPerMscf: 0.001 });
    const q = nd.qgMscfd as number;
    // The quadratic's root satisfies q (L + D q) = K.
    close(q * (Math.log(1500 / 0.35) - 0.75 + 2 + 0.001 * q), (10 * 50 * nd.deltaPseudoPressure) / (1422 * 659.67), 1e-10);
    expect(q).to.be.below(darcy.qgMscfd[0]);
  });

  it('metric call: bara in, sm3/d out, same physics', () => {
    const field = run('well.iprGas', { ...base, pwfPsia: 1500 });
    const metric = run('well.iprGas', { ...base, prPsia: 3000 / 14.503773773, pwfPsia: 1500 / 14.503773773, hFt: 50 * 0.3048, rwFt: 0.35 * 0.3048, reFt: 1500 * 0.3048, TF: (200 - 32) / 1.8, units: 'metric' });
    close(metric.qgMscfd, field.qgMscfd * 28.316846592, 1e-9);
    expect(metric.outputUnits.qgMscfd).to.equal('sm3/d');
  });

  it('pwf above pr is flagged', () => {
    const r = attempt('well.iprGas', { ...base, pwfPsia: 3500 });
    expect(r.ok && r.warnings.join(' ')).to.match(/above pr/);
  });
});

describe('well.productivityIndex and well.chokeFlow', () => {
  it('J, Hawkins damage skin, flow efficiency and the skin from a test agree with each other', () => {
    const r = run('well.productivityIndex', { kMd: 50, hFt: 30, reFt: 1500, rwFt: 0.35, muCp: 1.2, boRbStb: 1.25, damagedZonePermMd: 5, damagedRadiusFt: 2, perforationSkin: 1, rateStbd: 1000 });
    close(r.skinComponents.damageSkin, 9 * Math.log(2 / 0.35), 1e-13);
    close(r.flowEfficiency, r.jStbdPsi / r.jIdealStbdPsi, 1e-13);
    close(r.dpSkinPsi, (141.2 * 1000 * 1.2 * 1.25 * r.totalSkin) / (50 * 30), 1e-13);
    const test = run('well.productivityIndex', { kMd: 50, hFt: 30, reFt: 1500, rwFt: 0.35, muCp: 1.2, boRbStb: 1.25, prPsia: 3000, testRateStbd: r.jStbdPsi * 1000, testPwfPsia: 2000 });
    close(test.skinFromTest, r.totalSkin, 1e-10);
  });

  it('each choke relation round-trips rate and pressure and flags subcritical flow', () => {
    for (const method of ['Gilbert', 'Ros', 'Baxendell', 'Achong']) {
      const p = run('well.chokeFlow', { method, chokeSize64ths: 20, glrScfStb: 600, qLiquidStbd: 1500 });
      const q = run('well.chokeFlow', { method, chokeSize64ths: 20, glrScfStb: 600, upstreamPsia: p.upstreamPsia });
      close(q.qLiquidStbd, 1500, 1e-12, method);
    }
    const sub = attempt('well.chokeFlow', { chokeSize64ths: 16, glrScfStb: 1000, qLiquidStbd: 3000, downstreamPsia: 150 });
    expect(sub.ok && sub.result.critical).to.equal(false);
  });
});
