/**
 * Runs one definition on already-validated field-unit input and returns data, never throws for
 * calculation failures: `{ ok: true, result, warnings }` or `{ ok: false, reason, message }`.
 * This is what crosses a worker thread or a queue (thrown classes do not survive either).
 */
import type { AnyDefinition, RunContext, ValidityRange } from './definition.js';
import { EngineFailure, type FailureReason } from './failure.js';

export type ExecutionOutcome =
  | { ok: true; result: Record<string, unknown>; warnings: string[] }
  | { ok: false; reason: FailureReason; message: string };

export function executeDefinition(def: AnyDefinition, input: Record<string, unknown>, context: RunContext = { units: 'field' }): ExecutionOutcome {
  const warnings = rangeWarnings(def.validity, input);
  try {
    const result = def.run(input as never, warnings, context) as Record<string, unknown>;
    const bad = firstNonFinite(result, '');
    if (bad !== null) {
      return { ok: false, reason: 'no_solution', message: `${def.name} produced a non-finite value at ${bad || 'result'} for this input` };
    }
    return { ok: true, result, warnings: [...new Set(warnings)] };
  } catch (err) {
    if (err instanceof EngineFailure) return { ok: false, reason: err.reason, message: err.message };
    throw err; // a programming fault, not a calculation result: the caller sees 500 internal
  }
}

/** Warnings for input fields (numbers or arrays of numbers) outside their documented range. */
export function rangeWarnings(ranges: ValidityRange[], input: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const r of ranges) {
    const raw = input[r.field];
    const values = typeof raw === 'number' ? [raw] : Array.isArray(raw) ? raw.filter((v): v is number => typeof v === 'number') : [];
    if (values.length === 0) continue;
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of values) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const unit = r.unit ? ` ${r.unit}` : '';
    if (r.min !== undefined && lo < r.min) out.push(`${r.field} ${lo}${unit} is below the validated range (min ${r.min}${unit})${r.note ? `: ${r.note}` : ''}`);
    if (r.max !== undefined && hi > r.max) out.push(`${r.field} ${hi}${unit} is above the validated range (max ${r.max}${unit})${r.note ? `: ${r.note}` : ''}`);
  }
  return out;
}

/** Path of the first NaN/Infinity in a result, or null. `null` values are allowed (e.g. irr: null). */
function firstNonFinite(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = firstNonFinite(value[i], `${path}[${i}]`);
      if (p !== null) return p;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = firstNonFinite(v, path ? `${path}.${k}` : k);
      if (p !== null) return p;
    }
  }
  return null;
}
