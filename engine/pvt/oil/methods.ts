/**
 * The black-oil methods offered by the pvt.oil* functions, the method sets that keep them
 * consistent, and their validity ranges, in one table so every function accepts the same names,
 * picks the same companions and warns the same way. Each method's equations, units, validity and
 * references are in its own file under ./correlations.
 *
 * Method sets (the companions a function uses for what the caller does not name):
 * - 'ValkoMcCain'     pb Valko–McCain (2003), Rs Velarde et al. (1997), Bo and density McCain
 *                     (Standing–Katz/McCain–Hill), co Spivey–Valko–McCain (2007); McCain, Spivey &
 *                     Lenn (2011)'s recommended set.
 * - 'Standing'        pb, Rs, Bo Standing (1947); co Vasquez–Beggs (1980).
 * - 'VasquezBeggs'    pb, Rs, Bo, co Vasquez–Beggs (1980).
 * - 'Glaso'           pb, Rs, Bo Glaso (1980); co Vasquez–Beggs (1980).
 * - 'PetroskyFarshad' pb, Rs, Bo, co Petrosky–Farshad (1993).
 * Viscosity: dead oil Beggs–Robinson (Glaso in the 'Glaso' set), live oil Beggs–Robinson (1975),
 * undersaturated Petrosky–Farshad (Vasquez–Beggs in the 'Standing', 'VasquezBeggs' and 'Glaso' sets).
 */
import { pushRangeWarnings } from '../../execute.js';
import type { ValidityRange } from '../../definition.js';
import { BEAL_RANGE } from './correlations/beal.js';
import { BEGGS_ROBINSON_RANGE } from './correlations/beggsRobinson.js';
import { GLASO_RANGE, GLASO_VISCOSITY_RANGE } from './correlations/glaso.js';
import { PF_RANGE, PF_VISCOSITY_RANGE } from './correlations/petroskyFarshad.js';
import { STANDING_RANGE } from './correlations/standing.js';
import { VALKO_MCCAIN_RANGE } from './correlations/valkoMcCain.js';
import { VB_RANGE, VB_VISCOSITY_RANGE } from './correlations/vasquezBeggs.js';
import { VELARDE_RANGE } from './correlations/velarde.js';

export const PB_METHODS = ['ValkoMcCain', 'Velarde', 'Standing', 'StandingPsig', 'VasquezBeggs', 'Glaso', 'GlasoVolatile', 'PetroskyFarshad'] as const;
export const RS_METHODS = ['Velarde', 'Standing', 'StandingPsig', 'VasquezBeggs', 'Glaso', 'GlasoVolatile', 'PetroskyFarshad'] as const;
export const BO_METHODS = ['McCain', 'Standing', 'StandingBeggs', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad'] as const;
export const CO_METHODS = ['McCain', 'VasquezBeggs', 'PetroskyFarshad'] as const;
export const DEAD_OIL_METHODS = ['BeggsRobinson', 'Glaso', 'Beal'] as const;
export const LIVE_OIL_METHODS = ['BeggsRobinson'] as const;
export const UNDERSATURATED_VISCOSITY_METHODS = ['PetroskyFarshad', 'VasquezBeggs'] as const;
export const METHOD_SETS = ['ValkoMcCain', 'Standing', 'VasquezBeggs', 'Glaso', 'PetroskyFarshad'] as const;

export type PbMethod = (typeof PB_METHODS)[number];
export type RsMethod = (typeof RS_METHODS)[number];
export type BoMethod = (typeof BO_METHODS)[number];
export type CoMethod = (typeof CO_METHODS)[number];
export type DeadOilMethod = (typeof DEAD_OIL_METHODS)[number];
export type LiveOilMethod = (typeof LIVE_OIL_METHODS)[number];
export type UndersaturatedViscosityMethod = (typeof UNDERSATURATED_VISCOSITY_METHODS)[number];
export type MethodSet = (typeof METHOD_SETS)[number];

export interface OilMethods {
  pb: PbMethod;
  rs: RsMethod;
  bo: BoMethod;
  co: CoMethod;
  deadOil: DeadOilMethod;
  liveOil: LiveOilMethod;
  undersaturatedViscosity: UndersaturatedViscosityMethod;
}

const SETS: Record<MethodSet, OilMethods> = {
  ValkoMcCain: { pb: 'ValkoMcCain', rs: 'Velarde', bo: 'McCain', co: 'McCain', deadOil: 'BeggsRobinson', liveOil: 'BeggsRobinson', undersaturatedViscosity: 'PetroskyFarshad' },
  Standing: { pb: 'Standing', rs: 'Standing', bo: 'Standing', co: 'VasquezBeggs', deadOil: 'BeggsRobinson', liveOil: 'BeggsRobinson', undersaturatedViscosity: 'VasquezBeggs' },
  VasquezBeggs: { pb: 'VasquezBeggs', rs: 'VasquezBeggs', bo: 'VasquezBeggs', co: 'VasquezBeggs', deadOil: 'BeggsRobinson', liveOil: 'BeggsRobinson', undersaturatedViscosity: 'VasquezBeggs' },
  Glaso: { pb: 'Glaso', rs: 'Glaso', bo: 'Glaso', co: 'VasquezBeggs', deadOil: 'Glaso', liveOil: 'BeggsRobinson', undersaturatedViscosity: 'VasquezBeggs' },
  PetroskyFarshad: { pb: 'PetroskyFarshad', rs: 'PetroskyFarshad', bo: 'PetroskyFarshad', co: 'PetroskyFarshad', deadOil: 'BeggsRobinson', liveOil: 'BeggsRobinson', undersaturatedViscosity: 'PetroskyFarshad' },
};

/** The method set a named method belongs to ('McCain' and 'Velarde' -> 'ValkoMcCain', 'StandingPsig' -> 'Standing'). */
export function methodSetOf(method: string): MethodSet {
  if (method === 'McCain' || method === 'Velarde') return 'ValkoMcCain';
  if (method === 'StandingPsig' || method === 'StandingBeggs') return 'Standing';
  if (method === 'GlasoVolatile') return 'Glaso';
  return (METHOD_SETS as readonly string[]).includes(method) ? (method as MethodSet) : 'ValkoMcCain';
}

/**
 * The methods of a call: those the caller named, the rest from `set` (or from the set of the
 * function's own `anchor` method). Standing read as psig stays psig for both pb and Rs.
 */
export function resolveMethods(named: Partial<OilMethods>, set: MethodSet): OilMethods {
  const m: OilMethods = { ...SETS[set], ...definedOnly(named) };
  if (named.pb === 'StandingPsig' && named.rs === undefined && m.rs === 'Standing') m.rs = 'StandingPsig';
  if (named.rs === 'StandingPsig' && named.pb === undefined && m.pb === 'Standing') m.pb = 'StandingPsig';
  // Glaso's volatile-oil exponent likewise for both pb and Rs.
  if (named.pb === 'GlasoVolatile' && named.rs === undefined && m.rs === 'Glaso') m.rs = 'GlasoVolatile';
  if (named.rs === 'GlasoVolatile' && named.pb === undefined && m.pb === 'Glaso') m.pb = 'GlasoVolatile';
  return m;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k in o) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

export const METHOD_LABELS: Record<string, string> = {
  ValkoMcCain: 'Valko–McCain (2003)',
  Velarde: 'Velarde–Blasingame–McCain (1997)',
  Standing: 'Standing (1947)',
  StandingPsig: 'Standing (1947, read as psig)',
  StandingBeggs: "Standing's chart as fitted by Beggs (0.972 + 0.000147 F^1.175)",
  GlasoVolatile: 'Glaso (1980), volatile-oil temperature exponent 0.130',
  VasquezBeggs: 'Vasquez–Beggs (1980)',
  Glaso: 'Glaso (1980)',
  PetroskyFarshad: 'Petrosky–Farshad (1993)',
  McCain: 'McCain (Standing–Katz/McCain–Hill density, Spivey–Valko–McCain co)',
  BeggsRobinson: 'Beggs–Robinson (1975)',
  Beal: 'Beal (1946), Standing fit',
};

type Range = { psia?: readonly number[]; TF?: readonly number[]; rs?: readonly number[]; api?: readonly number[]; gasSG?: readonly number[]; muob?: readonly number[] };

/** Calibration ranges per property and method (values outside them produce warnings). */
const RANGES: Record<'pvt' | 'deadOil' | 'liveOil' | 'undersaturatedViscosity', Record<string, Range>> = {
  pvt: {
    ValkoMcCain: VALKO_MCCAIN_RANGE,
    Velarde: VELARDE_RANGE,
    Standing: STANDING_RANGE,
    StandingPsig: STANDING_RANGE,
    VasquezBeggs: VB_RANGE,
    Glaso: GLASO_RANGE,
    GlasoVolatile: GLASO_RANGE,
    StandingBeggs: STANDING_RANGE,
    PetroskyFarshad: PF_RANGE,
    McCain: {},
  },
  deadOil: { BeggsRobinson: BEGGS_ROBINSON_RANGE, Glaso: GLASO_VISCOSITY_RANGE, Beal: BEAL_RANGE },
  liveOil: { BeggsRobinson: BEGGS_ROBINSON_RANGE },
  undersaturatedViscosity: { VasquezBeggs: VB_VISCOSITY_RANGE, PetroskyFarshad: PF_VISCOSITY_RANGE },
};

const UNITS: Record<string, string> = { psia: 'psia', TF: 'degF', rs: 'scf/STB', api: 'degAPI', gasSG: 'air=1', muob: 'cp' };

export interface RangeValues {
  psia?: number | number[];
  TF?: number;
  rs?: number | number[];
  api?: number;
  gasSG?: number;
  muob?: number | number[];
}

/** The ranges as ValidityRange lists, built once at load so a call only compares numbers. */
const COMPILED = Object.fromEntries(
  Object.entries(RANGES).map(([kind, byMethod]) => [
    kind,
    Object.fromEntries(
      Object.entries(byMethod).map(([method, range]) => [
        method,
        Object.entries(range).map(([field, [min, max]]): ValidityRange => ({ field, min, max, unit: UNITS[field], note: `${METHOD_LABELS[method] ?? method} data` })),
      ]),
    ),
  ]),
) as Record<keyof typeof RANGES, Record<string, ValidityRange[]>>;

/** Warnings for values outside the calibration range of one method of one property. */
export function methodRangeWarnings(kind: keyof typeof RANGES, method: string, values: RangeValues): string[] {
  const out: string[] = [];
  pushMethodRangeWarnings(out, kind, method, values);
  return out;
}

/** methodRangeWarnings appended to `out`: no array of its own, nothing built while all is inside. */
export function pushMethodRangeWarnings(out: string[], kind: keyof typeof RANGES, method: string, values: RangeValues): void {
  const ranges = COMPILED[kind][method];
  if (ranges) pushRangeWarnings(out, ranges, values as Record<string, unknown>);
}
