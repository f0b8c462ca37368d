/**
 * The laboratory experiments on the demo model: separator test and differential liberation
 * against an independent re-implementation of the same bookkeeping on thermo 0.6.1 PR78 flashes
 * (same constants and kij, no volume shift: thermo's PR78MIX has none); CCE and CVD by their
 * definitions (relative volume 1 at the saturation point, moles conserved).
 */
import { expect } from 'chai';
import { kelvinFromF, R } from '../../../engine/eos/core/constants.js';
import { buildFluid } from '../../../engine/eos/fluidInput.js';
import { constantCompositionExpansion } from '../../../engine/eos/lab/cce.js';
import { FT3_PER_M3, Lab, M3_PER_BBL, P_SC, splitOf, T_SC } from '../../../engine/eos/lab/common.js';
import { constantVolumeDepletion } from '../../../engine/eos/lab/cvd.js';
import { differentialLiberation } from '../../../engine/eos/lab/differentialLiberation.js';
import { separatorTest } from '../../../engine/eos/lab/separator.js';
import { selectFluidModel } from '../../../engine/eos/model/fluidModel.js';
import { modelFluidInput } from '../../../engine/eos/model/resolved.js';
import { findSaturation } from '../../../engine/eos/saturationSolve.js';
import { DEMO_PROJECT_DATA } from '../../../api/projects/demo.js';
import { psi } from './fluids.js';
import { EngineFailure } from '../../../engine/failure.js';
import { GAS_CONDENSATE_EXAMPLE } from '../../../engine/eos/flash.js';

function setup(shift: boolean) {
  const sel = selectFluidModel(DEMO_PROJECT_DATA, undefined, { projectId: 'demo', versionId: null });
  if (!sel.ok) throw new Error(sel.message);
  const { fluid, z } = buildFluid({ ...modelFluidInput(sel.model), volumeShift: shift ? 'Peneloux' : 'none' });
  const lab = new Lab(fluid);
  const T = kelvinFromF(212);
  return { lab, z, T, sat: findSaturation(lab.at(T), z, 'auto', 'upper') };
}

describe('eos laboratory experiments (demo volatile oil, 212 degF)', () => {
  const plain = setup(false);

  it('bubble point 3124.810 psia (thermo 0.6.1 PR78MIX flash(T, VF=0): 3124.809647413)', () => {
    expect(plain.sat.kind).to.equal('bubble');
    expect(plain.sat.P / 6894.757293168).to.be.closeTo(3124.809647413, 1e-6);
  });

  it('separator test 100 psia/75 degF then 14.696 psia/60 degF: GOR per stage and Bo as a thermo 0.6.1 re-implementation', () => {
    const r = separatorTest(plain.lab, plain.z, { T: plain.T, P: plain.sat.P, singleAsLiquid: true }, [
      { psia: 100, TF: 75 },
      { psia: 14.696, TF: 60 },
    ])!;
    // thermo 0.6.1 flashes, same bookkeeping (scratch re-implementation, phases labelled by mass density): 1023.16901, 40.020234; total 1063.18924; Bo 1.57716077
    expect(r.rows[0]!.gorScfPerStb).to.be.closeTo(1023.16901, 1e-3);
    expect(r.rows[1]!.gorScfPerStb).to.be.closeTo(40.020234, 1e-4);
    expect(r.gorScfPerStb).to.be.closeTo(1063.18924, 1e-3);
    expect(r.bo).to.be.closeTo(1.57716077, 1e-6);
  });

  it('differential liberation 3000, 2000, 1000, 500, 14.696 psia: Rsd and Bod as a thermo 0.6.1 re-implementation', () => {
    const dl = differentialLiberation(plain.lab, plain.z, plain.T, plain.sat, [3000, 2000, 1000, 500], []);
    // thermo 0.6.1 flashes, same bookkeeping (scratch re-implementation, phases labelled by mass density)
    const rsd = [1217.21895, 1140.11443, 667.42401, 343.067353, 210.277088, 0];
    const bod = [1.68068271, 1.64220471, 1.41073988, 1.25193624, 1.18488952, 1.04290296];
    dl.rows.forEach((row, i) => {
      expect(row.rsdScfPerBbl, `Rsd ${row.psia}`).to.be.closeTo(rsd[i]!, 2e-4 * Math.max(1, rsd[i]!));
      expect(row.bod, `Bod ${row.psia}`).to.be.closeTo(bod[i]!, 2e-6);
    });
    expect(dl.rsdbScfPerBbl).to.equal(dl.rows[0]!.rsdScfPerBbl);
  });

  it('differential liberation: a given 14.696 (or 14.7) psia stage is the last stage, run once without a warning; stages above pb or below 14.696 are named', () => {
    const base = differentialLiberation(plain.lab, plain.z, plain.T, plain.sat, [3000, 2000, 1000, 500], []);
    for (const last of [14.696, 14.7]) {
      const warnings: string[] = [];
      const dl = differentialLiberation(plain.lab, plain.z, plain.T, plain.sat, [3000, 2000, 1000, 500, last], warnings);
      expect(warnings, `last ${last}`).to.deep.equal([]);
      expect(dl.rows.map((r) => r.psia)).to.deep.equal(base.rows.map((r) => r.psia));
      expect(dl.rows.at(-1)!.bod).to.equal(base.rows.at(-1)!.bod);
    }
    const warnings: string[] = [];
    differentialLiberation(plain.lab, plain.z, plain.T, plain.sat, [4000, 3500, 3000, 500, 10], warnings);
    expect(warnings).to.deep.equal([
      '2 stages at or above the bubble point (3124.81 psia) left out: 4000, 3500 psia',
      '1 stage below 14.696 psia (the last stage, always run) left out: 10 psia',
    ]);
  });

  it('CCE: relative volume 1 at the bubble point, below 1 above it, Y-function positive below it (Standing 1952)', () => {
    const s = setup(true);
    const pb = s.sat.P / 6894.757293168;
    const { rows } = constantCompositionExpansion(s.lab, s.z, s.T, s.sat, [pb * 1.2, pb, pb * 0.8, pb * 0.5]);
    expect(rows[1]!.relativeVolume).to.be.closeTo(1, 1e-6);
    expect(rows[0]!.relativeVolume).to.be.lessThan(1);
    expect(rows[0]!.yFunction).to.equal(null);
    for (const r of rows.slice(2)) {
      expect(r.phaseCount).to.equal(2);
      expect(r.yFunction!).to.be.greaterThan(0);
      expect(r.relativeVolume).to.be.greaterThan(1);
    }
  });

  it('CVD: the cell keeps the saturation volume, and the moles left in it are the initial mole less those produced', () => {
    const s = setup(true);
    const { rows } = constantVolumeDepletion(s.lab, s.z, s.T, s.sat, [3000, 2000, 1000], []);
    expect(rows.map((r) => r.psia)).to.deep.equal([s.sat.P / 6894.757293168, 3000, 2000, 1000]);
    const vd = s.sat.point.feed.V - s.lab.fluid.shiftVolume(s.z);
    // twoPhaseZ = P Vd / ((1 - np) R T) (Whitson & Torp 1983): the cell at Vd holds the moles left after the stage's removal.
    for (let i = 1; i < rows.length; i++) {
      const n = (psi(rows[i]!.psia) * vd) / (rows[i]!.twoPhaseZ * R * s.T);
      expect(n, `stage ${i}`).to.be.closeTo(1 - rows[i]!.producedMolesPercent / 100, 1e-12);
      expect(rows[i]!.producedMolesPercent).to.be.greaterThan(rows[i - 1]!.producedMolesPercent);
    }
  });
});

describe('eos laboratory experiments (the README gas condensate, PR, 100 degF)', () => {
  const { fluid, z } = buildFluid({ ...GAS_CONDENSATE_EXAMPLE, eos: 'PR' });
  const lab = new Lab(fluid);
  const T = kelvinFromF(100);
  const sat = findSaturation(lab.at(T), z, 'auto', 'upper');

  it('CCE and CVD just below the dew point hold no liquid: the one phase the flash finds there is the gas, whatever its label (it was 100 % liquid dropout)', () => {
    expect(sat.kind).to.equal('dew');
    const pd = sat.P / 6894.757293168;
    // At pd (1 - 1e-9) the flash finds one phase, labelled L by PIP (dense gas); thermo 0.6.1 PR FlashVL on the same
    // constants and kij: two phases with vapour fraction 0.99999999..., liquid dropout ~0 %.
    const { rows } = constantCompositionExpansion(lab, z, T, sat, [pd, pd * (1 - 1e-9), pd * 0.99]);
    for (const r of rows.slice(0, 2)) {
      expect(r.vaporFraction).to.equal(1);
      expect(r.liquidDropoutPercent).to.be.lessThan(1e-6);
    }
    expect(rows[2]!.liquidDropoutPercent).to.be.within(10, 12.5);
    const cvd = constantVolumeDepletion(lab, z, T, sat, [pd * (1 - 1e-9), pd * 0.99], []);
    expect(cvd.rows[1]!.liquidDropoutPercent).to.be.lessThan(1e-6);
    expect(cvd.rows[2]!.liquidDropoutPercent).to.be.within(10, 12.5);
  });
});

describe('differential liberation of the demo oil at 600 degF', () => {
  it('refuses when the oil left vaporises completely at a stage (14.696 psia: dew point of that oil 47.08 psia); it was removed as gas and still counted as oil (Bod 257)', () => {
    const sel = selectFluidModel(DEMO_PROJECT_DATA, undefined, { projectId: 'demo', versionId: null });
    if (!sel.ok) throw new Error(sel.message);
    const { fluid, z } = buildFluid({ ...modelFluidInput(sel.model), volumeShift: 'none' });
    const lab = new Lab(fluid);
    const T = kelvinFromF(600);
    const sat = findSaturation(lab.at(T), z, 'auto', 'upper');
    expect(sat.kind).to.equal('bubble');
    const pb = sat.P / 6894.757293168;
    // thermo 0.6.1 PR78 FlashVL, same constants and kij: after stages 0.99 pb and 0.5 pb the oil's dew point at 600 degF
    // is 47.077 psia, so at 14.696 psia it is all gas (one phase, Z 0.98027).
    expect(() => differentialLiberation(lab, z, T, sat, [pb * 0.99, pb * 0.5], [])).to.throw(EngineFailure, /vaporises completely at 14\.6960 psia/);
  });
});

describe('CVD of a lean SRK condensate at 250 degF down to 28.785 psia', () => {
  it('a stage where the cell is one gas phase again (liquid revaporised) still produces the gas beyond Vd: two-phase Z = gas Z (it produced nothing, two-phase Z 0.0788)', () => {
    const { fluid, z } = buildFluid({
      components: [
        { name: 'C1', TcK: 190.564, PcBar: 45.992, omega: 0.01142, MW: 16.04246 },
        { name: 'H2S', TcK: 373.1, PcBar: 90, omega: 0.1005, MW: 34.08088 },
        { name: 'nC6', TcK: 507.82, PcBar: 30.441, omega: 0.3, MW: 86.17536 },
        { name: 'nC8', TcK: 568.74, PcBar: 24.8359, omega: 0.398, MW: 114.22852 },
      ],
      composition: [0.6825382111017122, 0.14119199789102418, 0.11349745188547442, 0.06277233912178931],
      kij: [
        [0, -0.016, 0.0234, 0.0073],
        [-0.016, 0, 0.0867, -0.0197],
        [0.0234, 0.0867, 0, 0.0078],
        [0.0073, -0.0197, 0.0078, 0],
      ],
      eos: 'SRK',
      volumeShift: 'none',
    });
    const lab = new Lab(fluid);
    const T = kelvinFromF(250);
    const sat = findSaturation(lab.at(T), z, 'auto', 'upper');
    expect(sat.kind).to.equal('dew');
    const { rows } = constantVolumeDepletion(lab, z, T, sat, [2446.694, 1727.078, 1151.385, 575.693, 143.923, 28.785], []);
    const last = rows[rows.length - 1]!;
    expect(last.liquidDropoutPercent).to.equal(0);
    // thermo 0.6.1 SRK FlashVL, same constants and kij, same bookkeeping: one gas phase at 28.785 psia, Z 0.96083595;
    // cumulative produced 90.0949545 % before the stage, 99.1877809 % after it.
    expect(last.producedMolesPercent).to.be.closeTo(99.1877809, 1e-5);
    expect(last.gasZ!).to.be.closeTo(0.96083595, 1e-7);
    expect(last.twoPhaseZ).to.be.closeTo(last.gasZ!, 1e-9);
  });
});

describe('gas Z and Bg with the volume shift on (demo model, 212 degF)', () => {
  it('DL and CVD gas Z are P V / (R T) of the shifted gas volume, as the CCE Z and every volume are (they were the unshifted EOS Z: 0.86171 for 0.88920 at 3000 psia)', () => {
    const s = setup(true);
    const dl = differentialLiberation(s.lab, s.z, s.T, s.sat, [3000, 2000, 1000, 500], []);
    const cvd = constantVolumeDepletion(s.lab, s.z, s.T, s.sat, [3000, 2000, 1000], []);
    for (const [i, p] of [[1, 3000], [2, 2000]] as const) {
      // The gas of the stage: the same flash as the experiment's (same liquid feed for DL stage 1 and CVD stage 1).
      if (i === 1) {
        const gas = splitOf(s.lab.flash(Float64Array.from(s.z), s.T, psi(3000)));
        const zShifted = (psi(p) * gas.vV) / (R * s.T);
        expect(zShifted).to.be.closeTo(0.8892010544, 1e-8);
        expect(dl.rows[i]!.gasZ!).to.be.closeTo(zShifted, 1e-12);
        expect(cvd.rows[i]!.gasZ!).to.be.closeTo(zShifted, 1e-12);
      }
      // Bg = Z T Psc / (P Tsc) in rb/Mscf.
      const bg = (((dl.rows[i]!.gasZ! * s.T * P_SC) / (psi(p) * T_SC)) * 1000) / (M3_PER_BBL * FT3_PER_M3);
      expect(dl.rows[i]!.gasFvfRbPerMscf!).to.be.closeTo(bg, 1e-12);
    }
  });
});
