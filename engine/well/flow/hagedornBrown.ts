/**
 * Hagedorn & Brown (1965) vertical two-phase pressure gradient, in its usual modified form
 * (Brill & Mukherjee 1999 §4.2.2): the holdup from their three charts, never below the no-slip
 * holdup, and Griffith & Wallis (1961) / Griffith (1962) bubble flow when the gas fraction is small.
 *
 * Dimensionless groups (sigma dyne/cm, rho lbm/ft3, v ft/s, d ft, mu cp):
 *   NLV = 1.938 vsl (rhoL/sigma)^0.25, NGV = 1.938 vsg (rhoL/sigma)^0.25,
 *   ND = 120.872 d (rhoL/sigma)^0.5,    NL = 0.15726 muL (1/(rhoL sigma^3))^0.25
 * Charts, as fitted by Guo, Lyons & Ghalambor (2007) §4.3.3 (log10 throughout):
 *   CNL = 10^(-2.69851 + 0.15840954 X1 - 0.55099756 X1^2 + 0.54784917 X1^3 - 0.12194578 X1^4), X1 = log NL + 3
 *   phi1 = NLV p^0.1 CNL / (NGV^0.575 pa^0.1 ND), pa = 14.7 psia
 *   HL/psi = -0.10306578 + 0.617774 X2 - 0.632946 X2^2 + 0.29598 X2^3 - 0.0401 X2^4, X2 = log phi1 + 6
 *   phi2 = NGV NL^0.380 / ND^2.14 (held within the chart's 0.01..0.09);  psi = 0.91162574 - 4.82175636 phi2
 *          + 1232.25036621 phi2^2 - 22253.57617 phi2^3 + 116174.28125 phi2^4  (1 for phi2 <= 0.012;
 *          1.86 at the chart's end 0.09; the quartic, fitted inside the chart, reaches 3.7 at 0.12 and 57 at 0.2)
 *   HL = max(psi x HL/psi, lambdaL), at most 1.
 * Friction: Moody f at NRe = rhoNs vm d / (muL^HL muG^(1-HL)), dp/dz_f = f rhoNs^2 vm^2 / (2 gc d rhoS).
 * Bubble flow (Griffith's limit LB = 1.071 - 0.2218 vm^2/d >= 0.13, vsg/vm < LB): slip velocity
 *   vs = 0.8 ft/s, HL = 1 - (1 + vm/vs - sqrt((1 + vm/vs)^2 - 4 vsg/vs))/2, friction of the liquid
 *   at its in-situ velocity vsl/HL: f rhoL (vsl/HL)^2/(2 gc d).
 * Hydrostatic rhoS sin(theta) with rhoS = HL rhoL + (1 - HL) rhoG; the kinetic-energy term is
 * neglected (small except near atmospheric pressure at high gas rates).
 * Validity: vertical wells (the charts came from a 1500 ft vertical test well, 1 to 1.5 in tubing);
 * above 30 degrees from vertical the caller gets a warning.
 *
 * References:
 * - Hagedorn, A.R. and Brown, K.E. (1965) Experimental Study of Pressure Gradients Occurring During
 *   Continuous Two-Phase Flow in Small-Diameter Vertical Conduits. JPT 17(4), 475-484. SPE-940-PA.
 * - Griffith, P. and Wallis, G.B. (1961) Two-Phase Slug Flow. Journal of Heat Transfer 83(3), 307-318.
 * - Brill, J.P. and Mukherjee, H. (1999) Multiphase Flow in Wells. SPE Monograph 17.
 * - Guo, B., Lyons, W.C. and Ghalambor, A. (2007) Petroleum Production Engineering: A Computer-
 *   Assisted Approach. Elsevier, §4.3.3 (chart fits).
 */
import { moodyFriction } from './friction.js';
import { G, IN2_PER_FT2, reynolds, type FlowState, type Gradient } from './state.js';

const P_ATM = 14.7;
const BUBBLE_SLIP = 0.8;
/** The right end of Hagedorn & Brown's psi chart (and of the quartic's fit to it). */
const PHI2_CHART_END = 0.09;

const poly = (c: readonly number[], x: number) => c.reduceRight((acc, ci) => acc * x + ci, 0);
const CNL = [-2.69851, 0.15840954, -0.55099756, 0.54784917, -0.12194578];
const HL_PSI = [-0.10306578, 0.617774, -0.632946, 0.29598, -0.0401];
const PSI = [0.91162574, -4.82175636, 1232.25036621, -22253.57617, 116174.28125];

function chartHoldup(s: FlowState): number {
  const k = (s.rhoL / s.sigma) ** 0.25;
  const nlv = 1.938 * s.vsl * k;
  const ngv = Math.max(1.938 * s.vsg * k, 1e-10);
  const nd = 120.872 * s.d * Math.sqrt(s.rhoL / s.sigma);
  const nl = Math.max(0.15726 * s.muL * (1 / (s.rhoL * s.sigma ** 3)) ** 0.25, 1e-8);
  const cnl = 10 ** poly(CNL, Math.log10(nl) + 3);
  const phi1 = (nlv * s.p ** 0.1 * cnl) / (ngv ** 0.575 * P_ATM ** 0.1 * nd);
  const hlPsi = phi1 > 0 ? Math.min(Math.max(poly(HL_PSI, Math.log10(phi1) + 6), 0), 1) : 0;
  const phi2 = Math.min(Math.max((ngv * nl ** 0.38) / nd ** 2.14, 0.01), PHI2_CHART_END);
  const psi = phi2 <= 0.012 ? 1 : Math.max(poly(PSI, phi2), 1);
  return Math.min(Math.max(psi * hlPsi, s.lambdaL), 1);
}

export function hagedornBrown(s: FlowState): Gradient {
  const sinT = Math.sin(s.theta);
  // Nothing flowing: the static column the stream names (its liquid, or gas for a well without liquid).
  if (s.vm <= 0) return { dpdz: (s.rhoNs * sinT) / IN2_PER_FT2, holdup: s.lambdaL, regime: 'static' };
  const lb = Math.max(1.071 - (0.2218 * s.vm * s.vm) / s.d, 0.13);
  if (s.vsl > 0 && s.vsg / s.vm < lb) {
    const r = 1 + s.vm / BUBBLE_SLIP;
    const hl = Math.min(Math.max(1 - (r - Math.sqrt(Math.max(r * r - (4 * s.vsg) / BUBBLE_SLIP, 0))) / 2, s.lambdaL), 1);
    const rhoS = hl * s.rhoL + (1 - hl) * s.rhoG;
    const vl = s.vsl / hl;
    const f = moodyFriction(reynolds(s.rhoL, vl, s.d, s.muL), s.roughness / s.d);
    const fric = (f * s.rhoL * vl * vl) / (2 * G * s.d);
    return { dpdz: (rhoS * sinT + fric) / IN2_PER_FT2, holdup: hl, regime: 'bubble' };
  }
  const hl = s.vsl > 0 ? chartHoldup(s) : 0;
  const rhoS = hl * s.rhoL + (1 - hl) * s.rhoG;
  const muS = s.muL ** hl * s.muG ** (1 - hl);
  const f = moodyFriction(reynolds(s.rhoNs, s.vm, s.d, muS), s.roughness / s.d);
  const fric = (f * s.rhoNs * s.rhoNs * s.vm * s.vm) / (2 * G * s.d * rhoS);
  return { dpdz: (rhoS * sinT + fric) / IN2_PER_FT2, holdup: hl, regime: 'slug/churn (Hagedorn-Brown)' };
}
