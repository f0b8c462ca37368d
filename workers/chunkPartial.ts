/**
 * The message a thread posts with the items of a chunk it has finished so far (workers/thread.ts),
 * keyed by the chunk's start slot; the pool keeps them in case it has to stop the thread.
 */
export const CHUNK_PARTIAL = 'engcalcChunkPartial';
/**
 * Before each item, a chunk posts the items it finished since its last post if that was at least
 * this long ago, so a thread stopped on a stuck item loses at most the items of its last 20 ms.
 * (At 1 ms the copies of the posted answers cost light batches some 8% of their thread time.)
 */
export const PARTIAL_EVERY_MS = 20;

export interface ChunkPartialMessage {
  [CHUNK_PARTIAL]: number;
  items: unknown[];
}

export function isChunkPartial(m: unknown): m is ChunkPartialMessage {
  return typeof m === 'object' && m !== null && CHUNK_PARTIAL in m;
}
