/**
 * Where API keys may be used (spec §5.4): GET /v1/me, /v1/engine/functions and below,
 * /v1/projects and below, /v1/mcp. A matched route says it itself (`access: 'key'`, see
 * api/policy.ts); for a path no route matches, `keyMayUse` decides whether it lies under one of
 * these (then an unknown endpoint is 404) or not (403: keys cannot be used there). It reads the
 * path the way any reader might — percent-decoded, any case, slashes collapsed, dot segments
 * resolved — so no spelling moves a path from one answer to the other.
 */
const EXACT = [['v1', 'me'], ['v1', 'mcp']];
const PREFIXES = [['v1', 'engine', 'functions'], ['v1', 'projects']];

export function keyMayUse(path: string): boolean {
  const segments = normalisedSegments(path);
  const is = (want: string[]) => want.length === segments.length && want.every((s, i) => segments[i] === s);
  const under = (want: string[]) => want.length <= segments.length && want.every((s, i) => segments[i] === s);
  return EXACT.some(is) || PREFIXES.some(under);
}

/** Segments of a path: percent-decoded, lower-cased, empty and '.' segments dropped, '..' resolved. */
export function normalisedSegments(path: string): string[] {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* malformed escapes: read the raw text */
  }
  const out: string[] = [];
  for (const s of decoded.split(/[/\\]+/)) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s.toLowerCase());
  }
  return out;
}

/** The list as documented in errors and in the OpenAPI description. */
export const KEY_PATHS_TEXT = 'GET /v1/me, /v1/engine/functions and below, /v1/projects and below, /v1/mcp';
