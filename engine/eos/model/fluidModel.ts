/**
 * Reads a fluid model out of a saved project's data, for the API node before an eos.model.*
 * call: selects it (by id; the only one when none is named), checks every field and converts it
 * to the engine's form (resolved.ts). Saved projects hold arbitrary JSON, so every problem comes
 * back as data naming its path inside the project data (`data.fluidModels[0].components[3].tcK`)
 * for a 400, never an exception.
 *
 * The saved form (the demo project's model is an example):
 *   data.fluidModels: [{
 *     id: string, name?: string, eos: 'PR' | 'PR78' | 'SRK', volumeShift?: boolean,
 *     units?: { tc?: 'K' | 'degR' | 'degC' | 'degF', pc?: 'bar' | 'psia' | 'kPa' | 'MPa' | 'atm',
 *               mw?: 'g/mol' | 'lbm/lbmol' | 'kg/kmol', vc?: 'cm3/mol' | 'm3/kmol' | 'ft3/lbmol' },
 *     components: [{ name, tcK | tc, pcBar | pc, omega, mw, vc?, sg?, volumeShift? }],
 *     composition: { <name>: mole fraction } | [mole fractions in component order],
 *     binaryInteraction?: { <name>: { <name>: kij } }   (sparse; absent pairs 0; both orders must agree)
 *       | kij?: [[...]]                                     (full symmetric matrix, zero diagonal),
 *     reference?: { ... }                                   (passed through)
 *   }]
 * tcK and pcBar are K and bar whatever `units` says (their names state it); tc and pc are in
 * units.tc / units.pc (default K, bar). The composition must sum to 1 within 1e-6.
 */
import { EOS_NAMES, type EosName } from '../core/eosFamily.js';
import { COMPOSITION_TOLERANCE, MAX_COMPONENTS } from '../fluidInput.js';
import type { ResolvedComponent, ResolvedFluidModel } from './resolved.js';

export type ModelSelection =
  | { ok: true; model: ResolvedFluidModel }
  /** `field` is an input name (fluidModelId, projectId) or a path inside the project data. */
  | { ok: false; message: string; fields: Record<string, string> };

const TC: Readonly<Record<string, (v: number) => number>> = {
  K: (v) => v,
  degR: (v) => v / 1.8,
  R: (v) => v / 1.8,
  degC: (v) => v + 273.15,
  C: (v) => v + 273.15,
  degF: (v) => (v + 459.67) / 1.8,
  F: (v) => (v + 459.67) / 1.8,
};
const PC: Readonly<Record<string, number>> = { bar: 1, bara: 1, psia: 0.06894757293168, kPa: 0.01, MPa: 10, atm: 1.01325, Pa: 1e-5 };
const MW: Readonly<Record<string, number>> = { 'g/mol': 1, 'lbm/lbmol': 1, 'lb/lbmol': 1, 'kg/kmol': 1 };
const VC: Readonly<Record<string, number>> = { 'cm3/mol': 1, 'm3/kmol': 1000, 'ft3/lbmol': (0.028316846592 / 0.45359237) * 1000, 'm3/mol': 1e6 };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** Selects and checks the model; `where` names the data in messages (project id, version). */
export function selectFluidModel(data: unknown, fluidModelId: string | undefined, where: { projectId: string; versionId: string | null }): ModelSelection {
  const label = `project '${where.projectId}'${where.versionId ? ` version ${where.versionId}` : ''}`;
  const models = isObject(data) ? data.fluidModels : undefined;
  if (models === undefined || (Array.isArray(models) && models.length === 0)) {
    return fail(`${label} holds no fluid models (data.fluidModels)`, { projectId: `${label} holds no fluid models (data.fluidModels is empty or missing)` });
  }
  if (!Array.isArray(models)) return fail(`${label}: data.fluidModels must be an array`, { 'data.fluidModels': 'must be an array of fluid models' });
  const ids = models.map((m) => (isObject(m) && typeof m.id === 'string' ? m.id : null));
  let index: number;
  if (fluidModelId === undefined) {
    if (models.length > 1) {
      const listed = ids.filter((x): x is string => x !== null);
      return fail(`${label} holds ${models.length} fluid models; name one with fluidModelId`, { fluidModelId: `is required: ${label} holds ${models.length} fluid models (${listed.join(', ')})` });
    }
    index = 0;
  } else {
    index = ids.indexOf(fluidModelId);
    if (index < 0) return fail(`${label} has no fluid model '${fluidModelId}'`, { fluidModelId: `no fluid model '${fluidModelId}' in ${label}; it holds: ${ids.filter(Boolean).join(', ') || 'none with an id'}` });
  }
  const problems: Record<string, string> = {};
  const model = parseModel(models[index], `data.fluidModels[${index}]`, problems);
  if (!model || Object.keys(problems).length) {
    const first = Object.entries(problems)[0];
    return fail(`fluid model ${ids[index] ? `'${ids[index]}' ` : ''}of ${label} is invalid: ${first ? `${first[0]} ${first[1]}` : 'unreadable'}`, problems);
  }
  return { ok: true, model: { ...model, projectId: where.projectId, versionId: where.versionId } };
}

function fail(message: string, fields: Record<string, string>): ModelSelection {
  return { ok: false, message, fields };
}

type Parsed = Omit<ResolvedFluidModel, 'projectId' | 'versionId'>;

function parseModel(raw: unknown, path: string, problems: Record<string, string>): Parsed | null {
  if (!isObject(raw)) {
    problems[path] = 'must be an object';
    return null;
  }
  const id = raw.id;
  if (typeof id !== 'string' || id.length < 1 || id.length > 200) problems[`${path}.id`] = 'must be a string of 1 to 200 characters';
  const name = raw.name === undefined ? null : typeof raw.name === 'string' ? raw.name : ((problems[`${path}.name`] = 'must be a string'), null);
  const eos = raw.eos;
  if (typeof eos !== 'string' || !(EOS_NAMES as readonly string[]).includes(eos)) problems[`${path}.eos`] = `must be one of ${EOS_NAMES.join(', ')}`;
  const volumeShift = raw.volumeShift ?? false;
  if (typeof volumeShift !== 'boolean') problems[`${path}.volumeShift`] = 'must be true or false';
  const units = raw.units ?? {};
  if (!isObject(units)) problems[`${path}.units`] = 'must be an object such as {"tc": "K", "pc": "bar", "mw": "g/mol"}';
  const u = isObject(units) ? units : {};
  const unit = <T>(key: string, table: Readonly<Record<string, T>>, dflt: string): T | null => {
    const v = u[key] ?? dflt;
    if (typeof v === 'string' && v in table) return table[v]!;
    problems[`${path}.units.${key}`] = `must be one of ${Object.keys(table).join(', ')}`;
    return null;
  };
  const tcConv = unit('tc', TC, 'K');
  const pcConv = unit('pc', PC, 'bar');
  const mwConv = unit('mw', MW, 'g/mol');
  const vcConv = unit('vc', VC, 'cm3/mol');
  const comps = raw.components;
  if (!Array.isArray(comps) || comps.length < 1 || comps.length > MAX_COMPONENTS) {
    problems[`${path}.components`] = `must be an array of 1 to ${MAX_COMPONENTS} components`;
    return null;
  }
  const components = comps.map((c, i) => parseComponent(c, `${path}.components[${i}]`, problems, { tcConv, pcConv, mwConv, vcConv }));
  const names = components.map((c) => c?.name ?? '');
  names.forEach((n, i) => {
    const first = names.indexOf(n);
    if (n && first !== i) problems[`${path}.components[${i}].name`] = `repeats '${n}' (components[${first}])`;
  });
  const composition = parseComposition(raw.composition, `${path}.composition`, names, problems);
  const kij = parseKij(raw, path, names, problems);
  const reference = raw.reference === undefined ? null : isObject(raw.reference) ? raw.reference : ((problems[`${path}.reference`] = 'must be an object'), null);
  if (Object.keys(problems).length) return null;
  return {
    fluidModelId: id as string,
    name,
    eos: eos as EosName,
    volumeShift: volumeShift as boolean,
    components: components as ResolvedComponent[],
    composition: composition!,
    kij: kij!,
    reference,
  };
}

interface Conversions {
  tcConv: ((v: number) => number) | null;
  pcConv: number | null;
  mwConv: number | null;
  vcConv: number | null;
}

function parseComponent(raw: unknown, path: string, problems: Record<string, string>, cv: Conversions): ResolvedComponent | null {
  if (!isObject(raw)) {
    problems[path] = 'must be an object {name, tcK, pcBar, omega, mw}';
    return null;
  }
  const name = raw.name;
  if (typeof name !== 'string' || name.length < 1 || name.length > 40) problems[`${path}.name`] = 'must be a string of 1 to 40 characters';
  const num = (keys: string[], check: (v: number) => boolean, what: string): [number, string] | null => {
    const key = keys.find((k) => raw[k] !== undefined);
    if (key === undefined) {
      problems[`${path}.${keys[0]}`] = `is required (${what})`;
      return null;
    }
    const v = raw[key];
    if (!finite(v) || !check(v)) {
      problems[`${path}.${key}`] = `must be ${what}`;
      return null;
    }
    return [v, key];
  };
  // tc may be in degF or degC (negative for light gases): its absolute value is checked after conversion.
  const tc = num(['tcK', 'tc'], (v) => v > -459.67, 'a critical temperature above absolute zero');
  const pc = num(['pcBar', 'pc'], (v) => v > 0, 'a positive critical pressure');
  const omega = num(['omega'], (v) => v > -1 && v < 2.5, 'an acentric factor between -1 and 2.5');
  const mw = num(['mw', 'MW'], (v) => v > 0 && v < 5000, 'a molar mass in (0, 5000) g/mol');
  const opt = (keys: string[], check: (v: number) => boolean, what: string): number | undefined => {
    const key = keys.find((k) => raw[k] !== undefined);
    if (key === undefined) return undefined;
    const v = raw[key];
    if (!finite(v) || !check(v)) {
      problems[`${path}.${key}`] = `must be ${what}`;
      return undefined;
    }
    return key === 'vc' && cv.vcConv !== null ? v * cv.vcConv : v;
  };
  const vc = opt(['vcCm3PerMol', 'vc'], (v) => v > 0, 'a positive critical volume');
  const sg = opt(['sg', 'SG'], (v) => v > 0.3 && v <= 1.5, 'a specific gravity in (0.3, 1.5]');
  const shift = opt(['volumeShift'], (v) => v >= -1 && v <= 1, 'a volume shift s = c/b in [-1, 1]');
  if (!tc || !pc || !omega || !mw || typeof name !== 'string' || cv.tcConv === null || cv.pcConv === null || cv.mwConv === null) return null;
  const TcK = tc[1] === 'tcK' ? tc[0] : cv.tcConv(tc[0]);
  const PcBar = pc[1] === 'pcBar' ? pc[0] : pc[0] * cv.pcConv;
  if (!(TcK > 0)) {
    problems[`${path}.${tc[1]}`] = 'is not above absolute zero';
    return null;
  }
  return {
    name,
    TcK,
    PcBar,
    omega: omega[0],
    MW: mw[0] * cv.mwConv,
    ...(vc !== undefined ? { VcCm3PerMol: vc } : {}),
    ...(sg !== undefined ? { SG: sg } : {}),
    ...(shift !== undefined ? { volumeShift: shift } : {}),
  };
}

function parseComposition(raw: unknown, path: string, names: string[], problems: Record<string, string>): number[] | null {
  let z: number[];
  if (Array.isArray(raw)) {
    if (raw.length !== names.length) {
      problems[path] = `has ${raw.length} mole fractions for ${names.length} components`;
      return null;
    }
    z = raw as number[];
  } else if (isObject(raw)) {
    const extra = Object.keys(raw).filter((k) => !names.includes(k));
    if (extra.length) {
      problems[`${path}.${extra[0]}`] = `names no component of the model (components: ${names.join(', ')})`;
      return null;
    }
    z = names.map((n) => (raw[n] === undefined ? 0 : (raw[n] as number)));
  } else {
    problems[path] = 'must be an object {name: mole fraction} or an array in component order';
    return null;
  }
  const bad = z.findIndex((v) => !finite(v) || v < 0 || v > 1);
  if (bad >= 0) {
    problems[Array.isArray(raw) ? `${path}[${bad}]` : `${path}.${names[bad]}`] = 'must be a mole fraction in [0, 1]';
    return null;
  }
  const sum = z.reduce((a, b) => a + b, 0);
  if (!(Math.abs(sum - 1) <= COMPOSITION_TOLERANCE)) {
    problems[path] = `sums to ${sum}; mole fractions must sum to 1 within ${COMPOSITION_TOLERANCE}`;
    return null;
  }
  return z.map((v) => v / sum);
}

function parseKij(raw: Record<string, unknown>, path: string, names: string[], problems: Record<string, string>): number[][] | null {
  const n = names.length;
  const k = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const okValue = (v: unknown): v is number => finite(v) && v >= -1 && v <= 1;
  if (raw.kij !== undefined) {
    const m = raw.kij;
    if (!Array.isArray(m) || m.length !== n || m.some((row) => !Array.isArray(row) || row.length !== n)) {
      problems[`${path}.kij`] = `must be a ${n} x ${n} matrix`;
      return null;
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const v = (m[i] as unknown[])[j];
        if (!okValue(v)) {
          problems[`${path}.kij[${i}][${j}]`] = 'must be a number in [-1, 1]';
          return null;
        }
        k[i]![j] = v;
      }
    }
    for (let i = 0; i < n; i++) {
      if (k[i]![i] !== 0) {
        problems[`${path}.kij[${i}][${i}]`] = 'must be 0 (the diagonal)';
        return null;
      }
      for (let j = i + 1; j < n; j++) {
        if (Math.abs(k[i]![j]! - k[j]![i]!) > 1e-12) {
          problems[`${path}.kij[${i}][${j}]`] = `is ${k[i]![j]} but kij[${j}][${i}] is ${k[j]![i]}; the matrix must be symmetric`;
          return null;
        }
      }
    }
    return k;
  }
  const bi = raw.binaryInteraction;
  if (bi === undefined) return k;
  if (!isObject(bi)) {
    problems[`${path}.binaryInteraction`] = 'must be an object {name: {name: kij}}';
    return null;
  }
  for (const [a, row] of Object.entries(bi)) {
    const i = names.indexOf(a);
    if (i < 0) {
      problems[`${path}.binaryInteraction.${a}`] = `names no component of the model (components: ${names.join(', ')})`;
      return null;
    }
    if (!isObject(row)) {
      problems[`${path}.binaryInteraction.${a}`] = 'must be an object {name: kij}';
      return null;
    }
    for (const [b, v] of Object.entries(row)) {
      const j = names.indexOf(b);
      const where = `${path}.binaryInteraction.${a}.${b}`;
      if (j < 0) {
        problems[where] = `names no component of the model (components: ${names.join(', ')})`;
        return null;
      }
      if (!okValue(v)) {
        problems[where] = 'must be a number in [-1, 1]';
        return null;
      }
      if (i === j && v !== 0) {
        problems[where] = 'must be 0 (a component with itself)';
        return null;
      }
      const other = isObject(bi[b]) ? (bi[b] as Record<string, unknown>)[a] : undefined;
      if (other !== undefined && other !== v) {
        problems[where] = `is ${v} but binaryInteraction.${b}.${a} is ${String(other)}; kij must be symmetric`;
        return null;
      }
      k[i]![j] = v;
      k[j]![i] = v;
    }
  }
  return k;
}
