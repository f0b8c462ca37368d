/**
 * The EOS vapour pressure of a pure component at T < Tc: the pressure where its liquid and
 * vapour roots have equal fugacity, i.e. equal residual Gibbs energy. The pressures between
 * which the isotherm has three roots are bounded by its spinodal (dP/dV = 0, found by bisection
 * on a log grid of V/b); on that interval g(P) = G_res(liquid) - G_res(vapour) falls as P rises
 * (dg/dP = (V_L - V_V)/RT < 0) and is bisected in ln P to 1e-14.
 *
 * Units: SI. Validity: 0 < T < Tc; at T >= Tc there is no vapour pressure (null).
 *
 * Reference: Michelsen & Mollerup (2007) ch. 3; the spinodal bracket as in Deiters &
 * Macias-Salinas (2014), see cubicRoots.ts.
 */
import { R } from './constants.js';
import type { Fluid } from './fluid.js';
import { PhaseModel } from './phase.js';

export function vapourPressure(fluid: Fluid, index: number, T: number): number | null {
  if (!(T < fluid.tc[index]!)) return null;
  const x = new Float64Array(fluid.n);
  x[index] = 1;
  const pm = new PhaseModel(fluid.atTemperature(T));
  const a = pm.ts.aij[index * fluid.n + index]!;
  const b = fluid.b[index]!;
  const { d1, d2 } = fluid.family;
  const pOf = (V: number) => (R * T) / (V - b) - a / ((V + d1 * b) * (V + d2 * b));
  const dpdv = (V: number) => -(R * T) / (V - b) ** 2 + (a * (2 * V + (d1 + d2) * b)) / ((V + d1 * b) * (V + d2 * b)) ** 2;
  // Spinodal: dP/dV changes sign from - to + (local minimum of P) then + to - (local maximum).
  const grid = 400;
  let prev = dpdv(b * 1.000001);
  let vMin = NaN;
  let vMax = NaN;
  let lastV = b * 1.000001;
  for (let k = 1; k <= grid; k++) {
    const V = b * (1 + 1e-6 * 1e12 ** (k / grid));
    const d = dpdv(V);
    if (prev < 0 && d >= 0 && Number.isNaN(vMin)) vMin = bisect(dpdv, lastV, V);
    else if (prev > 0 && d <= 0 && !Number.isNaN(vMin)) {
      vMax = bisect(dpdv, lastV, V);
      break;
    }
    prev = d;
    lastV = V;
  }
  if (Number.isNaN(vMin) || Number.isNaN(vMax)) return null;
  const pLo = Math.max(pOf(vMin), 1e-14 * fluid.pc[index]!);
  const pHi = pOf(vMax);
  if (!(pHi > pLo)) return null;
  const g = (P: number) => {
    const l = pm.evaluate(x, P, 'liquid');
    const v = pm.evaluate(x, P, 'vapour');
    return l && v ? l.gRes - v.gRes : NaN;
  };
  let lo = Math.log(pLo);
  let hi = Math.log(pHi);
  // g < 0 (liquid stable) at high P, > 0 at low P.
  for (let k = 0; k < 200 && hi - lo > 1e-14; k++) {
    const mid = 0.5 * (lo + hi);
    const gm = g(Math.exp(mid));
    if (Number.isNaN(gm)) return null;
    if (gm > 0) lo = mid;
    else hi = mid;
  }
  return Math.exp(0.5 * (lo + hi));
}

function bisect(f: (v: number) => number, a: number, b: number): number {
  let lo = a;
  let hi = b;
  const sLo = Math.sign(f(lo));
  for (let k = 0; k < 200; k++) {
    const mid = 0.5 * (lo + hi);
    if (Math.sign(f(mid)) === sLo) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}
