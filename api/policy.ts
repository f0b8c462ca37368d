/**
 * Which policy a request falls under, decided in one place (DESIGN.md §6a). The decision comes
 * from the same router match that picks the handler, so no spelling of a path (case, doubled or
 * trailing slashes, percent-encoding, dot segments) can reach a handler under another policy
 * than the path's own:
 * - a matched route carries its own access (`public` or `key`);
 * - a path no route matches is under the API when its first segment, as written or decoded with
 *   dot segments resolved, in any case, is `v1`: it goes through the key gate (401 without a key;
 *   with one, 404 under a key path and 403 elsewhere, api/keyPaths.ts; a merchant sk_ key goes to
 *   the payments gate instead, api/app.ts, which answers 404 for a known key), so no spelling of a
 *   keyed path answers without a key;
 * - a path no route matches whose first segment, read the same ways, is `app` is the app's: the
 *   session gate (403 with any Authorization header, 401 without a session, then 404);
 * - anything else is outside the API: 404, no key asked.
 */
import type Router from '@koa/router';
import type { RouteSpec } from './routes/route.js';
import type { RouteInfo } from './state.js';
import { normalisedSegments } from './keyPaths.js';

/** Path spellings whose policy createPolicy keeps. */
const MAX_DECIDED = 4_096;

export type Policy = { kind: 'route'; route: RouteInfo } | { kind: 'api' } | { kind: 'app' } | { kind: 'outside' };

export function createPolicy(router: Router<any>, specs: ReadonlyMap<string, RouteSpec>): (path: string, method: string) => Policy {
  const infoOf = (name: string | null | undefined): RouteInfo | null => {
    const spec = name ? specs.get(name) : undefined;
    if (!spec) return null;
    const info: RouteInfo = { operationId: spec.operationId, path: spec.path, access: spec.access };
    if (spec.access === 'app') {
      info.session = spec.session ?? 'required';
      if (spec.account) info.account = spec.account;
    }
    return info;
  };
  // The decision depends on the path and method alone (the routes are all registered before this
  // is made), so it is kept per spelling: a busy route costs one Map lookup, not a walk over every
  // route's pattern. Bounded; emptied when full (a scan of many paths costs matches, never memory).
  const decided = new Map<string, Policy>();
  return (path, method) => {
    const key = `${method} ${path}`;
    let policy = decided.get(key);
    if (!policy) {
      if (decided.size >= MAX_DECIDED) decided.clear();
      policy = decide(path, method);
      if (policy.kind === 'route') Object.freeze(policy.route); // shared by every request on this spelling
      decided.set(key, Object.freeze(policy));
    }
    return policy;
  };

  function decide(path: string, method: string): Policy {
    const match = router.match(path, method);
    // The route that will answer (path and method), else the route of the path (405 follows).
    const candidates = match.pathAndMethod.length ? match.pathAndMethod : match.path;
    const routes = candidates.map((layer) => infoOf(layer.name)).filter((r): r is RouteInfo => r !== null);
    if (routes.length) return { kind: 'route', route: routes.find((r) => r.access !== 'public') ?? routes[0]! };
    // Any reading of the path that starts with /v1 is the API's: the raw first segment, or the
    // first segment after decoding and resolving dot segments.
    const raw = path.split(/[/\\]+/).find((s) => s.length > 0)?.toLowerCase();
    if (raw === 'v1' || normalisedSegments(path)[0] === 'v1') return { kind: 'api' };
    // Likewise any reading that starts with /app is the app's: the session gate, never a key.
    return raw === 'app' || normalisedSegments(path)[0] === 'app' ? { kind: 'app' } : { kind: 'outside' };
  }
}
