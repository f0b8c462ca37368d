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
import { ApiError, ERROR_ENVELOPE_SCHEMA } from '../errors.js';
import type { RestPointer } from './types.js';

/**
 * Bytes (UTF-8) a whole tool result may take: its structured result and the text copy of it
 * together (so each gets about half), plus the truncation note. A resource read has the same
 * budget for its one text.
 */
export const RESULT_BUDGET_BYTES = 100_000;

/** Room kept for the truncation note beside the two copies of the result. */
const NOTE_BYTES = 4_096;

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

/** Bytes the structured result may take so that it, its text copy and the note fit the budget. */
export function structuredBudget(budget = RESULT_BUDGET_BYTES): number {
  return Math.floor((budget - NOTE_BYTES) / 2);
}

export function successResult(result: Record<string, unknown>, rest: RestPointer | null, budget = RESULT_BUDGET_BYTES): CallToolResult {
  const shaped = fitToBudget(result, rest, structuredBudget(budget), budget);
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(shaped) }];
  const t = shaped.truncation as Truncation | undefined;
  if (t) content.push({ type: 'text', text: truncationNote(t).slice(0, NOTE_BYTES / 4) }); // <= 4 bytes a character
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
    return kept.map((v, i) => shape(v, caps, `${path}[${i}]`, cuts));
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
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
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

const CUTS_SCHEMA = {
  type: 'object',
  additionalProperties: { type: 'object', properties: { total: { type: 'integer' }, kept: { type: 'integer' } } },
};

const TRUNCATION_SCHEMA = {
  type: 'object',
  description: 'Present when truncated is true: what was cut and where the full result is',
  required: ['reason', 'budgetBytes', 'fullBytes', 'keptItems', 'lists', 'fullResult'],
  properties: {
    reason: { type: 'string' },
    budgetBytes: { type: 'integer', description: 'Budget of a whole tool result (structured result and its text copy together), bytes' },
    fullBytes: { type: 'integer', description: 'Size of the full result, bytes of JSON' },
    keptItems: { type: 'integer', minimum: 0, description: 'Every list keeps at most its first keptItems items (0 when no list was cut)' },
    lists: { ...CUTS_SCHEMA, description: 'Path of each cut list -> its full and kept lengths' },
    keptChars: { type: 'integer', minimum: 0, description: 'Long strings keep their first keptChars characters' },
    strings: { ...CUTS_SCHEMA, description: 'Path of each cut string -> its full and kept lengths in characters' },
    keptKeys: { type: 'integer', minimum: 0, description: 'Large objects keep their first keptKeys keys' },
    objects: { ...CUTS_SCHEMA, description: 'Path of each cut object -> its full and kept numbers of keys' },
    notShown: { type: 'integer', description: 'Cut lists, strings or objects not named above' },
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
