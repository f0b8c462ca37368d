/** Runs a catalogue function as a call does (validation, metric conversion, run, result check) for the well, decline and cash-flow tests. */
import { expect } from 'chai';
import { prepareCall, presentResult } from '../../../engine/call.js';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';

export type Result = Record<string, any>;

/** The outcome: ok with result (in the caller's units, with warnings) or the failure reason. */
export function attempt(name: string, body: Record<string, unknown>): { ok: true; result: Result; warnings: string[] } | { ok: false; reason: string; message: string } {
  const def = findDefinition(name);
  if (!def) throw new Error(`no ${name}`);
  const call = prepareCall(def, body);
  if (!call.ok) throw new Error(`invalid input for ${name}: ${JSON.stringify(call.fields)}`);
  const out = executeDefinition(def, call.input, { units: call.units });
  if (!out.ok) return out;
  return { ok: true, result: presentResult(def, out.result, out.warnings, call.units) as Result, warnings: out.warnings };
}

/** The result of a call that must succeed. */
export function run(name: string, body: Record<string, unknown>): Result {
  const r = attempt(name, body);
  if (!r.ok) throw new Error(`${name} failed: ${r.reason}: ${r.message}`);
  return r.result;
}

/** The failure reason of a call that must fail with an engine failure. */
export function failure(name: string, body: Record<string, unknown>): { reason: string; message: string } {
  const r = attempt(name, body);
  expect(r.ok, `${name} should fail`).to.equal(false);
  return r as { reason: string; message: string };
}

export const close = (got: number, want: number, rel: number, what = '') => expect(Math.abs(got - want), `${what} got ${got} want ${want}`).to.be.at.most(rel * Math.max(Math.abs(want), 1e-300));

/** Deterministic uniform numbers in [0, 1) (mulberry32) for property tests. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
