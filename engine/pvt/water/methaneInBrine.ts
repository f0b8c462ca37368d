/**
 * Methane in NaCl brine after Spivey, McCain & North (2004), McCain, Spivey & Lenn (2011)
 * Eqs 4.13-4.22 (their fit of the Duan, Møller & Weare 1992 model). T in K (t degC), p in MPa,
 * m NaCl molality:
 *
 *   water vapour pressure (Wagner & Pruss 1993): x = 1 - T/647.096,
 *     ln(pv/22.064) = (647.096/T)(a1 x + a2 x^1.5 + a3 x^3 + a4 x^3.5 + a5 x^4 + a6 x^7.5)     (4.13-4.14)
 *   solubility in pure water, L = ln(p - pv):  ln m_CH4,w = A(t) L^2 + B(t) L + C(t)           (4.15)
 *     A, B, C of the Eq 4.1 form in tau = t/100
 *   salting out: m_CH4,b = m_CH4,w exp(-2 lambda m - xi m^2)                                 (4.18)
 *     lambda = -0.80898 + 1.0827e-3 T + 183.85/T + 3.924e-4 p - 1.97e-6 p^2,  xi = -3.89e-3  (4.16-4.17)
 *   partial molar volume: V_CH4 = R T (du/dp + 2 m dlambda/dp)                              (4.19-4.22)
 *     du/dp = 7.6985890e-2 - 5.0253331e-5 T - 30.092013/T + 4.8468502e3/T^2   (1/MPa)
 *     R = 8.314467 MPa cm3/(mol K); V in cm3/mol
 * Derivatives for compressibility: d ln m_CH4,b/dp = (2 A L + B)/(p - pv) - 2 m dlambda/dp and
 * dV_CH4/dp = R T 2 m d2lambda/dp2.
 *
 * Units: m mol/kg water, V cm3/mol, p MPa, T K.
 * Validity: as the brine density (0-275 degC, to 200 MPa, m <= 5.7) and p > pv.
 * Checked example: the refdata methane solubilities (pvt_water.json water-spivey-*, rsw) are
 * reproduced to <= 2e-4 across 100-325 degF, 500-10000 psia, 0-25 wt% NaCl.
 *
 * References:
 * - Spivey, J.P., McCain, W.D. Jr. and North, R. (2004) JCPT 43(7), 52-61. PETSOC-04-07-05.
 * - McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property
 *   Correlations. PennWell, Tulsa, Chapter 4.
 * - Duan, Z., Møller, N. and Weare, J.H. (1992) Prediction of Methane Solubilities in Natural
 *   Waters to High Ionic Strength from 0 to 250°C and from 0 to 1600 bar. Geochimica et
 *   Cosmochimica Acta 56, 1451-1460.
 * - Wagner, W. and Pruss, A. (1993) International Equations for the Saturation Properties of
 *   Ordinary Water Substance. J. Phys. Chem. Ref. Data 22(3), 783-787.
 */
type Coefficients = readonly [number, number, number, number, number];

const A_CH4: Coefficients = [0, -0.004462, -0.06763, 0, 0];
const B_CH4: Coefficients = [-0.03602, 0.18917, 0.97242, 0, 0];
const C_CH4: Coefficients = [0.6855, -3.1992, -3.7968, 0.07711, 0.2229];
const VAPOUR = [-7.85951783, 1.84408259, -11.7866497, 22.6807411, -15.9618719, 1.80122502] as const;
const XI = -3.89e-3;
const LAMBDA_P2 = -1.97e-6;

/** MPa cm3/(mol K). */
export const R_MPA_CM3 = 8.314467;

function coefficient(c: Coefficients, tC: number): number {
  const t = tC / 100;
  return (c[0] * t * t + c[1] * t + c[2]) / (c[3] * t * t + c[4] * t + 1);
}

/** Vapour pressure of pure water, MPa (tK between the triple and the critical point). */
export function waterVapourPressure(tK: number): number {
  const x = 1 - tK / 647.096;
  const [a1, a2, a3, a4, a5, a6] = VAPOUR;
  return 22.064 * Math.exp((647.096 / tK) * (a1 * x + a2 * x ** 1.5 + a3 * x ** 3 + a4 * x ** 3.5 + a5 * x ** 4 + a6 * x ** 7.5));
}

export interface MethaneInBrine {
  /** Methane solubility (saturation molality), mol/kg water. */
  molality: number;
  /** d(solubility)/dp, mol/kg water/MPa. */
  dMolalityDp: number;
  /** Partial molar volume of dissolved methane, cm3/mol, and its pressure derivative. */
  partialMolarVolume: number;
  dPartialMolarVolumeDp: number;
}

/** Methane solubility and partial molar volume in brine at tC degC, pMPa > pv, NaCl molality m. */
export function methaneInBrine(tC: number, pMPa: number, m: number): MethaneInBrine {
  const tK = tC + 273.15;
  const excess = pMPa - waterVapourPressure(tK);
  const l = Math.log(excess);
  const a = coefficient(A_CH4, tC);
  const b = coefficient(B_CH4, tC);
  const lambda = -0.80898 + 1.0827e-3 * tK + 183.85 / tK + 3.924e-4 * pMPa + LAMBDA_P2 * pMPa * pMPa;
  const dLambdaDp = 3.924e-4 + 2 * LAMBDA_P2 * pMPa;
  const molality = Math.exp(a * l * l + b * l + coefficient(C_CH4, tC) - 2 * lambda * m - XI * m * m);
  const dudp = 7.698589e-2 - 5.0253331e-5 * tK - 30.092013 / tK + 4.8468502e3 / (tK * tK);
  return {
    molality,
    dMolalityDp: molality * ((2 * a * l + b) / excess - 2 * m * dLambdaDp),
    partialMolarVolume: R_MPA_CM3 * tK * (dudp + 2 * m * dLambdaDp),
    dPartialMolarVolumeDp: R_MPA_CM3 * tK * 2 * m * 2 * LAMBDA_P2,
  };
}
