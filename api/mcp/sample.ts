/**
 * `maxPoints` for curve results over MCP: every list longer than maxPoints keeps maxPoints evenly
 * spaced items, the first and the last among them. Lists of one length keep the same indices, so
 * parallel lists (pressure, z, Bg) stay aligned. The result says what was thinned in `sampled`.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function sampleLists(result: Record<string, unknown>, maxPoints: number): Record<string, unknown> {
  const thinned: Record<string, { total: number; kept: number }> = {};
  const shaped = thin(result as Json, maxPoints, '', thinned) as Record<string, unknown>;
  return Object.keys(thinned).length ? { ...shaped, sampled: { maxPoints, lists: thinned } } : result;
}

/** Indices of `kept` evenly spaced items out of `total`, first and last included. */
export function evenIndices(total: number, kept: number): number[] {
  if (total <= kept) return Array.from({ length: total }, (_, i) => i);
  return Array.from({ length: kept }, (_, i) => Math.round((i * (total - 1)) / (kept - 1)));
}

function thin(value: Json, max: number, path: string, thinned: Record<string, { total: number; kept: number }>): Json {
  if (Array.isArray(value)) {
    const kept = value.length > max ? evenIndices(value.length, max).map((i) => value[i]!) : value;
    if (kept !== value) thinned[path || '(root)'] = { total: value.length, kept: kept.length };
    return kept.map((v, i) => thin(v, max, `${path}[${i}]`, thinned));
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, { value: thin(v, max, path ? `${path}.${k}` : k, thinned), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}
