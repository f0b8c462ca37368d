/**
 * Salinity measures of a brine and the conversions between them.
 *
 *   ppm (by mass) = 1e4 wt%                                         (definition)
 *   molality of NaCl m = 1000 w / (M_NaCl (1 - w)),  w = wt%/100    (mol per kg of water)
 *   g/L = 10 wt% rho_sc,  rho_sc in g/cm3 from McCain (1991):
 *         rho_sc = 62.368 + 0.438603 S + 1.60074e-3 S^2 (lbm/ft3, S wt%, 14.696 psia and 60 degF)
 *
 * ppm/1e4 = wt% holds exactly only for ppm by mass; laboratory "mg/L" is a different measure and
 * needs the brine density (the g/L conversion above). The g/L <-> wt% step is solved by fixed-point
 * iteration (rho_sc changes by < 10% over 0-26 wt%, so it converges in a few steps).
 * Units: wt% (0-100), ppm by mass, g/L at standard conditions, mol/kg water.
 *
 * References:
 * - McCain, W.D. Jr. (1991) Reservoir-Fluid Property Correlations—State of the Art. SPE Reservoir
 *   Engineering 6(2), 266-272. SPE-18571-PA.
 * - Wieser, M.E. et al. (2013) Atomic weights of the elements 2011 (IUPAC Technical Report). Pure
 *   Appl. Chem. 85(5), 1047-1078 (M_NaCl = 22.98977 + 35.453 = 58.4428 g/mol).
 */
import { EngineFailure } from '../../failure.js';

export const M_NACL = 58.4428;
/** g/L (= kg/m3) per lbm/ft3: 0.45359237 kg / 0.028316846592 m3 (both exact). */
export const G_PER_L_PER_LBM_FT3 = 0.45359237 / 0.028316846592;

/** McCain (1991) brine density at 14.696 psia and 60 degF, lbm/ft3, S in wt% total dissolved solids. */
export function mccainDensitySC(salinityWtPct: number): number {
  return 62.368 + 0.438603 * salinityWtPct + 1.60074e-3 * salinityWtPct * salinityWtPct;
}

export const wtPctFromPpm = (ppm: number): number => ppm / 1e4;

/** NaCl molality (mol/kg water) of a brine of the given weight percent NaCl. */
export function molalityFromWtPct(wtPct: number): number {
  const w = wtPct / 100;
  return (1000 * w) / (M_NACL * (1 - w));
}

/** Concentration in g/L at standard conditions of a brine of the given weight percent. */
export function gPerLFromWtPct(wtPct: number): number {
  return (wtPct / 100) * mccainDensitySC(wtPct) * G_PER_L_PER_LBM_FT3;
}

/** Weight percent of a brine that holds `gPerL` g/L at standard conditions. */
export function wtPctFromGPerL(gPerL: number): number {
  if (gPerL === 0) return 0;
  let w = gPerL / 10; // first guess: density 1 g/cm3
  for (let i = 0; i < 100; i++) {
    const next = (100 * gPerL) / (mccainDensitySC(w) * G_PER_L_PER_LBM_FT3);
    if (Math.abs(next - w) < 1e-12 * Math.max(1, w)) return next;
    w = next;
  }
  throw new EngineFailure('no_solution', `no weight percent corresponds to ${gPerL} g/L`);
}

export interface SalinityInput {
  salinityWtPct?: number;
  salinityPpm?: number;
  salinityGPerL?: number;
}

/** The one salinity given (wt%, ppm or g/L) as wt%; EngineFailure unless exactly one is given. */
export function salinityWtPct(input: SalinityInput): number {
  const given = (['salinityWtPct', 'salinityPpm', 'salinityGPerL'] as const).filter((k) => input[k] !== undefined);
  if (given.length !== 1) {
    throw new EngineFailure('invalid_input', `give exactly one of salinityWtPct, salinityPpm or salinityGPerL (got ${given.length ? given.join(', ') : 'none'})`);
  }
  const wt = input.salinityWtPct ?? (input.salinityPpm !== undefined ? wtPctFromPpm(input.salinityPpm) : wtPctFromGPerL(input.salinityGPerL as number));
  if (!(wt >= 0 && wt < 100)) throw new EngineFailure('invalid_input', `salinity ${wt} wt% is not a brine (0 <= wt% < 100)`);
  return wt;
}
