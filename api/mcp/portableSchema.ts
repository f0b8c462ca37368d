/**
 * Tool input schemas as model APIs accept them. The REST schemas keep full detail (units and
 * physical ranges as x- extensions, exclusive bounds, const branches); what MCP lists is the
 * strict subset the major model APIs all take (OpenAI function parameters, Gemini's OpenAPI
 * Schema subset, Anthropic tool input_schema):
 *
 *   type, description, properties, required, items, enum (typed), anyOf (not at the root),
 *   minimum, maximum, minItems, maxItems, minLength, maxLength, pattern, format, default
 *
 * Everything else is folded into the description where a model needs it (the unit of a number,
 * an exclusive bound) or dropped (closing the object: validation stays on the server, which
 * refuses unknown keys by name).
 */

type Schema = Record<string, unknown>;

/** The keywords a portable schema may use. */
export const PORTABLE_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'description', 'properties', 'required', 'items', 'enum', 'anyOf',
  'minimum', 'maximum', 'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'format', 'default',
]);

const isSchema = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

/** The portable projection of a (published or internal) JSON Schema; the root is an object schema. */
export function portableSchema(schema: Schema): Schema {
  const out = project(schema) as Schema;
  // The root must be one plain object schema.
  return { type: 'object', properties: out.properties ?? {}, ...(Array.isArray(out.required) && out.required.length ? { required: out.required } : {}) };
}

function project(s: unknown, inherited = ''): unknown {
  if (!isSchema(s)) return s;
  const out: Schema = {};
  // A number-or-list union carries its unit on its branches: say it once, on the union.
  const notes = unitNotes(s);
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  const description = typeof s.description === 'string' ? s.description : '';

  if (Array.isArray(branches) && branches.length && branches.every((b) => isSchema(b) && 'const' in b)) {
    // anyOf of constants is an enum of their values.
    const values = branches.map((b) => (b as Schema).const);
    out.type = enumType(values);
    out.enum = values;
  } else if (Array.isArray(branches)) {
    out.anyOf = branches.map((b) => project(b, description || inherited));
  }
  if ('const' in s) {
    out.type = enumType([s.const]);
    out.enum = [s.const];
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === 'anyOf' || k === 'oneOf' || k === 'const' || k === 'description' || !PORTABLE_KEYWORDS.has(k)) continue;
    if (k === 'properties' && isSchema(v)) out.properties = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, project(sub)]));
    else if (k === 'items') out.items = project(v, description || inherited);
    else if (k === 'type' && Array.isArray(v)) out.anyOf = v.map((t) => ({ type: t })); // ['string', 'null'] -> branches
    else out[k] = v;
  }
  if (Array.isArray(out.enum) && out.type === undefined) out.type = enumType(out.enum);
  if (out.anyOf && !Array.isArray(out.enum)) delete out.type; // a union states its types in its branches
  // Inside a union or a list, the outer schema already says what the value is and its unit.
  const own = inherited && (description === inherited || !description) ? '' : description;
  const text = [own, inherited ? '' : notes.join(', ')].filter(Boolean).join('; ');
  if (text) out.description = text;
  return out;
}

/** The unit and exclusive bounds of a number, of a list's items or of a union's branches. */
function unitNotes(s: Schema): string[] {
  const candidates = [s, s.items, ...((s.anyOf as unknown[]) ?? []), ...((s.anyOf as Schema[]) ?? []).map((b) => (isSchema(b) ? b.items : undefined))].filter(isSchema);
  const tagged = candidates.find((c) => typeof (c['x-unit'] ?? c.unit) === 'string');
  const notes: string[] = [];
  // A metric call is converted to field units before it is checked (engine/call.ts), so bounds
  // and defaults are field numbers: a unit that converts says so ('> 14.696 psia', not a bare
  // '> 14.696' that a metric caller reads as bara).
  let boundUnit = '';
  if (tagged) {
    const unit = (tagged['x-unit'] ?? tagged.unit) as string;
    const metric = (tagged['x-metric-unit'] ?? tagged.metricUnit) as string | undefined;
    const converts = !!metric && metric !== unit;
    if (unit !== '-') notes.push(converts ? `unit ${unit} (metric calls: ${metric})` : `unit ${unit}`);
    if (converts) {
      boundUnit = ` ${unit}`;
      if (candidates.some((c) => ['minimum', 'maximum', 'default'].some((k) => typeof c[k] === 'number'))) notes.push(`bounds and default are field values (${unit})`);
    }
  }
  const bounded = candidates.find((c) => typeof c.exclusiveMinimum === 'number' || typeof c.exclusiveMaximum === 'number');
  if (bounded && typeof bounded.exclusiveMinimum === 'number') notes.push(`> ${bounded.exclusiveMinimum}${boundUnit}`);
  if (bounded && typeof bounded.exclusiveMaximum === 'number') notes.push(`< ${bounded.exclusiveMaximum}${boundUnit}`);
  return notes;
}

function enumType(values: unknown[]): string {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'number' && Number.isInteger(v))) return 'integer';
  if (values.every((v) => typeof v === 'number')) return 'number';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return 'string';
}

/** What is not portable in a schema, as `path: problem` lines (empty when it is portable). */
export function portabilityProblems(schema: unknown): string[] {
  const problems: string[] = [];
  if (!isSchema(schema) || schema.type !== 'object') problems.push('(root): must be an object schema');
  if (isSchema(schema)) for (const c of ['anyOf', 'oneOf', 'allOf', 'not']) if (c in schema) problems.push(`(root): no ${c} at the root`);
  const walk = (s: unknown, path: string) => {
    if (!isSchema(s)) return problems.push(`${path}: not a schema`);
    for (const k of Object.keys(s)) if (!PORTABLE_KEYWORDS.has(k)) problems.push(`${path}: keyword ${k}`);
    if (Array.isArray(s.enum) && typeof s.type !== 'string') problems.push(`${path}: enum without a type`);
    if (typeof s.description === 'string' && s.description.length > 1024) problems.push(`${path}: description over 1024 characters`);
    if (isSchema(s.properties)) for (const [name, sub] of Object.entries(s.properties)) walk(sub, `${path}.${name}`);
    if (s.items !== undefined) walk(s.items, `${path}[]`);
    if (Array.isArray(s.anyOf)) s.anyOf.forEach((b, i) => walk(b, `${path}|${i}`));
    return undefined;
  };
  walk(schema, '(root)');
  return problems;
}
