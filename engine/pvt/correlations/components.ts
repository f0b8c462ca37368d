/**
 * Critical constants and molar masses of the pure components of natural gas, for Kay (1936)
 * mixing of a gas composition and for properties of pure methane (dissolved gas in brine).
 *
 * Values are those of the reference equations of state tabulated in the NIST Chemistry WebBook
 * (SRD 69; Lemmon, McLinden & Friend) and in Poling, Prausnitz & O'Connell (2001) Appendix A,
 * given here in SI and converted exactly: degR = K x 1.8, psia = MPa x 145.0377377 (1 psi =
 * 6894.757293168 Pa). Field-unit tables such as the GPSA Engineering Data Book Fig. 23-2 carry
 * the same constants from older measurements and differ in the last printed digit or so.
 *
 * Note: engine/pvt/correlations/nonHydrocarbons.ts keeps its own (older) CO2/H2S/N2 values because
 * the Piper–McCain–Corredor coefficients and the Sutton/Kay/Wichert–Aziz reference values were
 * fitted with them; this table is for composition input.
 *
 * Units: tc degR, pc psia, mw lbm/lbmol (= g/mol).
 *
 * References:
 * - Linstrom, P.J. and Mallard, W.G. (eds.) NIST Chemistry WebBook, NIST Standard Reference
 *   Database 69. National Institute of Standards and Technology, Gaithersburg MD.
 * - Poling, B.E., Prausnitz, J.M. and O'Connell, J.P. (2001) The Properties of Gases and Liquids,
 *   5th ed. McGraw-Hill, Appendix A.
 * - GPSA (2004) Engineering Data Book, 12th ed., Section 23 (Physical Properties), Fig. 23-2.
 */
import type { CriticalConstants } from './nonHydrocarbons.js';

/** psia per MPa: 1e6 Pa / 6894.757293168 Pa. */
const PSIA_PER_MPA = 1e6 / 6894.757293168;

export interface Component extends CriticalConstants {
  name: string;
}

/** [name, Tc K, Pc MPa, M g/mol] as in the sources above. */
const SI: readonly [string, number, number, number][] = [
  ['C1', 190.564, 4.5992, 16.043],
  ['C2', 305.322, 4.8722, 30.069],
  ['C3', 369.89, 4.2512, 44.096],
  ['iC4', 407.81, 3.629, 58.122],
  ['nC4', 425.125, 3.796, 58.122],
  ['iC5', 460.35, 3.378, 72.149],
  ['nC5', 469.7, 3.3675, 72.149],
  ['nC6', 507.82, 3.034, 86.175],
  ['nC7', 540.13, 2.736, 100.202],
  ['nC8', 569.32, 2.497, 114.229],
  ['nC9', 594.55, 2.281, 128.255],
  ['nC10', 617.7, 2.103, 142.282],
  ['N2', 126.192, 3.3958, 28.0134],
  ['CO2', 304.1282, 7.3773, 44.0095],
  ['H2S', 373.1, 9.0, 34.081],
  ['O2', 154.581, 5.043, 31.9988],
  ['Ar', 150.687, 4.863, 39.948],
  ['He', 5.1953, 0.22832, 4.0026],
  ['H2', 33.145, 1.2964, 2.0159],
  ['H2O', 647.096, 22.064, 18.0153],
];

export const COMPONENTS: Readonly<Record<string, Component>> = Object.fromEntries(
  SI.map(([name, tcK, pcMPa, mw]) => [name, { name, tc: tcK * 1.8, pc: pcMPa * PSIA_PER_MPA, mw }]),
);

export const COMPONENT_NAMES = SI.map(([name]) => name);

/** Pure methane, the dissolved gas of the brine correlations. */
export const METHANE = COMPONENTS.C1 as Component;
