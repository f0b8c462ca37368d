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
    return { ok: true, result, warnings: distinct(warnings) };
  } catch (err) {
    if (err instanceof EngineFailure) return { ok: false, reason: err.reason, message: err.message };
    throw err; // a programming fault, not a calculation result: the caller sees 500 internal
  }
}

/** The warnings without repeats, in order; the list itself when it has none (the usual case: a few short lists). */
function distinct(warnings: string[]): string[] {
  if (warnings.length > 16) return [...new Set(warnings)];
  for (let i = 1; i < warnings.length; i++) {
    for (let j = 0; j < i; j++) if (warnings[i] === warnings[j]) return [...new Set(warnings)];
  }
  return warnings;
}

/**
 * Warnings for input fields (numbers or arrays of numbers) outside their documented range. Costs
 * one pass over the values and no allocation while everything is inside: the message strings are
 * built only for a bound that is crossed.
 */
export function rangeWarnings(ranges: readonly ValidityRange[], input: Record<string, unknown>): string[] {
  const out: string[] = [];
  pushRangeWarnings(out, ranges, input);
  return out;
}

/** rangeWarnings appended to `out` (no array of its own: the hot paths of the oil functions call it several times a call). */
export function pushRangeWarnings(out: string[], ranges: readonly ValidityRange[], input: Record<string, unknown>): void {
  for (let k = 0; k < ranges.length; k++) {
    const r = ranges[k] as ValidityRange;
    const raw = input[r.field];
    let lo = Infinity;
    let hi = -Infinity;
    if (typeof raw === 'number') {
      lo = raw;
      hi = raw;
    } else if (Array.isArray(raw)) {
      for (let i = 0; i < raw.length; i++) {
        const v: unknown = raw[i];
        if (typeof v !== 'number') continue;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    } else continue;
    if (lo > hi) continue; // no numbers
    const below = r.min !== undefined && lo < r.min - BOUND_SLACK * Math.abs(r.min);
    const above = r.max !== undefined && hi > r.max + BOUND_SLACK * Math.abs(r.max);
    if (below) out.push(rangeMessage(r, lo, 'below', `min ${r.min}`));
    if (above) out.push(rangeMessage(r, hi, 'above', `max ${r.max}`));
  }
}

/**
 * How far past a bound (relative) a value may lie and still count as on it. A metric input is
 * converted to field units before it is checked, and lands within ~1e-13 of the field number it
 * stands for (68.94757293168 bara is 999.9999999999477 psia): it must not be warned where the
 * same field call is not.
 */
const BOUND_SLACK = 1e-12;

function rangeMessage(r: ValidityRange, value: number, side: 'below' | 'above', bound: string): string {
  const unit = r.unit ? ` ${r.unit}` : '';
  // Twelve significant digits: a converted metric value is quoted without its rounding noise
  // (7999.999999999582 psia reads 8000 psia).
  return `${r.field} ${+value.toPrecision(12)}${unit} is ${side} the validated range (${bound}${unit})${r.note ? `: ${r.note}` : ''}`;
}
