/**
 * Gray (1974) vertical-flow correlation for gas wells producing condensate or water (API 14B),
 * as given by Brill & Mukherjee (1999) §4.2.4:
 *
 *   R = vsl/vsg;  NV = rhoNs^2 vm^4 / (g sigma (rhoL - rhoG));  ND = g (rhoL - rhoG) d^2 / sigma
 *   (sigma in lbm/s2 = dyne/cm / 453.59237, so both groups are dimensionless)
 *   B = 0.0814 [1 - 0.0554 ln(1 + 730 R/(R + 1))];  A = -2.314 [NV (1 + 205/ND)]^B
 *   HL = 1 - (1 - lambdaL)(1 - exp(A))   (>= lambdaL)
 * Friction on an effective (liquid-film) roughness: k0 = 28.5 sigma/(rhoNs vm^2) (ft) for
 * R >= 0.007, k = k_pipe + R (k0 - k_pipe)/0.007 below, at least 2.77e-5 ft and at most 0.05 d
 * (the top of the Moody chart, the range of Colebrook–Serghides: k0 grows as 1/vm^2 and passes the
 * pipe's radius at low rates, where Colebrook has no root past k/d = 3.7); Moody f at
 * rhoNs vm d / muNs; dp/dz = [rhoS sin(theta) + f rhoNs vm^2/(2 gc d)] / (1 - G vsg/(gc p)), G = rhoNs vm
 * (no number where G vsg/(gc p) >= 1: critical flow, as in beggsBrill.ts).
 * Validity (Gray): vertical gas wells, vm below ~50 ft/s, d below 3.5 in, condensate-gas ratio
 * below 50 STB/MMscf and water-gas ratio below 5 STB/MMscf; a warning above 30 degrees deviation.
 *
 * References:
 * - Gray, H.E. (1974) Vertical Flow Correlation in Gas Wells. User's Manual for API 14B Subsurface
 *   Controlled Safety Valve Sizing Computer Program, Appendix B. American Petroleum Institute.
 * - Brill, J.P. and Mukherjee, H. (1999) Multiphase Flow in Wells. SPE Monograph 17.
 */
import { MAX_CHART_RELATIVE_ROUGHNESS } from './geometry.js';
import { moodyFriction } from './friction.js';
import { criticalFlow, G, IN2_PER_FT2, noSlipViscosity, reynolds, type FlowState, type Gradient } from './state.js';

const DYNE_CM_PER_LBM_S2 = 453.59237;

export function gray(s: FlowState): Gradient {
  const sinT = Math.sin(s.theta);
  let hl = s.lambdaL;
  let roughness = s.roughness;
  if (s.vsg > 1e-10 && s.lambdaL > 0 && s.lambdaL < 1) {
    const sigma = s.sigma / DYNE_CM_PER_LBM_S2;
    const dRho = Math.max(s.rhoL - s.rhoG, 0.1);
    const r = s.vsl / s.vsg;
    const nv = (s.rhoNs * s.rhoNs * s.vm ** 4) / (G * sigma * dRho);
    const nd = (G * dRho * s.d * s.d) / sigma;
    const b = 0.0814 * (1 - 0.0554 * Math.log(1 + (730 * r) / (r + 1)));
    const a = -2.314 * (nv * (1 + 205 / nd)) ** b;
    hl = Math.min(Math.max(1 - (1 - s.lambdaL) * (1 - Math.exp(a)), s.lambdaL), 1);
    const k0 = (28.5 * sigma) / (s.rhoNs * s.vm * s.vm);
    const film = Math.max(r >= 0.007 ? k0 : s.roughness + (r * (k0 - s.roughness)) / 0.007, 2.77e-5);
    roughness = Math.min(film, Math.max(MAX_CHART_RELATIVE_ROUGHNESS * s.d, s.roughness));
  } else if (s.vsg <= 1e-10) hl = s.vm > 0 ? 1 : s.lambdaL; // nothing flowing: the stream's static column
  const rhoS = hl * s.rhoL + (1 - hl) * s.rhoG;
  const f = moodyFriction(reynolds(s.rhoNs, s.vm, s.d, noSlipViscosity(s)), roughness / s.d);
  const fric = (f * s.rhoNs * s.vm * s.vm) / (2 * G * s.d);
  const ek = (s.rhoNs * s.vm * s.vsg) / (G * s.p * IN2_PER_FT2);
  if (!(ek < 1)) return { dpdz: NaN, holdup: hl, regime: criticalFlow(ek) };
  return { dpdz: (rhoS * sinT + fric) / IN2_PER_FT2 / (1 - ek), holdup: hl, regime: 'Gray (annular-mist gas well)' };
}
