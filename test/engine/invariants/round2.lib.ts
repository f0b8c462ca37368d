/**
 * Shared cases of the round-2 invariant audit (round2.test.ts passes, round2.failing.test.ts
 * holds the violations): the demo fluid model as inline eos.* input, a lab re-computation with
 * eos.flash, unit-system conversion of inputs and outputs by units.convert, and time-unit
 * rescaling of decline inputs.
 */
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import { selectFluidModel } from '../../../engine/eos/model/fluidModel.js';
import type { ResolvedFluidModel } from '../../../engine/eos/model/resolved.js';
import { DEMO_PROJECT_DATA } from '../../../api/projects/demo.js';
import type { AnyDefinition } from '../../../engine/definition.js';
import { call } from './support.js';

export type R = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const sel = selectFluidModel(DEMO_PROJECT_DATA, 'volatile-oil-pr78', { projectId: 'demo', versionId: null });
if (!sel.ok) throw new Error('demo model');
export const MODEL: ResolvedFluidModel = sel.model;

/** An eos.model.* call on the demo model (or a copy with another composition). */
export function lab(name: string, input: Record<string, unknown>, model: ResolvedFluidModel = MODEL): R {
  const out = executeDefinition(findDefinition(name) as AnyDefinition, { projectId: 'demo', fluidModelId: 'volatile-oil-pr78', fluidModel: model, ...input });
  if (!out.ok) throw new Error(`${name}: ${(out as { message: string }).message}`);
  return (out as { result: R }).result;
}

/** The model as the inline fluid of eos.flash / saturationPressure / phaseEnvelope (the same constants, kij, EOS, shift). */
export function inlineOf(m: ResolvedFluidModel = MODEL): Record<string, unknown> {
  return {
    components: m.components.map((c) => ({ ...c })),
    composition: [...m.composition],
    kij: m.kij.map((r) => [...r]),
    eos: m.eos,
    volumeShift: m.volumeShift ? 'Peneloux' : 'none',
  };
}

/** ft3 per bbl, scf per lbmol of ideal gas at 14.696 psia, 60 degF (R = 10.7315768 psia ft3/(lbmol R)). */
export const FT3_PER_BBL = 5.614583333333333;
export const SCF_PER_LBMOL = (10.73157709 * 519.67) / 14.696;

/** Molar volume ft3/lbmol of a flash's phase (or of the one phase). */
export function phases(f: R): { V: number; vV: number; vL: number; x: number[]; mwL: number } {
  if (f.phaseCount === 2) return { V: f.vaporFraction, vV: f.vaporMW / f.vaporDensityLbft3, vL: f.liquidMW / f.liquidDensityLbft3, x: f.x, mwL: f.liquidMW };
  const v = f.MW / f.densityLbft3;
  return f.phaseLabel === 'V' ? { V: 1, vV: v, vL: NaN, x: [], mwL: NaN } : { V: 0, vV: NaN, vL: v, x: f.x ?? [], mwL: f.MW };
}

/** Converts every tagged number of `value` (by `schema`) from its field unit to its metric unit with units.convert. */
export function toMetric(schema: any, value: any): any { // eslint-disable-line @typescript-eslint/no-explicit-any
  return convertBy(schema, value, 'toMetric');
}
function convertBy(schema: any, value: any, _dir: string): any { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (value === null || value === undefined || schema === undefined) return value;
  if (schema.anyOf) {
    const want = Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : 'object';
    const find = (xs: any[]): any => { // eslint-disable-line @typescript-eslint/no-explicit-any
      for (const x of xs) {
        if (x.type === want) return x;
        if (x.anyOf) { const f = find(x.anyOf); if (f) return f; }
      }
      return undefined;
    };
    const s = find(schema.anyOf);
    return s ? convertBy(s, value, _dir) : value;
  }
  if (Array.isArray(value)) return value.map((v) => convertBy(schema.items, v, _dir));
  if (typeof value === 'number') {
    if (!schema.unit || !schema.metricUnit || schema.unit === schema.metricUnit) return value;
    const hand = HAND[`${schema.unit}->${schema.metricUnit}`];
    if (hand !== undefined) return value * hand;
    return call('units.convert', { value, from: schema.unit, to: schema.metricUnit }).value;
  }
  if (typeof value === 'object' && schema.properties) {
    const o: R = {};
    for (const [k, v] of Object.entries(value)) o[k] = convertBy(schema.properties[k], v, _dir);
    return o;
  }
  return value;
}

/** Units units.convert does not list, converted by hand: exact factors (1 ft3 = 0.028316846592 m3). */
const HAND: Record<string, number> = { 'lbm/lbmol->kg/kmol': 1, 'd/Mscf->d/sm3': 1 / 28.316846592, 'psia2/cp->bara2/cp': 1 / 14.503773773020923 ** 2, 'STB/d/psi->sm3/d/bar': 0.158987294928 * 14.503773773020923 };

/** Compares b (expected) and a numerically through nested objects/arrays: relative tol with an absolute floor. */
export function compareDeep(a: unknown, b: unknown, tol: number, floor: number, path: string, out: string[]): void {
  if (typeof b === 'number') {
    if (typeof a !== 'number' || !(Math.abs(a - b) <= tol * Math.max(Math.abs(b), floor))) out.push(`${path}: got ${String(a)} want ${b}`);
  } else if (Array.isArray(b)) b.forEach((x, i) => compareDeep((a as unknown[] | undefined)?.[i], x, tol, floor, `${path}[${i}]`, out));
  else if (b && typeof b === 'object') for (const k of Object.keys(b)) compareDeep((a as R | undefined)?.[k], (b as R)[k], tol, floor, `${path}.${k}`, out);
}
