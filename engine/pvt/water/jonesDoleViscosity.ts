/**
 * Relative viscosity of aqueous NaCl by the extended Jones-Dole equation with the ion parameters
 * of the USGS PHREEQC database pitzer.dat (its -viscosity and -dw lines), the model of PHREEQC 3
 * (Appelo & Parkhurst). t in degC (capped at 200 degC, as PHREEQC does), T in K, m NaCl molality:
 *
 *   mu / mu_w = 1 + A sqrt(m) + B m + D m^(1 + d3)
 *   B = b0 + b1 exp(-b2 t)          Jones-Dole B of Na+ (Cl- is the reference ion, B = 0)
 *   D = d1 exp(-d2 t)               the higher-order term; for a single 1:1 salt PHREEQC's
 *                                   D m [I^d3 (1 + fI) + (m f_z)^d3] / (2 + fI) reduces to D m^(1+d3)
 *   A = 4.3787e-14 T^1.5 psi / (sqrt(2 eps) D+ D- mu_w)                  Falkenhagen-Vernon term
 *   psi = (D+ + D-)/4 - [(D+ - D-) / (sqrt(D+ + D-) + sqrt(2 (D+ + D-)))]^2
 *   D_i = D_i,25 (mu_w,25 / mu_w) exp(dw_i / T - dw_i / 298.15),   mu_w,25 = 0.8900239 mPa s
 *
 * psi/(D+ D-) is the Falkenhagen & Vernon (1932) limiting-law factor
 * Lambda0/(lambda+ lambda-) [1 - 0.6863 ((lambda+ - lambda-)/Lambda0)^2] written with tracer
 * diffusion coefficients (Nernst-Einstein); eps is the dielectric constant of water by Bradley &
 * Pitzer (1979) (./dielectricConstant.ts); mu_w the viscosity of water (IAPWS 2008).
 * Parameters (pitzer.dat): Na+ b0 0.1387, b1 -0.0866, b2 0.0125 1/degC, d1 0.0145, d2 0.0075 1/degC,
 * d3 1.062; D_25 Na+ 1.33e-9 and Cl- 2.033e-9 m2/s, dw 75 and 216 K.
 * Published status: the Jones & Dole (1929) B term and the Falkenhagen-Vernon A term are published;
 * the D term, the temperature functions and the parameter values are PHREEQC's, documented in its
 * database and source (pitzer.dat cites "Appelo and Parkhurst, in prep."), not in a journal paper.
 * Units: T K, t degC, m mol/kg water, D m2/s, mu mPa s.
 * Validity: the database fit; PHREEQC caps t at 200 degC; m to NaCl saturation (about 6 mol/kg).
 * Checked example: A = 0.0061 (kg/mol)^1/2 for NaCl at 25 degC (Falkenhagen-Vernon with the
 * limiting conductances of Robinson & Stokes, 50.10 and 76.35 S cm2/mol: 0.0061); mu/mu_w at 1 mol/kg
 * and 25 degC 1.0935 against 1.0920 from Kestin et al. (1981) measurements (+/-0.5%).
 *
 * References:
 * - Jones, G. and Dole, M. (1929) The Viscosity of Aqueous Solutions of Strong Electrolytes with
 *   Special Reference to Barium Chloride. Journal of the American Chemical Society 51(10), 2950-2964.
 * - Falkenhagen, H. and Vernon, E.L. (1932) The Viscosity of Strong Electrolyte Solutions
 *   According to Electrostatic Theory. Philosophical Magazine (7) 14, 537-565.
 * - Parkhurst, D.L. and Appelo, C.A.J. (2013) Description of Input and Examples for PHREEQC
 *   Version 3. U.S. Geological Survey Techniques and Methods 6-A43 (the program; viscosity and the
 *   pitzer.dat -viscosity parameters from version 3.4 on).
 * - Robinson, R.A. and Stokes, R.H. (1959) Electrolyte Solutions, 2nd ed. Butterworths, London
 *   (limiting conductances for the check).
 */
import { bradleyPitzerDielectric } from './dielectricConstant.js';

/** pitzer.dat -viscosity of Na+: b0, b1, b2, d1, d2, d3. */
const NA = { b0: 0.1387, b1: -0.0866, b2: 0.0125, d1: 0.0145, d2: 0.0075, d3: 1.062 } as const;
/** pitzer.dat -dw: tracer diffusion coefficient at 25 degC (m2/s) and its temperature parameter (K). */
const DW_NA = { d25: 1.33e-9, dwT: 75 } as const;
const DW_CL = { d25: 2.033e-9, dwT: 216 } as const;
/** Viscosity of water at 25 degC used by PHREEQC to scale the diffusion coefficients, mPa s. */
const MU_W_25C = 0.8900239182946;
/** PHREEQC's temperature cap of the viscosity parameters, degC. */
export const JONES_DOLE_T_CAP_C = 200;

const diffusion = (d: { d25: number; dwT: number }, tK: number, muW: number) => d.d25 * (MU_W_25C / muW) * Math.exp(d.dwT / tK - d.dwT / 298.15);

/** Falkenhagen-Vernon coefficient A, (kg/mol)^1/2, of NaCl in water of viscosity muW (mPa s) at tK and pMPa. */
export function falkenhagenA(tK: number, pMPa: number, muW: number): number {
  const dPlus = diffusion(DW_NA, tK, muW);
  const dMinus = diffusion(DW_CL, tK, muW);
  const sum = dPlus + dMinus;
  const t1 = (dPlus - dMinus) / (Math.sqrt(sum) + Math.sqrt(2 * sum));
  const psi = sum / 4 - t1 * t1;
  const eps = bradleyPitzerDielectric(tK, pMPa * 10);
  return (4.3787e-14 * tK ** 1.5 * psi) / (Math.sqrt(2 * eps) * dPlus * dMinus) / muW;
}

/** mu_brine / mu_water of NaCl brine of molality m at tK kelvin and pMPa, water viscosity muW (mPa s). */
export function jonesDoleRatio(tK: number, pMPa: number, m: number, muW: number): number {
  if (!(m > 0)) return 1;
  const t = Math.min(tK - 273.15, JONES_DOLE_T_CAP_C);
  const b = NA.b0 + NA.b1 * Math.exp(-NA.b2 * t);
  const d = NA.d1 * Math.exp(-NA.d2 * t);
  return 1 + falkenhagenA(tK, pMPa, muW) * Math.sqrt(m) + b * m + Math.max(0, d * m ** (1 + NA.d3));
}
