/**
 * Physical and mathematical invariants of decline.* over seeded parameters: the cumulative as the
 * integral of the rate, D = -d ln q/dt, q(tLimit) = qLimit, EUR = N(tLimit), continuity of the
 * modified hyperbolic at its switch, round trips of the decline conventions, exact parameter
 * recovery of decline.fit from noiseless data, and decline.forecast against decline.eur.
 */
import { expect } from 'chai';
import { integrate } from '../../../engine/pvt/correlations/quadrature.js';
import { close, run, seeded } from '../well/call.js';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';

const rate1 = (name: string, p: Record<string, unknown>, t: number) => run(name, { ...p, t: [t] }).rate[0] as number;
/** -d ln q/dt by a central difference of step h (error O(h^2 D''')). */
const dlnq = (name: string, p: Record<string, unknown>, t: number, h: number) => -(Math.log(rate1(name, p, t + h)) - Math.log(rate1(name, p, t - h))) / (2 * h);

describe('invariants: decline.arps', () => {
  it('N(T) equals the quadrature of q, D = -dln q/dt, q(tLimit) = qLimit and EUR = decline.eur (150 seeded cases, 0 <= b <= 1)', () => {
    const r = seeded(7);
    for (let i = 0; i < 150; i++) {
      const qi = 10 + 5000 * r();
      const di = 1e-4 + 0.5 * r();
      const b = [0, 1, r(), 0.5 * r()][i % 4] as number;
      // T with D T <= 60: beyond, an exponential rate underflows towards 0 and ln q has no digits.
      const T = Math.min(1 + 2000 * r(), 60 / di);
      const p = { qi, di, b };
      const out = run('decline.arps', { ...p, t: [T] });
      // The cumulative is the integral of the rate (adaptive quadrature at 1e-12: 1e-10 allowed).
      const q = (x: number) => (b === 0 ? qi * Math.exp(-di * x) : qi * (1 + b * di * x) ** (-1 / b));
      close(out.cum[0], integrate(q, 0, T, 1e-12), 1e-10, `cum ${JSON.stringify(p)} T ${T}`);
      // The nominal decline is -d ln q/dt (central difference, h = 1e-5 T: relative error < 1e-8).
      close(out.decline[0], dlnq('decline.arps', p, T, 1e-5 * T), 1e-7, `decline ${JSON.stringify(p)}`);
      const qLimit = qi * (0.001 + 0.9 * r());
      const lim = run('decline.arps', { ...p, t: [0], qLimit });
      // The rate at tLimit is the limit; EUR is the cumulative there and agrees with decline.eur.
      close(rate1('decline.arps', p, lim.tLimit), qLimit, 1e-12, 'q(tLimit)');
      close(lim.eur, run('decline.arps', { ...p, t: [lim.tLimit] }).cum[0], 1e-13, 'eur = N(tLimit)');
      close(lim.eur, run('decline.eur', { ...p, qLimit }).eur, 1e-13, 'decline.eur');
    }
  });

  it('the regimes join continuously: b -> 0 tends to the exponential and b -> 1 to the harmonic (first order in b)', () => {
    for (const di of [0.01, 0.3]) {
      for (const T of [10, 1000]) {
        const e = run('decline.arps', { qi: 1000, di, b: 0, t: [T] });
        const e1 = run('decline.arps', { qi: 1000, di, b: 2e-10, t: [T] });
        // ln q changes by b (D t)^2/2 at first order in b.
        expect(Math.abs(Math.log(e1.rate[0] / e.rate[0]))).to.be.at.most(2e-10 * (di * T) ** 2 + 1e-13);
        close(e1.cum[0], e.cum[0], 1e-8);
        const h = run('decline.arps', { qi: 1000, di, b: 1, t: [T] });
        const h1 = run('decline.arps', { qi: 1000, di, b: 1 + 1e-9, t: [T] });
        close(h1.cum[0], h.cum[0], 1e-7);
      }
    }
  });
});

describe('invariants: decline.modifiedHyperbolic', () => {
  it('rate, nominal decline and cumulative are continuous at tSwitch, D(tSwitch) = dterm, and N is the integral of q (seeded)', () => {
    const r = seeded(8);
    for (let i = 0; i < 60; i++) {
      const qi = 10 + 5000 * r();
      const di = 1e-3 + 0.3 * r();
      const b = 0.1 + 2.4 * r();
      const dterm = di * (0.005 + 0.9 * r());
      const p = { qi, di, b, dterm };
      const ts = run('decline.modifiedHyperbolic', { ...p, t: [0] }).tSwitch as number;
      close(ts, (1 / dterm - 1 / di) / b, 1e-12, 'tSwitch');
      const eps = 1e-9 * ts;
      const o = run('decline.modifiedHyperbolic', { ...p, t: [ts - eps, ts + eps, 2 * ts + 10] });
      // Continuity: the jump over 2 eps is at most the slope times 2 eps (relative D 2 eps, tiny).
      close(o.rate[0], o.rate[1], 4 * di * eps + 1e-13, 'rate');
      close(o.cum[0], o.cum[1], (2 * eps * o.rate[0]) / o.cum[0] + 1e-13, 'cum');
      close(o.decline[0], dterm, 1e-7, 'decline before');
      close(o.decline[1], dterm, 1e-12, 'decline after');
      if (i < 15) {
        const q = (x: number) => rate1('decline.modifiedHyperbolic', p, x);
        close(o.cum[2], integrate(q, 0, ts, 1e-11) + integrate(q, ts, 2 * ts + 10, 1e-11), 1e-9, 'cum vs quadrature');
      }
      const qLimit = qi * (1e-3 + 0.5 * r());
      const m = run('decline.modifiedHyperbolic', { ...p, t: [0], qLimit });
      close(rate1('decline.modifiedHyperbolic', p, m.tLimit), qLimit, 1e-12, 'q(tLimit)');
      close(m.eur, run('decline.eur', { model: 'modifiedHyperbolic', ...p, qLimit }).eur, 1e-13, 'eur');
    }
  });
});

describe('invariants: decline.convertDecline', () => {
  it('round-trips and the definitions: secant = 1 - q(1 yr)/qi of the hyperbola, tangent = 1 - exp(-D) (seeded, b in 0..2)', () => {
    const r = seeded(9);
    for (let i = 0; i < 60; i++) {
      const b = [0, 1, 2 * r()][i % 3] as number;
      const s = 0.01 + 0.94 * r();
      const c = run('decline.convertDecline', { secantEffective: s, b });
      close(run('decline.convertDecline', { nominal: c.nominal, b }).secantEffective, s, 1e-13);
      // From the tangent effective Dt the nominal -ln(1 - Dt) has condition 1/((1 - Dt) D): Dt near 1 keeps few digits of 1 - Dt.
      const cond = 1 / ((1 - c.tangentEffective) * c.nominal);
      close(run('decline.convertDecline', { tangentEffective: c.tangentEffective, b }).nominal, c.nominal, 1e-14 + 2e-16 * cond);
      close(c.tangentEffective, -Math.expm1(-c.nominal), 1e-14);
      // Secant effective is the fraction of the rate lost over the first year of the hyperbola itself.
      close(1 - run('decline.arps', { qi: 1, di: s, b, declineType: 'secantEffective', t: [365.25] }).rate[0], s, 1e-12);
    }
  });
});

describe('invariants: decline.duong, powerLawExponential, stretchedExponential, transientHyperbolic', () => {
  it('N(T2) - N(T1) equals the quadrature of q, D = -dln q/dt, and q(tLimit) = qLimit on a falling curve (seeded)', () => {
    const r = seeded(11);
    const cases: [string, () => Record<string, unknown>][] = [
      ['decline.duong', () => ({ qi: 10 + 3000 * r(), a: 0.5 + 0.4 * r(), m: 1 + 0.5 * r() })],
      ['decline.powerLawExponential', () => ({ qi: 10 + 3000 * r(), di: 0.01 + 0.2 * r(), dinf: 1e-3 * r(), n: 0.05 + 0.9 * r() })],
      ['decline.stretchedExponential', () => ({ qi: 10 + 3000 * r(), tau: 5 + 500 * r(), n: 0.05 + 0.95 * r() })],
      ['decline.transientHyperbolic', () => {
        const bi = 1 + 2 * r();
        return { qi: 10 + 3000 * r(), di: 0.3 + 0.65 * r(), bi, bf: bi * r(), telf: 10 + 190 * r(), bterm: 0.03 + 0.07 * r(), declineType: 'secantEffective' };
      }],
    ];
    for (let i = 0; i < 12; i++) {
      for (const [name, make] of cases) {
        const p = make();
        const T1 = 20 + 200 * r();
        const T2 = T1 * (2 + 8 * r());
        const o = run(name, { ...p, t: [T1, T2] });
        const q = (x: number) => rate1(name, p, x);
        // Quadrature at 1e-11 (the PLE's own cumulative is a 1e-10 quadrature): 1e-9 relative.
        close(o.cum[1] - o.cum[0], integrate(q, T1, T2, 1e-11), 1e-9, `${name} ${JSON.stringify(p)}`);
        close(o.decline[0], dlnq(name, p, T1, 1e-5 * T1), 1e-6, `${name} decline`);
        // Limit at the rate of T2 (after Duong's peak when a < m: the curve falls there).
        const lim = run(name, { ...p, t: [T1], qLimit: o.rate[1] });
        close(rate1(name, p, lim.tLimit), o.rate[1], 1e-9, `${name} q(tLimit)`);
        // Same curve, same time (the PLE cumulative is a 1e-10 quadrature, whose subdivision depends on the call).
        close(lim.eur, run(name, { ...p, t: [lim.tLimit] }).cum[0], 1e-10, `${name} eur`);
      }
    }
  });

  it('the transient hyperbolic rate and cumulative are continuous and its decline never rises across the segment starts', () => {
    const r = seeded(12);
    for (let i = 0; i < 30; i++) {
      const bi = 1 + 2 * r();
      const telf = 10 + 190 * r();
      const p = { qi: 1000, di: 0.3 + 0.65 * r(), bi, bf: bi * r(), telf, bterm: 0.03 + 0.07 * r(), declineType: 'secantEffective' };
      for (const tb of [telf * (Math.E - 1), telf * (Math.E + 1)]) {
        const o = run('decline.transientHyperbolic', { ...p, t: [tb * (1 - 1e-12), tb * (1 + 1e-12)] });
        close(o.rate[0], o.rate[1], 1e-9);
        close(o.cum[0], o.cum[1], 1e-9);
      }
      // D(t) of a declining well is non-increasing (b >= 0 in every segment, the terminal at a lower D).
      const ts = Array.from({ length: 200 }, (_, k) => (k + 1) * telf * 0.2);
      const d = run('decline.transientHyperbolic', { ...p, t: ts }).decline as number[];
      for (let k = 1; k < d.length; k++) expect(d[k]).to.be.at.most((d[k - 1] as number) * (1 + 1e-12));
    }
  });
});

describe('invariants: decline.transientHyperbolic terminal regimes', () => {
  const p = { qi: 1000, di: 0.5, bi: 2, bf: 0.5, telf: 200, declineType: 'secantEffective' };

  it('the exponential terminal decline is a floor reached from above: D never rises, and is dterm from its first crossing on (also before the bf segment)', () => {
    // bterm 0.3 tangent-effective/yr = 0.3567 nominal/yr; D(t) falls through it near t = 420 d,
    // before the bf segment starts at telf (e + 1) = 743.66 d (petbox-dca jumps up to it there).
    const ts = Array.from({ length: 40 }, (_, k) => 20 * (k + 1));
    const out = executeDefinition(findDefinition('decline.transientHyperbolic')!, { ...p, bterm: 0.3, t: ts });
    if (!out.ok) throw new Error(out.message);
    const d = out.result.decline as number[];
    for (let k = 1; k < d.length; k++) expect(d[k], `D at t = ${ts[k]} d vs ${ts[k - 1]} d`).to.be.at.most((d[k - 1] as number) * (1 + 1e-12));
    const dTerm = -Math.log1p(-0.3) / 365.25;
    for (const x of d) expect(x).to.be.at.least(dTerm * (1 - 1e-12));
    close(d[d.length - 1]!, dTerm, 1e-12, 'terminal decline');
    expect(out.warnings.join(' ')).to.match(/before the bf segment starts/);
    // A terminal decline above the initial one is never reached from above: no terminal regime, said so.
    const none = executeDefinition(findDefinition('decline.transientHyperbolic')!, { ...p, di: 0.05, bterm: 0.3, t: [100, 1000] });
    if (!none.ok) throw new Error(none.message);
    expect(none.warnings.join(' ')).to.match(/no terminal regime/);
    close((none.result.rate as number[])[1]!, run('decline.transientHyperbolic', { ...p, di: 0.05, t: [1000] }).rate[0], 1e-14, 'as without bterm');
  });

  it('a ttermYears before the bf segment is moved to 7 telf (petbox-dca) with a warning saying so', () => {
    const at = (xTelf: number) => executeDefinition(findDefinition('decline.transientHyperbolic')!, { ...p, bterm: 0.2, ttermYears: (xTelf * 200) / 365.25, t: [1500] });
    const early = at(3.6);
    const seven = at(7);
    if (!early.ok || !seven.ok) throw new Error('transientHyperbolic failed');
    expect(early.result.cum).to.deep.equal(seven.result.cum);
    expect(early.warnings.join(' ')).to.match(/before the bf segment starts.*7 telf/);
    expect(seven.warnings.join(' ')).to.not.match(/7 telf/);
  });
});

describe('invariants: decline.arps next to the harmonic switch', () => {
  it('the cumulative is the integral of the rate to 1e-10 for b = 1 - 1.01e-10, 1 - 1e-9, 1 - 1e-8 (p = (b - 1)/b, not 1 - 1/b)', () => {
    for (const b of [1 - 1.01e-10, 1 - 1e-9, 1 - 1e-8]) {
      const q = (x: number) => 1000 * Math.exp(-Math.log1p(b * 0.3 * x) / b);
      close(run('decline.arps', { qi: 1000, di: 0.3, b, t: [1000] }).cum[0], integrate(q, 0, 1000, 1e-13), 1e-10, `b = ${b}`);
    }
  });
});

describe('invariants: decline.fit', () => {
  it('recovers the parameters of noiseless synthetic data of every model (relative 1e-8)', () => {
    const t = Array.from({ length: 24 }, (_, i) => i + 1);
    const cases: [string, string, Record<string, number>, string[]][] = [
      ['exponential', 'decline.arps', { qi: 800, di: 0.08, b: 0 }, ['qi', 'di']],
      ['harmonic', 'decline.arps', { qi: 800, di: 0.08, b: 1 }, ['qi', 'di']],
      ['hyperbolic', 'decline.arps', { qi: 800, di: 0.15, b: 0.7 }, ['qi', 'di', 'b']],
      ['modifiedHyperbolic', 'decline.modifiedHyperbolic', { qi: 800, di: 0.3, b: 1.2, dterm: 0.02 }, ['qi', 'di', 'b']],
      ['duong', 'decline.duong', { qi: 800, a: 1.3, m: 1.15 }, ['qi', 'a', 'm']],
      ['powerLawExponential', 'decline.powerLawExponential', { qi: 800, di: 0.3, dinf: 0.002, n: 0.4 }, ['qi', 'di', 'dinf', 'n']],
      ['stretchedExponential', 'decline.stretchedExponential', { qi: 800, tau: 6, n: 0.45 }, ['qi', 'tau', 'n']],
    ];
    for (const [model, fn, p, keys] of cases) {
      const q = run(fn, { ...p, t }).rate;
      for (const objective of ['logRate', 'rate']) {
        const f = run('decline.fit', { t, q, model, objective, ...(model === 'modifiedHyperbolic' ? { dterm: p.dterm } : {}) });
        for (const k of keys) close(f[k], p[k] as number, 1e-8, `${model} ${objective} ${k}`);
      }
    }
  });
});

describe('invariants: decline.forecast', () => {
  it('the monthly volumes add up to uptime x EUR of decline.eur at the limit; companions follow their ratios (seeded)', () => {
    const r = seeded(13);
    for (let i = 0; i < 30; i++) {
      const qi = 50 + 2000 * r();
      const di = 5e-4 + 0.01 * r();
      const b = 1.5 * r();
      const qLimit = qi * (0.01 + 0.3 * r());
      const uptime = 0.5 + 0.5 * r();
      const startDate = ['2026-01-01', '2025-03-17', '2024-02-29', '2023-12-31'][i % 4] as string;
      const f = run('decline.forecast', { qiStbd: qi, di, b, qLimitStbd: qLimit, uptime, startDate, months: 1200, gorScfStb: 800, waterCut: 0.3 });
      const e = run('decline.eur', { qi, di, b, qLimit });
      expect(f.reachedLimit).to.equal(true);
      close(f.cumOilStb, uptime * e.eur, 1e-12, 'cum');
      close(f.cumGasMscf, 0.8 * f.cumOilStb, 1e-12, 'gas');
      close(f.cumWaterStb, (0.3 / 0.7) * f.cumOilStb, 1e-12, 'water');
      // The production stops on the day of tLimit.
      expect(f.endDate).to.equal(new Date(Date.parse(startDate) + e.tLimit * 86_400_000).toISOString().slice(0, 10));
    }
  });
});
