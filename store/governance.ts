/**
 * Ports for the counters that govern calls: request limits and floating seats. The memory
 * adapters (store/memory) serve one process; the Redis adapters serve every API node at once.
 */

export interface LimitDecision {
  allowed: boolean;
  /** When refused: milliseconds until the window frees up. */
  retryAfterMs: number;
}

export interface RequestLimits {
  /** The per-key limit in force (requests per minute), for messages. */
  readonly perKeyPerMinute?: number;
  /** Counts one request of the key (REST and MCP together) against its per-minute limit. */
  consumeKeyRequest(keyId: string): Promise<LimitDecision>;
  /** Whether the client address may still try keys (false once it is over its failed attempts). */
  checkAddress(address: string): Promise<LimitDecision>;
  /** Counts one failed key attempt of the address. */
  recordFailedAttempt(address: string): Promise<void>;
}

export interface SeatHolder {
  member: string;
  /** ISO time the holder took the seat. */
  since: string;
}

export type SeatOutcome = { ok: true } | { ok: false; holders: SeatHolder[] };

export interface Seats {
  /**
   * Takes or refreshes the member's seat of (company, module). A seat is released `releaseMs`
   * after the last call that refreshed it. Refused when `capacity` other members hold one.
   */
  acquire(companyId: string, module: string, memberId: string, capacity: number): Promise<SeatOutcome>;
}

export const KEY_REQUESTS_PER_MINUTE = 120;
export const FAILED_ATTEMPTS_PER_MINUTE = 20;
export const SEAT_RELEASE_MS = 3 * 60_000;
