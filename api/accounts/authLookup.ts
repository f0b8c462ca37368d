/**
 * The lookup behind every key request (key by hash, its member, its company), cached for a few
 * seconds so a busy key costs no store reads, with every change to keys, members or companies
 * still seen by the very next request on every API node.
 *
 * How: an auth version. Every write that can change an auth decision (key revoked, member
 * updated, company updated) goes through `versionedStore`, which bumps the version after the
 * write; every cached lookup is tagged with the version read before its store reads, and is used
 * only while the version is unchanged and it is younger than the TTL. With REDIS_URL the version
 * is a Redis counter (one GET per request, shared by all API nodes and the admin CLI), otherwise
 * a counter in the embedded store itself (LMDB: a read of its memory map, shared with the admin
 * CLI on the same DATA_DIR; a file's size, one stat per request, for a store without one). When
 * the version cannot be read (Redis away) the cache is bypassed: a stale answer is never served.
 * A lookup that misses reads a fresh snapshot of the store (Store.refresh), so a change another
 * process has just committed is what it caches. Only found keys are cached, so a new key works at once.
 * Expiry is decided per request from the cached record and the clock, as before.
 */
import { appendFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { ApiKeyRecord, Company, Member } from '../../store/model.js';
import type { SharedCounter, Store } from '../../store/ports.js';
import { redisOptions } from '../../workers/queue/producer.js';

/** How long a lookup is reused (when nothing changed). */
export const AUTH_CACHE_TTL_MS = 5_000;
/** Entries kept at most (the cache is emptied when full: a burst of keys costs reads, never memory). */
const MAX_ENTRIES = 20_000;
const REDIS_KEY = 'engcalc:auth:version';

export interface AuthVersion {
  /** The current version, or null when it cannot be known now (then nothing cached is used). */
  current(): Promise<number | null> | number | null;
  bump(): Promise<void>;
  close(): Promise<void>;
  /** The Redis key holding the version, when it is kept in Redis (a script may then check it). */
  readonly redisKey?: string;
}

/** A version in this process only (tests of the cache itself). */
export function localAuthVersion(): AuthVersion {
  let v = 0;
  return {
    current: () => v,
    bump: async () => {
      v++;
    },
    close: async () => undefined,
  };
}

/** The version kept by the store itself (the embedded LMDB store: api/server.ts picks it when there is no Redis). */
export function storeAuthVersion(counter: SharedCounter): AuthVersion {
  return {
    current: () => counter.read(),
    bump: () => counter.bump(),
    close: async () => undefined,
  };
}

/** The version for a deployment: Redis when there is one, else the store's own counter, else a file in DATA_DIR. */
export function authVersionFor(config: { redisUrl: string | null; dataDir: string }, store: Store): AuthVersion {
  if (config.redisUrl) return redisAuthVersion(config.redisUrl);
  const counter = store.counter?.('authVersion');
  return counter ? storeAuthVersion(counter) : fileAuthVersion(config.dataDir);
}

/**
 * A version beside a store that keeps no counter: the size of DATA_DIR/auth-version, grown by one byte per
 * change. The API node and the admin CLI share the data directory, so a change by either is seen
 * by the other's next request; reading it is one stat, not three store reads.
 */
export function fileAuthVersion(dataDir: string): AuthVersion {
  const path = join(dataDir, 'auth-version');
  return {
    current: () => {
      try {
        return statSync(path).size;
      } catch (err) {
        return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 0 : null;
      }
    },
    bump: async () => {
      appendFileSync(path, '.');
    },
    close: async () => undefined,
  };
}

/** A version in Redis, shared by every API node (and the admin CLI) on that Redis. */
export function redisAuthVersion(redisUrl: string): AuthVersion {
  // Not auto-pipelined (why: workers/queue/producer.ts, QueueRunner.redis).
  const redis = new Redis({ ...redisOptions(redisUrl), enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 1_000, commandTimeout: 1_000, retryStrategy: (times) => Math.min(times * 200, 2_000) });
  redis.on('error', () => undefined); // read as "unknown": the cache is bypassed
  return {
    redisKey: REDIS_KEY,
    current: async () => {
      try {
        const v = await redis.get(REDIS_KEY);
        return v === null ? 0 : Number(v);
      } catch {
        return null;
      }
    },
    // A bump that cannot reach Redis fails the write's caller: a change other nodes might not see
    // within the TTL is reported, not hidden.
    bump: async () => {
      if (redis.status !== 'ready') await connected(redis, 2_000); // a short-lived admin CLI has just connected
      await redis.incr(REDIS_KEY);
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

function connected(redis: Redis, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis not ready within ${timeoutMs} ms: the auth version was not bumped`)), timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const VERSION = Symbol('authVersion');

/** The store with every auth-relevant write followed by a version bump. */
export function versionedStore(store: Store, version: AuthVersion): Store {
  const after =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const out = await write(...args);
      await version.bump();
      return out;
    };
  const companies = Object.create(store.companies) as Store['companies'];
  companies.update = after(store.companies.update.bind(store.companies));
  const members = Object.create(store.members) as Store['members'];
  members.update = after(store.members.update.bind(store.members));
  members.setPermissions = after(store.members.setPermissions.bind(store.members));
  const keys = Object.create(store.keys) as Store['keys'];
  keys.revoke = after(store.keys.revoke.bind(store.keys));
  const wrapped = Object.create(store) as Store & { [VERSION]: AuthVersion };
  wrapped.companies = companies;
  wrapped.members = members;
  wrapped.keys = keys;
  wrapped[VERSION] = version;
  return wrapped;
}

/** The version a store was wrapped with, if any. */
export function authVersionOf(store: Store): AuthVersion | null {
  return (store as Partial<Record<typeof VERSION, AuthVersion>>)[VERSION] ?? null;
}

export interface KeyOwner {
  key: ApiKeyRecord;
  member: Member | undefined;
  company: Company | undefined;
}

export interface CachedLookup {
  /** The auth version it was read at: valid only while the version still holds it. */
  version: number;
  until: number;
  found: KeyOwner;
}

/** Key, member and company by key hash; cached when the store carries an auth version. */
export class AuthLookup {
  private readonly entries = new Map<string, CachedLookup>();
  private readonly version: AuthVersion | null;

  constructor(
    private readonly store: Store,
    private readonly ttlMs = AUTH_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.version = authVersionOf(store);
  }

  /** Where the version lives in Redis, if it does (for authenticate's one-script path). */
  get versionKey(): string | undefined {
    return this.version?.redisKey;
  }

  /**
   * The lookup cached for this hash and younger than the TTL, without reading the version: the
   * caller must check `version` itself, atomically with what it decides (checkAndConsume).
   */
  cached(hash: string): CachedLookup | undefined {
    const hit = this.entries.get(hash);
    return hit && hit.until > this.now() ? hit : undefined;
  }

  async find(hash: string): Promise<KeyOwner | undefined> {
    const version = this.version ? await this.version.current() : null;
    if (version !== null) {
      const hit = this.entries.get(hash);
      if (hit && hit.version === version && hit.until > this.now()) return hit.found;
    }
    this.store.refresh?.(); // what another process committed before this request is what gets cached
    const key = await this.store.keys.findByHash(hash);
    if (!key) return undefined;
    const [member, company] = await Promise.all([this.store.members.get(key.memberId), this.store.companies.get(key.companyId)]);
    const found = { key, member, company };
    if (version !== null) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(hash, { version, until: this.now() + this.ttlMs, found });
    }
    return found;
  }
}
