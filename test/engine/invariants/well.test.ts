/**
 * Physical invariants of the well.* functions over seeded inputs: IPRs vanish at pr and rise as
 * pwf falls, the composite IPR is continuous with slope J at pb and is Vogel when saturated, the
 * Fetkovich fit recovers C and n, Darcy's IPR is J (pr - pwf) with the pseudo-steady-state J,
 * the nodal operating point lies on both the IPR and the VLP, and the choke relations invert.
 */
import { expect } from 'chai';
import { close, run, seeded } from '../well/call.js';

describe('invariants: oil IPRs', () => {
  it('composite: q(pr) = 0, monotone, continuous with slope J at pb, qb = J (pr - pb), qmax = qb + J pb/1.8; saturated = Vogel (seeded)', () => {
    const r = seeded(201);
    for (let i = 0; i < 60; i++) {
      const pr = 1000 + 5000 * r();
      const pb = pr * (0.2 + 0.75 * r());
      const J = 0.1 + 10 * r();
      const pw = Array.from({ length: 41 }, (_, k) => pr * (1 - k / 40));
      const c = run('well.iprComposite', { prPsia: pr, pbPsia: pb, productivityIndex: J, pwfPsia: pw });
      expect(c.qoStbd[0]).to.equal(0);
      // More drawdown, more rate.
      for (let k = 1; k < pw.length; k++) expect(c.qoStbd[k]).to.be.greaterThan(c.qoStbd[k - 1]);
      close(c.qmaxStbd, J * (pr - pb) + (J * pb) / 1.8, 1e-13, 'qmax');
      const e = 1e-6 * pb;
      const at = run('well.iprComposite', { prPsia: pr, pbPsia: pb, productivityIndex: J, pwfPsia: [pb + e, pb, pb - e] });
      close(at.qoStbd[1], J * (pr - pb), 1e-13, 'qb');
      // Vogel's derivative at pb is J (-dq/dpwf = J at the joint); a one-sided difference errs by O(e J/pb).
      close((at.qoStbd[1] - at.qoStbd[0]) / e, J, 1e-8, 'slope above');
      close((at.qoStbd[2] - at.qoStbd[1]) / e, J, 2e-6, 'slope below');
      // pb at or above pr: the whole curve is Vogel's with qmax = J pr/1.8.
      const sat = run('well.iprComposite', { prPsia: pr, pbPsia: pr * 1.01, productivityIndex: J, pwfPsia: [pr / 2] });
      close(sat.qoStbd[0], run('well.iprVogel', { prPsia: pr, qmaxStbd: (J * pr) / 1.8, pwfPsia: [pr / 2] }).qoStbd[0], 1e-13, 'saturated');
      // A composite built from a test point passes through it.
      const qt = 50 + 2000 * r();
      const pt = pr * (0.05 + 0.9 * r());
      close(run('well.iprComposite', { prPsia: pr, pbPsia: pb, testRateStbd: qt, testPwfPsia: pt, pwfPsia: [pt] }).qoStbd[0], qt, 1e-12, 'test point');
    }
  });

  it('Vogel passes through its test point with q(pr) = 0 and q(0) = qmax; Fetkovich is C (pr^2 - pwf^2)^n and its fit recovers C and n (seeded)', () => {
    const r = seeded(202);
    for (let i = 0; i < 40; i++) {
      const pr = 1000 + 4000 * r();
      const qt = 50 + 2000 * r();
      const pt = pr * (0.1 + 0.85 * r());
      const v = run('well.iprVogel', { prPsia: pr, testRateStbd: qt, testPwfPsia: pt, pwfPsia: [pt, pr, 0] });
      close(v.qoStbd[0], qt, 1e-13);
      expect(v.qoStbd[1]).to.equal(0);
      close(v.qoStbd[2], v.qmaxStbd, 1e-13);
      const C = 1e-4 + 1e-2 * r();
      const n = 0.5 + 0.5 * r();
      const f = run('well.iprFetkovich', { prPsia: pr, C, n, pwfPsia: [pr, pr / 2, 0] });
      expect(f.qoStbd[0]).to.equal(0);
      close(f.qoStbd[1], C * (0.75 * pr * pr) ** n, 1e-13);
      close(f.qoStbd[2], f.aofStbd, 1e-13);
      const pts = [0.9, 0.7, 0.5, 0.3].map((x) => pr * x);
      const fit = run('well.iprFetkovich', { prPsia: pr, testRateStbd: pts.map((p) => C * (pr * pr - p * p) ** n), testPwfPsia: pts, pwfPsia: [0] });
      // Exact data: the log-log least squares line is exact up to rounding.
      close(fit.C, C, 1e-11);
      close(fit.n, n, 1e-12);
    }
  });

  it("Darcy's IPR is J (pr - pwf) with well.productivityIndex's pseudo-steady-state J = 0.00708 k h/(mu Bo (ln(re/rw) - 0.75 + s)) (seeded)", () => {
    const r = seeded(203);
    for (let i = 0; i < 60; i++) {
      const p = { kMd: 1 + 500 * r(), hFt: 10 + 190 * r(), reFt: 500 + 2500 * r(), rwFt: 0.25 + 0.25 * r(), muCp: 0.3 + 4.7 * r(), boRbStb: 1 + r() };
      const s = -3 + 13 * r();
      const pr = 1000 + 5000 * r();
      const pi = run('well.productivityIndex', { ...p, perforationSkin: s });
      close(pi.jStbdPsi, (0.00708 * p.kMd * p.hFt) / (p.muCp * p.boRbStb * (Math.log(p.reFt / p.rwFt) - 0.75 + s)), 1e-12, 'J');
      close(pi.flowEfficiency, pi.jStbdPsi / pi.jIdealStbdPsi, 1e-13, 'FE');
      const d = run('well.ipr', { iprMethod: 'darcy', prPsia: pr, ...p, skin: s, pwfPsia: [pr, pr / 2] });
      expect(d.qoStbd[0]).to.equal(0);
      close(d.qoStbd[1], (pi.jStbdPsi * pr) / 2, 1e-12, 'darcy');
    }
  });
});

describe('invariants: well.iprGas and well.nodal', () => {
  it('gas IPR: q(pr) = 0, rising as pwf falls (seeded)', () => {
    const r = seeded(204);
    for (let i = 0; i < 30; i++) {
      const pr = 1000 + 5000 * r();
      const g = run('well.iprGas', { kMd: 0.1 + 50 * r(), hFt: 10 + 190 * r(), prPsia: pr, pwfPsia: [pr, 0.75 * pr, 0.5 * pr, 0.25 * pr, 20], rwFt: 0.3, reFt: 1500, TF: 100 + 240 * r(), skin: 5 * r(), dNonDarcyDPerMscf: 0.01 * r(), gasSG: 0.55 + 0.35 * r() });
      expect(g.qgMscfd[0]).to.equal(0);
      for (let k = 1; k < 5; k++) expect(g.qgMscfd[k]).to.be.greaterThan(g.qgMscfd[k - 1]);
      // AOF is at 14.696 psia, below the last pwf.
      expect(g.aofMscfd).to.be.greaterThan(g.qgMscfd[4]);
    }
  });

  it('the nodal operating point lies on the IPR (well.iprGas) and on the VLP (well.vlp) to the solver tolerance 1e-5', () => {
    for (const vlpMethod of ['BeggsBrill', 'Gray', 'HagedornBrown']) {
      for (const [thp, k] of [[300, 2], [800, 50]] as const) {
        const res = { prPsia: 3000, kMd: k, hFt: 50, reFt: 1500, rwFt: 0.35, skin: 2, dNonDarcyDPerMscf: 0.001, gasSG: 0.65 };
        const tubing = { tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, thpPsia: thp };
        const n = run('well.nodal', { ...res, ...tubing, reservoirTF: 200, vlpMethod });
        expect(n.intersections.length).to.be.greaterThan(0);
        for (const it of n.intersections) {
          const ipr = run('well.iprGas', { ...res, TF: 200, pwfPsia: [it.bhpPsia] });
          close(ipr.qgMscfd[0] / 1000, it.qgMMscfd, 1e-5, `${vlpMethod} ipr`);
          const vlp = run('well.vlp', { wellType: 'gas', vlpMethod, ...tubing, qgMMscfd: it.qgMMscfd, gasSG: 0.65 });
          close(vlp.bhpPsia, it.bhpPsia, 1e-5, `${vlpMethod} vlp`);
          close(n.aofMMscfd, ipr.aofMscfd / 1000, 1e-9, 'aof');
        }
      }
    }
  });

  it('VLP bottom-hole pressure rises with the tubing-head pressure (all else fixed)', () => {
    for (const vlpMethod of ['BeggsBrill', 'Gray', 'HagedornBrown']) {
      let prev = 0;
      for (const thp of [200, 400, 800, 1600]) {
        const v = run('well.vlp', { wellType: 'gas', vlpMethod, tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, thpPsia: thp, qgMMscfd: 5, gasSG: 0.65, cgrStbPerMMscf: 10, qwStbd: 10, condensateApi: 45, oilViscosityCp: 1 });
        expect(v.bhpPsia).to.be.greaterThan(prev);
        prev = v.bhpPsia;
      }
    }
  });
});

describe('invariants: well.chokeFlow', () => {
  it('rate -> upstream pressure -> rate round-trips and follows p = A R^B q/S^C (psig) for every method (seeded)', () => {
    const K: Record<string, [number, number, number]> = { Gilbert: [10, 0.546, 1.89], Ros: [17.4, 0.5, 2], Baxendell: [9.56, 0.546, 1.93], Achong: [3.82, 0.65, 1.88] };
    const r = seeded(205);
    for (let i = 0; i < 80; i++) {
      const method = Object.keys(K)[i % 4] as string;
      const S = 6 + 12 * r();
      const glr = 100 + 4900 * r();
      const q = 50 + 4950 * r();
      const a = run('well.chokeFlow', { method, chokeSize64ths: S, glrScfStb: glr, qLiquidStbd: q });
      const [A, B, C] = K[method] as [number, number, number];
      close(a.upstreamPsia, (A * (glr / 1000) ** B * q) / S ** C + 14.696, 1e-13, method);
      close(run('well.chokeFlow', { method, chokeSize64ths: S, glrScfStb: glr, upstreamPsia: a.upstreamPsia }).qLiquidStbd, q, 1e-13, `${method} round trip`);
    }
  });
});
