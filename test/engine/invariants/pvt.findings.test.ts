/**
 * The audit findings of pvt.findings.md (F1-F6), once fixed: each `describe` names its finding and
 * checks the invariant the engine broke (these failed on the engine before the fix).
 */
import { expect } from 'chai';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import type { AnyDefinition } from '../../../engine/definition.js';
import { call, rel } from './support.js';

const run = (name: string, input: Record<string, unknown>) => executeDefinition(findDefinition(name) as AnyDefinition, input);
const warningsOf = (name: string, input: Record<string, unknown>): string[] => {
  const out = run(name, input);
  if (!out.ok) expect.fail(`${name} failed: ${(out as { message?: string }).message} for ${JSON.stringify(input)}`);
  return out.warnings;
};

describe('invariants, F1: a non-positive Vasquez–Beggs co does not lose the call', () => {
  const COOL = { api: 30, TF: 80, gasSG: 0.7, rsbScfStb: 400 };

  it('when Rs(p) below pb makes VB co <= 0 (200 psia, 80 degF, API 30, gas 0.7, Rsb 400), then oilFVF answers with co > 0 (Spivey–Valko–McCain of the saturated oil) and says so', () => {
    const input = { ...COOL, psia: 200, boMethod: 'VasquezBeggs' };
    const r = call('pvt.oilFVF', input);
    expect(r.co).to.be.above(0);
    // The fallback is the McCain co of the oil saturated at p (pb' = p, Rsb' = Rs(p)), exactly.
    const mccain = call('pvt.oilFVF', { ...input, coMethod: 'McCain' });
    expect(rel(r.co, mccain.co)).to.be.below(1e-12);
    expect(rel(r.bo, mccain.bo)).to.be.below(1e-12);
    expect(warningsOf('pvt.oilFVF', input).join(' ')).to.match(/Vasquez–Beggs.*Spivey–Valko–McCain/);
  });

  it('oilProperties, oilCompressibility and blackOilTable (Standing, VasquezBeggs, Glaso sets) answer for an 80 degF oil from 200 psia, every co > 0', () => {
    const psia = [200, 500, 1000, 1500, 2000, 3000, 4000];
    for (const methodSet of ['Standing', 'VasquezBeggs', 'Glaso']) {
      const t = call('pvt.blackOilTable', { ...COOL, psia, methodSet });
      for (const row of t.oil as { co: number }[]) expect(row.co, methodSet).to.be.above(0);
      const p = call('pvt.oilProperties', { ...COOL, psia, methodSet });
      for (const co of p.co as number[]) expect(co, methodSet).to.be.above(0);
    }
    for (const co of call('pvt.oilCompressibility', { ...COOL, psia, coMethod: 'VasquezBeggs' }).co as number[]) expect(co).to.be.above(0);
  });

  it('when VB co <= 0 above pb (Rsb 100, 80 degF, API 25), then co and Bo above pb are Spivey–Valko–McCain (co = -dlnBo/dp, Bo falls with p) with a warning naming the VB low-GOR limit', () => {
    const oil = { api: 25, TF: 80, gasSG: 0.7, rsbScfStb: 100, boMethod: 'VasquezBeggs' };
    const w = warningsOf('pvt.oilFVF', { ...oil, psia: 3000 });
    expect(w.join(' ')).to.match(/Vasquez–Beggs \(1980\) co is not positive/);
    const [lo, at, hi] = call('pvt.oilFVF', { ...oil, psia: [2997, 3000, 3003] }).bo as number[];
    const r = call('pvt.oilFVF', { ...oil, psia: 3000 });
    expect(r.co).to.be.above(0);
    expect(hi as number).to.be.below(at as number);
    expect(rel(r.co, -(Math.log(hi as number) - Math.log(lo as number)) / 6)).to.be.below(1e-5);
    expect(rel(r.co, call('pvt.oilFVF', { ...oil, psia: 3000, coMethod: 'McCain' }).co)).to.be.below(1e-12);
  });

  it('where VB co is positive nothing changes: API 35, 180 degF, Rsb 600 keeps co = A/p with no fallback warning', () => {
    const input = { psia: 3920.44334445, api: 35, TF: 180, rsbScfStb: 600, gasSG: 0.8, boMethod: 'VasquezBeggs' };
    expect(call('pvt.oilFVF', input).co).to.be.closeTo(1.06119375654e-5, 1e-15);
    expect(warningsOf('pvt.oilFVF', input).join(' ')).not.to.match(/Spivey/);
  });
});

describe('invariants, F4: Velarde Rs where its a1 exceeds 1 (a corner of its stated range)', () => {
  // API 50, 300 degF, separator gas 0.9, pb 5000 psia: a1 = 1.0204, so (1 - a1) pr^a3 < 0 dominated at low pr.
  const OIL = { api: 50, TF: 300, gasSG: 0.9, sepGasSG: 0.9, pbPsia: 5000, rsbScfStb: 1500 };

  it('when a1 > 1, then oilSolutionGOR answers 0 <= Rs <= Rsb, rising with p, Rs(pb) = Rsb, with a warning naming a1 (was no_solution: Rs negative at 250 psia)', () => {
    const psia = [14.7, 50, 106, 250, 500, 1000, 2000, 3000, 4000, 4999.999, 5000];
    const input = { ...OIL, psia };
    const rs = call('pvt.oilSolutionGOR', input).rs as number[];
    for (const r of rs) expect(r).to.be.within(0, 1500);
    for (let i = 1; i < rs.length; i++) expect(rs[i] as number).to.be.above(rs[i - 1] as number);
    expect(rs[rs.length - 1]).to.equal(1500);
    expect(rel(rs[rs.length - 2] as number, 1500)).to.be.below(1e-5);
    expect(warningsOf('pvt.oilSolutionGOR', input).join(' ')).to.match(/Velarde.*a1 = 1\.020\d* > 1/);
  });

  it('the default method set builds the table for that oil from 14.7 psia, and oilProperties answers', () => {
    const psia = [14.7, 100, 250, 500, 1000, 2000, 3000, 4000, 5500];
    const t = call('pvt.blackOilTable', { ...OIL, psia });
    const rows = t.oil as { rs: number }[];
    expect(rows.length).to.be.above(5);
    call('pvt.oilProperties', { ...OIL, psia });
  });

  it('where a1 <= 1 nothing changes and no a1 warning (API 43, 185 degF, 0.72, pb 5179.5, Rsb 2370, 3000 psia -> 1017.942, pyrestoolbox 3.7.6 oil_rs docs example)', () => {
    const input = { api: 43, TF: 185, gasSG: 0.72, sepGasSG: 0.72, pbPsia: 5179.5, rsbScfStb: 2370, psia: 3000 };
    expect(rel(call('pvt.oilSolutionGOR', input).rs, 1017.942)).to.be.below(1e-5);
    expect(warningsOf('pvt.oilSolutionGOR', input).join(' ')).not.to.match(/a1/);
  });
});

describe("invariants, F3: waterProperties method 'McCain' reports the compressibility of its own Bw", () => {
  it("cwUndersaturated = -dln(Bw)/dp of the reported Bw (central difference, 1e-6), fresh and salt, 80-250 degF, 500-5000 psia (was Osif's cw: 2.6x at 200 degF, 1000 psia)", () => {
    for (const [TF, p, S] of [[200, 1000, 0], [250, 3000, 0], [200, 5000, 0], [80, 500, 10], [150, 2000, 20]] as const) {
      const h = p * 1e-4;
      const b = { method: 'McCain', TF, salinityWtPct: S };
      const lo = call('pvt.waterProperties', { ...b, psia: p - h });
      const hi = call('pvt.waterProperties', { ...b, psia: p + h });
      const w = call('pvt.waterProperties', { ...b, psia: p });
      const fd = -(Math.log(hi.bw) - Math.log(lo.bw)) / (2 * h);
      expect(rel(w.cwUndersaturated, fd), `${TF} degF ${p} psia ${S} wt%: cw ${w.cwUndersaturated} vs -dlnBw/dp ${fd}`).to.be.below(1e-6);
    }
  });

  it("blackOilTable with waterMethod 'McCain': PVTW Cw rebuilds McCain's Bw near pRef (Bw,ref exp(-Cw dp) within 1e-9 over 1 psi)", () => {
    const t = call('pvt.blackOilTable', { api: 35, TF: 180, gasSG: 0.7, rsbScfStb: 600, psia: [500, 1000, 2000, 3000, 4000], waterMethod: 'McCain' });
    const w = t.water as { pRefPsia: number; bw: number; cw: number };
    const bw1 = call('pvt.waterProperties', { method: 'McCain', TF: 180, salinityWtPct: 0, psia: w.pRefPsia - 1 }).bw;
    expect(rel(w.bw * Math.exp(w.cw), bw1)).to.be.below(1e-9);
  });

  it("Osif's cw stays available by name (cwMethod 'Osif'), with a warning that it is not the compressibility of the reported Bw", () => {
    const input = { method: 'McCain', cwMethod: 'Osif', psia: 5000, TF: 200, salinityGPerL: 107 };
    expect(rel(call('pvt.waterProperties', input).cwUndersaturated, 2.57065774134e-6)).to.be.below(1e-6);
    expect(warningsOf('pvt.waterProperties', input).join(' ')).to.match(/Osif.*not the compressibility of the reported Bw/);
  });
});

describe('invariants, F2: DAK z where its equation folds (1 < Tpr < 1.0217, inside the stated range) comes with a warning', () => {
  const folds = (w: string[]) => w.some((s) => /Dranchuk–Abou-Kassem \(1975\) equation folds/.test(s));

  it('pvt.zFactor at Tpr 1.02 either side of the jump (Ppr 1.0819 -> 1.08195: z 0.3025 -> 0.2390) warns; a list across it warns once', () => {
    const a = warningsOf('pvt.zFactor', { ppr: 1.0819, tpr: 1.02 });
    const b = warningsOf('pvt.zFactor', { ppr: 1.08195, tpr: 1.02 });
    expect(folds(a) && folds(b), JSON.stringify([a, b])).to.equal(true);
    const list = warningsOf('pvt.zFactor', { ppr: Array.from({ length: 40 }, (_, i) => 0.5 + 0.025 * i), tpr: 1.01 });
    expect(list.filter((s) => /folds/.test(s))).to.have.length(1);
  });

  it('pvt.gasProperties across the jump (gasSG 0.7, -80.81 degF, 714 and 716 psia: z 0.318 -> 0.235) warns, list and kernel paths alike', () => {
    expect(folds(warningsOf('pvt.gasProperties', { gasSG: 0.7, TF: -80.81, psia: [714, 716] }))).to.equal(true);
    const long = Array.from({ length: 400 }, (_, i) => 300 + 2 * i);
    expect(folds(warningsOf('pvt.gasProperties', { gasSG: 0.7, TF: -80.81, psia: long }))).to.equal(true);
  });

  it('pvt.gasPseudoPressure integrates z from 0: a top pressure past the band (Ppr ~1.5 at Tpr 1.02) warns once; one below it does not', () => {
    // gasSG 0.7 at -80.81 degF is Tpr 1.02 (as above); the band is at ~714-716 psia.
    const past = warningsOf('pvt.gasPseudoPressure', { gasSG: 0.7, TF: -80.81, psia: [500, 1000] });
    expect(past.filter((s) => /equation folds/.test(s)), JSON.stringify(past)).to.have.length(1);
    expect(folds(warningsOf('pvt.gasPseudoPressure', { gasSG: 0.7, TF: -80.81, psia: [300, 600] }))).to.equal(false);
    expect(folds(warningsOf('pvt.gasPseudoPressure', { gasSG: 0.7, TF: 100, psia: [500, 3000] }))).to.equal(false);
  });

  it('no fold warning where z is single-valued: Tpr 1.02 away from the band (Ppr 0.5-1.0 and 1.2-5), every Tpr from 1.022 (1.03, 1.5)', () => {
    expect(folds(warningsOf('pvt.zFactor', { ppr: [0.5, 0.8, 1.0], tpr: 1.02 }))).to.equal(false);
    expect(folds(warningsOf('pvt.zFactor', { ppr: [1.2, 3, 5], tpr: 1.02 }))).to.equal(false);
    for (const tpr of [1.022, 1.03, 1.5]) expect(folds(warningsOf('pvt.zFactor', { ppr: [0.2, 1.0, 1.05, 1.1, 5], tpr })), `Tpr ${tpr}`).to.equal(false);
    expect(folds(warningsOf('pvt.zFactor', { ppr: 1.08, tpr: 1.02, zMethod: 'HY' }))).to.equal(false);
  });
});

describe('invariants, F5 and F6: what gas.waterContent and pvt.gasPseudoCritical say is what they do', () => {
  it('F5: gas.waterContent: the lbm-per-STB factor stated in the description (8.32 x 42 = 349.44) is the one used (1e-12)', () => {
    const def = findDefinition('gas.waterContent') as AnyDefinition;
    const stated = Number(/([0-9.]+) lbm per STB/.exec(def.description)?.[1]);
    expect(stated).to.equal(349.44);
    for (const [psia, TF] of [[3000, 250], [500, 100], [8000, 400]] as const) {
      const w = call('gas.waterContent', { psia, TF });
      expect(rel(w.waterContentLbmPerMMscf / w.waterContent, stated)).to.be.below(1e-12);
    }
  });

  it('F6: gasPseudoCritical with a composition warns that pcMethod is not used; without pcMethod it does not', () => {
    const a = warningsOf('pvt.gasPseudoCritical', { composition: { C1: 0.9, C2: 0.1 }, pcMethod: 'SuttonWichertAziz' });
    expect(a.join(' ')).to.match(/pcMethod 'SuttonWichertAziz' is not used/);
    expect(warningsOf('pvt.gasPseudoCritical', { composition: { C1: 0.9, C2: 0.1 } }).join(' ')).not.to.match(/pcMethod/);
    expect(warningsOf('pvt.gasPseudoCritical', { gasSG: 0.7, pcMethod: 'SuttonWichertAziz' }).join(' ')).not.to.match(/pcMethod/);
  });
});
