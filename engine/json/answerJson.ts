/**
 * The JSON text of an engine answer: character for character what JSON.stringify writes, with
 * its lists of numbers written by the WebAssembly writer (./numberText.ts), about twice as fast.
 * An answer of 10,000 pressures carries 70,000 numbers: JSON.stringify spent ~7 ms on them
 * against the engine's ~0.7. Values without such a list go to JSON.stringify whole, at no cost.
 * Anything but plain objects, arrays and primitives (a Date, a typed array, an object with toJSON)
 * is written by JSON.stringify where it stands (a toJSON then gets no property name).
 */
import { numberText, type NumberText } from './numberText.js';

/** Shorter lists are left to JSON.stringify inside the text (a call into the module costs about three numbers). */
const LIST_MIN = 8;

export function answerJson(value: unknown): string {
  const writer = numberText();
  if (writer === null || !carriesList(value, 2)) return JSON.stringify(value);
  return write(value, writer) as string; // a list or a plain object: never undefined
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';

/** Whether a list of LIST_MIN or more values is within `depth` levels of plain objects. */
function carriesList(v: unknown, depth: number): boolean {
  if (Array.isArray(v)) return v.length >= LIST_MIN;
  if (depth === 0 || !isPlainObject(v)) return false;
  for (const k in v) if (Object.hasOwn(v, k) && carriesList(v[k], depth - 1)) return true;
  return false;
}

/** JSON.stringify(v), undefined where it would be (undefined, functions, symbols: left out of objects, null in lists). */
function write(v: unknown, writer: NumberText): string | undefined {
  if (Array.isArray(v)) {
    if (v.length >= LIST_MIN && allNumbers(v)) return `[${writer.list(v)}]`;
    let text = '[';
    for (let i = 0; i < v.length; i++) text += (i > 0 ? ',' : '') + (write(v[i], writer) ?? 'null');
    return `${text}]`;
  }
  if (isPlainObject(v)) {
    if (Object.isFrozen(v)) return frozenText(v);
    let text = '{';
    let first = true;
    for (const k of Object.keys(v)) {
      const t = write(v[k], writer);
      if (t === undefined) continue;
      text += `${first ? '' : ','}${quotedKey(k)}:${t}`;
      first = false;
    }
    return `${text}}`;
  }
  return JSON.stringify(v) as string | undefined;
}

/**
 * A frozen object of primitive data properties (an answer's outputUnits: one object per function and unit
 * system, engine/units.ts cachedUnitsOf) is written once and its text kept.
 */
const frozenTexts = new WeakMap<object, string>();
function frozenText(v: Record<string, unknown>): string {
  let text = frozenTexts.get(v);
  if (text === undefined) {
    text = JSON.stringify(v);
    const primitives = Object.values(Object.getOwnPropertyDescriptors(v)).every((d) => 'value' in d && (d.value === null || typeof d.value !== 'object'));
    if (primitives) frozenTexts.set(v, text);
  }
  return text;
}

/** Keys come from the functions' schemas, a few hundred in all: each quoted once (a bound keeps odd callers from growing it). */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_MAX = 4096;
function quotedKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = JSON.stringify(k);
    if (quotedKeys.size < QUOTED_KEYS_MAX) quotedKeys.set(k, q);
  }
  return q;
}

function allNumbers(v: unknown[]): v is number[] {
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'number') return false;
  return true;
}
