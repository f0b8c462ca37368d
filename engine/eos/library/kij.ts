/**
 * Default binary interaction coefficients, used when a call gives no kij matrix.
 *
 * The engine's default set ('engcalc-default-1') follows petroleum practice: non-hydrocarbon /
 * hydrocarbon pairs non-zero, hydrocarbon / hydrocarbon pairs zero. N2 and CO2 with
 * hydrocarbons take the magnitudes of the Peng-Robinson sets tabulated by Whitson & Brule
 * (2000, ch. 4): N2 0.025 (C1) to 0.11 (C6+), CO2 0.105 (C1) to 0.13 (C2), 0.115 (C4+); H2S with
 * hydrocarbons 0.08 (C1) falling to 0.06; water with gases as in PHREEQC's Peng-Robinson gas
 * table (Parkhurst & Appelo 2013: 0.49 with C1, C2 and N2, 0.55 with C3, 0.19 with CO2 and H2S)
 * and 0.5 with heavier hydrocarbons. A pseudo-component is treated as a C7+ hydrocarbon. The
 * same values are used with SRK. They are typical magnitudes, not fitted to any fluid: tune kij
 * to the fluid's laboratory data, and pass the matrix.
 *
 * References:
 * - Whitson, C.H. and Brule, M.R. (2000) Phase Behavior. SPE Monograph Vol. 20, ch. 4.
 * - Parkhurst, D.L. and Appelo, C.A.J. (2013) Description of input and examples for PHREEQC
 *   version 3. USGS Techniques and Methods 6-A43, GAS_BINARY_PARAMETERS.
 */
import { LIBRARY } from './components.js';

export const KIJ_SOURCE = 'engcalc-default-1: non-hydrocarbon/hydrocarbon kij of typical magnitude (N2, CO2 after the PR tables of Whitson & Brule 2000 ch. 4; H2S 0.06-0.08; water after PHREEQC 3 PR gas parameters), hydrocarbon/hydrocarbon 0; a pseudo-component counts as C7+; illustrative, tune to data';

/** Carbon class of a hydrocarbon for the table: 1..6, or 7 for heavier and pseudo-components. */
function carbonClass(name: string): number {
  const m = /^(?:n|i|neo)?C(\d+)$/.exec(name);
  if (m) return Math.min(7, Number(m[1]));
  if (name === 'benzene' || name === 'cyclohexane') return 6;
  return 7;
}

const N2_HC = [0, 0.025, 0.01, 0.09, 0.095, 0.1, 0.11, 0.11];
const CO2_HC = [0, 0.105, 0.13, 0.125, 0.115, 0.115, 0.115, 0.115];
const H2S_HC = [0, 0.08, 0.07, 0.07, 0.06, 0.06, 0.06, 0.06];
const H2O_HC = [0, 0.49, 0.49, 0.55, 0.5, 0.5, 0.5, 0.5];
const NONHC: Readonly<Record<string, number>> = { 'CO2|N2': 0, 'H2S|N2': 0.13, 'CO2|H2S': 0.1, 'H2O|N2': 0.49, 'CO2|H2O': 0.19, 'H2O|H2S': 0.19 };

type Family = 'hydrocarbon' | 'N2' | 'CO2' | 'H2S' | 'H2O' | 'other';

const familyOf = (name: string): Family => LIBRARY[name]?.family ?? 'hydrocarbon';

/** The default k_ij of two components by name (pseudo-components: names not in the library). */
export function defaultKij(a: string, b: string): number {
  if (a === b) return 0;
  const fa = familyOf(a);
  const fb = familyOf(b);
  if (fa === 'other' || fb === 'other') return 0;
  if (fa === 'hydrocarbon' && fb === 'hydrocarbon') return 0;
  if (fa !== 'hydrocarbon' && fb !== 'hydrocarbon') return NONHC[[fa, fb].sort().join('|')] ?? 0;
  const [gas, hc] = fa === 'hydrocarbon' ? [fb, a] : [fa, b];
  const k = carbonClass(hc);
  const row = gas === 'N2' ? N2_HC : gas === 'CO2' ? CO2_HC : gas === 'H2S' ? H2S_HC : H2O_HC;
  return row[k]!;
}

export function defaultKijMatrix(names: readonly string[]): number[][] {
  return names.map((a) => names.map((b) => defaultKij(a, b)));
}
