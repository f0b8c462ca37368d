/**
 * In-process token buckets (embedded default). A bucket untouched long enough to be full again
 * is forgotten, so the map holds only buckets in use.
 */
import { bucketStep, PAYMENTS_BUCKET, type BucketShape, type TokenBuckets } from '../governance.js';

export function memoryTokenBuckets(shape: BucketShape = PAYMENTS_BUCKET): TokenBuckets {
  const buckets = new Map<string, { milli: number; at: number }>();
  const refillMs = Math.ceil((shape.capacity * 1000) / shape.refillPerSecond);
  let lastSweep = 0;
  return {
    async take(key, nowMs) {
      if (nowMs - lastSweep > refillMs) {
        lastSweep = nowMs;
        for (const [k, b] of buckets) if (nowMs - b.at >= refillMs) buckets.delete(k);
      }
      const { state, decision } = bucketStep(shape, buckets.get(key) ?? null, nowMs);
      buckets.set(key, state);
      return decision;
    },
  };
}
