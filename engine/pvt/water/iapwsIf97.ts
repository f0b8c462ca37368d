/**
 * IAPWS-IF97 Region 1 (compressed liquid water): density from temperature and pressure. T in K,
 * p in MPa, pi = p / 16.53 MPa, tau = 1386 K / T:
 *
 *   gamma_pi = sum_i -n_i I_i (7.1 - pi)^(I_i - 1) (tau - 1.222)^J_i       (Eq 7 derivative, Table 4)
 *   v = pi gamma_pi R T / p,   R = 0.461526 kJ/(kg K),   rho = 1 / v      (Table 3)
 *
 * Units: T K, p MPa, rho kg/m3.
 * Validity (IAPWS): 273.15-623.15 K, from the saturation pressure to 100 MPa.
 * Checked example: Table 5 of the release, v = 0.100215168e-2 m3/kg at 300 K, 3 MPa;
 * 0.971180894e-3 at 300 K, 80 MPa; 0.120241800e-2 at 500 K, 3 MPa.
 *
 * References:
 * - IAPWS (2007) Revised Release on the IAPWS Industrial Formulation 1997 for the Thermodynamic
 *   Properties of Water and Steam (IAPWS R7-97), Region 1, Tables 2-5.
 * - Wagner, W. et al. (2000) The IAPWS Industrial Formulation 1997 for the Thermodynamic Properties
 *   of Water and Steam. Journal of Engineering for Gas Turbines and Power 122(1), 150-182.
 */

/** Table 2: I_i, J_i, n_i of the Region 1 Gibbs free energy. */
const REGION1: readonly (readonly [number, number, number])[] = [
  [0, -2, 0.14632971213167],
  [0, -1, -0.84548187169114],
  [0, 0, -0.3756360367204e1],
  [0, 1, 0.33855169168385e1],
  [0, 2, -0.95791963387872],
  [0, 3, 0.15772038513228],
  [0, 4, -0.16616417199501e-1],
  [0, 5, 0.81214629983568e-3],
  [1, -9, 0.28319080123804e-3],
  [1, -7, -0.60706301565874e-3],
  [1, -1, -0.18990068218419e-1],
  [1, 0, -0.32529748770505e-1],
  [1, 1, -0.21841717175414e-1],
  [1, 3, -0.5283835796993e-4],
  [2, -3, -0.47184321073267e-3],
  [2, 0, -0.30001780793026e-3],
  [2, 1, 0.47661393906987e-4],
  [2, 3, -0.44141845330846e-5],
  [2, 17, -0.72694996297594e-15],
  [3, -4, -0.31679644845054e-4],
  [3, 0, -0.28270797985312e-5],
  [3, 6, -0.85205128120103e-9],
  [4, -5, -0.22425281908e-5],
  [4, -2, -0.65171222895601e-6],
  [4, 10, -0.14341729937924e-12],
  [5, -8, -0.40516996860117e-6],
  [8, -11, -0.12734301741682e-8],
  [8, -6, -0.17424871230634e-9],
  [21, -29, -0.68762131295531e-18],
  [23, -31, 0.14478307828521e-19],
  [29, -38, 0.26335781662795e-22],
  [30, -39, -0.11947622640071e-22],
  [31, -40, 0.18228094581404e-23],
  [32, -41, -0.93537087292458e-25],
];

const P_STAR_MPA = 16.53;
const T_STAR_K = 1386;
/** Specific gas constant of water, kJ/(kg K) (Eq 1 of the release). */
const R_KJ_KG_K = 0.461526;

export const IF97_REGION1_RANGE = { tKMin: 273.15, tKMax: 623.15, pMPaMax: 100 } as const;

/** Density of liquid water, kg/m3, at tK kelvin and pMPa (Region 1). */
export function if97LiquidDensity(tK: number, pMPa: number): number {
  const pi = pMPa / P_STAR_MPA;
  const tau = T_STAR_K / tK;
  let gammaPi = 0;
  for (const [i, j, n] of REGION1) if (i > 0) gammaPi -= n * i * (7.1 - pi) ** (i - 1) * (tau - 1.222) ** j;
  // v = pi gamma_pi R T / p with R in kJ/(kg K) and p in MPa gives m3/kg after the 1e-3 (kJ/MPa = 1e-3 m3).
  return 1 / ((pi * gammaPi * R_KJ_KG_K * tK) / (pMPa * 1000));
}
