/**
 * Where the properties of each reservoir phase can physically lie (field units), whatever the
 * correlation. Every PVT function states its phase outputs with these (narrowing the quantity-wide
 * ranges of engine/quantity.ts), so a correlation taken far outside its data (an API gravity of
 * 0.3, a dead oil at 2 degF, a Vasquez–Beggs co at low GOR) is refused as out_of_range with the
 * value and the bound (422), never answered as Bo 2e-5 rb/STB, a density of 4e6 lbm/ft3 or a
 * negative compressibility. One table, so the same property of the same phase is held to the
 * same range in pvt.oilFVF, pvt.oilProperties, pvt.blackOilTable and the rest.
 */
import type { PhysicalRange } from '../quantity.js';

/** Isothermal compressibility of a stable phase is positive: its volume falls as pressure rises. */
export const POSITIVE_COMPRESSIBILITY: PhysicalRange = { exclusiveMinimum: 0 };

/**
 * Oil formation volume factor, rb/STB: a liquid neither loses half of its stock-tank volume
 * under pressure nor swells tenfold with its gas (reservoir oils: about 0.95 to 3.5).
 */
export const OIL_FVF: PhysicalRange = { minimum: 0.5, maximum: 10 };

/** Oil density, lbm/ft3: from the lightest near-critical oils to the heaviest bitumen (water is 62.4). */
export const OIL_DENSITY: PhysicalRange = { minimum: 10, maximum: 80 };

/** Brine formation volume factor, rb/STB: near 1 for any brine (0.85-1.3 from compressed cold brine to hot gassy brine). */
export const BRINE_FVF: PhysicalRange = { minimum: 0.5, maximum: 2 };

/**
 * Brine density, lbm/ft3: liquid water is denser than its critical density (0.322 g/cm3, 20
 * lbm/ft3) and no brine is denser than 90 (saturated NaCl ~75).
 */
export const BRINE_DENSITY: PhysicalRange = { minimum: 20, maximum: 90 };

/** Brine viscosity, cp: the most viscous liquid brine (saturated NaCl near its eutectic) is below 20. */
export const BRINE_VISCOSITY: PhysicalRange = { exclusiveMinimum: 0, maximum: 20 };
