/**
 * Critical properties and acentric factor of a petroleum fraction from its normal boiling point
 * Tb and specific gravity SG (60/60 degF), in Rankine and psia as published:
 *
 * - Kesler & Lee (1976):
 *     Tc = 341.7 + 811.1 SG + (0.4244 + 0.1174 SG) Tb + (0.4669 - 3.26238 SG) 1e5 / Tb
 *     ln Pc = 8.3634 - 0.0566/SG - (0.24244 + 2.2898/SG + 0.11857/SG^2) 1e-3 Tb
 *             + (1.4685 + 3.648/SG + 0.47227/SG^2) 1e-7 Tb^2 - (0.42019 + 1.6977/SG^2) 1e-10 Tb^3
 * - Riazi & Daubert (1980): Tc = 24.2787 Tb^0.58848 SG^0.3596, Pc = 3.12281e9 Tb^-2.3125 SG^2.3201
 * - Twu (1984): the n-alkane reference (Tc0, Pc0, Vc0, SG0 as functions of Tb) perturbed by the
 *   specific-gravity difference (eqs. 1-3, 8 and the f_T, f_V, f_P corrections).
 * Acentric factor by Kesler & Lee (1976) with the chosen Tc and Pc (Lee-Kesler vapour pressure
 * for Tbr < 0.8; their Watson-factor correlation above). Critical volume: Twu's where Twu is used,
 * else the Lohrenz-Bray-Clark C7+ correlation (fluidInput.ts).
 * Watson characterization factor Kw = Tb^(1/3) / SG (Tb in Rankine).
 *
 * Checked against Ahmed (2007) Example 2.2 (SG 0.7365, Tb 365.555 K): Kesler-Lee Tc 545.012 K,
 * Pc 32.383 bar, omega 0.3064; Riazi-Daubert Tc 550.373 K, Pc 32.192 bar.
 * Validity: Kesler-Lee and Riazi-Daubert fitted to fractions of Tb up to ~850-1000 degF; Twu
 * claims Tb to ~1800 degF (heavier fractions extrapolate all three).
 *
 * References:
 * - Kesler, M.G. and Lee, B.I. (1976) Improve Prediction of Enthalpy of Fractions. Hydrocarbon
 *   Processing 55(3), 153-158.
 * - Riazi, M.R. and Daubert, T.E. (1980) Simplify Property Predictions. Hydrocarbon Processing
 *   59(3), 115-116.
 * - Twu, C.H. (1984) An internally consistent correlation for predicting the critical properties
 *   and molecular weights of petroleum and coal-tar liquids. Fluid Phase Equilib. 16, 137-150.
 * - Ahmed, T. (2007) Equations of State and PVT Analysis. Gulf Publishing, ch. 2.
 * - Watson, K.M. and Nelson, E.F. (1933) Improved Methods for Approximating Critical and Thermal
 *   Properties of Petroleum Fractions. Ind. Eng. Chem. 25(8), 880-887.
 */

export const CRITICAL_METHODS = ['KeslerLee', 'RiaziDaubert', 'Twu'] as const;
export type CriticalMethod = (typeof CRITICAL_METHODS)[number];

export interface FractionCriticals {
  /** Rankine, psia, -, ft3/lbmol (null unless Twu). */
  tcR: number;
  pcPsia: number;
  omega: number;
  vcFt3: number | null;
}

export function criticalProperties(method: CriticalMethod, tbR: number, sg: number): FractionCriticals {
  let tc: number;
  let pc: number;
  let vc: number | null = null;
  if (method === 'KeslerLee') {
    tc = 341.7 + 811.1 * sg + (0.4244 + 0.1174 * sg) * tbR + ((0.4669 - 3.26238 * sg) * 1e5) / tbR;
    pc = Math.exp(
      8.3634 -
        0.0566 / sg -
        (0.24244 + 2.2898 / sg + 0.11857 / sg ** 2) * 1e-3 * tbR +
        (1.4685 + 3.648 / sg + 0.47227 / sg ** 2) * 1e-7 * tbR ** 2 -
        (0.42019 + 1.6977 / sg ** 2) * 1e-10 * tbR ** 3,
    );
  } else if (method === 'RiaziDaubert') {
    tc = 24.2787 * tbR ** 0.58848 * sg ** 0.3596;
    pc = 3.12281e9 * tbR ** -2.3125 * sg ** 2.3201;
  } else {
    ({ tc, pc, vc } = twu(tbR, sg));
  }
  return { tcR: tc, pcPsia: pc, omega: keslerLeeOmega(tbR, sg, tc, pc), vcFt3: vc };
}

/** Kesler & Lee (1976) acentric factor (Tb, Tc in Rankine, Pc in psia). */
export function keslerLeeOmega(tbR: number, sg: number, tcR: number, pcPsia: number): number {
  const tbr = tbR / tcR;
  if (tbr > 0.8) {
    const k = watsonK(tbR, sg);
    return -7.904 + 0.1352 * k - 0.007465 * k * k + 8.359 * tbr + (1.408 - 0.01063 * k) / tbr;
  }
  const lnT = Math.log(tbr);
  return (-Math.log(pcPsia / 14.696) - 5.92714 + 6.09648 / tbr + 1.28862 * lnT - 0.169347 * tbr ** 6) / (15.2518 - 15.6875 / tbr - 13.4721 * lnT + 0.43577 * tbr ** 6);
}

export const watsonK = (tbR: number, sg: number): number => Math.cbrt(tbR) / sg;

function twu(tb: number, sg: number): { tc: number; pc: number; vc: number } {
  const tc0 = tb / (0.533272 + 0.191017e-3 * tb + 0.779681e-7 * tb ** 2 - 0.284376e-10 * tb ** 3 + 0.959468e28 / tb ** 13);
  const a = 1 - tb / tc0;
  const pc0 = (3.83354 + 1.19629 * Math.sqrt(a) + 34.8888 * a + 36.1952 * a * a + 104.193 * a ** 4) ** 2;
  const vc0 = (1 - (0.419869 - 0.505839 * a - 1.56436 * a ** 3 - 9481.7 * a ** 14)) ** -8;
  const sg0 = 0.843593 - 0.128624 * a - 3.36159 * a ** 3 - 13749.5 * a ** 12;
  const sq = Math.sqrt(tb);
  const dT = Math.exp(5 * (sg0 - sg)) - 1;
  const fT = dT * (-0.362456 / sq + (0.0398285 - 0.948125 / sq) * dT);
  const tc = tc0 * ((1 + 2 * fT) / (1 - 2 * fT)) ** 2;
  const dV = Math.exp(4 * (sg0 * sg0 - sg * sg)) - 1;
  const fV = dV * (0.46659 / sq + (-0.182421 + 3.01721 / sq) * dV);
  const vc = vc0 * ((1 + 2 * fV) / (1 - 2 * fV)) ** 2;
  const dP = Math.exp(0.5 * (sg0 - sg)) - 1;
  const fP = dP * (2.53262 - 46.1955 / sq - 0.00127885 * tb + (-11.4277 + 252.14 / sq + 0.00230535 * tb) * dP);
  const pc = pc0 * (tc / tc0) * (vc0 / vc) * ((1 + 2 * fP) / (1 - 2 * fP)) ** 2;
  return { tc, pc, vc };
}
