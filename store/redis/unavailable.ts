/**
 * How the Redis governance adapters fail. Any failure to reach a decision (Redis down, frozen, or
 * answering with an error) rejects with RedisUnavailable, so the API can answer 503 `unavailable`
 * without knowing ioredis' error types. It never falls back to a
 * process-local count: that would quietly multiply the limits by the number of API nodes.
 */
export class RedisUnavailable extends Error {
  constructor(what: string, cause: unknown) {
    super(`Redis unavailable for ${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RedisUnavailable';
  }
}

/** Default bound on one governance round trip, in milliseconds. */
export const REDIS_TIMEOUT_MS = 2_000;

/**
 * Runs one round trip with a deadline. ioredis with `enableOfflineQueue: false` fails at once
 * while disconnected, but a Redis that stops answering on an open socket (frozen process, silent
 * network partition) would leave the command pending until TCP gives up, minutes later. The
 * command may still reach Redis after the deadline (a consumed request counts): failing closed
 * is the intent. `timeoutMs` <= 0 disables the deadline.
 */
export async function withinDeadline<T>(what: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline =
    timeoutMs > 0
      ? new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new RedisUnavailable(what, new Error(`no answer within ${timeoutMs} ms`))), timeoutMs);
        })
      : undefined;
  const attempt = work().catch((err: unknown) => {
    throw err instanceof RedisUnavailable ? err : new RedisUnavailable(what, err);
  });
  try {
    return await (deadline ? Promise.race([attempt, deadline]) : attempt);
  } finally {
    clearTimeout(timer);
    // The losing promise of the race may reject later; it has been answered already.
    attempt.catch(() => undefined);
  }
}
