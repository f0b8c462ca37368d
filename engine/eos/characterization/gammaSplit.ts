/**
 * Splitting a plus fraction (mole fraction z+, molar mass M+, specific gravity SG+) into single
 * carbon number (SCN) groups with the three-parameter gamma distribution of Whitson (1983):
 *
 *   p(M) = (M - eta)^(alpha - 1) exp(-(M - eta)/beta) / (beta^alpha Gamma(alpha)),
 *   beta = (M+ - eta) / alpha,
 *
 * SCN n spanning molar masses 14n - 6 to 14n + 8 (the first from eta, the last, C_N+, to
 * infinity): z_n = z+ [P(alpha, y_b) - P(alpha, y_a)] and M_n = eta + alpha beta [P(alpha+1,
 * y_b) - P(alpha+1, y_a)] / [P(alpha, y_b) - P(alpha, y_a)], y = (M - eta)/beta; so sum z_n = z+
 * and sum z_n M_n = z+ M+ exactly. Specific gravities follow a constant Watson factor (Whitson
 * 1983: SG = 6.0108 M^0.17947 Kw^-1.18241) chosen so that the groups' volumes add up to SG+;
 * boiling points from Kw = Tb^(1/3) / SG.
 *
 * Units: g/mol, Rankine. Validity: alpha 0.5-2.5 for most reservoir fluids (1 is the usual
 * default, the exponential distribution); eta ~ 14 n+ - 6 (92 for C7+).
 *
 * References:
 * - Whitson, C.H. (1983) Characterizing Hydrocarbon Plus Fractions. SPE J. 23(4), 683-694. SPE-12233-PA.
 * - Whitson, C.H., Anderson, T.F. and Soreide, I. (1989) C7+ Characterization of Related
 *   Equilibrium Fluids Using the Gamma Distribution. In: C7+ Fraction Characterization, Taylor & Francis.
 */
import { regularizedGammaP } from './incompleteGamma.js';

export interface ScnGroup {
  carbonNumber: number;
  /** True for the last group (C_N+). */
  plus: boolean;
  z: number;
  mw: number;
  sg: number;
  tbR: number;
}

export interface Split {
  groups: ScnGroup[];
  beta: number;
  kw: number;
}

export function gammaSplit(zPlus: number, mwPlus: number, sgPlus: number, nPlus: number, nMax: number, alpha: number, eta: number): Split {
  const beta = (mwPlus - eta) / alpha;
  const P = (a: number, m: number) => (Number.isFinite(m) ? regularizedGammaP(a, Math.max(0, (m - eta) / beta)) : 1);
  const raw: { n: number; plus: boolean; z: number; mw: number }[] = [];
  for (let n = nPlus; n <= nMax; n++) {
    const lo = n === nPlus ? eta : 14 * n - 6;
    const hi = n === nMax ? Infinity : 14 * n + 8;
    const d0 = P(alpha, hi) - P(alpha, lo);
    if (!(d0 > 1e-300)) continue;
    const d1 = P(alpha + 1, hi) - P(alpha + 1, lo);
    raw.push({ n, plus: n === nMax, z: zPlus * d0, mw: eta + (alpha * beta * d1) / d0 });
  }
  // Constant Watson factor: SG_n = c_n Kw^-e with c_n = 6.0108 M^0.17947, e = 1.18241.
  const e = 1.18241;
  let mass = 0;
  let volumeAtUnitK = 0;
  for (const g of raw) {
    mass += g.z * g.mw;
    volumeAtUnitK += (g.z * g.mw) / (6.0108 * g.mw ** 0.17947);
  }
  const kw = (mass / (sgPlus * volumeAtUnitK)) ** (1 / e);
  const groups = raw.map((g) => {
    const sg = 6.0108 * g.mw ** 0.17947 * kw ** -e;
    return { carbonNumber: g.n, plus: g.plus, z: g.z, mw: g.mw, sg, tbR: (kw * sg) ** 3 };
  });
  return { groups, beta, kw };
}
