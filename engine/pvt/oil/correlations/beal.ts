/**
 * Beal (1946) dead-oil viscosity chart, as fitted by Standing (1981):
 *
 *   mu_od = (0.32 + 1.8e7 / API^4.53) (360 / (T + 200))^a,   a = 10^(0.43 + 8.33 / API)
 *
 * Units: T degF; mu cp.
 * Validity (Beal's 655 dead-oil viscosities, of which 98 from California): API 10.1-52.5,
 * T 98-250 degF.
 * Checked example: API 22, 100 degF -> 49.31072 cp (refdata oilc-muod-Beal-22-100).
 *
 * References:
 * - Beal, C. (1946) The Viscosity of Air, Water, Natural Gas, Crude Oil and Its Associated Gases at
 *   Oil Field Temperatures and Pressures. Trans. AIME 165, 94-115. SPE-946094-G.
 * - Standing, M.B. (1981) Volumetric and Phase Behavior of Oil Field Hydrocarbon Systems, 9th
 *   printing. SPE, Dallas.
 */
export const BEAL_RANGE = { TF: [98, 250], api: [10.1, 52.5] } as const;

/** Dead-oil viscosity (cp). */
export function bealDeadOilViscosity(api: number, tf: number): number {
  const a = 10 ** (0.43 + 8.33 / api);
  return (0.32 + 1.8e7 / api ** 4.53) * (360 / (tf + 200)) ** a;
}
