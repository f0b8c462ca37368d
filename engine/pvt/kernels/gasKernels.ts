/**
 * The gas functions' WebAssembly SIMD kernels (./assembly, compiled into ./gasKernelsWasm.ts by
 * `npm run kernels`), instantiated once per thread on first use, with the scratch columns the
 * callers fill and read: KERNEL_BLOCK points each, in the module's own memory (fixed size, so
 * the views below never detach).
 *
 * Why WebAssembly: the array paths spend most of their time in exp and log; V8 runs Math.exp
 * and Math.log one point at a time, out of line. The kernels take two points per instruction
 * (f64x2) with exp and log written inline (./assembly/simdMath.ts), the way numpy's own
 * vectorised loops do. Measured at 100,000 pressures (Tpr 1.7): Newton on DAK 14 ns a point
 * against the JavaScript sweep's 35-40.
 *
 * gasKernels() is null where WebAssembly SIMD is not available; callers then take their
 * JavaScript paths, which give the same numbers to the solvers' tolerance.
 */
import { GAS_KERNELS_WASM_BASE64 } from './gasKernelsWasm.js';

/** Points per kernel call (the scratch columns' length; even). */
export const KERNEL_BLOCK = 2048;

/** The lanes a kernel runs for m points: it takes two at a time (f64x2), so m rounded up to even (<= KERNEL_BLOCK). */
const padded = (m: number): number => (m + 1) & ~1;

interface KernelExports {
  memory: WebAssembly.Memory;
  scratchBase(): number;
  dakTableNewton(ppr: number, targets: number, starts: number, z: number, dz: number, ok: number, n: number, table: number, cells: number, c1: number, c2: number, c3: number, c4: number, k: number): number;
  gasPropertyColumns(
    p: number,
    z: number,
    dz: number,
    bg: number,
    bgRb: number,
    density: number,
    cg: number,
    viscosity: number,
    ok: number,
    n: number,
    bgPerZOverP: number,
    densityPerPOverZ: number,
    rbPerMscfPerRcfScf: number,
    invPpc: number,
    muScale: number,
    invRhoUnit: number,
    lgeX: number,
    lgeY: number,
    bgMax: number,
    bgRbMax: number,
    densityMax: number,
    cgMax: number,
    viscosityMax: number,
  ): number;
  gasBlock(
    p: number,
    ppr: number,
    targets: number,
    starts: number,
    z: number,
    dz: number,
    zOk: number,
    bg: number,
    bgRb: number,
    density: number,
    cg: number,
    viscosity: number,
    ok: number,
    n: number,
    table: number,
    cells: number,
    c1: number,
    c2: number,
    c3: number,
    c4: number,
    k: number,
    ppc: number,
    bgPerZOverP: number,
    densityPerPOverZ: number,
    rbPerMscfPerRcfScf: number,
    invPpc: number,
    muScale: number,
    invRhoUnit: number,
    lgeX: number,
    lgeY: number,
    bgMax: number,
    bgRbMax: number,
    densityMax: number,
    cgMax: number,
    viscosityMax: number,
  ): number;
}

/** What the kernel needs of the DAK table in its memory (engine/pvt/correlations/zDAKTable.ts DakTable): its cells, k = 0.27/Tpr and DAK's coefficients at Tpr. */
export interface LoadedDakTable {
  readonly cells: number;
  readonly k: number;
  readonly c: readonly [number, number, number, number];
}

/** pvt.gasProperties' per-call constants of its properties kernel (engine/pvt/gasProperties.ts computes them). */
export interface GasPropertyConstants {
  bgPerZOverP: number;
  densityPerPOverZ: number;
  rbPerMscfPerRcfScf: number;
  invPpc: number;
  muScale: number;
  invRhoUnit: number;
  lgeX: number;
  lgeY: number;
  /** Each property's largest allowed value (its output bound; Infinity where there is none): a lane above it is not ok. */
  bgMax: number;
  bgRbMax: number;
  densityMax: number;
  cgMax: number;
  viscosityMax: number;
}

const COLUMNS = ['ppr', 'target', 'start', 'z', 'dz', 'zOk', 'p', 'bg', 'bgRb', 'density', 'cg', 'viscosity', 'propertiesOk'] as const;
type ColumnName = (typeof COLUMNS)[number];

/** Cells the DAK table may have (engine/pvt/correlations/zDAKTable.ts: rho up to 20 every 0.0125). */
export const TABLE_CELLS_MAX = 1600;
/** Values a table record holds (dakNewton.ts RECORD): h_j, rho_j, a1, a2, a3, 1/(h_{j+1} - h_j). */
export const TABLE_RECORD = 6;

export class GasKernels {
  /** The scratch columns (views of KERNEL_BLOCK values into the module's memory). */
  readonly col: Record<ColumnName, Float64Array>;
  /** The DAK table the kernel reads: TABLE_CELLS_MAX + 1 records of TABLE_RECORD values. */
  readonly table: Float64Array;
  /** Which table `table` holds now (zDAKTable.ts writes it when another is needed). */
  loadedTable: object | null = null;
  private readonly at: Record<ColumnName, number>;
  private readonly tableAt: number;

  constructor(private readonly x: KernelExports) {
    const base = x.scratchBase();
    const bytes = KERNEL_BLOCK * 8;
    this.tableAt = base + COLUMNS.length * bytes;
    const tableValues = (TABLE_CELLS_MAX + 1) * TABLE_RECORD;
    if (this.tableAt + tableValues * 8 > x.memory.buffer.byteLength) throw new Error('gas kernels: scratch does not fit the module memory');
    this.at = {} as Record<ColumnName, number>;
    this.col = {} as Record<ColumnName, Float64Array>;
    COLUMNS.forEach((name, i) => {
      this.at[name] = base + i * bytes;
      this.col[name] = new Float64Array(x.memory.buffer, base + i * bytes, KERNEL_BLOCK);
    });
    this.table = new Float64Array(x.memory.buffer, this.tableAt, tableValues);
  }

  /**
   * z by DAK of col.ppr[0..m) from the loaded table of `cells` cells into col.z, col.dz, col.zOk
   * (col.target and col.start its scratch); returns how many of the m points are ok (settled, z
   * positive and finite, dz/dPpr finite).
   */
  dakTableNewton(m: number, cells: number, c1: number, c2: number, c3: number, c4: number, k: number): number {
    const a = this.at;
    return this.pointsOk(m, this.col.zOk, this.x.dakTableNewton(a.ppr, a.target, a.start, a.z, a.dz, a.zOk, padded(m), this.tableAt, cells, c1, c2, c3, c4, k));
  }

  /**
   * The properties of col.p, col.z, col.dz [0..m) into col.bg ... col.viscosity, col.propertiesOk;
   * returns how many of the m points are ok (every output positive, finite and at most its maximum in g).
   */
  gasPropertyColumns(m: number, g: GasPropertyConstants): number {
    const a = this.at;
    const lanes = this.x.gasPropertyColumns(
      a.p, a.z, a.dz, a.bg, a.bgRb, a.density, a.cg, a.viscosity, a.propertiesOk, padded(m),
      g.bgPerZOverP, g.densityPerPOverZ, g.rbPerMscfPerRcfScf, g.invPpc, g.muScale, g.invRhoUnit, g.lgeX, g.lgeY,
      g.bgMax, g.bgRbMax, g.densityMax, g.cgMax, g.viscosityMax,
    );
    return this.pointsOk(m, this.col.propertiesOk, lanes);
  }

  /**
   * pvt.gasProperties of col.p[0..m) in one call (./assembly/gasBlock.ts) with `table`, the DAK
   * table loaded in the kernel's memory: Ppr into col.ppr, z and
   * dz/dPpr into col.z and col.dz, the properties into col.bg ... col.viscosity. True when every one
   * of the m points is ok (z settled; Ppr, z and every property positive and finite, each property at most its maximum in g).
   */
  gasBlock(m: number, table: LoadedDakTable, ppc: number, g: GasPropertyConstants): boolean {
    const [c1, c2, c3, c4] = table.c;
    const a = this.at;
    // An odd m's padding lane repeats the last point, so its flag is that point's and every lane counts.
    if (m % 2 === 1) this.col.p[m] = this.col.p[m - 1] as number;
    const lanes = this.x.gasBlock(
      a.p, a.ppr, a.target, a.start, a.z, a.dz, a.zOk, a.bg, a.bgRb, a.density, a.cg, a.viscosity, a.propertiesOk, padded(m), this.tableAt, table.cells,
      c1, c2, c3, c4, table.k, ppc, g.bgPerZOverP, g.densityPerPOverZ, g.rbPerMscfPerRcfScf, g.invPpc, g.muScale, g.invRhoUnit, g.lgeX, g.lgeY,
      g.bgMax, g.bgRbMax, g.densityMax, g.cgMax, g.viscosityMax,
    );
    return lanes === padded(m);
  }

  /**
   * A kernel's count of ok lanes as a count of points: the kernels take two at a time, so for odd
   * m the lane past m holds whatever was there, and its flag (in `ok`) is not a point's.
   */
  private pointsOk(m: number, ok: Float64Array, lanes: number): number {
    return m % 2 === 1 ? lanes - (ok[m] as number) : lanes;
  }
}

let loaded: GasKernels | null | undefined;

/** This thread's kernels, or null where WebAssembly SIMD is unavailable (or GAS_KERNELS=off, to compare). */
export function gasKernels(): GasKernels | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  if (process.env.GAS_KERNELS === 'off' || typeof WebAssembly !== 'object' || GAS_KERNELS_WASM_BASE64 === '') return loaded;
  const bytes = Buffer.from(GAS_KERNELS_WASM_BASE64, 'base64');
  if (!WebAssembly.validate(bytes)) return loaded;
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { abort: () => { throw new Error('gas kernels: abort'); } } });
  loaded = new GasKernels(instance.exports as unknown as KernelExports);
  return loaded;
}
