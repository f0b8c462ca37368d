/**
 * Physical invariants of eos.flash and eos.saturationPressure over seeded temperatures and
 * pressures for a gas condensate and a volatile oil: material balance, the phase split, the feed
 * molar mass, and the flash next to the computed saturation pressure.
 */
import { expect } from 'chai';
import { close, run, seeded } from '../well/call.js';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import { selectFluidModel } from '../../../engine/eos/model/fluidModel.js';
import { DEMO_PROJECT_DATA } from '../../../api/projects/demo.js';

const GAS = { components: ['N2', 'CO2', 'C1', 'C2', 'C3', 'nC4', 'nC5', 'nC6', 'nC10'], composition: [0.005, 0.02, 0.75, 0.08, 0.05, 0.03, 0.02, 0.015, 0.03], eos: 'PR' };
const OIL = { components: ['N2', 'CO2', 'C1', 'C2', 'C3', 'nC4', 'nC5', 'nC6', 'nC10'], composition: [0.003, 0.01, 0.4, 0.07, 0.06, 0.05, 0.04, 0.06, 0.307], eos: 'SRK' };

describe('invariants: eos.flash', () => {
  it('two-phase splits conserve every component, sum to 1, K = y/x, V in (0,1), and the feed MW splits by moles (40 seeded T, p)', () => {
    const r = seeded(101);
    let twoPhase = 0;
    for (let i = 0; i < 40; i++) {
      const fluid = i % 2 ? GAS : OIL;
      const TF = 0 + 250 * r();
      const psia = 50 + 3000 * r();
      const f = run('eos.flash', { ...fluid, TF, psia });
      if (f.phaseCount !== 2) continue;
      twoPhase++;
      const V = f.vaporFraction as number;
      expect(V).to.be.greaterThan(0).and.lessThan(1);
      // Converged split: equal fugacities to the solver's tolerance.
      expect(f.converged).to.equal(true);
      expect(f.residual).to.be.at.most(1e-8);
      // Material balance z_i = V y_i + (1 - V) x_i (exact algebra of the split: 1e-12).
      fluid.composition.forEach((z, k) => expect(Math.abs(V * f.y[k] + (1 - V) * f.x[k] - z)).to.be.at.most(1e-12));
      expect(Math.abs(f.x.reduce((a: number, b: number) => a + b, 0) - 1)).to.be.at.most(1e-12);
      expect(Math.abs(f.y.reduce((a: number, b: number) => a + b, 0) - 1)).to.be.at.most(1e-12);
      f.K.forEach((K: number, k: number) => expect(Math.abs(K - f.y[k] / f.x[k])).to.be.at.most(1e-10 * K));
      // Molar masses add by moles: MW = V MWv + (1 - V) MWl.
      expect(Math.abs(V * f.vaporMW + (1 - V) * f.liquidMW - f.MW)).to.be.at.most(1e-10 * f.MW);
      // The vapour is the lighter phase by mass density.
      expect(f.vaporDensityLbft3).to.be.at.most(f.liquidDensityLbft3);
    }
    expect(twoPhase).to.be.greaterThan(10);
  });
});

describe('invariants: eos.saturationPressure', () => {
  it('a flash just inside the saturation pressure has a vanishing incipient phase whose composition is the incipient one', () => {
    for (const [fluid, kind, TF] of [
      [GAS, 'dew', 100],
      [GAS, 'dew', 200],
      [OIL, 'bubble', 150],
      [OIL, 'bubble', 250],
    ] as const) {
      const s = run('eos.saturationPressure', { ...fluid, TF, kind, branch: 'upper' });
      expect(s.converged).to.equal(true);
      // Above the upper saturation pressure the feed is one phase.
      const above = run('eos.flash', { ...fluid, TF, psia: s.psatPsia * 1.002 });
      expect(above.phaseCount, `${kind} ${TF} above`).to.equal(1);
      // 0.02% inside: the incipient phase fraction is small (linear in the distance to psat) and its
      // composition tends to the incipient composition (same first-order distance).
      const inside = run('eos.flash', { ...fluid, TF, psia: s.psatPsia * 0.9998 });
      expect(inside.phaseCount, `${kind} ${TF} inside`).to.equal(2);
      const minor = kind === 'dew' ? 1 - inside.vaporFraction : inside.vaporFraction;
      expect(minor).to.be.at.most(0.01);
      const incipient = kind === 'dew' ? inside.x : inside.y;
      s.incipientPhaseComposition.forEach((w: number, k: number) => expect(Math.abs(incipient[k] - w)).to.be.at.most(5e-3));
    }
  });
});

describe('invariants: eos.phaseEnvelope', () => {
  it('envelope points are saturation points: one phase just outside, two just inside, and eos.saturationPressure finds the same pressure', () => {
    for (const fluid of [GAS, OIL]) {
      const pe = run('eos.phaseEnvelope', { ...fluid, maxPoints: 400 });
      expect(pe.complete).to.equal(true);
      // The cricondenbar and cricondentherm bound every traced point (they are refined maxima).
      expect(Math.max(...pe.psia)).to.be.at.most(pe.cricondenbar.psia * (1 + 1e-9));
      expect(Math.max(...pe.TF)).to.be.at.most(pe.cricondentherm.TF + 1e-9);
      const step = Math.floor(pe.TF.length / 8);
      for (let i = 3; i < pe.TF.length; i += step) {
        const TF = pe.TF[i] as number;
        const p = pe.psia[i] as number;
        const kind = pe.kind[i] as string;
        const up = run('eos.flash', { ...fluid, TF, psia: p * 1.003 }).phaseCount;
        const dn = run('eos.flash', { ...fluid, TF, psia: p * 0.997 }).phaseCount;
        // Exactly one side of a saturation point is two-phase (0.3% either side).
        expect(up + dn, `${TF} ${p}`).to.equal(3);
        // The upper branch (one phase above) is what saturationPressure 'upper' returns; the lower one 'lower'.
        const s = run('eos.saturationPressure', { ...fluid, TF, kind, branch: up === 1 ? 'upper' : 'lower' });
        close(s.psatPsia, p, 1e-6, `${kind} at ${TF} F`);
      }
    }
  });
});

describe('invariants: eos.characterizePlus, eos.pureComponent, eos.rachfordRice', () => {
  it('characterizePlus conserves the plus fraction moles, mass and (by Whitson) volume, in groups and SCNs (seeded)', () => {
    const r = seeded(102);
    for (let i = 0; i < 12; i++) {
      const zPlus = 0.05 + 0.4 * r();
      const MW = 100 + 300 * r();
      const SG = 0.75 + 0.004 * (MW - 100) * 0.3 + 0.03 * r();
      const groups = 2 + (i % 4);
      const c = run('eos.characterizePlus', { zPlus, MW, SG, groups });
      for (const key of ['pseudoComponents', 'scn']) {
        const list = c[key] as { moleFraction: number; MW: number; SG: number }[];
        const z = list.reduce((s, g) => s + g.moleFraction, 0);
        const m = list.reduce((s, g) => s + g.moleFraction * g.MW, 0);
        const v = list.reduce((s, g) => s + (g.moleFraction * g.MW) / g.SG, 0);
        close(z, zPlus, 1e-10, `${key} moles`);
        close(m, zPlus * MW, 1e-10, `${key} mass`);
        close(v, (zPlus * MW) / SG, 1e-8, `${key} volume`);
      }
    }
  });

  it('pureComponent: at its own psat the liquid and vapour roots have equal fugacity coefficients', () => {
    for (const [c, TF] of [['C1', -150], ['C3', 50], ['nC10', 300], ['CO2', 50], ['N2', -250]] as const) {
      for (const eos of ['PR', 'SRK']) {
        const psat = run('eos.pureComponent', { components: [c], eos, TF, psia: 100 }).psatPsia as number;
        const at = run('eos.pureComponent', { components: [c], eos, TF, psia: psat });
        expect(at.roots).to.equal(3);
        expect(Math.abs(at.lnPhiLiquid - at.lnPhiVapor), `${c} ${eos}`).to.be.at.most(1e-9);
      }
    }
  });

  it('rachfordRice: the split balances the feed and both phases sum to 1 (seeded K, z)', () => {
    const r = seeded(103);
    for (let i = 0; i < 100; i++) {
      const n = 2 + (i % 8);
      const zr = Array.from({ length: n }, () => 0.01 + r());
      const s = zr.reduce((a, b) => a + b, 0);
      const z = zr.map((v) => v / s);
      const K = Array.from({ length: n }, (_, k) => (k === 0 ? 1.5 + 20 * r() : k === n - 1 ? 0.01 + 0.5 * r() : Math.exp(4 * r() - 2)));
      const o = run('eos.rachfordRice', { z, K });
      if (o.phase !== 'two-phase') continue;
      const V = o.vaporFraction;
      z.forEach((zi, k) => {
        expect(Math.abs(V * o.y[k] + (1 - V) * o.x[k] - zi)).to.be.at.most(1e-12);
        close(o.y[k], (K[k] as number) * o.x[k], 1e-12);
      });
      expect(Math.abs(o.x.reduce((a: number, b: number) => a + b, 0) - 1)).to.be.at.most(1e-10);
    }
  });
});

describe('invariants: eos.model lab tests (demo volatile oil, PR78)', () => {
  const model = selectFluidModel(DEMO_PROJECT_DATA, 'volatile-oil-pr78', { projectId: 'demo', versionId: null });
  const lab = (name: string, input: Record<string, unknown>) => {
    if (!model.ok) throw new Error('demo model');
    const out = executeDefinition(findDefinition(name)!, { projectId: 'demo', fluidModelId: 'volatile-oil-pr78', fluidModel: model.model, ...input });
    if (!out.ok) throw new Error(out.message);
    return out.result as Record<string, any>;
  };

  it('CCE: relative volume 1 at psat, above it one phase and shrinking with pressure; the first CVD stage is the CCE stage; DL Btd = Bod + Bg (Rsdb - Rsd)', () => {
    const psat = lab('eos.model.saturationPressure', { TF: 212 }).psatPsia as number;
    const ps = [5000, 4000, psat, 0.96 * psat, 0.64 * psat, 0.32 * psat];
    const cce = lab('eos.model.cce', { TF: 212, psia: ps });
    close(cce.relativeVolume[2], 1, 1e-9, 'Vrel(psat)');
    expect(cce.phaseCount.slice(0, 3)).to.deep.equal([1, 1, 1]);
    expect(cce.phaseCount.slice(3)).to.deep.equal([2, 2, 2]);
    // Isothermal compressibility > 0: the volume grows as the pressure falls.
    for (let k = 1; k < ps.length; k++) expect(cce.relativeVolume[k]).to.be.greaterThan(cce.relativeVolume[k - 1]);
    // The relative volume is the inverse ratio of the mixture densities (same moles).
    ps.forEach((_, k) => close(cce.relativeVolume[k], cce.densityLbft3[2] / cce.densityLbft3[k], 1e-9, `Vrel ${k}`));
    // Y function (psat - p)/(p (Vrel - 1)) below psat.
    for (let k = 3; k < ps.length; k++) close(cce.yFunction[k], (psat - (ps[k] as number)) / ((ps[k] as number) * (cce.relativeVolume[k] - 1)), 1e-9, 'Y');
    // CVD's first stage is a CCE flash of the saturated fluid at the same pressure: same liquid dropout.
    const cvd = lab('eos.model.cvd', { TF: 212, psia: [0.96 * psat] });
    close(cvd.liquidDropoutPercent[1], cce.liquidDropoutPercent[3], 1e-9, 'CVD = CCE at the first stage');
    const dl = lab('eos.model.differentialLiberation', { TF: 212, psia: [0.96 * psat, 0.64 * psat, 0.32 * psat, 500] });
    close(dl.bod[0], dl.bodb, 1e-12);
    dl.psia.forEach((_: number, k: number) => {
      if (k === 0) return;
      close(dl.btd[k], dl.bod[k] + ((dl.rsdbScfPerBbl - dl.rsdScfPerBbl[k]) * dl.gasFvfRbPerMscf[k]) / 1000, 1e-12, 'Btd');
      // Oil shrinks and gives off gas as the pressure falls.
      expect(dl.bod[k]).to.be.lessThan(dl.bod[k - 1]);
      expect(dl.rsdScfPerBbl[k]).to.be.lessThan(dl.rsdScfPerBbl[k - 1]);
    });
    const sep = lab('eos.model.separatorTest', { TF: 212, stages: [{ psia: 100, TF: 75 }] });
    close(sep.totalGorScfPerStb, sep.gorScfPerStb.reduce((a: number, b: number) => a + b, 0), 1e-12, 'total GOR');
  });

  it('CVD two-phase Z follows Whitson & Torp: Z2ph = p Vd/((1 - np) R T), i.e. Z2ph (1 - np) psat/p = Zsat at every stage (volatile oil and a lean condensate)', () => {
    // A lean gas condensate on the demo model's components (N2 ... C7+): dew point ~4834 psia at 212 degF.
    const condensate = [0.005, 0.02, 0.78, 0.08, 0.04, 0.01, 0.012, 0.006, 0.006, 0.008, 0.033];
    for (const composition of [undefined, condensate]) {
      const fluid = composition && model.ok ? { fluidModel: { ...model.model, composition } } : {};
      const psat = lab('eos.model.saturationPressure', { TF: 212, ...fluid }).psatPsia as number;
      const cvd = lab('eos.model.cvd', { TF: 212, psia: [0.9, 0.7, 0.5, 0.3, 0.1].map((f) => f * psat), ...fluid });
      const zSat = cvd.twoPhaseZ[0] as number;
      cvd.psia.forEach((p: number, k: number) => {
        // The cell holds Vd at every stage and (1 - np) of the initial moles after the stage's removal.
        const want = (zSat * (p / psat)) / (1 - cvd.producedMolesPercent[k] / 100);
        close(cvd.twoPhaseZ[k], want, 1e-9, `${composition ? 'condensate' : 'volatile oil'} at ${p.toFixed(1)} psia`);
      });
    }
  });
});
