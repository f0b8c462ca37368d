/**
 * A block of pvt.gasProperties from its pressures alone (WebAssembly SIMD): Ppr = p / Ppc, then z
 * and dz/dPpr by the DAK table and Newton (./dakNewton.ts), then the per-pressure properties
 * (./gasProperties.ts). The same operations as the three steps run one by one from JavaScript,
 * so the same numbers; what it saves is the block's round trips between the kernels' columns
 * and JavaScript's (Ppr out and back in, z and dz/dPpr out and back in).
 *
 * Inputs and outputs at byte offsets (n values each, n even): p in; Ppr, the DAK kernel's
 * targets, starts, z, dz/dPpr and flags, then the properties' columns and flags out.
 * Returns how many of the n lanes are ok (every output positive, finite and at most its maximum), or -1 when a lane's
 * z did not settle in the table's Newton (the caller then takes the block by its general path,
 * which solves such a point alone). Units: psia in; the outputs' as in ./gasProperties.ts.
 * Validity: DAK's, where the caller's table applies (engine/pvt/correlations/zDAKTable.ts).
 * Reference: Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural
 * Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36.
 */
import { dakTableNewton } from './dakNewton';
import { gasPropertyColumns } from './gasProperties';

export function gasBlock(
  pIn: usize,
  pprOut: usize,
  targets: usize,
  starts: usize,
  zOut: usize,
  dzOut: usize,
  zOk: usize,
  bgOut: usize,
  bgRbOut: usize,
  densityOut: usize,
  cgOut: usize,
  viscosityOut: usize,
  okOut: usize,
  n: i32,
  table: usize,
  cells: i32,
  c1: f64,
  c2: f64,
  c3: f64,
  c4: f64,
  k: f64,
  ppc: f64,
  bgPerZOverP: f64,
  densityPerPOverZ: f64,
  rbPerMscfPerRcfScf: f64,
  invPpc: f64,
  muScale: f64,
  invRhoUnit: f64,
  lgeX: f64,
  lgeY: f64,
  bgMax: f64,
  bgRbMax: f64,
  densityMax: f64,
  cgMax: f64,
  viscosityMax: f64,
): i32 {
  // Ppr = p / Ppc by division, as JavaScript computes it (a product by 1/Ppc can differ in the last bit).
  const ppcK = f64x2.splat(ppc);
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 3;
    v128.store(pprOut + o, f64x2.div(v128.load(pIn + o), ppcK));
  }
  if (dakTableNewton(pprOut, targets, starts, zOut, dzOut, zOk, n, table, cells, c1, c2, c3, c4, k) !== n) return -1;
  return gasPropertyColumns(pIn, zOut, dzOut, bgOut, bgRbOut, densityOut, cgOut, viscosityOut, okOut, n, bgPerZOverP, densityPerPOverZ, rbPerMscfPerRcfScf, invPpc, muScale, invRhoUnit, lgeX, lgeY, bgMax, bgRbMax, densityMax, cgMax, viscosityMax);
}
