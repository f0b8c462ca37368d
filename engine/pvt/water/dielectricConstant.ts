/**
 * Bradley & Pitzer (1979) static dielectric constant of water, Eqs 1-4 with Table I. T in K, p in
 * bar:
 *
 *   D = D_1000 + C ln[(B + p) / (B + 1000)]
 *   D_1000 = U1 exp(U2 T + U3 T^2),   C = U4 + U5 / (U6 + T),   B = U7 + U8 / T + U9 T
 *
 * Units: T K, p bar, D dimensionless (relative permittivity).
 * Validity (authors): 0-350 degC, to 2 kbar below 70 degC and 5 kbar above.
 * Checked example: 298.15 K, 1 bar -> 78.38 (IAPWS 1997, Fernandez et al.: 78.41 at 0.1 MPa).
 *
 * References:
 * - Bradley, D.J. and Pitzer, K.S. (1979) Thermodynamics of Electrolytes. 12. Dielectric Properties
 *   of Water and Debye-Hückel Parameters to 350 °C and 1 kbar. Journal of Physical Chemistry
 *   83(12), 1599-1603.
 * - Fernández, D.P., Goodwin, A.R.H., Lemmon, E.W., Levelt Sengers, J.M.H. and Williams, R.C. (1997)
 *   A Formulation for the Static Permittivity of Water and Steam at Temperatures from 238 K to
 *   873 K at Pressures up to 1200 MPa. J. Phys. Chem. Ref. Data 26(4), 1125-1166 (the check value).
 */
const U = [3.4279e2, -5.0866e-3, 9.469e-7, -2.0525, 3.1159e3, -1.8289e2, -8.0325e3, 4.2142e6, 2.1417] as const;

/** Relative permittivity of water at tK kelvin and pBar. */
export function bradleyPitzerDielectric(tK: number, pBar: number): number {
  const [u1, u2, u3, u4, u5, u6, u7, u8, u9] = U;
  const d1000 = u1 * Math.exp(u2 * tK + u3 * tK * tK);
  const c = u4 + u5 / (u6 + tK);
  const b = u7 + u8 / tK + u9 * tK;
  return d1000 + c * Math.log((b + pBar) / (b + 1000));
}
