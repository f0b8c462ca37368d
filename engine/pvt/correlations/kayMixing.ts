/**
 * Kay's (1936) rule: pseudo-critical temperature and pressure of a mixture as the mole-fraction
 * average of the component critical constants, and the apparent molar mass likewise:
 *
 *   Tpc = sum yi Tci,   Ppc = sum yi Pci,   MW = sum yi Mi,   gasSG = MW / 28.97
 *
 * Components and constants: ./components.ts. Mole fractions are normalised to sum 1 (a warning when
 * they were more than 0.1% off). Units: degR, psia, lbm/lbmol.
 * Checked example: 90% C1, 10% C2 -> Tpc 363.671 degR, Ppc 671.021 psia, MW 17.4456 (direct sum).
 *
 * Reference: Kay, W.B. (1936) Density of Hydrocarbon Gases and Vapors at High Temperature and
 * Pressure. Industrial & Engineering Chemistry 28(9), 1014-1019.
 */
import { EngineFailure } from '../../failure.js';
import { COMPONENTS } from './components.js';
import { MW_AIR, type PseudoCriticals } from './nonHydrocarbons.js';

export interface KayMixture extends PseudoCriticals {
  mw: number;
  gasSG: number;
  /** The normalised composition. */
  y: Record<string, number>;
}

export function kayMixing(composition: Record<string, number | undefined>, warnings: string[]): KayMixture {
  const entries = Object.entries(composition).filter((e): e is [string, number] => e[1] !== undefined && e[1] > 0);
  for (const [name] of entries) if (!COMPONENTS[name]) throw new EngineFailure('invalid_input', `unknown component '${name}'`);
  const total = entries.reduce((s, [, y]) => s + y, 0);
  if (!(total > 0)) throw new EngineFailure('invalid_input', 'the composition has no positive mole fraction');
  if (Math.abs(total - 1) > 1e-3) warnings.push(`mole fractions sum to ${total.toPrecision(6)}; normalised to 1`);
  const y = Object.fromEntries(entries.map(([n, v]) => [n, v / total]));
  let tpc = 0;
  let ppc = 0;
  let mw = 0;
  for (const [n, yi] of Object.entries(y)) {
    const c = COMPONENTS[n] as { tc: number; pc: number; mw: number };
    tpc += yi * c.tc;
    ppc += yi * c.pc;
    mw += yi * c.mw;
  }
  return { tpc, ppc, mw, gasSG: mw / MW_AIR, y };
}
