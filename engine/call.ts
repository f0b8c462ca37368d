/**
 * One engine call as every caller makes it (REST, MCP, the refdata check): validate the body,
 * convert inputs from the caller's unit system to field units; then, after the run, convert the
 * result back and say which system it is in. Pure; the run itself happens elsewhere.
 */
import type { AnyDefinition } from './definition.js';
import { inputToField, outputFromField, unitsOf } from './units.js';
import { validateInput, type UnitSystem } from './validation.js';

export type PreparedCall =
  | { ok: true; input: Record<string, unknown>; units: UnitSystem }
  | { ok: false; message: string; fields: Record<string, string>; validKeys?: string[] };

export function prepareCall(def: AnyDefinition, body: unknown): PreparedCall {
  const v = validateInput(def, body);
  if (!v.ok) return v;
  return { ok: true, input: inputToField(def.input, v.input, v.units), units: v.units };
}

/** The `result` of the envelope: outputs in the caller's system, plus `units` and `warnings`. */
export function presentResult(def: AnyDefinition, result: Record<string, unknown>, warnings: string[], units: UnitSystem): Record<string, unknown> {
  return { ...outputFromField(def.output, result, units), units, outputUnits: unitsOf(def.output, units), warnings };
}
