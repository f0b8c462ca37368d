/**
 * One engine call as every caller makes it (REST, MCP, the refdata check): validate the body,
 * convert inputs from the caller's unit system to field units; then, after the run, convert the
 * result back and say which system it is in. Pure; the run itself happens elsewhere.
 */
import type { AnyDefinition } from './definition.js';
import { cachedUnitsOf, inputToField, outputFromField } from './units.js';
import { validateInput, type UnitSystem } from './validation.js';

export type PreparedCall =
  | { ok: true; input: Record<string, unknown>; units: UnitSystem }
  | { ok: false; message: string; fields: Record<string, string>; validKeys?: string[] };

/**
 * Metric input is converted to field units first, then validated: the schema's bounds and
 * defaults are in field units, so a metric value is checked against the limit it really has and
 * a default is never read as metric. (Conversion leaves non-numbers as they are, so a wrong type
 * still gets its own message.)
 */
export function prepareCall(def: AnyDefinition, body: unknown): PreparedCall {
  const metric = isRecord(body) && body.units === 'metric';
  const fieldBody = metric ? { ...inputToField(def.input, body, 'metric'), units: 'metric' } : body;
  const v = validateInput(def, fieldBody);
  if (!v.ok) return v;
  const problems = def.check?.(v.input as never);
  if (problems && Object.keys(problems).length > 0) {
    const n = Object.keys(problems).length;
    const shown = Object.entries(problems).slice(0, 3).map(([k, m]) => `${k} ${m}`);
    return { ok: false, message: `${n} invalid input${n > 1 ? 's' : ''} for ${def.name}: ${shown.join('; ')}${n > 3 ? '; ...' : ''}`, fields: problems };
  }
  return { ok: true, input: v.input, units: v.units };
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The `result` of the envelope: outputs in the caller's system, plus `units` and `warnings`. */
export function presentResult(def: AnyDefinition, result: Record<string, unknown>, warnings: string[], units: UnitSystem): Record<string, unknown> {
  // A copy by a plain loop: object spread of a result built with conditional spreads (a
  // dictionary-mode object) cost more than the engine call itself for the oil scalars.
  const converted = outputFromField(def.output, result, units);
  const out: Record<string, unknown> = {};
  for (const k in converted) if (Object.hasOwn(converted, k)) out[k] = converted[k];
  out.units = units;
  out.outputUnits = cachedUnitsOf(def.output, units);
  out.warnings = warnings;
  return out;
}
