/**
 * In-process payment rate windows (embedded default): each key's latest admitted times, newest
 * first, at most `perMinute` of them; a key whose times have all left the minute is forgotten at
 * the next sweep (once a minute), so the map holds only keys in use.
 */
import { MINUTE_MS, PAYMENTS_RATE, rateDecision, type RateShape, type RateWindows } from '../governance.js';

export function memoryRateWindows(shape: RateShape = PAYMENTS_RATE): RateWindows {
  const times = new Map<string, number[]>();
  let lastSweep = 0;
  return {
    async take(key, nowMs) {
      if (nowMs - lastSweep > MINUTE_MS) {
        lastSweep = nowMs;
        for (const [k, list] of times) if ((list[0] ?? 0) <= nowMs - MINUTE_MS) times.delete(k);
      }
      const latest = times.get(key) ?? [];
      const decision = rateDecision(shape, latest, nowMs);
      if (decision.allowed) {
        latest.unshift(nowMs);
        if (latest.length > shape.perMinute) latest.length = shape.perMinute;
        times.set(key, latest);
      }
      return decision;
    },
  };
}
