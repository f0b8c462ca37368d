/**
 * Kestin, Khalifa & Correia (1981) viscosity of aqueous NaCl, their correlation of oscillating-disk
 * measurements. t in degC, p in MPa (GPa in the pressure coefficients), m NaCl molality:
 *
 *   mu(p,t,m) = mu0(t,m) [1 + beta(t,m) p]                                                   (1)
 *   log10[mu0(t,m) / mu_w0(t)] = A(m) + B(m) log10[mu_w0(t) / mu_w0(20 degC)]                (2)
 *   log10[mu_w0(t) / mu_w0(20 degC)] = sum_{i=1..4} alpha_i (20 - t)^i / (96 + t),
 *       mu_w0(20 degC) = 1002 uPa s   (Kestin, Sokolov & Wakeham 1978)                       (3)
 *   A(m) = sum_{i=1..3} a_i m^i,   B(m) = sum_{i=1..3} b_i m^i                                (4-5)
 *   beta = beta_Es(t) beta*(m / m_s) + beta_w(t),   beta_w = sum_{i=0..4} beta_i t^i  (1/GPa)  (6-7)
 *   beta_Es = gamma_0 + gamma_1 t - beta_w,   m_s = sum_{i=0..2} m_i t^i (saturation)         (8-9)
 *   beta*(r) = 2.5 r - 2 r^2 + 0.5 r^3                                                       (10)
 *
 * Salt pressure factor (used by the 'JonesDoleKestin' brine viscosity, ./brineViscosity.ts):
 * Kestin's brine-to-water ratio at p over the same ratio at 0.1 MPa,
 *   F_p = [mu(p,t,m)/mu(p,t,0)] / [mu(0.1,t,m)/mu(0.1,t,0)],
 * with t, p and m held at the edges of Kestin's data (20-150 degC, 0.1-35 MPa, m <= 6) rather than
 * extrapolated. The ratio-of-ratios and the clamping are the construction of pyrestoolbox 3.7.6
 * (brine/viscosity_route.py), not of Kestin et al.; they add to an ion-additive salt term, which has
 * no pressure dependence of its own, the pressure dependence Kestin measured.
 * Units: t degC, p MPa, m mol/kg water, mu mPa s.
 * Validity (authors): 20-150 degC, 0.1-35 MPa, 0-6 mol/kg, stated to reproduce their data to
 * +/-0.5%.
 * Checked example: Eq 3 gives 1.002 mPa s at 20 degC by construction and 0.8901 mPa s at 25 degC
 * (IAPWS 2008: 0.8900 mPa s at 25 degC, 0.1 MPa).
 *
 * References:
 * - Kestin, J., Khalifa, H.E. and Correia, R.J. (1981) Tables of the Dynamic and Kinematic Viscosity
 *   of Aqueous NaCl Solutions in the Temperature Range 20-150 degC and the Pressure Range
 *   0.1-35 MPa. Journal of Physical and Chemical Reference Data 10(1), 71-87.
 * - Kestin, J., Sokolov, M. and Wakeham, W.A. (1978) Viscosity of Liquid Water in the Range
 *   -8 degC to 150 degC. Journal of Physical and Chemical Reference Data 7(3), 941-948.
 */

const ALPHA = [1.2378, -1.303e-3, 3.06e-6, 2.55e-8] as const;
const A_M = [3.324e-2, 3.624e-3, -1.879e-4] as const;
const B_M = [-3.96e-2, 1.02e-2, -7.02e-4] as const;
const BETA_W = [-1.297, 5.74e-2, -6.97e-4, 4.47e-6, -1.05e-8] as const;
const GAMMA = [0.545, 2.8e-3] as const;
const M_SAT = [6.044, 2.8e-3, 3.6e-5] as const;
const BETA_STAR = [2.5, -2.0, 0.5] as const;
/** Zero-pressure viscosity of water at 20 degC, mPa s (Eq 3). */
const MU_W0_20C = 1.002;

export const KESTIN_RANGE = { tCMin: 20, tCMax: 150, pMPaMin: 0.1, pMPaMax: 35, molalityMax: 6 } as const;

/** sum_{i} c_i x^(i + first). */
const series = (c: readonly number[], x: number, first: number) => c.reduce((s, ci, i) => s + ci * x ** (i + first), 0);

/** Zero-pressure viscosity of water, mPa s (Eq 3). */
export function kestinWaterViscosity0(tC: number): number {
  return MU_W0_20C * 10 ** (series(ALPHA, 20 - tC, 1) / (96 + tC));
}

/** Pressure coefficient of the solution, 1/GPa (Eqs 6-10). */
function pressureCoefficient(tC: number, m: number): number {
  const betaW = series(BETA_W, tC, 0);
  const r = m / series(M_SAT, tC, 0);
  return (GAMMA[0] + GAMMA[1] * tC - betaW) * series(BETA_STAR, r, 1) + betaW;
}

/** Viscosity of aqueous NaCl, mPa s, at tC degC, pMPa and molality m (Eqs 1-10). */
export function kestinViscosity(tC: number, pMPa: number, m: number): number {
  const muW0 = kestinWaterViscosity0(tC);
  const mu0 = muW0 * 10 ** (series(A_M, m, 1) + series(B_M, m, 1) * Math.log10(muW0 / MU_W0_20C));
  return mu0 * (1 + (pressureCoefficient(tC, m) * pMPa) / 1000);
}

/** Brine-to-water viscosity ratio at the same t and p. */
export function kestinSaltRatio(tC: number, pMPa: number, m: number): number {
  return kestinViscosity(tC, pMPa, m) / kestinViscosity(tC, pMPa, 0);
}

/** Salt pressure factor F_p (see above), 1 for pure water; t, p, m held within Kestin's data. */
export function kestinPressureFactor(tC: number, pMPa: number, m: number): number {
  if (!(m > 0)) return 1;
  const t = Math.min(Math.max(tC, KESTIN_RANGE.tCMin), KESTIN_RANGE.tCMax);
  const p = Math.min(Math.max(pMPa, KESTIN_RANGE.pMPaMin), KESTIN_RANGE.pMPaMax);
  const mm = Math.min(m, KESTIN_RANGE.molalityMax);
  return kestinSaltRatio(t, p, mm) / kestinSaltRatio(t, KESTIN_RANGE.pMPaMin, mm);
}
