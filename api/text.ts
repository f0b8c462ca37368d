/**
 * Display text: names and labels people read in lists and audit logs (project names, version
 * labels, key and company names). Counted in code points (what a reader counts: an emoji or a
 * CJK character is one, not two UTF-16 units) and refused when it holds something that would
 * mislead or break a display: control characters, line breaks, bidirectional overrides and
 * isolates (which can make a name read as another), Unicode tag characters (invisible ASCII:
 * text a person never sees but a language model reading the name through MCP does), or a lone
 * surrogate (not text at all).
 */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const BIDI_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/;
const TAG = /[\u{E0000}-\u{E007F}]/u;
/** The one use of tags in text: a subdivision flag (black flag, tag letters, cancel tag: England, Scotland, Wales). */
const FLAG_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
/**
 * Text a reader sees as empty: spaces and the characters Unicode says a display may not show at
 * all (zero-width space and joiners, word joiner, byte-order mark, variation selectors, ...).
 */
const BLANK = /^[\s\p{Default_Ignorable_Code_Point}]+$/u;

/** What is wrong with `value` as display text of 1 to `max` code points, or null when it is fine. */
export function displayTextProblem(value: unknown, max: number): string | null {
  const size = `a string of 1 to ${max} characters`;
  if (typeof value !== 'string') return `must be ${size}`;
  if (!value.isWellFormed()) return 'must be valid Unicode text (it holds a lone surrogate)';
  if (CONTROL.test(value)) return 'must not contain control characters or line breaks';
  if (BIDI_OVERRIDE.test(value)) return 'must not contain bidirectional override or isolate characters (U+202A to U+202E, U+2066 to U+2069)';
  if (TAG.test(value) && TAG.test(value.replace(FLAG_TAGS, ''))) return 'must not contain Unicode tag characters (U+E0000 to U+E007F, invisible text) outside a subdivision flag';
  const length = codePoints(value);
  if (length > 0 && BLANK.test(value)) return `must be ${size}, not only spaces or invisible characters`;
  if (length === 0 || length > max) return `must be ${size} (got ${length})`;
  return null;
}

export function codePoints(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/**
 * A map of field name -> message for a 400. Without a prototype, so a caller's key named
 * `__proto__` or `constructor` is recorded like any other (on a plain object `__proto__` would
 * be swallowed by its setter).
 */
export function fieldMessages(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}
