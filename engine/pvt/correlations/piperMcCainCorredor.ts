/**
 * Pseudo-critical properties of a natural gas by Piper, McCain & Corredor (1993), the form
 * without a C7+ characterisation (McCain, Spivey & Lenn 2011, Eqs 2.4-2.6):
 *
 *   J = 0.11582 - 0.45820 yH2S (Tc/Pc)H2S - 0.90348 yCO2 (Tc/Pc)CO2 - 0.66026 yN2 (Tc/Pc)N2
 *       + 0.70729 gasSG - 0.099397 gasSG^2                                     (degR/psia)
 *   K = 3.8216 - 0.06534 yH2S (Tc/Pc^0.5)H2S - 0.42113 yCO2 (Tc/Pc^0.5)CO2
 *       - 0.91249 yN2 (Tc/Pc^0.5)N2 + 17.438 gasSG - 3.2191 gasSG^2            (degR/psia^0.5)
 *   Tpc = K^2 / J (degR),   Ppc = Tpc / J (psia)
 *
 * The fit takes the whole-gas gravity and already accounts for H2S, CO2 and N2, so no
 * Wichert–Aziz correction follows (applying one double-counts the acid gases).
 * Units: gasSG air = 1; mole fractions; Tpc degR; Ppc psia.
 * Validity: the authors' gas samples had up to 51.4 mol% H2S, 67.2 mol% CO2 and 15.7 mol% N2
 * (outside -> warnings).
 * Checked example: gasSG 0.6 sweet -> Tpc 341.5456 degR, Ppc 677.1175 psia (direct evaluation;
 * pyrestoolbox 3.7.6 gas_tc_pc, refdata pvt_gas.json gas-DAK-PMC-0001).
 *
 * References:
 * - Piper, L.D., McCain, W.D. Jr. and Corredor, J.H. (1993) Compressibility Factors for Naturally
 *   Occurring Petroleum Gases. SPE Annual Technical Conference and Exhibition, Houston. SPE-26668-MS.
 * - McCain, W.D. Jr., Spivey, J.P. and Lenn, C.P. (2011) Petroleum Reservoir Fluid Property
 *   Correlations. PennWell, Tulsa.
 */
import { EngineFailure } from '../../failure.js';
import { CO2, H2S, N2, type GasImpurities, type PseudoCriticals } from './nonHydrocarbons.js';

export const PMC_RANGE = { yH2SMax: 0.514, yCO2Max: 0.672, yN2Max: 0.157 } as const;

export function piperMcCainCorredor(gasSG: number, y: GasImpurities, warnings: string[]): PseudoCriticals {
  const j =
    0.11582 -
    0.4582 * y.yH2S * (H2S.tc / H2S.pc) -
    0.90348 * y.yCO2 * (CO2.tc / CO2.pc) -
    0.66026 * y.yN2 * (N2.tc / N2.pc) +
    0.70729 * gasSG -
    0.099397 * gasSG * gasSG;
  const k =
    3.8216 -
    0.06534 * y.yH2S * (H2S.tc / Math.sqrt(H2S.pc)) -
    0.42113 * y.yCO2 * (CO2.tc / Math.sqrt(CO2.pc)) -
    0.91249 * y.yN2 * (N2.tc / Math.sqrt(N2.pc)) +
    17.438 * gasSG -
    3.2191 * gasSG * gasSG;
  if (!(j > 0 && k > 0)) {
    throw new EngineFailure('invalid_input', `Piper–McCain–Corredor gives non-positive pseudo-criticals for gasSG ${gasSG} with this CO2/H2S/N2 content`);
  }
  if (y.yH2S > PMC_RANGE.yH2SMax || y.yCO2 > PMC_RANGE.yCO2Max || y.yN2 > PMC_RANGE.yN2Max) {
    warnings.push(`non-hydrocarbon content is outside the Piper–McCain–Corredor (1993) data (H2S <= ${PMC_RANGE.yH2SMax}, CO2 <= ${PMC_RANGE.yCO2Max}, N2 <= ${PMC_RANGE.yN2Max})`);
  }
  const tpc = (k * k) / j;
  return { tpc, ppc: tpc / j };
}
