/**
 * Picks the governance backends (request limits, seats) for an API node, and guards the
 * Redis-backed ones: when Redis cannot answer, a call gets a prompt 503 `unavailable` in the
 * error envelope (never a hang, never a 500), and service resumes by itself when Redis returns.
 */
import { Redis } from 'ioredis';
import { ApiError } from './errors.js';
import type { CounterGuard, RateWindows, RequestLimits, Seats } from '../store/governance.js';
import { memoryRequestLimits } from '../store/memory/limits.js';
import { memorySeats } from '../store/memory/seats.js';
import { memoryRateWindows } from '../store/memory/rateWindows.js';
import { redisRequestLimits } from '../store/redis/limits.js';
import { redisSeats } from '../store/redis/seats.js';
import { redisRateWindows } from '../store/redis/rateWindows.js';
import { withRecentRefreshes } from '../store/seatRefreshes.js';
import { redisOptions } from '../workers/queue/producer.js';
import { writePerTurn } from '../store/redis/turnWrites.js';

export interface Governance {
  limits: RequestLimits;
  seats: Seats;
  /** The payments rate windows (per merchant environment). */
  rates: RateWindows;
  /** Resolves once the backend can answer (at once for memory). */
  ready(): Promise<void>;
  /** Whether the backend answers now (for /readyz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The limits in force: requests per key and failed attempts per address, per minute (defaults 120 and 20). */
export interface LimitSettings {
  perKey?: number;
  failedPerAddress?: number;
}

export function memoryGovernance(limits: LimitSettings = {}): Governance {
  return { limits: memoryRequestLimits(limits), seats: memorySeats(), rates: memoryRateWindows(), ready: async () => undefined, ping: async () => true, close: async () => undefined };
}

export function redisGovernance(redisUrl: string, commandTimeoutMs = 2_000, limits: LimitSettings = {}): Governance {
  const redis = new Redis({
    ...redisOptions(redisUrl),
    enableOfflineQueue: false, // fail at once while disconnected instead of queueing
    // Not auto-pipelined: measured slower, and it promotes what it holds (workers/queue/producer.ts, QueueRunner.redis).
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: commandTimeoutMs,
    retryStrategy: (times) => Math.min(times * 200, 2_000), // keep reconnecting, forever
  });
  redis.on('error', () => undefined); // surfaced per request as 503
  writePerTurn(redis); // the limit checks of requests arriving together leave in one write
  return {
    limits: guardLimits(redisRequestLimits(redis, limits)),
    // A seat refreshed by this node within the last second is held still: no round trip for it.
    seats: withRecentRefreshes(guardSeats(redisSeats(redis))),
    rates: guardRates(redisRateWindows(redis)),
    ready: () => (redis.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => redis.once('ready', () => resolve()))),
    ping: async () => redis.status === 'ready' && (await redis.ping()) === 'PONG',
    close: async () => {
      redis.disconnect();
    },
  };
}

const unavailable = () => new ApiError('unavailable', 'Limits and seats are unavailable (Redis cannot be reached); retry shortly', undefined, { 'Retry-After': '5' });

async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch {
    throw unavailable();
  }
}

function guardLimits(l: RequestLimits): RequestLimits {
  return {
    perKeyPerMinute: l.perKeyPerMinute,
    consumeKeyRequest: (keyId) => guarded(l.consumeKeyRequest(keyId)),
    checkAddress: (address) => guarded(l.checkAddress(address)),
    recordFailedAttempt: (address) => guarded(l.recordFailedAttempt(address)),
    reserveFailedAttempt: (address) => guarded(l.reserveFailedAttempt(address)),
    releaseFailedAttempt: (address) => guarded(l.releaseFailedAttempt(address)),
    ...(l.checkAndConsume ? { checkAndConsume: (address: string, keyId: string, guard: CounterGuard) => guarded(l.checkAndConsume!(address, keyId, guard)) } : {}),
  };
}

function guardRates(r: RateWindows): RateWindows {
  return { take: (key, now) => guarded(r.take(key, now)) };
}

function guardSeats(s: Seats): Seats {
  return { acquire: (...args) => guarded(s.acquire(...args)), holders: (...args) => guarded(s.holders(...args)) };
}
