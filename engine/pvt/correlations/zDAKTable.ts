/**
 * Dranchuk & Abou-Kassem (1975) z over a long list of reduced pressures at one Tpr: each point
 * started from a table of the equation, then Newton in the WebAssembly kernel
 * (engine/pvt/kernels/assembly/dakNewton.ts), two points at a time and independent of each other.
 *
 * The table: h(rho) = rho z(rho) (./zDAK.ts) and h'(rho) at rho = 0, STEP, 2 STEP, ... up to the
 * list's largest target 0.27 Ppr/Tpr. A point's target lies in one cell; the cubic Hermite
 * interpolant of the inverse, rho(h), through the cell's ends (values and slopes 1/h') starts
 * Newton within ~1e-9 of the root, so one evaluation of z usually settles it (the kernel accepts
 * a point as zDAKSweep does, and takes a second step when not).
 *
 * The same root as zDAK: the table path is used only where h rises through the whole table with
 * h' >= MIN_SLOPE at every node (between nodes h' can fall below that by at most
 * STEP^2/8 max|h'''|, far less than MIN_SLOPE), so each target has one root on [0, its cell],
 * which is the one zDAK's bracket scan from 0 finds. A list whose table does not qualify (Tpr
 * near 1, where h flattens; a target beyond rho 20, where zDAK's scan ends) takes zDAKSweep. A
 * point the kernel does not settle is solved by zDAK itself.
 *
 * Units: Ppr, Tpr, z dimensionless. Validity: DAK's (./zDAK.ts).
 * Reference: Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural
 * Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36.
 * Hermite interpolation: Fritsch, F.N. and Carlson, R.E. (1980) Monotone Piecewise Cubic
 * Interpolation. SIAM Journal on Numerical Analysis 17(2), 238-246 (the cubic on values and slopes).
 */
import { gasKernels, KERNEL_BLOCK, TABLE_CELLS_MAX, type GasKernels } from '../kernels/gasKernels.js';
import { A11, coefficients, SCAN_LIMIT, zDAK, type DakSweepState } from './zDAK.js';

/** Node spacing in reduced density: the start's error shrinks as STEP^4 (1e-9 here, measured). */
const STEP = 0.0125;
/** The least h' at a node for the table path (h'(0) = 1). */
const MIN_SLOPE = 0.02;
/** Lists at least this long take the table path: the table's ~100-250 evaluations of z are then under a tenth of the work. */
export const TABLE_MIN = 256;

/**
 * The table of one Tpr, in the kernel's record layout (gasKernels.ts TABLE_RECORD values a cell: h_j, rho_j,
 * a1, a2, a3 of rho(u) = rho_j + u (a1 + u (a2 + u a3)), u = (h - h_j)/(h_{j+1} - h_j), and
 * 1/(h_{j+1} - h_j)), then h of the last node: copied as it is into the kernel's memory.
 */
export class DakTable {
  readonly records: number[] = [];
  cells = 0;
  constructor(
    readonly tpr: number,
    readonly k: number,
    readonly c: readonly [number, number, number, number],
  ) {}
}

/** The table reaching target 0.27 maxPpr/Tpr, or null where the table path does not apply (see above). */
export function dakTable(tpr: number, maxPpr: number): DakTable | null {
  const c = coefficients(tpr);
  const [c1, c2, c3, c4] = c;
  const k = 0.27 / tpr;
  const top = k * maxPpr;
  if (!(top > 0 && top < Infinity)) return null;
  const t = new DakTable(tpr, k, c);
  let h0 = 0; // h(0)
  let slope = 1; // h'(0) = z(0) = 1
  for (let j = 0; h0 < top; j++) {
    const x = (j + 1) * STEP;
    if (x > SCAN_LIMIT || j >= TABLE_CELLS_MAX) return null;
    const r2 = x * x;
    const e = Math.exp(-A11 * r2);
    const z = 1 + c1 * x + c2 * r2 - c3 * r2 * r2 * x + c4 * (1 + A11 * r2) * r2 * e;
    const dz = c1 + 2 * c2 * x - 5 * c3 * r2 * r2 + c4 * e * (2 * x + 2 * A11 * r2 * x - 2 * A11 * A11 * r2 * r2 * x);
    const h = x * z;
    const h1 = z + x * dz;
    if (!(h1 >= MIN_SLOPE && h > h0 && h < Infinity)) return null;
    // The cubic on values and slopes 1/h' at both ends, w = h_{j+1} - h_j.
    const w = h - h0;
    const s0 = 1 / slope;
    const s1 = 1 / h1;
    t.records.push(h0, j * STEP, w * s0, 3 * STEP - w * (2 * s0 + s1), w * (s0 + s1) - 2 * STEP, 1 / w);
    t.cells++;
    h0 = h;
    slope = h1;
  }
  t.records.push(h0);
  return t;
}

/**
 * z and dz/dPpr at ppr[from..to) into `z` and `dzdppr` (dz/dPpr of point i at i - dzOffset), as
 * zDAKSweep writes them. Returns the index of the first point without a root (zDAK's null), or -1.
 * A slice of at most KERNEL_BLOCK points also leaves its z and dz/dPpr in the kernel's columns
 * col.z and col.dz (pvt.gasProperties' properties kernel reads them there).
 * Only for tables from dakTable covering every target of the slice, and where gasKernels() is not null.
 */
export function zDAKTableColumns(
  ppr: ArrayLike<number>,
  table: DakTable,
  z: number[] | Float64Array,
  dzdppr: number[] | Float64Array,
  from: number,
  to: number,
  dzOffset: number,
  state: DakSweepState,
): number {
  const kernels = kernelsWithTable(table);
  const { ppr: pk, z: zk, dz: dzk, zOk } = kernels.col;
  const { k, tpr } = table;
  const [c1, c2, c3, c4] = table.c;
  const cells = table.cells;
  for (let s = from; s < to; s += KERNEL_BLOCK) {
    const m = Math.min(to - s, KERNEL_BLOCK);
    for (let j = 0; j < m; j++) pk[j] = ppr[s + j] as number;
    const settled = kernels.dakTableNewton(m, cells, c1, c2, c3, c4, k);
    if (settled === m) state.kernelVouched ??= true;
    else state.kernelVouched = false;
    if (settled === m && z instanceof Float64Array && dzdppr instanceof Float64Array) {
      z.set(zk.subarray(0, m), s);
      dzdppr.set(dzk.subarray(0, m), s - dzOffset);
      continue;
    }
    for (let j = 0; j < m; j++) {
      const i = s + j;
      if (zOk[j] !== 1) {
        const r = zDAK(ppr[i] as number, tpr);
        if (r === null) return i;
        // Into the kernel's columns too: the slice's z and dz/dPpr stay there for the properties kernel.
        zk[j] = r.z;
        dzk[j] = r.dzdppr;
      }
      z[i] = zk[j] as number;
      dzdppr[i - dzOffset] = dzk[j] as number;
    }
  }
  return -1;
}

/**
 * This thread's kernels with `table` in their memory (engine/pvt/kernels/assembly/dakNewton.ts
 * reads its records), copied there when another table is loaded. Only where gasKernels() is not null.
 */
export function kernelsWithTable(table: DakTable): GasKernels {
  const kernels = gasKernels()!;
  if (kernels.loadedTable !== table) {
    kernels.table.set(table.records);
    kernels.loadedTable = table;
  }
  return kernels;
}
