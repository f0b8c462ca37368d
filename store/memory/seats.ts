/**
 * In-process floating seats (embedded default). Holders of (company, module) are kept with the
 * time they took the seat and their last refresh; a seat not refreshed for `releaseMs` is free.
 */
import { SEAT_RELEASE_MS, type SeatHolder, type SeatHolding, type Seats } from '../governance.js';

interface Holding {
  since: number;
  refreshed: number;
}

export function memorySeats(options: { releaseMs?: number; now?: () => number } = {}): Seats {
  const releaseMs = options.releaseMs ?? SEAT_RELEASE_MS;
  const now = options.now ?? Date.now;
  const pools = new Map<string, Map<string, Holding>>();

  return {
    async acquire(companyId, module, memberId, capacity) {
      const t = now();
      const id = `${companyId}\u0000${module}`;
      let pool = pools.get(id);
      if (!pool) pools.set(id, (pool = new Map()));
      for (const [member, h] of pool) if (t - h.refreshed >= releaseMs) pool.delete(member);
      const mine = pool.get(memberId);
      if (mine) {
        mine.refreshed = t;
        return { ok: true };
      }
      if (pool.size < capacity) {
        pool.set(memberId, { since: t, refreshed: t });
        return { ok: true };
      }
      const holders: SeatHolder[] = [...pool].map(([member, h]) => ({ member, since: new Date(h.since).toISOString() }));
      return { ok: false, holders: holders.sort((a, b) => a.since.localeCompare(b.since)) };
    },
    async holders(companyId, module) {
      const t = now();
      const pool = pools.get(`${companyId}\u0000${module}`) ?? new Map<string, Holding>();
      const live: SeatHolding[] = [...pool]
        .filter(([, h]) => t - h.refreshed < releaseMs)
        .map(([member, h]) => ({ member, since: new Date(h.since).toISOString(), releasesAt: new Date(h.refreshed + releaseMs).toISOString() }));
      return live.sort((a, b) => a.since.localeCompare(b.since) || a.member.localeCompare(b.member));
    },
  };
}
