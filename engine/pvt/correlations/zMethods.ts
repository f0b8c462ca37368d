/**
 * The z-factor methods offered by pvt.zFactor and pvt.gasProperties, in one table so both
 * functions accept the same names, check the same validity ranges and fail the same way.
 * Each method's equations, units, validity and references are in its own file.
 */
import { rangeWarnings } from '../../execute.js';
import { EngineFailure } from '../../failure.js';
import { DAK_VALIDITY, zDAK } from './zDAK.js';
import { HY_VALIDITY, zHallYarborough } from './zHallYarborough.js';
import type { ZResult } from './zResult.js';

export const Z_METHODS = ['DAK', 'HY'] as const;
export type ZMethod = (typeof Z_METHODS)[number];

interface ZMethodEntry {
  label: string;
  solve: (ppr: number, tpr: number) => ZResult | null;
  validity: { pprMin: number; pprMax: number; tprMin: number; tprMax: number; lowTpr?: { tprMin: number; pprBelow: number } };
}

const TABLE: Record<ZMethod, ZMethodEntry> = {
  DAK: { label: 'Dranchuk–Abou-Kassem (1975)', solve: zDAK, validity: DAK_VALIDITY },
  HY: { label: 'Hall–Yarborough (1973)', solve: zHallYarborough, validity: HY_VALIDITY },
};

/** z and dz/dPpr by the chosen method; EngineFailure('no_solution') when the equation has no root. */
export function zBy(method: ZMethod, ppr: number, tpr: number): ZResult {
  const r = TABLE[method].solve(ppr, tpr);
  if (r === null) throw new EngineFailure('no_solution', `${TABLE[method].label} z-factor equation has no gas root at Ppr ${ppr}, Tpr ${tpr}`);
  return r;
}

/** Warnings for reduced conditions outside the method's fitted range (one message per bound). */
export function zRangeWarnings(method: ZMethod, ppr: number | number[], tpr: number): string[] {
  const v = TABLE[method].validity;
  const note = `${TABLE[method].label} fit of the Standing–Katz chart`;
  const pprMax = Math.max(...(Array.isArray(ppr) ? ppr : [ppr]));
  const low = v.lowTpr && tpr >= v.lowTpr.tprMin && pprMax < v.lowTpr.pprBelow;
  return rangeWarnings(
    [
      { field: 'Ppr', min: v.pprMin, max: v.pprMax, note },
      { field: 'Tpr', min: low ? v.lowTpr?.tprMin : v.tprMin, max: v.tprMax, note },
    ],
    { Ppr: ppr, Tpr: tpr },
  );
}
