/**
 * Helpers of the physical-invariant audit (test/engine/invariants): in-process calls of engine
 * functions by name, relative differences, and seeded samplers (engine/seededRandom.ts, never
 * Math.random), so every check is deterministic.
 */
import { expect } from 'chai';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import { mulberry32 } from '../../../engine/seededRandom.js';
import type { AnyDefinition } from '../../../engine/definition.js';

export type Result = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Runs `name` on `input` and returns its result; fails the test (with the input) when the call fails. */
export function call(name: string, input: Record<string, unknown>): Result {
  const def = findDefinition(name);
  if (!def) throw new Error(`no engine function ${name}`);
  const out = executeDefinition(def as AnyDefinition, input);
  if (!out.ok) expect.fail(`${name} failed (${(out as { reason?: string }).reason}): ${(out as { message?: string }).message} for ${JSON.stringify(input)}`);
  return (out as { result: Result }).result;
}

/** Like call, but returns null instead of failing (for probing whether a call answers at all). */
export function tryCall(name: string, input: Record<string, unknown>): Result | null {
  const out = executeDefinition(findDefinition(name) as AnyDefinition, input);
  return out.ok ? (out as { result: Result }).result : null;
}

/** |a - b| / |b| (|b| floored at tiny so zero-vs-zero is 0). */
export const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

/** Asserts rel(a, b) <= tol with a message naming the case. */
export function expectRel(a: number, b: number, tol: number, what: string): void {
  if (!(rel(a, b) <= tol)) expect.fail(`${what}: ${a} vs ${b} (relative difference ${rel(a, b).toExponential(3)} > ${tol})`);
}

/** A seeded uniform sampler on [lo, hi). */
export function sampler(seed: number): (lo: number, hi: number) => number {
  const r = mulberry32(seed);
  return (lo, hi) => lo + (hi - lo) * r();
}

/** n points from lo to hi, evenly spaced (both ends included). */
export const linspace = (lo: number, hi: number, n: number) => Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));

/** API gravity -> stock-tank oil specific gravity (60/60 degF). */
export const oilSGOf = (api: number) => 141.5 / (api + 131.5);
