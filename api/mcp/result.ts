/**
 * Tool results: a success carries the structured result (structuredContent, and the same JSON as
 * text content for clients that read only content); a refusal carries the REST error envelope
 * with `isError: true`, so a model reads what to correct. A whole result (both copies and the
 * note) stays within RESULT_BUDGET_BYTES: a larger one is cut (long strings, then every list to
 * the same number of leading items so parallel lists such as z and Bg per pressure stay aligned,
 * then large objects), `truncated: true` is set and `truncation` says what was cut and which REST
 * call gives the whole result. Resource reads (api/mcp/projects.ts) use the same cut.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiError } from '../errors.js';
import type { RestPointer } from './types.js';
import { renderResult } from './render.js';
import { answerJson } from '../../engine/json/answerJson.js';

/**
 * Bytes (UTF-8) a whole tool result may take — its structured result and the text rendering of
 * it together — and so a resource read. About 25,000 tokens: the default cap of common clients
 * (Claude Code's MAX_MCP_OUTPUT_TOKENS).
 */
export const RESULT_BUDGET_BYTES = 100_000;

/** Of the budget: the structured result (JSON) ... */
export const STRUCTURED_BUDGET_BYTES = 60_000;
/** ... and the text a model reads (api/mcp/render.ts), the cut note included. */
export const TEXT_BUDGET_BYTES = RESULT_BUDGET_BYTES - STRUCTURED_BUDGET_BYTES - 4_000;

/** At most this many cut lists, strings or objects are named in `truncation`. */
const MAX_LISTED = 50;

/** Strings are cut to no fewer characters than this before lists are cut. */
const MIN_STRING_CHARS = 200;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type Cuts = Record<string, { total: number; kept: number }>;

/** What a shaping pass cut, in the order met: path -> full and kept size. */
type CutLog = Record<'lists' | 'strings' | 'objects', [string, { total: number; kept: number }][]>;

export interface Truncation {
  reason: string;
  budgetBytes: number;
  fullBytes: number;
  /** Every list keeps at most its first `keptItems` items (at least one). */
  keptItems: number;
  /** Path of each cut list (e.g. `z`, `rows[2].values`) -> its full and kept lengths. */
  lists: Cuts;
  /** Long strings (e.g. a simulator deck) keep their first `keptChars` characters. */
  keptChars?: number;
  strings?: Cuts;
  /** Objects keep their first `keptKeys` keys. */
  keptKeys?: number;
  objects?: Cuts;
  /** How many cut lists, strings or objects are not named. */
  notShown?: number;
  fullResult: RestPointer | null;
}

/**
 * A successful tool result: `structuredContent` is the result (cut to STRUCTURED_BUDGET_BYTES
 * when larger), and the one text block is its rendering for a model (never the same JSON twice).
 */
export function successResult(title: string, result: Record<string, unknown>, rest: RestPointer | null): CallToolResult {
  const shaped = fitToBudget(result, rest, STRUCTURED_BUDGET_BYTES);
  const t = shaped.truncation as Truncation | undefined;
  const note = t ? `\n${truncationNote(t).slice(0, 1_000)}` : '';
  let chars = TEXT_BUDGET_BYTES;
  let text = renderResult(title, result, chars) + note;
  while (Buffer.byteLength(text) > TEXT_BUDGET_BYTES + 1_000 && chars > 1_000) {
    chars = Math.floor(chars / 2); // multi-byte text: render less
    text = renderResult(title, result, chars) + note;
  }
  return { content: [{ type: 'text', text }], structuredContent: shaped };
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

interface Caps {
  items: number;
  chars: number;
  keys: number;
}

/**
 * The result unchanged when its JSON fits `budget` bytes; otherwise the largest uniform cut that
 * fits, with `truncation`. Cuts come in order of what a reader loses least by: long strings first
 * (down to MIN_STRING_CHARS), then every list to one common length (parallel lists such as z and
 * Bg per pressure stay aligned), then strings further, then the keys of large objects. Each cap is
 * found by bisection over shaped copies no larger than about the budget, so the cost is a few
 * budget-sized passes, not passes over the whole result. `reportedBudget` is the budget named in
 * `truncation` (the whole tool result's, when this is its structured half).
 */
export function fitToBudget(result: Record<string, unknown>, rest: RestPointer | null, budget: number, reportedBudget = budget): Record<string, unknown> {
  const fullBytes = bytes(result);
  if (fullBytes <= budget) return result;
  const extent = measure(result as Json);
  const caps: Caps = { items: Infinity, chars: Infinity, keys: Infinity };
  const attempt = (c: Caps) => withTruncation(result, c, fullBytes, reportedBudget, rest);
  const fits = (c: Caps) => bytes(attempt(c)) <= budget;
  const phases: [keyof Caps, number, number][] = [
    ['chars', MIN_STRING_CHARS, extent.chars],
    ['items', 1, extent.items],
    ['chars', 16, Math.min(extent.chars, MIN_STRING_CHARS)],
    ['keys', 1, extent.keys],
  ];
  for (const [cap, floor, longest] of phases) {
    if (longest <= floor) continue;
    // A cap c keeps at least c/longest of every list (string, object), so none above longest * budget / full fits.
    let lo = floor;
    let hi = Math.max(floor, Math.min(longest - 1, Math.floor((longest * budget) / fullBytes) + 1));
    let best: number | null = null;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (fits({ ...caps, [cap]: mid })) {
        best = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    if (best !== null) return attempt({ ...caps, [cap]: best });
    caps[cap] = floor;
  }
  // Even one item, one key and a few characters each are over: say so, with nothing else.
  const stub = attempt({ items: 0, chars: 0, keys: 0 });
  return { truncated: true, truncation: stub.truncation };
}

function withTruncation(result: Record<string, unknown>, caps: Caps, fullBytes: number, budget: number, rest: RestPointer | null): Record<string, unknown> {
  const cuts: CutLog = { lists: [], strings: [], objects: [] };
  const shaped = shape(result as Json, caps, '', cuts) as Record<string, unknown>;
  const named = (list: CutLog['lists']) => Object.fromEntries(list.slice(0, MAX_LISTED));
  const notShown = [cuts.lists, cuts.strings, cuts.objects].reduce((n, l) => n + Math.max(0, l.length - MAX_LISTED), 0);
  const what = [
    cuts.lists.length ? `every list keeps its first ${caps.items} item(s)` : '',
    cuts.strings.length ? `long strings keep their first ${caps.chars} characters` : '',
    cuts.objects.length ? `objects keep their first ${caps.keys} key(s)` : '',
  ].filter(Boolean);
  const truncation: Truncation = {
    reason: `The result is ${fullBytes} bytes of JSON, over the ${budget}-byte budget of an MCP result; ${what.join(', ') || 'it was cut'}`,
    budgetBytes: budget,
    fullBytes,
    keptItems: cuts.lists.length ? caps.items : 0,
    lists: named(cuts.lists),
    ...(cuts.strings.length ? { keptChars: caps.chars, strings: named(cuts.strings) } : {}),
    ...(cuts.objects.length ? { keptKeys: caps.keys, objects: named(cuts.objects) } : {}),
    ...(notShown ? { notShown } : {}),
    fullResult: rest,
  };
  return { ...shaped, truncated: true, truncation };
}

function shape(value: Json, caps: Caps, path: string, cuts: CutLog): Json {
  if (typeof value === 'string') {
    if (value.length <= caps.chars) return value;
    cuts.strings.push([path || '(root)', { total: value.length, kept: caps.chars }]);
    return value.slice(0, caps.chars);
  }
  if (Array.isArray(value)) {
    const kept = value.length > caps.items ? value.slice(0, caps.items) : value;
    if (kept !== value) cuts.lists.push([path || '(root)', { total: value.length, kept: kept.length }]);
    // A number, boolean or null is kept as it is: no path (a string per item) for what cannot be cut.
    return kept.map((v, i) => (v === null || typeof v === 'number' || typeof v === 'boolean' ? v : shape(v, caps, `${path}[${i}]`, cuts)));
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    const keptKeys = keys.length > caps.keys ? keys.slice(0, caps.keys) : keys;
    if (keptKeys !== keys) cuts.objects.push([path || '(root)', { total: keys.length, kept: keptKeys.length }]);
    const out: Record<string, Json> = {};
    for (const k of keptKeys) Object.defineProperty(out, k, { value: shape(value[k]!, caps, path ? `${path}.${k}` : k, cuts), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** The longest list, string and object (in keys) anywhere in a value. */
function measure(value: Json): Caps {
  const m: Caps = { items: 0, chars: 0, keys: 0 };
  const walk = (v: Json) => {
    if (typeof v === 'string') m.chars = Math.max(m.chars, v.length);
    else if (Array.isArray(v)) {
      m.items = Math.max(m.items, v.length);
      for (const x of v) walk(x);
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      m.keys = Math.max(m.keys, keys.length);
      for (const k of keys) walk(v[k]!);
    }
  };
  walk(value);
  return m;
}

function bytes(value: unknown): number {
  return Buffer.byteLength(answerJson(value), 'utf8');
}

function truncationNote(t: Truncation): string {
  const list = (c: Cuts | undefined) => Object.entries(c ?? {}).map(([p, n]) => `${p} ${n.kept}/${n.total}`);
  const cut = [...list(t.lists), ...list(t.strings), ...list(t.objects)].join(', ');
  const where = t.fullResult
    ? ` The full result: ${t.fullResult.method} ${t.fullResult.path}` +
      (t.fullResult.body ? ` with ${t.fullResult.body}` : '') +
      (t.fullResult.resultField ? ` (the response's \`${t.fullResult.resultField}\`).` : '.')
    : '';
  return `Truncated: ${t.reason} (${cut}${t.notShown ? `, and ${t.notShown} more` : ''}).${where}`;
}
