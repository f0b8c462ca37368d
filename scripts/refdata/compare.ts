/** Compares one output with its expected value: numbers within tolerance, arrays element-wise, objects key by key, the rest exactly. */
import type { Mismatch, Tolerance } from './types.js';

/** Used when a vector gives no tolerance for an output: effectively exact. */
const STRICT: Tolerance = { rel: 1e-12 };

export function compareOutput(output: string, got: unknown, expected: unknown, tolerance: Tolerance | undefined): Mismatch[] {
  const tol = tolerance && (tolerance.rel !== undefined || tolerance.abs !== undefined) ? tolerance : STRICT;
  const out: Mismatch[] = [];
  compare(output, got, expected, tol, out);
  return out;
}

function compare(path: string, got: unknown, expected: unknown, tol: Tolerance, out: Mismatch[]): void {
  const miss = (message: string): void => void out.push({ output: path, got, expected, tolerance: tol, message });
  if (typeof expected === 'number') {
    if (typeof got !== 'number' || !Number.isFinite(got)) return miss(`expected a number ${expected}, got ${JSON.stringify(got)}`);
    if (!withinTolerance(got, expected, tol)) miss(`got ${got}, expected ${expected} (${describe(tol)}; rel diff ${relDiff(got, expected).toExponential(2)})`);
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(got)) return miss(`expected an array of ${expected.length}, got ${JSON.stringify(got)}`);
    if (got.length !== expected.length) return miss(`expected ${expected.length} elements, got ${got.length}`);
    expected.forEach((e, i) => compare(`${path}[${i}]`, got[i], e, tol, out));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return miss(`expected an object, got ${JSON.stringify(got)}`);
    for (const [k, e] of Object.entries(expected)) compare(`${path}.${k}`, (got as Record<string, unknown>)[k], e, tol, out);
    return;
  }
  if (got !== expected) miss(`got ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
}

/**
 * Within `abs` or within `rel` of the expected value (either suffices when both are given), or
 * within the expected value's own printed precision: a number written with 10 or more
 * significant digits is known to half a unit in its last digit, so a stated tolerance tighter
 * than that cannot be met by an exact implementation (units.json prints scipy's values to 12
 * digits with rel 1e-12). Shorter numbers (400, 3.6) are taken as exact: their trailing zeros
 * are not a statement of precision.
 */
export function withinTolerance(got: number, expected: number, tol: Tolerance): boolean {
  const d = Math.abs(got - expected);
  return (tol.abs !== undefined && d <= tol.abs) || (tol.rel !== undefined && d <= tol.rel * Math.abs(expected)) || d <= printedHalfUnit(expected);
}

/** Half a unit in the last printed digit of a long decimal, else 0. */
export function printedHalfUnit(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return 0;
  const [mantissa, exp] = x.toExponential().split('e') as [string, string];
  const digits = mantissa.replace(/[-.]/g, '').length;
  if (digits < 10) return 0;
  return 0.5 * 10 ** (Number(exp) - digits + 1) * (1 + 1e-9);
}

function relDiff(got: number, expected: number): number {
  return expected === 0 ? Math.abs(got) : Math.abs(got - expected) / Math.abs(expected);
}

function describe(tol: Tolerance): string {
  return [tol.rel !== undefined ? `rel ${tol.rel}` : '', tol.abs !== undefined ? `abs ${tol.abs}` : ''].filter(Boolean).join(' or ');
}
