/**
 * One phase of a given composition at T and P: the compressibility root, ln phi_i and the
 * residual Gibbs energy, and on request the derivatives of ln phi_i with respect to mole
 * numbers, P and T (Newton flash, saturation points, envelope).
 *
 *   Z^3 - (1 + B - uB) Z^2 + (A + wB^2 - uB - uB^2) Z - (AB + wB^2 + wB^3) = 0,
 *   u = d1 + d2, w = d1 d2, A = a P/(RT)^2, B = b P/(RT);
 *   ln phi_i = (b_i/b)(Z - 1) - ln(Z - B) - A/(B(d1 - d2)) (2 sum_j x_j a_ij / a - b_i/b) ln((Z + d1 B)/(Z + d2 B));
 *   G_res/RT = Z - 1 - ln(Z - B) - A/(B(d1 - d2)) ln((Z + d1 B)/(Z + d2 B)).
 * Root choice: 'liquid' the smallest root above B, 'vapour' the largest, 'gibbs' the one of the
 * two with the lower residual Gibbs energy (the stable one for this composition).
 * Derivatives from the reduced residual Helmholtz energy F(n, T, V) = -n g - D(T)/T f of
 * Michelsen & Mollerup (2007) ch. 3, eqs. for g(V, B) = ln(1 - B/V) and
 * f(V, B) = ln((V + d1 B)/(V + d2 B)) / (R B (d1 - d2)).
 *
 * Units: SI. Validity: any T > 0, P > 0 and composition with positive sum; a composition whose
 * cubic has no root above B (impossible for a finite, positive input) yields null.
 *
 * References:
 * - Michelsen, M.L. and Mollerup, J.M. (2007) Thermodynamic Models: Fundamentals & Computational
 *   Aspects, 2nd ed. Tie-Line Publications, ch. 3 (residual Helmholtz function and derivatives).
 * - Peng & Robinson (1976); Soave (1972), see eosFamily.ts.
 */
import { cubicRoots } from './cubicRoots.js';
import { R } from './constants.js';
import type { TemperatureState } from './fluid.js';

export type RootChoice = 'liquid' | 'vapour' | 'gibbs';

export interface Phase {
  /** The composition evaluated (a copy, normalised). */
  x: Float64Array;
  P: number;
  Z: number;
  /** Molar volume without shift, m3/mol. */
  V: number;
  A: number;
  B: number;
  /** Mixture a, Pa m6/mol2, and b, m3/mol. */
  a: number;
  b: number;
  /** sum_j x_j a_ij. */
  Da: Float64Array;
  lnPhi: Float64Array;
  /** Residual Gibbs energy / RT. */
  gRes: number;
  /** Real roots above B (1 to 3). */
  roots: number;
}

export interface PhaseDerivatives {
  /** d ln phi_i / d n_j (T, P) for one mole of phase, row-major n x n. */
  dn: Float64Array;
  /** d ln phi_i / d P (T, n), 1/Pa. */
  dP: Float64Array;
  /** d ln phi_i / d T (P, n), 1/K; null unless the state carries d a_ij/dT. */
  dT: Float64Array | null;
}

export class PhaseModel {
  readonly n: number;
  readonly T: number;
  private readonly RT: number;
  private readonly u: number;
  private readonly w: number;
  private readonly dd: number;

  constructor(readonly ts: TemperatureState) {
    this.n = ts.fluid.n;
    this.T = ts.T;
    this.RT = R * ts.T;
    const { d1, d2 } = ts.fluid.family;
    this.u = d1 + d2;
    this.w = d1 * d2;
    this.dd = d1 - d2;
  }

  /** The phase of composition x (normalised here) at P, Pa; null only when no root exists. */
  evaluate(xIn: ArrayLike<number>, P: number, root: RootChoice): Phase | null {
    const n = this.n;
    const fl = this.ts.fluid;
    const aij = this.ts.aij;
    const x = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += xIn[i]!;
    if (!(sum > 0)) return null;
    for (let i = 0; i < n; i++) x[i] = xIn[i]! / sum;
    const Da = new Float64Array(n);
    let a = 0;
    let b = 0;
    for (let i = 0; i < n; i++) {
      let s = 0;
      const row = i * n;
      for (let j = 0; j < n; j++) s += aij[row + j]! * x[j]!;
      Da[i] = s;
      a += x[i]! * s;
      b += x[i]! * fl.b[i]!;
    }
    const A = (a * P) / (this.RT * this.RT);
    const B = (b * P) / this.RT;
    const { u, w } = this;
    const all = cubicRoots((u - 1) * B - 1, A + w * B * B - u * B - u * B * B, -(A * B + w * B * B + w * B * B * B));
    // Roots at or below B are not volumes; the rest are sorted, so the first valid is the liquid root.
    let first = 0;
    while (first < all.length && !(all[first]! > B)) first++;
    const nRoots = all.length - first;
    if (nRoots === 0) return null;
    const zl = all[first]!;
    const zv = all[all.length - 1]!;
    let Z: number;
    if (root === 'liquid') Z = zl;
    else if (root === 'vapour') Z = zv;
    else Z = nRoots === 1 || this.gRes(zl, A, B) <= this.gRes(zv, A, B) ? zl : zv;
    const lnPhi = new Float64Array(n);
    const logTerm = this.logTerm(Z, B);
    const coef = A / (B * this.dd);
    const lnZB = Math.log(Z - B);
    for (let i = 0; i < n; i++) {
      const bi = fl.b[i]! / b;
      lnPhi[i] = bi * (Z - 1) - lnZB - coef * ((2 * Da[i]!) / a - bi) * logTerm;
    }
    return { x, P, Z, V: (Z * this.RT) / P, A, B, a, b, Da, lnPhi, gRes: Z - 1 - lnZB - coef * logTerm, roots: nRoots };
  }

  /** ln((Z + d1 B)/(Z + d2 B)) */
  private logTerm(Z: number, B: number): number {
    const { d1, d2 } = this.ts.fluid.family;
    return Math.log((Z + d1 * B) / (Z + d2 * B));
  }

  private gRes(Z: number, A: number, B: number): number {
    return Z - 1 - Math.log(Z - B) - (A / (B * this.dd)) * this.logTerm(Z, B);
  }

  /**
   * Derivatives of ln phi for the phase (one mole; divide dn by the phase's moles N for an
   * N-mole phase). dT needs a TemperatureState built with derivatives.
   */
  derivatives(ph: Phase, wantT = false): PhaseDerivatives {
    const n = this.n;
    const fl = this.ts.fluid;
    const { d1, d2 } = fl.family;
    const T = this.T;
    const RT = this.RT;
    const V = ph.V;
    const B = ph.b;
    const D = ph.a;
    const VmB = V - B;
    const e1 = V + d1 * B;
    const e2 = V + d2 * B;
    const gV = B / (V * VmB);
    const gB = -1 / VmB;
    const gVV = -1 / (VmB * VmB) + 1 / (V * V);
    const gBV = 1 / (VmB * VmB);
    const gBB = -1 / (VmB * VmB);
    const f = Math.log(e1 / e2) / (R * B * (d1 - d2));
    const fV = -1 / (R * e1 * e2);
    const fB = -(f + V * fV) / B;
    const fVV = (1 / R) * (1 / (e1 * e1 * e2) + 1 / (e1 * e2 * e2));
    const fBV = -(2 * fV + V * fVV) / B;
    const fBB = -(2 * fB + V * fBV) / B;
    const FnV = -gV;
    const FnB = -gB;
    const FBD = -fB / T;
    const FBB = -gBB - (D / T) * fBB;
    const FD = -f / T;
    const FDV = -fV / T;
    const FBV = -gBV - (D / T) * fBV;
    const FVV = -gVV - (D / T) * fVV;
    const PV = -RT * FVV - RT / (V * V);
    const Di = new Float64Array(n);
    const Pi = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      Di[i] = 2 * ph.Da[i]!;
      const FiV = FnV + FBV * fl.b[i]! + FDV * Di[i]!;
      Pi[i] = -RT * FiV + RT / V;
    }
    const dn = new Float64Array(n * n);
    const aij = this.ts.aij;
    for (let i = 0; i < n; i++) {
      const bi = fl.b[i]!;
      for (let j = i; j < n; j++) {
        const bj = fl.b[j]!;
        const Fij = FnB * (bi + bj) + FBD * (bi * Di[j]! + bj * Di[i]!) + FBB * bi * bj + FD * 2 * aij[i * n + j]!;
        const v = Fij + 1 + (Pi[i]! * Pi[j]!) / (RT * PV);
        dn[i * n + j] = v;
        dn[j * n + i] = v;
      }
    }
    const dP = new Float64Array(n);
    const vbar = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      vbar[i] = -Pi[i]! / PV;
      dP[i] = vbar[i]! / RT - 1 / ph.P;
    }
    let dT: Float64Array | null = null;
    const daij = this.ts.daij;
    if (wantT && daij) {
      dT = new Float64Array(n);
      const DiT = new Float64Array(n);
      let DT = 0;
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += daij[i * n + j]! * ph.x[j]!;
        DiT[i] = 2 * s;
        DT += ph.x[i]! * s;
      }
      const k = D / (T * T) - DT / T;
      const FBT = k * fB;
      const FVT = k * fV;
      const FDT = f / (T * T);
      const PT = ph.P / T - RT * FVT;
      for (let i = 0; i < n; i++) {
        const FiT = FBT * fl.b[i]! + FDT * Di[i]! + FD * DiT[i]!;
        dT[i] = FiT + 1 / T - (vbar[i]! * PT) / RT;
      }
    }
    return { dn, dP, dT };
  }

  /**
   * The phase identification parameter of Venkatarathnam & Oellrich (2011),
   * PIP = V (d2P/dTdV / (dP/dT) - d2P/dV2 / (dP/dV)): > 1 liquid-like, <= 1 vapour-like.
   * Needs a TemperatureState with derivatives.
   */
  pip(ph: Phase): number {
    const fl = this.ts.fluid;
    const daij = this.ts.daij;
    if (!daij) throw new Error('PhaseModel.pip needs d a_ij/dT');
    const n = this.n;
    let aT = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) aT += ph.x[i]! * ph.x[j]! * daij[i * n + j]!;
    const { d1, d2 } = fl.family;
    const V = ph.V;
    const b = ph.b;
    const a = ph.a;
    const Dv = (V + d1 * b) * (V + d2 * b);
    const dDv = 2 * V + (d1 + d2) * b;
    const RT = this.RT;
    const PV = -RT / (V - b) ** 2 + (a * dDv) / (Dv * Dv);
    const PVV = (2 * RT) / (V - b) ** 3 + a * (2 / (Dv * Dv) - (2 * dDv * dDv) / (Dv * Dv * Dv));
    const PT = R / (V - b) - aT / Dv;
    const PTV = -R / (V - b) ** 2 + (aT * dDv) / (Dv * Dv);
    return V * (PTV / PT - PVV / PV);
  }
}
