/**
 * Density of liquid water at any pressure the brine functions take, kg/m3, for the IAPWS 2008
 * viscosity (./iapwsViscosity.ts):
 *
 *   rho(T, p) = rho_IF97(T, p)                                         p <= 100 MPa
 *   rho(T, p) = rho_IF97(T, 100 MPa) x rho_S(T, p) / rho_S(T, 100 MPa)  p >  100 MPa
 *
 * IAPWS-IF97 Region 1 ends at 100 MPa. Past it its equation is no density at all (at 400 degF,
 * 276 MPa it gives 2,569 kg/m3, and at 500 degF a negative one), and the viscosity built on it
 * came back as 4.7e-73 cp. Spivey, McCain & North's water density was fitted to 200 MPa and
 * agrees with IF97 to 0.01-0.3% at 100 MPa over 100-600 degF; its compression from 100 MPa carries
 * IF97's density on, continuous at the join. Beyond 200 MPa or 275 degC it is extrapolated (the
 * brine functions warn of both ranges).
 * Units: K, MPa, kg/m3.
 * References: Wagner, W. et al. (2000) IAPWS-IF97, J. Eng. Gas Turbines Power 122, 150-182;
 * Spivey, J.P., McCain, W.D. Jr. and North, R. (2004) Estimating Density, Formation Volume Factor,
 * Compressibility, Methane Solubility, and Viscosity for Oilfield Brines at Temperatures From 0 to
 * 275 degC, Pressures to 200 MPa, and Salinities to 5.7 mole/kg. JCPT 43(7), 52-61.
 */
import { if97LiquidDensity, IF97_REGION1_RANGE } from './iapwsIf97.js';
import { spiveyBrineDensity } from './spiveyBrine.js';

export function compressedWaterDensity(tK: number, pMPa: number): number {
  const pMax = IF97_REGION1_RANGE.pMPaMax;
  if (pMPa <= pMax) return if97LiquidDensity(tK, pMPa);
  const tC = tK - 273.15;
  return (if97LiquidDensity(tK, pMax) * spiveyBrineDensity(tC, pMPa, 0).rho) / spiveyBrineDensity(tC, pMax, 0).rho;
}
