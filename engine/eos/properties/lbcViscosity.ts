/**
 * Viscosity of a reservoir-fluid phase by Lohrenz, Bray & Clark (1964), from its composition
 * and molar density:
 *
 *   [(mu - mu*) xi + 1e-4]^(1/4) = 0.1023 + 0.023364 rho_r + 0.058533 rho_r^2
 *                                  - 0.040758 rho_r^3 + 0.0093324 rho_r^4,
 *   rho_r = rho_molar sum_i x_i Vc_i,   xi = Tpc^(1/6) / (MW^(1/2) Ppc^(2/3))  (K, atm),
 *   Tpc = sum x_i Tc_i, Ppc = sum x_i Pc_i, MW = sum x_i MW_i;
 * the dilute-gas mu* by Herning & Zipperer (1936) mixing of Stiel & Thodos (1961):
 *   mu_i* xi_i = 34e-5 Tr^0.94 (Tr <= 1.5), 17.78e-5 (4.58 Tr - 1.67)^(5/8) (Tr > 1.5),
 *   mu* = sum x_i mu_i* sqrt(MW_i) / sum x_i sqrt(MW_i).
 * The last coefficient is the paper's 0.0093324 (chemicals 1.5.2 prints 0.0093724).
 *
 * Units: K, Pa (converted to atm here), g/mol, m3/mol; result in cp. Validity: the paper's
 * reservoir oils and gases; LBC is usually tuned through Vc of the heavy components, and is
 * least accurate for heavy, viscous oils (errors of tens of percent) - treat as an estimate.
 *
 * References:
 * - Lohrenz, J., Bray, B.G. and Clark, C.R. (1964) Calculating Viscosities of Reservoir Fluids
 *   From Their Compositions. J. Pet. Technol. 16(10), 1171-1176. SPE-915-PA.
 * - Stiel, L.I. and Thodos, G. (1961) The viscosity of nonpolar gases at normal pressures.
 *   AIChE J. 7(4), 611-615.
 * - Herning, F. and Zipperer, L. (1936) Calculation of the viscosity of technical gas mixtures
 *   from the viscosity of the individual gases. Gas- und Wasserfach 79, 49-54.
 */
import type { Fluid } from '../core/fluid.js';

const PA_PER_ATM = 101325;

/** Viscosity, cp, of a phase of composition x and molar volume V (m3/mol) at T (K). */
export function lbcViscosity(fluid: Fluid, x: ArrayLike<number>, T: number, V: number): number {
  let tpc = 0;
  let ppc = 0;
  let mw = 0;
  let vc = 0;
  let num = 0;
  let den = 0;
  for (let i = 0; i < fluid.n; i++) {
    const xi = x[i]!;
    if (!(xi > 0)) continue;
    const tc = fluid.tc[i]!;
    const pcAtm = fluid.pc[i]! / PA_PER_ATM;
    const m = fluid.mw[i]!;
    tpc += xi * tc;
    ppc += xi * pcAtm;
    mw += xi * m;
    vc += xi * fluid.vc[i]!;
    const xiI = tc ** (1 / 6) / (Math.sqrt(m) * pcAtm ** (2 / 3));
    const tr = T / tc;
    const mu = (tr <= 1.5 ? 34e-5 * tr ** 0.94 : 17.78e-5 * (4.58 * tr - 1.67) ** 0.625) / xiI;
    const sq = Math.sqrt(m);
    num += xi * mu * sq;
    den += xi * sq;
  }
  const muStar = num / den;
  const xiM = tpc ** (1 / 6) / (Math.sqrt(mw) * ppc ** (2 / 3));
  const r = vc / V;
  const poly = 0.1023 + r * (0.023364 + r * (0.058533 + r * (-0.040758 + r * 0.0093324)));
  return muStar + (poly ** 4 - 1e-4) / xiM;
}
