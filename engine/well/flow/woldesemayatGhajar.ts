/**
 * Woldesemayat & Ghajar (2007) drift-flux void fraction for all inclinations, with a
 * Lockhart–Martinelli friction multiplier (Chisholm 1967 C: 20 turbulent-turbulent, 12 laminar
 * liquid/turbulent gas, 10 turbulent liquid/laminar gas, 5 laminar-laminar; laminar below Re 2000):
 *
 *   alpha = vsg / (C0 vm + Ugm),  C0 = (vsg/vm) [1 + (vsl/vsg)^((rhoG/rhoL)^0.1)]
 *   Ugm = 2.9 [g d sigma (1 + cos theta)(rhoL - rhoG)/rhoL^2]^0.25 (1.22 + 1.22 sin theta)^(patm/p)
 * (SI inside: m, Pa, N/m; theta from horizontal). dp/dz = rhoS g sin(theta) + phiL^2 (dp/dz)_L,
 * phiL^2 = 1 + C/X + 1/X^2, X^2 = (dp/dz)_L/(dp/dz)_G of each phase flowing alone (Moody f).
 *
 * References:
 * - Woldesemayat, M.A. and Ghajar, A.J. (2007) Comparison of Void Fraction Correlations for
 *   Different Flow Patterns in Horizontal and Upward Inclined Pipes. International Journal of
 *   Multiphase Flow 33(4), 347-370.
 * - Lockhart, R.W. and Martinelli, R.C. (1949) Proposed Correlation of Data for Isothermal
 *   Two-Phase, Two-Component Flow in Pipes. Chemical Engineering Progress 45(1), 39-48.
 * - Chisholm, D. (1967) A Theoretical Basis for the Lockhart-Martinelli Correlation for Two-Phase
 *   Flow. International Journal of Heat and Mass Transfer 10(12), 1767-1778.
 */
import { moodyFriction } from './friction.js';
import { IN2_PER_FT2, reynolds, type FlowState, type Gradient } from './state.js';

const G_SI = 9.80665;
const P_ATM_PA = 101325;
const PA_PER_PSI = 6894.757293168;
const KGM3_PER_LBFT3 = 16.018463373960138;
const M_PER_FT = 0.3048;

function voidFraction(s: FlowState): number {
  if (s.vm <= 0) return 1 - s.lambdaL; // nothing flowing: the stream's static column
  if (s.vsg <= 0) return 0;
  if (s.vsl <= 0) return 1;
  const rhoL = s.rhoL * KGM3_PER_LBFT3;
  const rhoG = s.rhoG * KGM3_PER_LBFT3;
  const d = s.d * M_PER_FT;
  const sigma = s.sigma * 1e-3;
  const c0 = (s.vsg / s.vm) * (1 + (s.vsl / s.vsg) ** ((rhoG / rhoL) ** 0.1));
  const buoy = Math.max((G_SI * d * sigma * (1 + Math.cos(s.theta)) * (rhoL - rhoG)) / (rhoL * rhoL), 0);
  const ugm = 2.9 * buoy ** 0.25 * (1.22 + 1.22 * Math.sin(s.theta)) ** (P_ATM_PA / (s.p * PA_PER_PSI));
  return Math.min(Math.max((s.vsg * M_PER_FT) / (c0 * s.vm * M_PER_FT + ugm), 0), 1);
}

/** Frictional gradient (psi/ft) of one phase flowing alone at its superficial velocity. */
function alone(rho: number, v: number, mu: number, s: FlowState): { dpdz: number; turbulent: boolean } {
  const re = reynolds(rho, v, s.d, mu);
  const f = moodyFriction(re, s.roughness / s.d);
  return { dpdz: (f * rho * v * v) / (2 * 32.174 * s.d) / IN2_PER_FT2, turbulent: re > 2000 };
}

export function woldesemayatGhajar(s: FlowState): Gradient {
  const alpha = voidFraction(s);
  const hl = 1 - alpha;
  const rhoS = hl * s.rhoL + alpha * s.rhoG;
  const liquid = alone(s.rhoL, s.vsl, s.muL, s);
  const gas = alone(s.rhoG, s.vsg, s.muG, s);
  let fric: number;
  if (s.vsl <= 0) fric = gas.dpdz;
  else if (s.vsg <= 0) fric = liquid.dpdz;
  else {
    const x = Math.sqrt(liquid.dpdz / Math.max(gas.dpdz, 1e-30));
    const c = liquid.turbulent ? (gas.turbulent ? 20 : 10) : gas.turbulent ? 12 : 5;
    fric = x > 1e-15 ? (1 + c / x + 1 / (x * x)) * liquid.dpdz : gas.dpdz;
  }
  return { dpdz: (rhoS * Math.sin(s.theta)) / IN2_PER_FT2 + fric, holdup: hl, regime: 'drift-flux (Woldesemayat-Ghajar)' };
}
