/**
 * Osif (1988) isothermal compressibility of gas-free (undersaturated) water and brine:
 *
 *   cw = 1 / (7.033 p + 541.5 C - 537.0 T + 403300)        (1/psi)
 *
 * with p in psia, T in degF and C the NaCl concentration in g/L. Some public implementations
 * feed wt% into C, a unit error (refdata pvt_water.json notes).
 * Validity (author's data): 1000-20000 psia, 200-270 degF, 0-200 g/L NaCl.
 * Checked example: 5000 psia, 80 degF, 0 g/L -> 2.52841e-6 1/psi (direct evaluation; refdata
 * pvt_water.json water-osif-80-5000-0).
 *
 * Reference: Osif, T.L. (1988) The Effects of Salt, Gas, Temperature, and Pressure on the
 * Compressibility of Water. SPE Reservoir Engineering 3(1), 175-181. SPE-13174-PA.
 */
import type { ValidityRange } from '../../definition.js';
import { EngineFailure } from '../../failure.js';

export const OSIF_VALIDITY: ValidityRange[] = [
  { field: 'psia', min: 1000, max: 20000, unit: 'psia', note: 'Osif (1988) compressibility data' },
  { field: 'TF', min: 200, max: 270, unit: 'degF', note: 'Osif (1988) compressibility data' },
  { field: 'salinityGPerL', max: 200, unit: 'g/L', note: 'Osif (1988) compressibility data' },
];

export function osifCw(psia: number, TF: number, naclGPerL: number): number {
  const d = 7.033 * psia + 541.5 * naclGPerL - 537.0 * TF + 403300;
  if (!(d > 0)) throw new EngineFailure('invalid_input', `Osif (1988) compressibility is not defined at ${psia} psia, ${TF} degF (denominator ${d})`);
  return 1 / d;
}
