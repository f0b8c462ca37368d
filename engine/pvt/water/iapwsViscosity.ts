/**
 * Viscosity of pure water, IAPWS 2008 (Huber et al. 2009), the formulation recommended for
 * industrial use (Eq 36: the critical enhancement mu_2 set to 1, which only matters within about
 * 1 K of the critical point). T in K, rho in kg/m3, Tbar = T / 647.096 K, rhobar = rho / 322 kg/m3:
 *
 *   mu_0 = 100 sqrt(Tbar) / sum_{i=0..3} H_i / Tbar^i                                       (Eq 11)
 *   mu_1 = exp[ rhobar sum_{i=0..5} (1/Tbar - 1)^i sum_{j=0..6} H_ij (rhobar - 1)^j ]      (Eq 12)
 *   mu = mu_0 mu_1 x 1 uPa s                                                                (Eq 36)
 *
 * With the state given as (T, p) the density comes from IAPWS-IF97 (./iapwsIf97.ts), the pairing
 * the formulation itself recommends for industrial use, carried past IF97's 100 MPa by Spivey et
 * al.'s compression (./compressedWaterDensity.ts).
 * Units: T K, rho kg/m3, p MPa, mu mPa s (= cp).
 * Validity (authors): the whole fluid region to 1173 K and 1000 MPa; here liquid water only.
 * Checked example: Table 4 of Huber et al., 298.15 K and 998 kg/m3 -> 889.735100 uPa s;
 * 373.15 K, 1000 kg/m3 -> 307.883622 uPa s.
 *
 * Reference: Huber, M.L., Perkins, R.A., Laesecke, A., Friend, D.G., Sengers, J.V., Assael, M.J.,
 * Metaxa, I.N., Vogel, E., Mares, R. and Miyagawa, K. (2009) New International Formulation for the
 * Viscosity of H2O. Journal of Physical and Chemical Reference Data 38(2), 101-125 (IAPWS R12-08).
 */
import { compressedWaterDensity } from './compressedWaterDensity.js';

/** Table 2. */
const H0 = [1.67752, 2.20462, 0.6366564, -0.241605] as const;
/** Table 3: [i, j, H_ij]; the coefficients not listed are zero. */
const H1: readonly (readonly [number, number, number])[] = [
  [0, 0, 5.20094e-1],
  [1, 0, 8.50895e-2],
  [2, 0, -1.08374],
  [3, 0, -2.89555e-1],
  [0, 1, 2.22531e-1],
  [1, 1, 9.99115e-1],
  [2, 1, 1.88797],
  [3, 1, 1.26613],
  [5, 1, 1.20573e-1],
  [0, 2, -2.81378e-1],
  [1, 2, -9.06851e-1],
  [2, 2, -7.72479e-1],
  [3, 2, -4.89837e-1],
  [4, 2, -2.5704e-1],
  [0, 3, 1.61913e-1],
  [1, 3, 2.57399e-1],
  [0, 4, -3.25372e-2],
  [3, 4, 6.98452e-2],
  [4, 5, 8.72102e-3],
  [3, 6, -4.35673e-3],
  [5, 6, -5.93264e-4],
];

const T_CRIT_K = 647.096;
const RHO_CRIT = 322;

/** Viscosity of water, mPa s, at tK kelvin and density rho kg/m3 (Eq 36). */
export function huberViscosity(tK: number, rho: number): number {
  const tBar = tK / T_CRIT_K;
  const rhoBar = rho / RHO_CRIT;
  let denominator = 0;
  for (let i = 0; i < H0.length; i++) denominator += (H0[i] as number) / tBar ** i;
  const mu0 = (100 * Math.sqrt(tBar)) / denominator;
  let sum = 0;
  for (const [i, j, h] of H1) sum += h * (1 / tBar - 1) ** i * (rhoBar - 1) ** j;
  return mu0 * Math.exp(rhoBar * sum) * 1e-3;
}

/** Viscosity of liquid water, mPa s, at tK kelvin and pMPa (density from IAPWS-IF97 Region 1, past 100 MPa compressed as Spivey et al.'s). */
export function waterViscosity(tK: number, pMPa: number): number {
  return huberViscosity(tK, compressedWaterDensity(tK, pMPa));
}
