/**
 * Tool results: a success carries the structured result (structuredContent, and the same JSON as
 * text content for clients that read only content); a refusal carries the REST error envelope
 * with `isError: true`, so a model reads what to correct. A result over RESULT_BUDGET_BYTES of
 * JSON is cut: every list keeps the same number of leading items (parallel lists such as z and
 * Bg per pressure stay aligned), `truncated: true` is set and `truncation` says what was cut and
 * which REST call gives the whole result.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError, ERROR_ENVELOPE_SCHEMA } from '../errors.js';
import type { RestPointer } from './types.js';

/** Bytes of JSON (UTF-8) a tool's structured result may take; beyond it lists are cut. */
export const RESULT_BUDGET_BYTES = 100_000;

/** At most this many cut lists are named in `truncation.lists`. */
const MAX_LISTED = 50;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Truncation {
  reason: string;
  budgetBytes: number;
  fullBytes: number;
  /** Every list keeps at most its first `keptItems` items (at least one). */
  keptItems: number;
  /** Path of each cut list (e.g. `z`, `rows[2].values`) -> its full and kept lengths. */
  lists: Record<string, { total: number; kept: number }>;
  /** How many cut lists are not named in `lists`. */
  listsNotShown?: number;
  fullResult: RestPointer | null;
}

export function successResult(result: Record<string, unknown>, rest: RestPointer | null, budget = RESULT_BUDGET_BYTES): CallToolResult {
  const shaped = fitToBudget(result, rest, budget);
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(shaped) }];
  const t = shaped.truncation as Truncation | undefined;
  if (t) content.push({ type: 'text', text: truncationNote(t) });
  return { content, structuredContent: shaped };
}

/** An isError result with the REST error envelope; a Retry-After header becomes details.retryAfter. */
export function errorResult(err: ApiError): CallToolResult {
  const body = err.toBody();
  const retryAfter = err.headers['Retry-After'];
  if (retryAfter !== undefined && body.error.details?.retryAfter === undefined) {
    body.error.details = { ...body.error.details, retryAfter: Number(retryAfter) };
  }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}

/** The result unchanged when it fits; otherwise the largest uniform cut that fits, with `truncation`. */
export function fitToBudget(result: Record<string, unknown>, rest: RestPointer | null, budget: number): Record<string, unknown> {
  const fullBytes = bytes(result);
  if (fullBytes <= budget) return result;
  const longest = longestList(result as Json);
  if (longest <= 1) return result; // nothing to cut: lists keep at least one item
  const attempt = (cap: number) => withTruncation(result, cap, fullBytes, budget, rest);
  // A cap c keeps at least c/longest of every list, so no cap above longest * budget / full fits.
  let lo = 1;
  let hi = Math.max(1, Math.min(longest - 1, Math.floor((longest * budget) / fullBytes)));
  let best: Record<string, unknown> | null = null;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const candidate = attempt(mid);
    if (bytes(candidate) <= budget) {
      best = candidate;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best ?? attempt(1); // even one item per list is over: best effort, still marked
}

function withTruncation(result: Record<string, unknown>, cap: number, fullBytes: number, budget: number, rest: RestPointer | null): Record<string, unknown> {
  const cut: [string, { total: number; kept: number }][] = [];
  const shaped = cutLists(result as Json, cap, '', cut) as Record<string, unknown>;
  const truncation: Truncation = {
    reason: `The result is ${fullBytes} bytes of JSON, over the ${budget}-byte budget of an MCP tool result; every list keeps its first ${cap} item(s)`,
    budgetBytes: budget,
    fullBytes,
    keptItems: cap,
    lists: Object.fromEntries(cut.slice(0, MAX_LISTED)),
    ...(cut.length > MAX_LISTED ? { listsNotShown: cut.length - MAX_LISTED } : {}),
    fullResult: rest,
  };
  return { ...shaped, truncated: true, truncation };
}

function cutLists(value: Json, cap: number, path: string, cut: [string, { total: number; kept: number }][]): Json {
  if (Array.isArray(value)) {
    const kept = value.slice(0, cap);
    if (value.length > cap) cut.push([path || '(root)', { total: value.length, kept: kept.length }]);
    return kept.map((v, i) => cutLists(v, cap, `${path}[${i}]`, cut));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutLists(v, cap, path ? `${path}.${k}` : k, cut)]));
  }
  return value;
}

function longestList(value: Json): number {
  let longest = Array.isArray(value) ? value.length : 0;
  if (value !== null && typeof value === 'object') {
    for (const v of Array.isArray(value) ? value : Object.values(value)) longest = Math.max(longest, longestList(v));
  }
  return longest;
}

function bytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

function truncationNote(t: Truncation): string {
  const lists = Object.entries(t.lists).map(([p, n]) => `${p} ${n.kept}/${n.total}`).join(', ');
  const where = t.fullResult
    ? ` The full result: ${t.fullResult.method} ${t.fullResult.path}` +
      (t.fullResult.body ? ` with ${t.fullResult.body}` : '') +
      (t.fullResult.resultField ? ` (the response's \`${t.fullResult.resultField}\`).` : '.')
    : '';
  return `Truncated: ${t.reason} (${lists}${t.listsNotShown ? `, and ${t.listsNotShown} more` : ''}).${where}`;
}

const TRUNCATION_SCHEMA = {
  type: 'object',
  description: 'Present when truncated is true: what was cut and where the full result is',
  required: ['reason', 'budgetBytes', 'fullBytes', 'keptItems', 'lists', 'fullResult'],
  properties: {
    reason: { type: 'string' },
    budgetBytes: { type: 'integer', description: 'Budget of a tool result, bytes of JSON' },
    fullBytes: { type: 'integer', description: 'Size of the full result, bytes of JSON' },
    keptItems: { type: 'integer', minimum: 1, description: 'Every list keeps at most its first keptItems items' },
    lists: {
      type: 'object',
      description: 'Path of each cut list -> its full and kept lengths',
      additionalProperties: { type: 'object', properties: { total: { type: 'integer' }, kept: { type: 'integer' } } },
    },
    listsNotShown: { type: 'integer' },
    fullResult: {
      description: 'The REST call that gives the full result, or null',
      anyOf: [
        {
          type: 'object',
          required: ['method', 'path'],
          properties: { method: { type: 'string' }, path: { type: 'string' }, body: { type: 'string' }, resultField: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
  },
};


/**
 * The published outputSchema of a tool: its result (plus the truncation fields) or the error
 * envelope. Both shapes are listed because clients (the SDK's among them) validate every
 * structuredContent against outputSchema, isError results included.
 */
export function toolOutputSchema(resultSchema: Record<string, unknown>): Record<string, unknown> {
  const properties = (resultSchema.properties ?? {}) as Record<string, unknown>;
  return {
    type: 'object',
    description: 'structuredContent: the result (as `result` of the REST call) or, when isError is true, the REST error envelope',
    anyOf: [
      {
        ...resultSchema,
        properties: {
          ...properties,
          truncated: { const: true, description: `Present when the result was over ${RESULT_BUDGET_BYTES} bytes of JSON and its lists were cut` },
          truncation: TRUNCATION_SCHEMA,
        },
      },
      ERROR_ENVELOPE_SCHEMA,
    ],
  };
}
