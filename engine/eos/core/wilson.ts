/**
 * Wilson's (1968) estimate of equilibrium ratios, the usual start of stability tests, flashes
 * and saturation-point searches: ln K_i = ln(Pc_i / P) + 5.373 (1 + w_i)(1 - Tc_i / T).
 *
 * Units: SI (K, Pa). Validity: an estimate for light hydrocarbons at low pressure; only ever used
 * as a starting point.
 *
 * Reference: Wilson, G.M. (1968) A modified Redlich-Kwong equation of state, application to
 * general physical data calculations. AIChE 65th National Meeting, Cleveland, paper 15C.
 */
import type { Fluid } from './fluid.js';

export function wilsonLnK(fluid: Fluid, T: number, P: number): Float64Array {
  const out = new Float64Array(fluid.n);
  for (let i = 0; i < fluid.n; i++) out[i] = Math.log(fluid.pc[i]! / P) + 5.373 * (1 + fluid.omega[i]!) * (1 - fluid.tc[i]! / T);
  return out;
}
