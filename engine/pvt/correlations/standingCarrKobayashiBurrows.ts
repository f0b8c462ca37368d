/**
 * Pseudo-criticals of a natural gas from its gravity by Standing (1977), with the Carr, Kobayashi &
 * Burrows (1954) adjustment for non-hydrocarbons:
 *
 *   Tpc = 168 + 325 gasSG - 12.5 gasSG^2      (degR)    natural-gas systems curve
 *   Ppc = 677 + 15 gasSG - 37.5 gasSG^2       (psia)
 *   Tpc' = Tpc - 80 yCO2 + 130 yH2S - 250 yN2
 *   Ppc' = Ppc + 440 yCO2 + 600 yH2S - 170 yN2
 *
 * gasSG is the whole-gas gravity (air = 1). Units: degR, psia, mole fractions.
 * Validity: Standing's curves cover gravities ~0.57-1.7; Carr et al. quote the adjustment for
 * CO2, H2S and N2 up to a few tens of percent (outside -> warnings).
 * Checked example: gasSG 0.7, no impurities -> Tpc 389.375 degR, Ppc 669.125 psia (direct
 * evaluation of the printed equations; Ahmed 2006 Example 2-5 uses the same forms).
 *
 * References:
 * - Standing, M.B. (1977) Volumetric and Phase Behavior of Oil Field Hydrocarbon Systems. SPE,
 *   Richardson, TX (pseudo-critical properties of natural gases, Fig. 25).
 * - Carr, N.L., Kobayashi, R. and Burrows, D.B. (1954) Viscosity of Hydrocarbon Gases Under
 *   Pressure. Trans. AIME 201, 264-272. SPE-297-G.
 * - Ahmed, T. (2006) Reservoir Engineering Handbook, 3rd ed. Gulf Professional, Ch. 2.
 */
import { EngineFailure } from '../../failure.js';
import type { GasImpurities, PseudoCriticals } from './nonHydrocarbons.js';

export const STANDING_SG_RANGE = { min: 0.57, max: 1.7 } as const;

export function standingCarrKobayashiBurrows(gasSG: number, y: GasImpurities, warnings: string[]): PseudoCriticals {
  if (gasSG < STANDING_SG_RANGE.min || gasSG > STANDING_SG_RANGE.max) {
    warnings.push(`gas gravity ${gasSG} is outside Standing's (1977) pseudo-critical curves (${STANDING_SG_RANGE.min}-${STANDING_SG_RANGE.max})`);
  }
  const tpc = 168 + 325 * gasSG - 12.5 * gasSG * gasSG - 80 * y.yCO2 + 130 * y.yH2S - 250 * y.yN2;
  const ppc = 677 + 15 * gasSG - 37.5 * gasSG * gasSG + 440 * y.yCO2 + 600 * y.yH2S - 170 * y.yN2;
  if (!(tpc > 0 && ppc > 0)) throw new EngineFailure('invalid_input', `Standing / Carr–Kobayashi–Burrows give non-positive pseudo-criticals for gasSG ${gasSG}`);
  return { tpc, ppc };
}
