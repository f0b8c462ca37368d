/**
 * Request bodies and query parameters of the payments API, each described once: a field gives
 * both its JSON Schema (for the OpenAPI document) and its check (for the request), so the two
 * cannot drift. A refused request is 400 validation_failed naming every invalid field (dotted
 * paths inside objects), unknown keys listed with the valid ones.
 */
import { errors } from '../errors.js';
import { displayTextProblem, fieldMessages } from '../text.js';
import { amountProblem, CURRENCIES, currencyOf, MAX_AMOUNT } from './money.js';
import { COUNTRIES, isCountry } from './countries.js';
import { ID_PREFIXES, idPattern, type IdKind } from './ids.js';

export interface Field {
  schema: Record<string, unknown>;
  required: boolean;
  /** A message when the value is wrong, else null; nested fields write their own paths into `out`. */
  check(value: unknown, path: string, out: Record<string, string>): string | null;
}

type Opt = { required?: boolean; description: string };

export const str = (o: Opt & { max: number; pattern?: RegExp; display?: boolean; example?: string }): Field => ({
  required: o.required ?? false,
  schema: { type: 'string', description: o.description, minLength: 1, maxLength: o.max, ...(o.pattern ? { pattern: o.pattern.source } : {}), ...(o.example ? { examples: [o.example] } : {}) },
  check: (v) => {
    if (o.display) return displayTextProblem(v, o.max);
    if (typeof v !== 'string' || v.length < 1 || v.length > o.max) return `must be a string of 1 to ${o.max} characters`;
    if (o.pattern && !o.pattern.test(v)) return `must match ${o.pattern.source}`;
    return null;
  },
});

export const oneOf = <T extends string>(values: readonly T[], o: Opt): Field => ({
  required: o.required ?? false,
  schema: { type: 'string', enum: [...values], description: o.description },
  check: (v) => (typeof v === 'string' && (values as readonly string[]).includes(v) ? null : `must be one of: ${values.join(', ')}`),
});

export const currency = (o: Opt): Field => ({
  required: o.required ?? false,
  schema: { type: 'string', enum: CURRENCIES.map((c) => c.code), description: `${o.description} (ISO 4217, upper case; GET /v1/currencies)` },
  check: (v) => (typeof v === 'string' && currencyOf(v) ? null : 'must be an ISO 4217 currency code listed by GET /v1/currencies (upper case)'),
});

export const country = (o: Opt & { example?: string }): Field => ({
  required: o.required ?? false,
  schema: { type: 'string', enum: [...COUNTRIES], description: `${o.description} (ISO 3166-1 alpha-2, upper case; XK for Kosovo, as IBANs write it)`, ...(o.example ? { examples: [o.example] } : {}) },
  check: (v) => (typeof v === 'string' && isCountry(v) ? null : 'must be the ISO 3166-1 alpha-2 code of a country (upper case, e.g. DE; XK for Kosovo)'),
});

export const amount = (o: Opt): Field => ({
  required: o.required ?? false,
  schema: { type: 'integer', minimum: 1, maximum: MAX_AMOUNT, description: `${o.description}, in minor units of the currency (cents for EUR, yen for JPY, fils for KWD); a whole number` },
  check: (v) => amountProblem(v, undefined),
});

export const bool = (o: Opt): Field => ({
  required: o.required ?? false,
  schema: { type: 'boolean', description: o.description },
  check: (v) => (typeof v === 'boolean' ? null : 'must be true or false'),
});

export const strings = (o: Opt & { max: number; item: Field }): Field => ({
  required: o.required ?? false,
  schema: { type: 'array', items: o.item.schema, minItems: 1, maxItems: o.max, description: o.description },
  check: (v, path, out) => {
    if (!Array.isArray(v) || v.length < 1 || v.length > o.max) return `must be a list of 1 to ${o.max} items`;
    v.forEach((x, i) => {
      const problem = o.item.check(x, `${path}[${i}]`, out);
      if (problem) out[`${path}[${i}]`] = problem;
    });
    return null;
  },
});

export const METADATA_MAX_KEYS = 20;
const METADATA_KEY = /^[A-Za-z0-9_-]{1,40}$/;
export const metadata: Field = {
  required: false,
  schema: {
    type: 'object',
    description: `Your own key-value pairs, returned as given: at most ${METADATA_MAX_KEYS} keys of 1-40 letters, digits, _ or - (not __proto__); values strings of at most 500 characters`,
    maxProperties: METADATA_MAX_KEYS,
    propertyNames: { pattern: METADATA_KEY.source },
    additionalProperties: { type: 'string', maxLength: 500 },
  },
  check: (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'must be an object of string values';
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length > METADATA_MAX_KEYS) return `must have at most ${METADATA_MAX_KEYS} keys`;
    for (const [k, x] of entries) {
      if (!METADATA_KEY.test(k)) return `key ${JSON.stringify(k).slice(0, 50)} must be 1-40 letters, digits, _ or -`;
      // The one name a store's decoder renames (msgpackr guards prototypes): refused, so what is kept is what was sent.
      if (k === '__proto__') return 'key "__proto__" is reserved: use another name';
      if (typeof x !== 'string' || x.length > 500) return `value of ${k} must be a string of at most 500 characters`;
    }
    return null;
  },
};

export const object = (spec: Record<string, Field>, o: Opt): Field => ({
  required: o.required ?? false,
  schema: schemaOf(spec, o.description),
  check: (v, path, out) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'must be a JSON object';
    collect(spec, v as Record<string, unknown>, `${path}.`, out);
    return null;
  },
});

export function schemaOf(spec: Record<string, Field>, description?: string): Record<string, unknown> {
  const required = Object.entries(spec).filter(([, f]) => f.required).map(([k]) => k);
  return {
    type: 'object',
    ...(description ? { description } : {}),
    additionalProperties: false,
    ...(required.length ? { required } : {}),
    properties: Object.fromEntries(Object.entries(spec).map(([k, f]) => [k, f.schema])),
  };
}

function collect(spec: Record<string, Field>, value: Record<string, unknown>, prefix: string, out: Record<string, string>): void {
  const valid = Object.keys(spec);
  for (const k of Object.keys(value)) if (!Object.hasOwn(spec, k)) out[prefix + k] = `unknown field; valid fields: ${valid.join(', ')}`;
  for (const [k, f] of Object.entries(spec)) {
    const v = Object.hasOwn(value, k) ? value[k] : undefined;
    if (v === undefined) {
      if (f.required) out[prefix + k] = 'is required';
      continue;
    }
    const problem = f.check(v, prefix + k, out);
    if (problem) out[prefix + k] = problem;
  }
}

/** Checks a parsed JSON body against `spec`; throws 400 naming every invalid field. */
export function parseBody<T = Record<string, unknown>>(spec: Record<string, Field>, body: unknown, extra?: (b: Record<string, unknown>, out: Record<string, string>) => void): T {
  const out = fieldMessages();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw errors.validation('The body must be a JSON object', { body: 'must be a JSON object' });
  collect(spec, body as Record<string, unknown>, '', out);
  if (Object.keys(out).length === 0 && extra) extra(body as Record<string, unknown>, out);
  if (Object.keys(out).length) throw errors.validation(`Invalid request: ${Object.keys(out).join(', ')}`, out);
  return body as T;
}

/** List parameters shared by every list endpoint. */
export const LIST_LIMIT_DEFAULT = 10;
export const LIST_LIMIT_MAX = 100;

export interface QueryParam {
  name: string;
  in: 'query';
  required: false;
  description: string;
  schema: Record<string, unknown>;
}

/**
 * The parameters of a list of `kind`: its cursor is an id of that kind only. Ids of every kind
 * sort alike, so another kind's id would be compared as a string and give a wrong page.
 */
export const listParams = (kind: IdKind, filters: QueryParam[] = []): QueryParam[] => [
  { name: 'limit', in: 'query', required: false, description: `Page size, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT})`, schema: { type: 'integer', minimum: 1, maximum: LIST_LIMIT_MAX } },
  { name: 'starting_after', in: 'query', required: false, description: `Cursor: the next_cursor of the previous page (a ${ID_PREFIXES[kind]}_ id); the page holds older objects`, schema: { type: 'string', pattern: idPattern(kind) } },
  ...filters,
];

/** Reads query parameters named in `params`; each given at most once; unknown ones refused. */
export function parseQuery(query: Record<string, string | string[] | undefined>, params: QueryParam[], checks: Record<string, (v: string) => string | null> = {}): Record<string, string> & { limit: string } {
  const out = fieldMessages();
  const names = params.map((p) => p.name);
  const values: Record<string, string> = { limit: String(LIST_LIMIT_DEFAULT) };
  for (const [k, v] of Object.entries(query)) {
    if (!names.includes(k)) {
      out[k] = names.length ? `unknown parameter; valid parameters: ${names.join(', ')}` : 'unknown parameter; this list takes none (it answers every item at once)';
      continue;
    }
    if (typeof v !== 'string') {
      out[k] = 'must be given once';
      continue;
    }
    values[k] = v;
  }
  if (!/^\d{1,3}$/.test(values.limit!) || Number(values.limit) < 1 || Number(values.limit) > LIST_LIMIT_MAX) out.limit = `must be an integer from 1 to ${LIST_LIMIT_MAX}`;
  const cursor = params.find((p) => p.name === 'starting_after')?.schema.pattern;
  if (values.starting_after !== undefined && typeof cursor === 'string' && !new RegExp(cursor).test(values.starting_after)) {
    out.starting_after = `must be the next_cursor of a previous page of this list: an id matching ${cursor}`;
  }
  for (const [k, check] of Object.entries(checks)) {
    if (values[k] === undefined) continue;
    const problem = check(values[k]!);
    if (problem) out[k] = problem;
  }
  if (Object.keys(out).length) throw errors.validation(`Invalid list parameters: ${Object.keys(out).join(', ')}`, out);
  return values as Record<string, string> & { limit: string };
}

/**
 * An ISO 8601 time with a zone, as `created_gte` / `created_lt` take: a real calendar date and
 * clock time (Date.parse rolls 2026-02-30 over to 2 March instead of refusing it).
 */
export const isoTime = (v: string): string | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(v);
  const problem = 'must be an ISO 8601 time with a zone, e.g. 2026-01-31T00:00:00Z';
  if (!m || !Number.isFinite(Date.parse(v))) return problem;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[7] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return `${problem} (${v.slice(0, 40)} is no such time)`;
  return null;
};
