/**
 * well.nodal: the operating point is where well.vlp and the IPR functions agree (checked with
 * those functions, not with the solver's own numbers), stability classification, no-flow 422,
 * liquid loading against gas.criticalRate, and the demo project's well (README worked example).
 */
import { expect } from 'chai';
import { findCrossings } from '../../../engine/well/nodal.js';
import { attempt, close, failure, run } from './call.js';

const gasNodal = { thpPsia: 500, tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, prPsia: 3000, reservoirTF: 200, kMd: 10, hFt: 50, reFt: 1500, rwFt: 0.35, skin: 2, dNonDarcyDPerMscf: 0.001, gasSG: 0.65, vlpMethod: 'BeggsBrill' };

/** The demo project's well DN-1 (api/projects/demo.ts): 2.992 in tubing to 9800 ft, 350 psia wellhead, Vogel test 1850 STB/d at 2650 psia, pr 4350 psia at 212 degF, pb 3125 psia. */
export const DEMO_NODAL = {
  iprMethod: 'composite',
  vlpMethod: 'BeggsBrill',
  prPsia: 4350,
  pbPsia: 3125,
  testRateStbd: 1850,
  testPwfPsia: 2650,
  thpPsia: 350,
  tubingIdIn: 2.992,
  mdFt: 9800,
  whtF: 120,
  bhtF: 212,
  api: 38.5,
  gasSG: 0.78,
  rsbScfStb: 950,
  gorScfStb: 1295,
  waterCut: 0.117,
};

describe('well.nodal', () => {
  it('gas well: at the operating point well.vlp and well.iprGas give the same pressure and rate', () => {
    const r = run('well.nodal', gasNodal);
    expect(r.stable).to.equal(true);
    const vlp = run('well.vlp', { thpPsia: 500, tubingIdIn: 2.441, mdFt: 10000, whtF: 100, bhtF: 200, gasSG: 0.65, vlpMethod: 'BeggsBrill', qgMMscfd: r.qgMMscfd });
    close(vlp.bhpPsia, r.bhpPsia, 1e-4);
    const ipr = run('well.iprGas', { kMd: 10, hFt: 50, prPsia: 3000, pwfPsia: r.bhpPsia, rwFt: 0.35, reFt: 1500, TF: 200, skin: 2, dNonDarcyDPerMscf: 0.001, gasSG: 0.65 });
    close(ipr.qgMscfd / 1000, r.qgMMscfd, 1e-3);
    expect(r.ipr.pwfPsia).to.have.length(50);
    expect(r.vlp.qgMMscfd).to.have.length(50);
    expect(r.liquidLoading.belowTurner).to.equal(false);
  });

  it('the demo well DN-1 flows at a physically sensible point (README worked example)', () => {
    const r = run('well.nodal', DEMO_NODAL);
    expect(r.stable).to.equal(true);
    expect(r.qLiquidStbd).to.be.within(1000, r.aofStbd);
    expect(r.bhpPsia).to.be.within(350, 4350);
    // The intersection: the composite IPR through the test point gives the same pressure at that rate.
    const ipr = run('well.iprComposite', { prPsia: 4350, pbPsia: 3125, testRateStbd: 1850, testPwfPsia: 2650, pwfPsia: r.bhpPsia });
    close(ipr.qoStbd, r.qLiquidStbd, 1e-6);
    const vlp = run('well.vlp', { vlpMethod: 'BeggsBrill', thpPsia: 350, tubingIdIn: 2.992, mdFt: 9800, whtF: 120, bhtF: 212, api: 38.5, gasSG: 0.78, rsbScfStb: 950, pbPsia: 3125, gorScfStb: 1295, waterCut: 0.117, qLiquidStbd: r.qLiquidStbd });
    close(vlp.bhpPsia, r.bhpPsia, 1e-4);
  });

  it('a tubing-head pressure the reservoir cannot lift against is a 422 with the reason', () => {
    const f = failure('well.nodal', { ...gasNodal, thpPsia: 2900 });
    expect(f.reason).to.equal('no_solution');
    expect(f.message).to.match(/no intersection/);
  });

  it('a tight gas well producing water below the Turner rate is flagged', () => {
    const r = attempt('well.nodal', { ...gasNodal, kMd: 0.3, qwStbd: 5, thpPsia: 200, prPsia: 2000, dNonDarcyDPerMscf: 0, vlpMethod: 'Gray' });
    if (!r.ok) throw new Error(r.message);
    const crit = run('gas.criticalRate', { psia: 200, TF: 100, tubingIdIn: 2.441, gasSG: 0.65, liquid: 'water' });
    close(r.result.liquidLoading.turnerMMscfd, crit.qcTurnerMscfd / 1000, 1e-12);
    expect(r.result.qgMMscfd).to.be.below(crit.qcTurnerMscfd / 1000);
    expect(r.result.liquidLoading.belowTurner).to.equal(true);
    expect(r.warnings.join(' ')).to.match(/below the Turner critical rate/);
  });

  it('crossings: VLP rising through the IPR is stable, falling through it unstable', () => {
    const rates = [1, 2, 3, 4, 5];
    // f = bhp_VLP - pwf_IPR: negative then positive then negative (rises through at 1.5, falls through at 4.5).
    const f = (q: number) => -(q - 1.5) * (q - 4.5);
    expect(findCrossings(rates, rates.map(f), f).map((c) => c.stable)).to.deep.equal([true, false]);
    const g = (q: number) => (q - 1.5) * (q - 4.5);
    const c2 = findCrossings(rates, rates.map(g), g);
    close(c2[0]!.rate, 1.5, 1e-5);
    expect(c2.map((c) => c.stable)).to.deep.equal([false, true]);
  });
});
