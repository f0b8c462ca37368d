/**
 * Pseudo-critical properties of a natural gas by Sutton (1985) on the hydrocarbon fraction,
 * Kay's (1936) mixing rule with the non-hydrocarbons, then the Wichert & Aziz (1972) correction
 * for the acid gases (McCain, Spivey & Lenn 2011, Eqs 3.47-3.54):
 *
 *   gHC  = (gasSG - (yN2 MW_N2 + yCO2 MW_CO2 + yH2S MW_H2S)/28.97) / (1 - yN2 - yCO2 - yH2S)
 *   Tpc,HC = 169.2 + 349.5 gHC - 74.0 gHC^2      (degR)
 *   Ppc,HC = 756.8 - 131.0 gHC - 3.6 gHC^2       (psia)
 *   Tpc* = (1 - y) Tpc,HC + sum yi Tci,   Ppc* = (1 - y) Ppc,HC + sum yi Pci        (Kay)
 *   eps = 120 (A^0.9 - A^1.6) + 15 (B^0.5 - B^4),  A = yCO2 + yH2S, B = yH2S      (degR)
 *   Tpc = Tpc* - eps,   Ppc = Ppc* Tpc / (Tpc* + B (1 - B) eps)
 *
 * Applying Sutton to the whole-gas gravity instead gives different Tpc/Ppc for sour gases.
 * Units: gasSG air = 1; mole fractions; Tpc degR; Ppc psia.
 * Validity: Sutton, hydrocarbon gas gravity 0.57-1.68; Wichert–Aziz, CO2 <= 54.4 mol%,
 * H2S <= 73.8 mol% (outside -> warnings).
 * Checked example: gasSG 0.6 sweet -> Tpc 352.26 degR, Ppc 676.904 psia (direct evaluation of
 * Sutton's equations; refdata pvt_gas.json gas-DAK-SUT-*).
 *
 * References:
 * - Sutton, R.P. (1985) Compressibility Factors for High-Molecular-Weight Reservoir Gases.
 *   SPE Annual Technical Conference and Exhibition, Las Vegas. SPE-14265-MS.
 * - Kay, W.B. (1936) Density of Hydrocarbon Gases and Vapors at High Temperature and Pressure.
 *   Industrial & Engineering Chemistry 28(9), 1014-1019.
 * - Wichert, E. and Aziz, K. (1972) Calculate Z's for Sour Gases. Hydrocarbon Processing 51(5), 119-122.
 * - McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property
 *   Correlations. PennWell, Tulsa.
 */
import { EngineFailure } from '../../failure.js';
import { CO2, H2S, MW_AIR, N2, type GasImpurities, type PseudoCriticals } from './nonHydrocarbons.js';

export const SUTTON_SG_RANGE = { min: 0.57, max: 1.68 } as const;
export const WICHERT_AZIZ_RANGE = { yCO2Max: 0.544, yH2SMax: 0.738 } as const;

/** Sutton/Kay/Wichert–Aziz pseudo-criticals; warnings for a hydrocarbon gravity or acid-gas content outside the fits. */
export function suttonWichertAziz(gasSG: number, y: GasImpurities, warnings: string[]): PseudoCriticals {
  const yNonHc = y.yCO2 + y.yH2S + y.yN2;
  const yHc = 1 - yNonHc;
  let tpc = y.yCO2 * CO2.tc + y.yH2S * H2S.tc + y.yN2 * N2.tc;
  let ppc = y.yCO2 * CO2.pc + y.yH2S * H2S.pc + y.yN2 * N2.pc;
  if (yHc > 1e-12) {
    const sgHc = (gasSG - (y.yCO2 * CO2.mw + y.yH2S * H2S.mw + y.yN2 * N2.mw) / MW_AIR) / yHc;
    if (!(sgHc > 0)) {
      throw new EngineFailure('invalid_input', `gasSG ${gasSG} is too low for the stated CO2/H2S/N2 content: the hydrocarbon part would have gravity ${sgHc.toPrecision(3)}`);
    }
    if (sgHc < SUTTON_SG_RANGE.min || sgHc > SUTTON_SG_RANGE.max) {
      warnings.push(`hydrocarbon gas gravity ${sgHc.toPrecision(4)} is outside Sutton's (1985) data range ${SUTTON_SG_RANGE.min}-${SUTTON_SG_RANGE.max}`);
    }
    tpc += yHc * (169.2 + 349.5 * sgHc - 74.0 * sgHc * sgHc);
    ppc += yHc * (756.8 - 131.0 * sgHc - 3.6 * sgHc * sgHc);
  }
  if (y.yCO2 > WICHERT_AZIZ_RANGE.yCO2Max || y.yH2S > WICHERT_AZIZ_RANGE.yH2SMax) {
    warnings.push(`acid gas content (yCO2 ${y.yCO2}, yH2S ${y.yH2S}) is outside the Wichert–Aziz (1972) data range (CO2 <= ${WICHERT_AZIZ_RANGE.yCO2Max}, H2S <= ${WICHERT_AZIZ_RANGE.yH2SMax})`);
  }
  return wichertAziz({ tpc, ppc }, y.yCO2, y.yH2S);
}

/** The Wichert–Aziz (1972) acid-gas correction of Kay-mixed pseudo-criticals. */
export function wichertAziz(pc: PseudoCriticals, yCO2: number, yH2S: number): PseudoCriticals {
  const a = yCO2 + yH2S;
  const b = yH2S;
  const eps = 120 * (a ** 0.9 - a ** 1.6) + 15 * (b ** 0.5 - b ** 4);
  const tpc = pc.tpc - eps;
  const ppc = (pc.ppc * tpc) / (pc.tpc + b * (1 - b) * eps);
  if (!(tpc > 0 && ppc > 0)) throw new EngineFailure('invalid_input', 'the Wichert–Aziz correction gives non-positive pseudo-criticals for this composition');
  return { tpc, ppc };
}
