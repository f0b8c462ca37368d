/** A call as the API makes it: validate, convert units, execute; throws on anything but success. */
import type { AnyDefinition } from '../../../../engine/definition.js';
import { prepareCall, presentResult } from '../../../../engine/call.js';
import { executeDefinition, type ExecutionOutcome } from '../../../../engine/execute.js';

export type Outcome = ExecutionOutcome | { ok: false; reason: 'validation'; message: string; fields: Record<string, string> };

export function call(def: AnyDefinition, body: Record<string, unknown>): Outcome {
  const c = prepareCall(def, body);
  if (!c.ok) return { ok: false, reason: 'validation', message: c.message, fields: c.fields };
  const r = executeDefinition(def, c.input);
  if (!r.ok) return r;
  return { ok: true, result: presentResult(def, r.result, r.warnings, c.units), warnings: r.warnings };
}

export function ok(def: AnyDefinition, body: Record<string, unknown>): { result: Record<string, any>; warnings: string[] } {
  const r = call(def, body);
  if (!r.ok) throw new Error(`${r.reason}: ${r.message}`);
  return { result: r.result as Record<string, any>, warnings: r.warnings };
}
