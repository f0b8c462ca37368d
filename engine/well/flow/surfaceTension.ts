/**
 * Gas-liquid surface tension (dyne/cm) for the multiphase correlations.
 *
 * Gas-oil: Baker & Swerdloff (1956) dead-oil tension at 68 and 100 degF,
 *   sigma68 = 39 - 0.2571 API,  sigma100 = 37.5 - 0.2571 API,
 * linear in T between them (held constant outside, as they advise), reduced for dissolved gas by
 * their pressure factor sigma = sigma_dead (1 - 0.024 p^0.45) (p psia), floored at 1 dyne/cm.
 * Gas-water: Hough's (1951) curves as fitted by Jennings & Newman (1971) at 74 and 280 degF,
 *   sigma74 = 75 - 1.108 p^0.349,  sigma280 = 53 - 0.1048 p^0.637, linear in T between.
 * Liquid mixture: the in-situ volume-fraction average of oil and water.
 *
 * References:
 * - Baker, O. and Swerdloff, W. (1956) Finding Surface Tension of Hydrocarbon Liquids. Oil & Gas Journal 54, 125.
 * - Jennings, H.Y. and Newman, G.H. (1971) The Effect of Temperature and Pressure on the Interfacial
 *   Tension of Water Against Methane-Normal Decane Mixtures. SPE Journal 11(2), 171-175.
 * - Brill, J.P. and Mukherjee, H. (1999) Multiphase Flow in Wells. SPE Monograph 17, Ch. 2 (these fits).
 */
const FLOOR = 1;

export function gasOilTension(api: number, TF: number, p: number): number {
  const s68 = 39 - 0.2571 * api;
  const s100 = 37.5 - 0.2571 * api;
  const dead = TF <= 68 ? s68 : TF >= 100 ? s100 : s68 + ((TF - 68) * (s100 - s68)) / 32;
  return Math.max(dead * Math.max(1 - 0.024 * Math.max(p, 0) ** 0.45, 0), FLOOR);
}

export function gasWaterTension(TF: number, p: number): number {
  const pp = Math.max(p, 0);
  const s74 = 75 - 1.108 * pp ** 0.349;
  const s280 = 53 - 0.1048 * pp ** 0.637;
  const s = TF <= 74 ? s74 : TF >= 280 ? s280 : s74 + ((TF - 74) * (s280 - s74)) / 206;
  return Math.max(s, FLOOR);
}

/** Volume-fraction average of the oil and water tensions. */
export function liquidTension(sigmaOil: number, sigmaWater: number, waterFraction: number): number {
  return sigmaOil * (1 - waterFraction) + sigmaWater * waterFraction;
}
