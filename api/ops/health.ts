/**
 * Liveness and readiness, shared by API nodes (/healthz, /readyz) and worker processes (the same
 * paths on WORKER_PORT). A probe answers with check names and ok/failing only: no hosts, errors
 * or versions. Each check has a deadline, so a frozen Redis or store makes a probe fail, not hang.
 */
export type CheckState = 'ok' | 'failing';

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckState>;
}

/** A named check: resolves true when the dependency can serve. */
export type Check = () => Promise<boolean> | boolean;

export async function readiness(checks: Record<string, Check>, timeoutMs = 2_000): Promise<Readiness> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => withDeadline(checks[name]!, timeoutMs)));
  const out: Record<string, CheckState> = {};
  names.forEach((name, i) => (out[name] = results[i] ? 'ok' : 'failing'));
  return { ready: results.every(Boolean), checks: out };
}

async function withDeadline(check: Check, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(check).catch(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const LIVE_BODY = { status: 'ok' } as const;

/** Retry-After (s) of a failing readiness probe, as every 503 of the API carries one. */
export const NOT_READY_RETRY_AFTER_S = 5;

/** The 200 body of a ready probe, or the 503 error envelope of a failing one (with its Retry-After). */
export function readinessBody(r: Readiness): { status: number; body: unknown; retryAfterS?: number } {
  if (r.ready) return { status: 200, body: { status: 'ready', checks: r.checks } };
  return { status: 503, body: { error: { code: 'unavailable', message: 'Not ready', details: { checks: r.checks } } }, retryAfterS: NOT_READY_RETRY_AFTER_S };
}
