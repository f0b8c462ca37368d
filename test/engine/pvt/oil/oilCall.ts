/** Calls an engine definition as the API does (validate, units in, execute, units out). */
import { expect } from 'chai';
import { prepareCall, presentResult } from '../../../../engine/call.js';
import type { AnyDefinition } from '../../../../engine/definition.js';
import { executeDefinition } from '../../../../engine/execute.js';

export type Result = Record<string, unknown> & { warnings: string[] };

export type Outcome =
  | { ok: true; result: Result }
  | { ok: false; kind: 'validation'; fields: Record<string, string>; message: string }
  | { ok: false; kind: 'engine'; reason: string; message: string };

export function call(def: unknown, body: Record<string, unknown>): Outcome {
  const d = def as AnyDefinition;
  const c = prepareCall(d, body);
  if (!c.ok) return { ok: false, kind: 'validation', fields: c.fields, message: c.message };
  const r = executeDefinition(d, c.input, { units: c.units });
  if (!r.ok) return { ok: false, kind: 'engine', reason: r.reason, message: r.message };
  return { ok: true, result: presentResult(d, r.result, r.warnings, c.units) as Result };
}

/** The result of a call that must succeed. */
export function ok(def: unknown, body: Record<string, unknown>): Result {
  const r = call(def, body);
  if (!r.ok) throw new Error(`${r.kind}: ${r.message}${r.kind === 'validation' ? ` ${JSON.stringify(r.fields)}` : ''}`);
  return r.result;
}

export const num = (r: Result, k: string): number => r[k] as number;
export const list = (r: Result, k: string): number[] => r[k] as number[];

/** Asserts an engine failure with the given reason (422 in the API), never NaN. */
export function expectFailure(def: unknown, body: Record<string, unknown>, reason: 'invalid_input' | 'no_solution' | 'out_of_range', match?: RegExp): void {
  const r = call(def, body);
  expect(r.ok, JSON.stringify(r)).to.equal(false);
  if (r.ok || r.kind !== 'engine') return expect.fail(`expected an engine failure, got ${JSON.stringify(r)}`);
  expect(r.reason).to.equal(reason);
  if (match) expect(r.message).to.match(match);
}

/** Asserts a validation failure naming `field` (400 in the API). */
export function expectInvalid(def: unknown, body: Record<string, unknown>, field: string): void {
  const r = call(def, body);
  if (r.ok || r.kind !== 'validation') return expect.fail(`expected a validation failure on ${field}, got ${JSON.stringify(r)}`);
  expect(r.fields).to.have.property(field);
}

export const rel = (a: number, b: number): number => Math.abs(a / b - 1);
