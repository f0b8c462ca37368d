/**
 * Fewer seat refreshes on the hot path: a member whose seat of (company, module) this process
 * refreshed less than a second ago holds it still, so the call skips the store (one Redis
 * round trip and script per request when distributed). The seat's refresh stamp then lags by at
 * most that second (against a release after SEAT_RELEASE_MS, 3 minutes): it frees at most that
 * much sooner after the member's last call. A holder keeps its seat whatever the capacity (the
 * stores' own rule), so a cached yes is the answer the store would give. Refusals are never kept.
 */
import { SEAT_RELEASE_MS, type Seats } from './governance.js';

/** Window: a busy member refreshes about once a second, and never less often than 100 times per release time. */
export const SEAT_REFRESH_WINDOW_MS = 1_000;
/** Entries kept at most; emptied when full (a burst of members costs refreshes, never memory). */
const MAX_ENTRIES = 50_000;

export function withRecentRefreshes(seats: Seats, options: { releaseMs?: number; now?: () => number } = {}): Seats {
  const windowMs = Math.min(SEAT_REFRESH_WINDOW_MS, (options.releaseMs ?? SEAT_RELEASE_MS) / 100);
  const now = options.now ?? Date.now;
  const refreshedAt = new Map<string, number>();
  return {
    async acquire(companyId, module, memberId, capacity) {
      const key = `${companyId}\u0000${module}\u0000${memberId}`;
      const at = refreshedAt.get(key);
      const t = now();
      if (at !== undefined && t - at < windowMs && t >= at) return { ok: true };
      const outcome = await seats.acquire(companyId, module, memberId, capacity);
      if (outcome.ok) {
        if (refreshedAt.size >= MAX_ENTRIES) refreshedAt.clear();
        refreshedAt.set(key, t);
      } else refreshedAt.delete(key);
      return outcome;
    },
    holders: (companyId, module) => seats.holders(companyId, module),
  };
}
