/**
 * The three cubic equations of state of the engine, in the generic two-parameter form
 *
 *   P = R T / (V - b) - a(T) / ((V + d1 b)(V + d2 b))
 *
 * with a_i(T) = OmegaA (R Tc_i)^2 / Pc_i alpha_i(T), b_i = OmegaB R Tc_i / Pc_i and the Soave
 * alpha alpha_i = (1 + m_i (1 - sqrt(T / Tc_i)))^2.
 *
 * - PR (Peng & Robinson 1976): d1 = 1 + sqrt 2, d2 = 1 - sqrt 2,
 *   m = 0.37464 + 1.54226 w - 0.26992 w^2.
 * - PR78 (Robinson & Peng 1978): as PR, but for w > 0.491
 *   m = 0.379642 + 1.48503 w - 0.164423 w^2 + 0.016666 w^3.
 * - SRK (Soave 1972): d1 = 1, d2 = 0, m = 0.480 + 1.574 w - 0.176 w^2.
 * OmegaA and OmegaB are the exact roots of the critical conditions (not the rounded 0.45724,
 * 0.07780 of the papers), as in thermo 0.6.1 and most modern codes; the rounded values move
 * pressures by ~1e-5 relative.
 *
 * Units: SI (K, Pa, J/mol). Validity: any T > 0; the Soave alpha is extrapolated above Tc (the
 * usual practice of reservoir simulators); kij and the alpha are the user's responsibility for
 * polar components (water).
 *
 * References:
 * - Peng, D.-Y. and Robinson, D.B. (1976) A New Two-Constant Equation of State. Ind. Eng. Chem.
 *   Fundam. 15(1), 59-64.
 * - Robinson, D.B. and Peng, D.-Y. (1978) The Characterization of the Heptanes and Heavier
 *   Fractions for the GPA Peng-Robinson Programs. GPA Research Report RR-28.
 * - Soave, G. (1972) Equilibrium constants from a modified Redlich-Kwong equation of state.
 *   Chem. Eng. Sci. 27(6), 1197-1203.
 * - Michelsen, M.L. and Mollerup, J.M. (2007) Thermodynamic Models: Fundamentals & Computational
 *   Aspects, 2nd ed. Tie-Line Publications, ch. 3 (the generic form and its derivatives).
 */

export const EOS_NAMES = ['PR', 'PR78', 'SRK'] as const;
export type EosName = (typeof EOS_NAMES)[number];

export interface EosFamily {
  name: EosName;
  omegaA: number;
  omegaB: number;
  d1: number;
  d2: number;
  m(omega: number): number;
}

const SQRT2 = Math.SQRT2;

/** PR OmegaA, OmegaB from the critical conditions dP/dV = d2P/dV2 = 0, to 20 digits (as tabulated in thermo 0.6.1). */
const PR_OMEGA_A = 0.45723552892138218938;
const PR_OMEGA_B = 0.077796073903888455972;
/** SRK: OmegaB = (2^(1/3) - 1)/3, OmegaA = 1/(9 (2^(1/3) - 1)). */
const SRK_OMEGA_B = (Math.cbrt(2) - 1) / 3;
const SRK_OMEGA_A = 1 / (9 * (Math.cbrt(2) - 1));

const prM = (w: number) => 0.37464 + 1.54226 * w - 0.26992 * w * w;
const pr78M = (w: number) => (w <= 0.491 ? prM(w) : 0.379642 + 1.48503 * w - 0.164423 * w * w + 0.016666 * w * w * w);
const srkM = (w: number) => 0.48 + 1.574 * w - 0.176 * w * w;

export const EOS: Readonly<Record<EosName, EosFamily>> = {
  PR: { name: 'PR', omegaA: PR_OMEGA_A, omegaB: PR_OMEGA_B, d1: 1 + SQRT2, d2: 1 - SQRT2, m: prM },
  PR78: { name: 'PR78', omegaA: PR_OMEGA_A, omegaB: PR_OMEGA_B, d1: 1 + SQRT2, d2: 1 - SQRT2, m: pr78M },
  SRK: { name: 'SRK', omegaA: SRK_OMEGA_A, omegaB: SRK_OMEGA_B, d1: 1, d2: 0, m: srkM },
};
