/**
 * Runs one definition on already-validated field-unit input and returns data, never throws for
 * calculation failures: `{ ok: true, result, warnings }` or `{ ok: false, reason, message }`.
 * This is what crosses a worker thread or a queue (thrown classes do not survive either).
 */
import type { AnyDefinition, RunContext, ValidityRange } from './definition.js';
import { EngineFailure, type FailureReason } from './failure.js';
import { checkResult } from './resultCheck.js';

export type ExecutionOutcome =
  | { ok: true; result: Record<string, unknown>; warnings: string[] }
  | { ok: false; reason: FailureReason; message: string };

export function executeDefinition(def: AnyDefinition, input: Record<string, unknown>, context: RunContext = { units: 'field' }): ExecutionOutcome {
  const warnings = rangeWarnings(def.validity, input);
  try {
    const result = def.run(input as never, warnings, context) as Record<string, unknown>;
    const bad = checkResult(def.output, result);
    if (bad !== null) {
      const reason = Number.isFinite(bad.value) ? 'out_of_range' : 'no_solution';
      return { ok: false, reason, message: `${def.name} has no physical answer for this input: ${bad.path} = ${bad.value} ${bad.problem}` };
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
