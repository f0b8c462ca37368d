/**
 * The WebAssembly SIMD kernels of the gas array paths (engine/pvt/kernels): the committed module
 * is what the source compiles to; the kernels' exp and log agree with Math.exp and Math.log; the
 * DAK table path gives zDAK's roots and hands back every point it cannot settle; the properties
 * kernel gives the JavaScript loop's numbers and flags what it cannot compute.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { compileModule, renderModule, WASM_MODULES } from '../../../scripts/kernels/compile.js';
import { gasKernels, KERNEL_BLOCK, type GasPropertyConstants } from '../../../engine/pvt/kernels/gasKernels.js';
import { dakTable, kernelsWithTable, TABLE_MIN, zDAKTableColumns } from '../../../engine/pvt/correlations/zDAKTable.js';
import { DakSweepState, zDAK } from '../../../engine/pvt/correlations/zDAK.js';
import { zColumns } from '../../../engine/pvt/correlations/zMethods.js';

const kernels = () => {
  const k = gasKernels();
  if (k === null) throw new Error('WebAssembly SIMD is not available in this Node');
  return k;
};

/** No ceiling on any property. */
const NO_MAXIMA = { bgMax: Infinity, bgRbMax: Infinity, densityMax: Infinity, cgMax: Infinity, viscosityMax: Infinity };

/** The properties kernel's per-call constants, in the wrapper's order; no maxima unless given. */
const constants = (bgPerZOverP: number, densityPerPOverZ: number, rbPerMscfPerRcfScf: number, invPpc: number, muScale: number, invRhoUnit: number, lgeX: number, lgeY: number, maxima: Partial<typeof NO_MAXIMA> = {}): GasPropertyConstants =>
  ({ bgPerZOverP, densityPerPOverZ, rbPerMscfPerRcfScf, invPpc, muScale, invRhoUnit, lgeX, lgeY, ...NO_MAXIMA, ...maxima });

/** Relative difference, with a floor for values near zero. */
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('gas array kernels (WebAssembly SIMD)', function () {
  this.timeout(120_000);

  for (const m of WASM_MODULES) {
    it(`the committed ${m.module.split('/').slice(-3).join('/')} is what its source compiles to (npm run kernels)`, async () => {
      const text = renderModule(m, await compileModule(m));
      expect(readFileSync(m.module, 'utf8') === text, `stale ${m.module}: run npm run kernels`).to.equal(true);
    });
  }

  it('loads in this Node, with scratch for a whole block', () => {
    const k = kernels();
    expect(k.col.z.length).to.equal(KERNEL_BLOCK);
    expect(KERNEL_BLOCK % 2).to.equal(0);
  });

  it('viscosity, Bg, density and cg equal the JavaScript formulas (viscosity within 4e-15, its exp and log), over densities 1e-4-60 lbm/ft3', () => {
    const k = kernels();
    const c = k.col;
    const n = 2000;
    // Constants of a real call: 200 degF, gasSG 0.72 (gasProperties' own numbers, rounded).
    const [bgK, rhoK, rbK, invPpc, muK, invUnit, X, Y] = [0.0190, 0.00317, 178.1076, 1 / 665, 0.0125, 1 / 62.428, 5.42, 1.316];
    for (let j = 0; j < n; j++) {
      c.p[j] = 0.03 * Math.pow(10, (j / n) * 6); // 0.03-30,000 psia
      c.z[j] = 0.3 + (1.4 * j) / n;
      c.dz[j] = -0.1 + (0.3 * j) / n;
    }
    k.gasPropertyColumns(n, constants(bgK, rhoK, rbK, invPpc, muK, invUnit, X, Y));
    let worst = 0;
    for (let j = 0; j < n; j++) {
      const p = c.p[j] as number;
      const z = c.z[j] as number;
      const invP = 1 / p;
      const invZ = 1 / z;
      const bg = z * bgK * invP;
      const rho = p * rhoK * invZ;
      expect(c.bg[j]).to.equal(bg);
      expect(c.bgRb[j]).to.equal(bg * rbK);
      expect(c.density[j]).to.equal(rho);
      expect(c.cg[j]).to.equal(invP - (c.dz[j] as number) * invZ * invPpc);
      const mu = muK * Math.exp(X * Math.exp(Y * Math.log(rho * invUnit)));
      worst = Math.max(worst, rel(c.viscosity[j] as number, mu));
      expect(c.propertiesOk[j], `ok at ${p} psia`).to.equal(c.cg[j]! > 0 ? 1 : 0);
    }
    expect(worst).to.be.below(4e-15);
  });

  it('flags, and does not compute, the lanes it cannot: zero, negative, NaN and infinite inputs, and exponents past 700', () => {
    const k = kernels();
    const c = k.col;
    const bad = [0, -100, NaN, Infinity, 1e300];
    bad.forEach((p, j) => {
      c.p[j] = p;
      c.z[j] = 0.9;
      c.dz[j] = 0;
    });
    c.p[5] = 1000;
    c.z[5] = 0.9;
    c.dz[5] = 0;
    // The count it returns is the number of lanes flagged 1 (the caller reads no flag when it equals the points).
    expect(k.gasPropertyColumns(6, constants(0.019, 0.00317, 178.1, 1 / 665, 0.0125, 1 / 62.4, 5.42, 1.316))).to.equal(1);
    expect(Array.from(c.propertiesOk.subarray(0, 6))).to.deep.equal([0, 0, 0, 0, 0, 1]);
    // X 1e5: X (rho/unit)^Y is ~2,250 at 1000 psia, past exp's range.
    expect(k.gasPropertyColumns(6, constants(0.019, 0.00317, 178.1, 1 / 665, 0.0125, 1 / 62.4, 1e5, 1.316))).to.equal(0);
    expect(c.propertiesOk[5]).to.equal(0);
    // Six good lanes count six.
    for (let j = 0; j < 6; j++) c.p[j] = 500 + 100 * j;
    expect(k.gasPropertyColumns(6, constants(0.019, 0.00317, 178.1, 1 / 665, 0.0125, 1 / 62.4, 5.42, 1.316))).to.equal(6);
  });

  it('the properties kernel flags a lane above a property\'s maximum (the output schema\'s ceiling), each property on its own, and a value equal to it passes', () => {
    const k = kernels();
    const c = k.col;
    const g = constants(0.019, 0.00317, 178.1, 1 / 665, 0.0125, 1 / 62.4, 5.42, 1.316);
    for (let j = 0; j < 6; j++) {
      c.p[j] = 500 + 100 * j;
      c.z[j] = 0.9;
      c.dz[j] = 0;
    }
    expect(k.gasPropertyColumns(6, g)).to.equal(6);
    const values = { bgMax: Array.from(c.bg.subarray(0, 6)), bgRbMax: Array.from(c.bgRb.subarray(0, 6)), densityMax: Array.from(c.density.subarray(0, 6)), cgMax: Array.from(c.cg.subarray(0, 6)), viscosityMax: Array.from(c.viscosity.subarray(0, 6)) };
    for (const [name, column] of Object.entries(values)) {
      // The ceiling at the third lane's value: lanes above it are flagged, the lane equal to it is not.
      const ceiling = column[2]!;
      const above = column.filter((v) => v > ceiling).length;
      expect(above, name).to.be.greaterThan(0);
      expect(k.gasPropertyColumns(6, { ...g, [name]: ceiling }), name).to.equal(6 - above);
      column.forEach((v, j) => expect(c.propertiesOk[j], `${name} lane ${j}`).to.equal(v > ceiling ? 0 : 1));
    }
  });

  it('the DAK table path is taken where h rises (Tpr 1.2-5) and refused where it flattens or the scan would end (Tpr 1.0, Ppr past the table)', () => {
    for (const tpr of [1.2, 1.5, 1.7, 2, 3, 5]) expect(dakTable(tpr, 30), `Tpr ${tpr}`).to.not.equal(null);
    expect(dakTable(1.0, 30)).to.equal(null);
    expect(dakTable(1.7, 0)).to.equal(null);
    expect(dakTable(1.7, Infinity)).to.equal(null);
  });

  it('the table path gives zDAK root at every point (Tpr 1.05-5, Ppr 0.01-30, increasing, decreasing, shuffled, odd lengths)', () => {
    let compared = 0;
    for (const tpr of [1.05, 1.1, 1.2, 1.5, 1.7, 2, 3, 5]) {
      for (const n of [TABLE_MIN + 1, 3001]) {
        const up = Array.from({ length: n }, (_, i) => 0.01 + (i * 30) / (n - 1));
        const down = [...up].reverse();
        const shuffled = up.map((v, i) => ({ v, k: Math.sin(i * 12.9898) })).sort((a, b) => a.k - b.k).map((x) => x.v);
        for (const ppr of [up, down, shuffled]) {
          const z = new Array<number>(n);
          const d = new Array<number>(n);
          expect(zColumns('DAK', ppr, tpr, z, d)).to.equal(-1);
          for (let i = 0; i < n; i++) {
            const s = zDAK(ppr[i] as number, tpr)!;
            expect(rel(z[i] as number, s.z), `z at Ppr ${ppr[i]}, Tpr ${tpr}`).to.be.below(1e-12);
            expect(Math.abs((d[i] as number) - s.dzdppr), `dz/dPpr at Ppr ${ppr[i]}, Tpr ${tpr}`).to.be.below(1e-9 * Math.max(1e-3, Math.abs(s.dzdppr)));
            compared++;
          }
        }
      }
    }
    expect(compared).to.equal(8 * 3 * (TABLE_MIN + 1 + 3001));
  });

  it('a pair of points in one table cell (taken together) gets the same bits as points taken one by one', () => {
    const tpr = 1.7;
    const table = dakTable(tpr, 12)!;
    const [c1, c2, c3, c4] = table.c;
    const zOf = (ppr: number[]) => {
      const k = kernelsWithTable(table);
      ppr.forEach((v, j) => (k.col.ppr[j] = v));
      expect(k.dakTableNewton(ppr.length, table.cells, c1, c2, c3, c4, table.k)).to.equal(ppr.length);
      return Array.from(k.col.z.subarray(0, ppr.length));
    };
    // Sorted: nearly every pair in one cell. Interleaved with a far point: no pair is, so each point is placed alone.
    const sorted = Array.from({ length: 1000 }, (_, i) => 0.013 + (i * 11.97) / 999);
    const apart = sorted.flatMap((v) => [v, v < 6 ? 11.9 : 0.02]);
    const together = zOf(sorted);
    const alone = zOf(apart);
    sorted.forEach((v, i) => expect(together[i], `z at Ppr ${v}`).to.equal(alone[2 * i]));
  });

  it('a point the kernel cannot settle (its target past the table) is solved by zDAK', () => {
    const n = 600;
    const ppr = Array.from({ length: n }, (_, i) => 0.5 + (i * 10) / n);
    const table = dakTable(1.7, 5)!; // covers Ppr up to 5 only
    const z = new Array<number>(n);
    const d = new Array<number>(n);
    const state = new DakSweepState();
    expect(zDAKTableColumns(ppr, table, z, d, 0, n, 0, state)).to.equal(-1);
    for (let i = 0; i < n; i++) expect(rel(z[i] as number, zDAK(ppr[i] as number, 1.7)!.z)).to.be.below(1e-12);
    expect(state.kernelVouched, 'a point went to zDAK: its values are not the kernel\'s to vouch for').to.equal(false);
  });

  it('counts the settled points exactly (the padding lane of an odd count is not a point): every one settled vouches, one not does not', () => {
    const table = dakTable(1.7, 5)!;
    const solve = (ppr: number[]) => {
      const state = new DakSweepState();
      const z = new Array<number>(ppr.length);
      const d = new Array<number>(ppr.length);
      expect(zDAKTableColumns(ppr, table, z, d, 0, ppr.length, 0, state)).to.equal(-1);
      ppr.forEach((p, i) => expect(rel(z[i] as number, zDAK(p, 1.7)!.z), `Ppr ${p}`).to.be.below(1e-12));
      return state.kernelVouched;
    };
    const inside = (n: number) => Array.from({ length: n }, (_, i) => 0.5 + (i * 4) / n);
    expect(solve(inside(600))).to.equal(true);
    expect(solve(inside(601))).to.equal(true);
    // An even list first leaves a settled flag in the lane past 601; then the 601st point is past the table.
    expect(solve(inside(602))).to.equal(true);
    expect(solve([...inside(600), 9])).to.equal(false);
  });

  describe('one call a block (gasBlock: Ppr, the DAK table and Newton, the properties)', () => {
    // A real call's numbers: Tpr 1.7, Ppc 665 psia, the constants of 200 degF, gasSG 0.72 (rounded).
    const tpr = 1.7;
    const ppc = 665;
    const g = constants(0.0190, 0.00317, 178.1076, 1 / ppc, 0.0125, 1 / 62.428, 5.42, 1.316);
    const COLS = ['ppr', 'z', 'dz', 'bg', 'bgRb', 'density', 'cg', 'viscosity'] as const;
    const columnsOf = (m: number) => Object.fromEntries(COLS.map((c) => [c, Array.from(kernels().col[c].subarray(0, m))])) as Record<(typeof COLS)[number], number[]>;
    /** The block by the three kernels one at a time, as the general path runs them: every column's values. */
    const stepByStep = (pressures: number[], table: NonNullable<ReturnType<typeof dakTable>>) => {
      const k = kernelsWithTable(table);
      const m = pressures.length;
      const ppr = pressures.map((p) => p / ppc);
      const z = new Array<number>(m);
      const d = new Array<number>(m);
      expect(zDAKTableColumns(ppr, table, z, d, 0, m, 0, new DakSweepState())).to.equal(-1);
      pressures.forEach((p, j) => (k.col.p[j] = p));
      expect(k.gasPropertyColumns(m, g)).to.equal(m);
      const cols = columnsOf(m);
      expect(cols.ppr).to.deep.equal(ppr);
      return cols;
    };
    const oneCall = (pressures: number[], table: NonNullable<ReturnType<typeof dakTable>>) => {
      const k = kernelsWithTable(table);
      pressures.forEach((p, j) => (k.col.p[j] = p));
      const ok = k.gasBlock(pressures.length, table, ppc, g);
      return { ok, cols: columnsOf(pressures.length) };
    };

    it('gives the three kernels\' numbers to the last bit, for even and odd counts and a whole block', () => {
      for (const m of [2, 7, 600, 601, KERNEL_BLOCK]) {
        const pressures = Array.from({ length: m }, (_, i) => 40 + (i * 9_900) / m);
        const table = dakTable(tpr, Math.max(...pressures) / ppc)!;
        const a = stepByStep(pressures, table);
        const b = oneCall(pressures, table);
        expect(b.ok, `${m} points`).to.equal(true);
        for (const c of COLS) expect(b.cols[c], `${c}, ${m} points`).to.deep.equal(a[c]);
      }
    });

    it('is false when a point does not settle (its target past the table), so the caller takes the block by its general path', () => {
      const pressures = Array.from({ length: 601 }, (_, i) => 40 + i * 5);
      const table = dakTable(tpr, 2)!; // reaches Ppr 2 (1,330 psia) only
      expect(oneCall(pressures, table).ok).to.equal(false);
      // The last point alone past the table, an odd count: its padding lane repeats it, and still false.
      const justPast = [...pressures.filter((p) => p / ppc < 1.9).slice(0, 200), 1400];
      expect(justPast.length % 2).to.equal(1);
      expect(oneCall(justPast, table).ok).to.equal(false);
      expect(oneCall(justPast.slice(0, -1), table).ok).to.equal(true);
    });
  });
});
