/**
 * One batch item answered the way its single call would be (engine/call.ts prepareCall and
 * presentResult, callEngine's error shapes), as data any thread can build. The engine threads
 * use it to validate, run and serialise whole chunks, so the API node's one main thread only
 * joins the answers' JSON texts.
 */
import { prepareCall, presentResult } from '../engine/call.js';
import type { AnyDefinition } from '../engine/definition.js';
import { executeDefinition } from '../engine/execute.js';
import { answerJson } from '../engine/json/answerJson.js';
import type { UnitSystem } from '../engine/validation.js';
import type { ItemOutcome } from './runner.js';

export interface ItemError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}
export type ItemBody = { ok: true; result: Record<string, unknown> } | { ok: false; error: ItemError };

/** The body of a single call's validation_failed answer (api/errors.ts errors.validation). */
export function validationError(message: string, fields: Record<string, string>, validKeys?: string[]): ItemError {
  return { code: 'validation_failed', message, details: { fields, ...(validKeys ? { validKeys } : {}) } };
}

/** An item's engine outcome as its single call would answer it. */
export function itemAnswer(def: AnyDefinition, o: ItemOutcome, units: UnitSystem): ItemBody {
  if (o.ok) return { ok: true, result: presentResult(def, o.result, o.warnings, units) };
  if (o.reason === 'internal') return { ok: false, error: { code: 'internal', message: 'Internal server error' } };
  return { ok: false, error: { code: 'engine_error', message: o.message, details: { reason: o.reason, timeout: false } } };
}

/** Validates, runs and presents one request body, as the JSON text of its answer body. */
export function answerText(def: AnyDefinition, body: unknown): string {
  const prepared = prepareCall(def, body);
  if (!prepared.ok) return JSON.stringify({ ok: false, error: validationError(prepared.message, prepared.fields, prepared.validKeys) });
  let outcome: ItemOutcome;
  try {
    outcome = executeDefinition(def, prepared.input, { units: prepared.units });
  } catch {
    outcome = { ok: false, reason: 'internal', message: 'engine fault' };
  }
  return answerJson(itemAnswer(def, outcome, prepared.units));
}
