/**
 * Beggs & Robinson (1975) dead-oil and saturated (live) oil viscosity:
 *
 *   mu_od = 10^x - 1,   x = 10^(3.0324 - 0.02023 API) T^-1.163
 *   mu_o  = A mu_od^B,  A = 10.715 (Rs + 100)^-0.515,  B = 5.44 (Rs + 150)^-0.338
 *
 * Units: T degF; Rs scf/STB; mu cp.
 * Validity (2073 measurements on 600 systems): p 132-5265 psia (saturated oil), T 70-295 degF,
 * API 16-58, Rs 20-2070 scf/STB.
 * Checked examples: API 22, 100 degF -> mu_od 65.88429 cp; with Rs 100 -> mu_o 23.74714 cp
 * (refdata oilc-muob-BR-22-100-100).
 *
 * References:
 * - Beggs, H.D. and Robinson, J.R. (1975) Estimating the Viscosity of Crude Oil Systems. Journal of
 *   Petroleum Technology 27(9), 1140-1141. SPE-5434-PA.
 */
export const BEGGS_ROBINSON_RANGE = { TF: [70, 295], api: [16, 58], rs: [20, 2070] } as const;

/** Dead-oil viscosity (cp). */
export function beggsRobinsonDeadOilViscosity(api: number, tf: number): number {
  const x = 10 ** (3.0324 - 0.02023 * api) * tf ** -1.163;
  return 10 ** x - 1;
}

/** Saturated (live) oil viscosity (cp) from the dead-oil viscosity and the solution GOR. */
export function beggsRobinsonLiveOilViscosity(muod: number, rs: number): number {
  const a = 10.715 * (rs + 100) ** -0.515;
  const b = 5.44 * (rs + 150) ** -0.338;
  return a * muod ** b;
}
