/**
 * Beggs & Brill (1973) two-phase pressure gradient for any inclination, with the revised flow-
 * pattern map (transition region) of Brill & Beggs (1991) and the Payne et al. (1979) corrections:
 * holdup x 0.924 uphill (0.685 downhill), never below the no-slip holdup, and a rough-pipe Moody
 * friction factor for the no-slip flow.
 *
 *   NFR = vm^2/(g d), lambdaL = vsl/vm, L1 = 316 lambdaL^0.302, L2 = 0.0009252 lambdaL^-2.4684,
 *   L3 = 0.10 lambdaL^-1.4516, L4 = 0.5 lambdaL^-6.738
 *   segregated: lambdaL < 0.01 & NFR < L1, or lambdaL >= 0.01 & NFR < L2
 *   transition: lambdaL >= 0.01 & L2 <= NFR <= L3 (holdup A HLseg + (1 - A) HLint, A = (L3 - NFR)/(L3 - L2))
 *   intermittent: 0.01 <= lambdaL < 0.4 & L3 < NFR <= L1, or lambdaL >= 0.4 & L3 < NFR <= L4
 *   distributed: lambdaL < 0.4 & NFR >= L1, or lambdaL >= 0.4 & NFR > L4
 *   HL(0) = a lambdaL^b / NFR^c (a, b, c: segregated 0.98, 0.4846, 0.0868; intermittent 0.845,
 *   0.5351, 0.0173; distributed 1.065, 0.5824, 0.0609), >= lambdaL
 *   C = (1 - lambdaL) ln(e lambdaL^f NLV^g NFR^h) >= 0 (uphill: segregated 0.011, -3.768, 3.539, -1.614;
 *   intermittent 2.96, 0.305, -0.4473, 0.0978; distributed C = 0), NLV = 1.938 vsl (rhoL/sigma)^0.25
 *   psi = 1 + C [sin(1.8 theta) - sin^3(1.8 theta)/3];  HL(theta) = HL(0) psi
 *   fTP = fns exp(S), y = lambdaL/HL^2, S = ln y/(-0.0523 + 3.182 ln y - 0.8725 (ln y)^2 + 0.01853 (ln y)^4),
 *   S = ln(2.2 y - 1.2) for 1 < y < 1.2;  fns Moody at rhoNs vm d/muNs
 *   dp/dz = [rhoS g sin(theta) + fTP rhoNs vm^2/(2 d)] / gc / (1 - Ek),  Ek = rhoS vm vsg/(gc p);
 *   Ek >= 1 (critical flow: no steady gradient) gives no number (NaN, regime says why)
 *
 * References:
 * - Beggs, H.D. and Brill, J.P. (1973) A Study of Two-Phase Flow in Inclined Pipes. JPT 25(5),
 *   607-617. SPE-4007-PA.
 * - Payne, G.A., Palmer, C.M., Brill, J.P. and Beggs, H.D. (1979) Evaluation of Inclined-Pipe,
 *   Two-Phase Liquid Holdup and Pressure-Loss Correlations Using Experimental Data. JPT 31(9),
 *   1198-1208. SPE-6874-PA.
 * - Brill, J.P. and Beggs, H.D. (1991) Two-Phase Flow in Pipes, 6th ed. University of Tulsa.
 */
import { moodyFriction } from './friction.js';
import { criticalFlow, G, IN2_PER_FT2, noSlipViscosity, reynolds, type FlowState, type Gradient } from './state.js';

type Pattern = 'segregated' | 'intermittent' | 'distributed';
const HORIZONTAL: Record<Pattern, [number, number, number]> = {
  segregated: [0.98, 0.4846, 0.0868],
  intermittent: [0.845, 0.5351, 0.0173],
  distributed: [1.065, 0.5824, 0.0609],
};
const UPHILL: Record<Pattern, [number, number, number, number] | null> = {
  segregated: [0.011, -3.768, 3.539, -1.614],
  intermittent: [2.96, 0.305, -0.4473, 0.0978],
  distributed: null,
};
const DOWNHILL: [number, number, number, number] = [4.7, -0.3692, 0.1244, -0.5056];
const PAYNE_UP = 0.924;
const PAYNE_DOWN = 0.685;

function inclinedHoldup(pattern: Pattern, lambdaL: number, nfr: number, nlv: number, theta: number): number {
  const [a, b, c] = HORIZONTAL[pattern];
  const hl0 = Math.max((a * lambdaL ** b) / nfr ** c, lambdaL);
  const coeffs = theta >= 0 ? UPHILL[pattern] : DOWNHILL;
  let psi = 1;
  if (coeffs) {
    const [e, f, g, h] = coeffs;
    const arg = e * lambdaL ** f * Math.max(nlv, 1e-10) ** g * nfr ** h;
    const cc = arg > 0 ? Math.max((1 - lambdaL) * Math.log(arg), 0) : 0;
    const s18 = Math.sin(1.8 * theta);
    psi = 1 + cc * (s18 - s18 ** 3 / 3);
  }
  return hl0 * psi * (theta >= 0 ? PAYNE_UP : PAYNE_DOWN);
}

export function beggsBrill(s: FlowState): Gradient {
  const sinT = Math.sin(s.theta);
  const lambdaL = s.lambdaL;
  if (lambdaL <= 0 || lambdaL >= 1 || s.vm <= 0) {
    // Nothing flowing: the static column the stream names (its liquid, or gas for a well without liquid).
    const single = s.vm <= 0 ? s.rhoNs : lambdaL >= 1 ? s.rhoL : s.rhoG;
    const f = moodyFriction(reynolds(s.rhoNs, s.vm, s.d, noSlipViscosity(s)), s.roughness / s.d);
    const fric = (f * s.rhoNs * s.vm * s.vm) / (2 * G * s.d);
    return { dpdz: (single * sinT + fric) / IN2_PER_FT2, holdup: s.vm <= 0 ? lambdaL : lambdaL >= 1 ? 1 : 0, regime: 'single-phase' };
  }
  const nfr = (s.vm * s.vm) / (G * s.d);
  const nlv = 1.938 * s.vsl * (s.rhoL / s.sigma) ** 0.25;
  const l1 = 316 * lambdaL ** 0.302;
  const l2 = 0.0009252 * lambdaL ** -2.4684;
  const l3 = 0.1 * lambdaL ** -1.4516;
  const l4 = 0.5 * lambdaL ** -6.738;
  let regime: string;
  let hl: number;
  if ((lambdaL < 0.01 && nfr < l1) || (lambdaL >= 0.01 && nfr < l2)) {
    regime = 'segregated';
    hl = inclinedHoldup('segregated', lambdaL, nfr, nlv, s.theta);
  } else if (lambdaL >= 0.01 && nfr <= l3) {
    regime = 'transition';
    const a = l3 > l2 ? (l3 - nfr) / (l3 - l2) : 0.5;
    hl = a * inclinedHoldup('segregated', lambdaL, nfr, nlv, s.theta) + (1 - a) * inclinedHoldup('intermittent', lambdaL, nfr, nlv, s.theta);
  } else if ((lambdaL < 0.4 && nfr >= l1) || (lambdaL >= 0.4 && nfr > l4)) {
    regime = 'distributed';
    hl = inclinedHoldup('distributed', lambdaL, nfr, nlv, s.theta);
  } else {
    regime = 'intermittent';
    hl = inclinedHoldup('intermittent', lambdaL, nfr, nlv, s.theta);
  }
  hl = Math.min(Math.max(hl, lambdaL), 1);
  const rhoS = hl * s.rhoL + (1 - hl) * s.rhoG;
  const y = lambdaL / (hl * hl);
  let sExp = 0;
  if (y > 1 && y < 1.2) sExp = Math.log(2.2 * y - 1.2);
  else if (y > 0 && y !== 1) {
    const ly = Math.log(y);
    sExp = ly / (-0.0523 + 3.182 * ly - 0.8725 * ly * ly + 0.01853 * ly ** 4);
  }
  const fns = moodyFriction(reynolds(s.rhoNs, s.vm, s.d, noSlipViscosity(s)), s.roughness / s.d);
  const fric = (fns * Math.exp(sExp) * s.rhoNs * s.vm * s.vm) / (2 * G * s.d);
  const ek = (rhoS * s.vm * s.vsg) / (G * s.p * IN2_PER_FT2);
  // Ek >= 1: the balance has no positive gradient (dp/dz -> infinity as Ek -> 1, the mixture's own
  // critical flow): no steady flow at this pressure, as the march's gas-sonic check says for gas alone.
  if (!(ek < 1)) return { dpdz: NaN, holdup: hl, regime: criticalFlow(ek) };
  return { dpdz: (rhoS * sinT + fric) / IN2_PER_FT2 / (1 - ek), holdup: hl, regime };
}
