/**
 * The built-in component library of the EOS functions: critical temperature and pressure,
 * acentric factor, molar mass, critical volume and normal boiling point of the pure components
 * of reservoir fluids, with the default Peneloux volume-shift parameters of each EOS.
 *
 * Constants: the critical points and acentric factors are those of the reference equations of
 * state (the 'HEOS' source of chemicals 1.5.2, i.e. the values in CoolProp 6, Bell et al. 2014,
 * which each cite the reference EOS of that fluid, e.g. Setzmann & Wagner 1991 for methane,
 * Span & Wagner 1996 for CO2, Lemmon et al. 2009 for propane); molar masses from the IUPAC 2013
 * standard atomic weights; normal boiling points from the same reference EOS. These are the
 * constants of the reference vectors (test/refdata/eos.json); textbook tables (GPSA, Whitson &
 * Brule) differ in the fourth digit.
 *
 * Volume shift s_i = c_i / b_i (dimensionless):
 * - PR, PR78: Jhaveri & Youngren (1988) for N2 to nC6; for heavier components and pseudo-
 *   components their paraffin correlation s = 1 - 2.258 / MW^0.1823.
 * - SRK: Peneloux, Rauzy & Freze (1982), c = 0.40768 (R Tc / Pc)(0.29441 - Z_RA) with the
 *   Rackett compressibility of Yamada & Gunn (1973), Z_RA = 0.29056 - 0.08775 w.
 * Units: K, bar, g/mol, cm3/mol (as in the chemical literature; the same numbers whatever the
 * caller's unit system).
 *
 * References:
 * - Bell, I.H., Wronski, J., Quoilin, S. and Lemort, V. (2014) Pure and Pseudo-pure Fluid
 *   Thermophysical Property Evaluation and the Open-Source Thermophysical Property Library
 *   CoolProp. Ind. Eng. Chem. Res. 53(6), 2498-2508.
 * - Bell, C. and contributors (2016-2024) chemicals: chemical properties component of Chemical
 *   Engineering Design Library (ChEDL), version 1.5.2 (MIT).
 * - Jhaveri, B.S. and Youngren, G.K. (1988) Three-Parameter Modification of the Peng-Robinson
 *   Equation of State To Improve Volumetric Predictions. SPE Reservoir Engineering 3(3),
 *   1033-1040. SPE-13118-PA.
 * - Peneloux, A., Rauzy, E. and Freze, R. (1982) A consistent correction for Redlich-Kwong-Soave
 *   volumes. Fluid Phase Equilib. 8(1), 7-23.
 * - Yamada, T. and Gunn, R.D. (1973) Saturated liquid molar volumes. The Rackett equation.
 *   J. Chem. Eng. Data 18(2), 234-236.
 */
import type { EosName } from '../core/eosFamily.js';

export interface LibraryComponent {
  name: string;
  description: string;
  cas: string;
  TcK: number;
  PcBar: number;
  omega: number;
  MW: number;
  VcCm3PerMol: number;
  TbK: number;
  /** Hydrocarbon, non-hydrocarbon gas, or water (for the default kij). */
  family: 'hydrocarbon' | 'N2' | 'CO2' | 'H2S' | 'H2O' | 'other';
}

// name, description, CAS, Tc K, Pc bar, omega, MW, Vc cm3/mol, Tb K, family
type Row = [string, string, string, number, number, number, number, number, number, LibraryComponent['family']];
const ROWS: Row[] = [
  ['N2', 'nitrogen', '7727-37-9', 126.192, 33.958, 0.0372, 28.0134, 89.4142, 77.355, 'N2'],
  ['CO2', 'carbon dioxide', '124-38-9', 304.1282, 73.773, 0.22394, 44.0095, 94.1185, 194.67, 'CO2'],
  ['H2S', 'hydrogen sulfide', '7783-06-4', 373.1, 90.0, 0.1005, 34.08088, 98.1354, 212.855, 'H2S'],
  ['C1', 'methane', '74-82-8', 190.564, 45.992, 0.01142, 16.04246, 98.6278, 111.667, 'hydrocarbon'],
  ['C2', 'ethane', '74-84-0', 305.322, 48.722, 0.0995, 30.06904, 145.8388, 184.569, 'hydrocarbon'],
  ['C3', 'propane', '74-98-6', 369.89, 42.512, 0.1521, 44.09562, 200.0, 231.036, 'hydrocarbon'],
  ['iC4', 'isobutane (2-methylpropane)', '75-28-5', 407.81, 36.29, 0.184, 58.1222, 257.7481, 261.401, 'hydrocarbon'],
  ['nC4', 'n-butane', '106-97-8', 425.125, 37.96, 0.201, 58.1222, 254.9219, 272.66, 'hydrocarbon'],
  ['neoC5', 'neopentane (2,2-dimethylpropane)', '463-82-1', 433.74, 31.96, 0.1961, 72.14878, 305.8104, 282.655, 'hydrocarbon'],
  ['iC5', 'isopentane (2-methylbutane)', '78-78-4', 460.35, 33.78, 0.2274, 72.14878, 305.7169, 300.976, 'hydrocarbon'],
  ['nC5', 'n-pentane', '109-66-0', 469.7, 33.675, 0.251, 72.14878, 311.5265, 309.209, 'hydrocarbon'],
  ['iC6', 'isohexane (2-methylpentane)', '107-83-5', 497.7, 30.4, 0.2797, 86.17536, 368.3241, 333.362, 'hydrocarbon'],
  ['nC6', 'n-hexane', '110-54-3', 507.82, 30.441, 0.3, 86.17536, 369.5492, 341.866, 'hydrocarbon'],
  ['nC7', 'n-heptane', '142-82-5', 540.2, 27.3573, 0.349, 100.20194, 429.1845, 371.55, 'hydrocarbon'],
  ['nC8', 'n-octane', '111-65-9', 568.74, 24.8359, 0.398, 114.22852, 492.3683, 398.794, 'hydrocarbon'],
  ['nC9', 'n-nonane', '111-84-2', 594.55, 22.81, 0.4433, 128.2551, 552.4862, 423.913, 'hydrocarbon'],
  ['nC10', 'n-decane', '124-18-5', 617.7, 21.03, 0.4884, 142.28168, 609.7561, 447.27, 'hydrocarbon'],
  ['nC11', 'n-undecane', '1120-21-4', 638.8, 19.904, 0.539, 156.30826, 660.1096, 468.934, 'hydrocarbon'],
  ['nC12', 'n-dodecane', '112-40-3', 658.1, 18.17, 0.574, 170.33484, 751.8797, 489.442, 'hydrocarbon'],
  ['benzene', 'benzene', '71-43-2', 562.02, 49.07277, 0.211, 78.11184, 256.3445, 353.219, 'hydrocarbon'],
  ['toluene', 'toluene', '108-88-3', 591.75, 41.263, 0.2657, 92.13842, 315.557, 383.746, 'hydrocarbon'],
  ['cyclohexane', 'cyclohexane', '110-82-7', 553.6, 40.805, 0.2096, 84.15948, 310.1737, 353.865, 'hydrocarbon'],
  ['H2O', 'water', '7732-18-5', 647.096, 220.64, 0.3443, 18.01528, 55.948, 373.124, 'H2O'],
  ['O2', 'oxygen', '7782-44-7', 154.581, 50.43, 0.0222, 31.9988, 73.3676, 90.188, 'other'],
  ['Ar', 'argon', '7440-37-1', 150.687, 48.63, -0.00219, 39.948, 74.5855, 87.302, 'other'],
  ['He', 'helium-4', '7440-59-7', 5.1953, 2.2832, -0.3836, 4.002602, 57.5252, 4.224, 'other'],
  ['H2', 'hydrogen (normal)', '1333-74-0', 33.145, 12.964, -0.219, 2.01588, 64.4828, 20.369, 'other'],
];

export const LIBRARY: Readonly<Record<string, LibraryComponent>> = Object.fromEntries(
  ROWS.map(([name, description, cas, TcK, PcBar, omega, MW, VcCm3PerMol, TbK, family]) => [name, { name, description, cas, TcK, PcBar, omega, MW, VcCm3PerMol, TbK, family }]),
);

export const LIBRARY_NAMES = ROWS.map((r) => r[0]);

/** Jhaveri & Youngren (1988) PR shifts of the light components (Whitson & Brule 2000, Table 4.3). */
const PR_SHIFTS: Readonly<Record<string, number>> = {
  N2: -0.1927,
  CO2: -0.0817,
  H2S: -0.1288,
  C1: -0.1595,
  C2: -0.1134,
  C3: -0.0863,
  iC4: -0.0844,
  nC4: -0.0675,
  iC5: -0.0608,
  nC5: -0.039,
  nC6: -0.008,
};

/** SRK OmegaB, for c / b. */
const SRK_OMEGA_B = (Math.cbrt(2) - 1) / 3;

/**
 * The default Peneloux shift s = c/b of a component for an EOS: the table above (PR), the
 * Jhaveri-Youngren paraffin correlation (PR, heavier and pseudo-components), Peneloux et al.
 * (SRK).
 */
export function defaultShift(eos: EosName, name: string, omega: number, MW: number): number {
  if (eos === 'SRK') {
    const zra = 0.29056 - 0.08775 * omega;
    return (0.40768 * (0.29441 - zra)) / SRK_OMEGA_B;
  }
  const s = PR_SHIFTS[name];
  if (s !== undefined) return s;
  return 1 - 2.258 / MW ** 0.1823;
}
