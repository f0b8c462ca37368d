/**
 * pvt.zFactor and pvt.gasProperties over lists: the warm-started DAK sweep (engine/pvt/correlations
 * zDAK.ts zDAKSweep) gives, point by point, the root the scalar solver gives, in any order of
 * pressures, and the list answers agree with one call per pressure.
 */
import { expect } from 'chai';
import { executeDefinition } from '../../../engine/execute.js';
import { validateInput } from '../../../engine/validation.js';
import { checkResult } from '../../../engine/resultCheck.js';
import { zFactor } from '../../../engine/pvt/zFactor.js';
import { gasProperties } from '../../../engine/pvt/gasProperties.js';
import { zDAK } from '../../../engine/pvt/correlations/zDAK.js';
import { zColumns } from '../../../engine/pvt/correlations/zMethods.js';
import { dakTable } from '../../../engine/pvt/correlations/zDAKTable.js';
import type { AnyDefinition } from '../../../engine/definition.js';

type Outcome = { ok: true; result: Record<string, unknown>; warnings: string[] } | { ok: false; reason: string; message: string };

const run = (def: unknown, body: Record<string, unknown>): Outcome => {
  const v = validateInput(def as AnyDefinition, body);
  if (!v.ok) throw new Error(v.message);
  return executeDefinition(def as AnyDefinition, v.input) as Outcome;
};
const ok = (def: unknown, body: Record<string, unknown>) => {
  const r = run(def, body);
  if (!r.ok) throw new Error(r.message);
  return r;
};

/** The DAK equation's residual at z: z(rho) - z with rho = 0.27 Ppr / (z Tpr). */
function residual(ppr: number, tpr: number, z: number): number {
  const A = [0.3265, -1.07, -0.5339, 0.01569, -0.05165, 0.5475, -0.7361, 0.1844, 0.1056, 0.6134, 0.721] as const;
  const [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11] = A;
  const rho = (0.27 * ppr) / (z * tpr);
  const c1 = a1 + a2 / tpr + a3 / tpr ** 3 + a4 / tpr ** 4 + a5 / tpr ** 5;
  const c2 = a6 + a7 / tpr + a8 / tpr ** 2;
  const c3 = a9 * (a7 / tpr + a8 / tpr ** 2);
  const c4 = a10 / tpr ** 3;
  const r2 = rho * rho;
  return 1 + c1 * rho + c2 * r2 - c3 * r2 * r2 * rho + c4 * (1 + a11 * r2) * r2 * Math.exp(-a11 * r2) - z;
}

/** A fixed shuffle (no Math.random: the test is the same every run). */
function shuffled(xs: number[]): number[] {
  return xs
    .map((v, i) => ({ v, k: (Math.sin(i * 12.9898) * 43758.5453) % 1 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.v);
}

describe('pvt.zFactor and pvt.gasProperties over lists', () => {
  it('the DAK sweep finds the scalar solver root at every point, increasing, decreasing or shuffled (Tpr 0.72-5, Ppr 0.01-30)', () => {
    let compared = 0;
    for (const tpr of [0.72, 0.8, 0.95, 1.0, 1.02, 1.05, 1.1, 1.2, 1.5, 1.7, 2, 3, 5]) {
      for (const n of [8, 40, 100, 2000]) {
        const up = Array.from({ length: n }, (_, i) => 0.01 + (i * 30) / Math.max(1, n - 1));
        for (const ppr of [up, [...up].reverse(), shuffled(up)]) {
          const z = new Array<number>(n);
          const d = new Array<number>(n);
          expect(zColumns('DAK', ppr, tpr, z, d)).to.equal(-1);
          for (let i = 0; i < n; i++) {
            const p = ppr[i] as number;
            const s = zDAK(p, tpr);
            expect(s, `scalar root at Ppr ${p}, Tpr ${tpr}`).to.not.equal(null);
            // Both are roots of the same equation in the same bracket: within the solvers' tolerance.
            expect(z[i], `z at Ppr ${p}, Tpr ${tpr}`).to.be.closeTo(s!.z, 1e-10 * s!.z);
            // (The residual's own rounding: terms up to ~100 at rho ~2.5 cancel to z.)
            expect(Math.abs(residual(p, tpr, z[i] as number)), `residual at Ppr ${p}, Tpr ${tpr}`).to.be.below(1e-11);
            expect(d[i], `dz/dPpr at Ppr ${p}, Tpr ${tpr}`).to.be.closeTo(s!.dzdppr, 1e-8 * Math.max(1e-3, Math.abs(s!.dzdppr)));
            compared++;
          }
        }
      }
    }
    expect(compared).to.equal(13 * 3 * (8 + 40 + 100 + 2000));
  });

  it('pvt.zFactor takes a list of ppr and answers lists equal to one call per point (DAK and HY; short lists to the last bit)', () => {
    const ppr = [0.3, 0.9, 2.5, 2.5, 1.1, 7, 14.5];
    const short = ok(zFactor, { ppr, tpr: 1.6 }).result as { z: number[] };
    ppr.forEach((p, i) => expect(short.z[i]).to.equal((ok(zFactor, { ppr: p, tpr: 1.6 }).result as { z: number }).z));
    for (const zMethod of ['DAK', 'HY']) {
      const list = ok(zFactor, { ppr, tpr: 1.6, zMethod }).result as { z: number[]; dzdppr: number[] };
      expect(list.z).to.have.length(ppr.length);
      ppr.forEach((p, i) => {
        const one = ok(zFactor, { ppr: p, tpr: 1.6, zMethod }).result as { z: number; dzdppr: number };
        expect(list.z[i]).to.be.closeTo(one.z, 1e-12 * one.z);
        expect(list.dzdppr[i]).to.be.closeTo(one.dzdppr, 1e-8 * Math.abs(one.dzdppr));
      });
    }
  });

  it('pvt.zFactor over a list warns once per bound, for the list extremes, as for one value', () => {
    const r = ok(zFactor, { ppr: [0.1, 5, 35], tpr: 1.5 });
    expect(r.warnings).to.have.length(2);
    expect(r.warnings[0]).to.match(/^Ppr 0\.1 is below the validated range \(min 0\.2\)/);
    expect(r.warnings[1]).to.match(/^Ppr 35 is above the validated range \(max 30\)/);
    expect(ok(zFactor, { ppr: [0.5, 5], tpr: 1.5 }).warnings).to.deep.equal([]);
  });

  it('pvt.zFactor refuses a list longer than its maxItems and a non-positive ppr in a list (400, not a run)', () => {
    const long = validateInput(zFactor as never, { ppr: new Array(10_001).fill(1), tpr: 1.5 });
    expect(long.ok).to.equal(false);
    if (!long.ok) expect(long.fields.ppr).to.match(/at most 10000 items/);
    const zero = validateInput(zFactor as never, { ppr: [1, 0], tpr: 1.5 });
    expect(zero.ok).to.equal(false);
  });

  it('pvt.gasProperties over 3000 pressures equals one call per pressure, and its result passes the executor check', () => {
    const psia = Array.from({ length: 3000 }, (_, i) => 15 + i * 3.3);
    const body = { TF: 180, gasSG: 0.7, yCO2: 0.03, yN2: 0.02 };
    const list = ok(gasProperties, { ...body, psia }).result as Record<string, number[]>;
    expect(checkResult(gasProperties.output, list)).to.equal(null);
    for (const i of [0, 1, 17, 500, 1499, 2999]) {
      const one = ok(gasProperties, { ...body, psia: psia[i] }).result as Record<string, number>;
      for (const k of ['Ppr', 'z', 'Bg', 'BgRbPerMscf', 'density', 'viscosity', 'cg']) {
        expect((list[k] as number[])[i], `${k} at ${psia[i]} psia`).to.be.closeTo(one[k] as number, 1e-9 * Math.abs(one[k] as number));
      }
    }
  });

  it('pvt.gasProperties lists take each route to the same numbers as one call per pressure: one kernel call a block (DAK table), the kernels apart (HY; DAK near Tpr 1, where the table is refused)', () => {
    const psia = Array.from({ length: 2500 }, (_, i) => 20 + i * 2.1);
    const gas = { gasSG: 0.7, yCO2: 0.03, yN2: 0.02 };
    const tpc = (ok(gasProperties, { ...gas, TF: 180, psia: 1000 }).result as { Tpc: number }).Tpc;
    const tfNearOne = 1.01 * tpc - 459.67; // Tpr 1.01: h flattens, no table
    expect(dakTable(1.01, Math.max(...psia) / 600), 'no table near Tpr 1').to.equal(null);
    const routes = [
      { TF: 180 }, // Tpr ~1.7: the DAK table and gasBlock
      { TF: 180, zMethod: 'HY' },
      { TF: tfNearOne },
    ];
    for (const route of routes) {
      const body = { ...gas, ...route };
      const list = ok(gasProperties, { ...body, psia }).result as Record<string, number[]>;
      expect(checkResult(gasProperties.output, list)).to.equal(null);
      for (const i of [0, 1, 2047, 2048, 2049, 2499]) {
        const one = ok(gasProperties, { ...body, psia: psia[i] }).result as Record<string, number>;
        for (const k of ['Ppr', 'z', 'Bg', 'BgRbPerMscf', 'density', 'viscosity', 'cg']) {
          expect((list[k] as number[])[i], `${JSON.stringify(route)}: ${k} at ${psia[i]} psia`).to.be.closeTo(one[k] as number, 1e-9 * Math.abs(one[k] as number));
        }
      }
    }
  });

  it('far below the authors\' Tpr the gas root is still the one found: z -> 1 as Ppr -> 0 (a hump narrower than the scan step was skipped for the dense root, z 1.6e-7)', () => {
    for (const zMethod of ['DAK', 'HY']) {
      for (const tpr of [0.29, 0.4, 0.5]) {
        const one = executeDefinition(zFactor as AnyDefinition, { ppr: 1e-6, tpr, zMethod });
        expect(one.ok && (one.result as { z: number }).z, `${zMethod} Tpr ${tpr}`).to.be.closeTo(1, 1e-3);
      }
    }
    // The sweep (a list, resumed scan) takes the same step as the scalar solver: every point its root.
    const ppr = Array.from({ length: 400 }, (_, i) => 1e-6 * (i + 1));
    const list = executeDefinition(zFactor as AnyDefinition, { ppr, tpr: 0.29 });
    expect(list.ok).to.equal(true);
    const zs = (list as unknown as { result: { z: number[] } }).result.z;
    zs.forEach((z, i) => {
      // On the gas branch z falls smoothly from 1 (1 + c1 rho, c1 = -42 here): no jump to a dense root.
      expect(z, `point ${i}`).to.be.within(0.9, i > 0 ? zs[i - 1]! : 1);
      expect(Math.abs(residual(ppr[i]!, 0.29, z)), `residual at point ${i}`).to.be.below(1e-9);
      expect(z).to.be.closeTo(zDAK(ppr[i]!, 0.29)!.z, 1e-12);
    });
    // Far below any gas's Tpr the fine steps stop after the hump: a prompt answer (the scan to rho 20 in
    // steps of 1e-5 took tens of seconds a call), no root found there.
    for (const tpr of [0.05, 0.02, 1e-5, 1e-20, 1e-300]) {
      for (const zMethod of ['DAK', 'HY']) {
        // Scalar and list (the sweep) alike: the fine part is a count of steps, not a length (a step of 1e-300 looped for good).
        for (const ppr of [1, [1e-6, 1]]) executeDefinition(zFactor as AnyDefinition, { ppr, tpr, zMethod });
      }
      const far = executeDefinition(zFactor as AnyDefinition, { ppr: 1, tpr });
      expect(far.ok, `Tpr ${tpr}`).to.equal(false);
    }
    // pvt.gasProperties at 7 Pa and -300 degF (Tpr 0.29 for gasSG 3): a near-ideal gas, not 133 lbm/ft3.
    const gas = executeDefinition(gasProperties as AnyDefinition, { psia: 0.001, TF: -300, gasSG: 3 });
    expect(gas.ok).to.equal(true);
    const r = (gas as unknown as { result: { z: number; density: number } }).result;
    expect(r.z).to.be.closeTo(1, 1e-3);
    expect(r.density).to.be.below(1e-3);
  });

  it('the executor still refuses a list with an impossible value when the producer did not vouch for it', () => {
    const bad = { Tpc: 400, Ppc: 670, Tpr: 1.5, Ppr: [1, 2], z: [0.9, -0.1], Bg: [0.01, 0.01], BgRbPerMscf: [1, 1], density: [5, 5], viscosity: [0.01, 0.01], cg: [1e-4, 1e-4], MW: 20 };
    const problem = checkResult(gasProperties.output, bad);
    expect(problem).to.deep.include({ path: 'z[1]', value: -0.1 });
  });
});
