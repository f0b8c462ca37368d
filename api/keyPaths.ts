/**
 * Where API keys may be used (spec §5.4): GET /v1/me, /v1/engine/functions and below,
 * /v1/projects and below, /v1/mcp. Any other path presented with a key is 403 forbidden.
 */
const EXACT = new Set(['/v1/me', '/v1/mcp']);
const PREFIXES = ['/v1/engine/functions', '/v1/projects'];

export function keyMayUse(path: string): boolean {
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (EXACT.has(p)) return true;
  return PREFIXES.some((prefix) => p === prefix || p.startsWith(prefix + '/'));
}

/** The list as documented in errors and in the OpenAPI description. */
export const KEY_PATHS_TEXT = 'GET /v1/me, /v1/engine/functions and below, /v1/projects and below, /v1/mcp';
