/**
 * The engine queue's own Redis scripts, beside BullMQ's: admission (the backlog bound), the
 * ticket hand-off between API node and worker, the worker registry and the check an API node
 * runs on the calls it waits for. Each is one Lua script, so it is atomic across every API node
 * and worker, and each reads the time from Redis (TIME), so nodes with skewed clocks agree.
 *
 * The hand-off: admission puts a ticket; a worker may run a job only after removing its ticket
 * (claim), and an API node may refuse a waiting call only after removing it (withdraw). Exactly
 * one of the two can succeed, so a call is either run or answered as not run — never both, and
 * never a 503 for a call a worker has started.
 *
 * Assumes a single Redis (or a primary); keys are built inside the scripts from prefixes, which
 * Redis Cluster would refuse (BullMQ needs hash tags there anyway).
 */
import type { Redis } from 'ioredis';
import { JOB_KEY_PREFIX, KEYS } from './settings.js';

const NOW = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function ms(x) return string.format('%.0f', x) end
-- Drops lapsed workers; returns the number of live workers and the threads they offer.
local function live(workers, capacity, now)
  local dead = redis.call('ZRANGEBYSCORE', workers, '-inf', ms(now))
  if #dead > 0 then
    redis.call('ZREMRANGEBYSCORE', workers, '-inf', ms(now))
    redis.call('HDEL', capacity, unpack(dead))
  end
  local n, threads = 0, 0
  local caps = redis.call('HGETALL', capacity)
  for i = 2, #caps, 2 do
    n = n + 1
    threads = threads + (tonumber(caps[i]) or 0)
  end
  return n, threads
end
`;

/**
 * KEYS: tickets, workers, capacity. ARGV: jobId, hold ms, backlog limit (-1: per thread), per
 * thread, calls in the job. A job of n calls (a group, callGroups.ts) holds n tickets: its id and
 * `<id>#1` .. `<id>#(n-1)`, so the backlog counts calls; as many of its calls as there is room
 * for are admitted (the first k), the rest refused.
 * Returns {1, waiting, limit, k} admitted; {0, 0, 0, 0} no live worker offers a thread; {-1, waiting, limit, 0} full.
 */
const ADMIT = `${NOW}
local now = now_ms()
local _, threads = live(KEYS[2], KEYS[3], now)
if threads <= 0 then return {0, 0, 0, 0} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms(now))
local waiting = redis.call('ZCARD', KEYS[1])
local limit = tonumber(ARGV[3])
if limit < 0 then limit = threads * tonumber(ARGV[4]) end
if waiting >= limit then return {-1, waiting, limit, 0} end
local k = math.min(tonumber(ARGV[5]), limit - waiting)
local until_ = ms(now + tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], until_, ARGV[1])
for i = 1, k - 1 do redis.call('ZADD', KEYS[1], until_, ARGV[1] .. '#' .. i) end
return {1, waiting + k, limit, k}
`;

/** Takes a job's tickets (its own and its further calls' <id>#1, <id>#2, ...); returns how many it held. */
const TAKE_TICKETS = `
local function take_tickets(tickets, id)
  local n = 1
  while redis.call('ZREM', tickets, id .. '#' .. n) == 1 do n = n + 1 end
  return n
end
`;

/** KEYS: tickets. ARGV: jobId. 1 = withdrawn (no worker can claim it now), 0 = claimed first, void or gone. */
const WITHDRAW = `${TAKE_TICKETS}
local r = redis.call('ZREM', KEYS[1], ARGV[1])
take_tickets(KEYS[1], ARGV[1])
return r
`;

/**
 * A worker's claim of a job (CLAIM, SETTLE): takes its tickets; returns how many calls they admit,
 * 0 when the job must not be answered by it (withdrawn, void or gone). Needs NOW and TAKE_TICKETS.
 */
const TAKE_CLAIM = `${TAKE_TICKETS}
local function take_claim(tickets, job, id)
  local until_ = redis.call('ZSCORE', tickets, id)
  if not until_ then return 0 end
  redis.call('ZREM', tickets, id)
  local calls = take_tickets(tickets, id)
  if tonumber(until_) <= now_ms() then return 0 end
  if redis.call('EXISTS', job) == 0 then return 0 end
  return calls
end
`;

/**
 * A job's outcome stored for its caller and published on its reply channel ('' for none) as
 * `<jobId>\n<outcome>` (PUT_OUTCOME, SETTLE); once a subscriber received it, the stored copy (for a
 * node that lost the message on its way in) keeps only the shorter ttl, so its reader need not delete it.
 */
const STORE_OUTCOME = `
local function store_outcome(key, outcome, ttl, channel, id, pushed_ttl)
  if channel ~= '' and redis.call('PUBLISH', channel, id .. '\\n' .. outcome) > 0 then ttl = pushed_ttl end
  redis.call('SET', key, outcome, 'PX', ttl)
end
`;

/**
 * KEYS: tickets, job hash, cancel mark. ARGV: jobId, workerId, stub data. Returns {calls, canceled}:
 * calls = the calls of the job admitted (its tickets: the worker runs that many of a group's
 * calls, the first ones; its input is dropped from Redis), 0 when withdrawn, void or gone (the
 * worker must not run it); canceled = 1 when its caller canceled it before this claim.
 */
const CLAIM = `${NOW}${TAKE_CLAIM}
local calls = take_claim(KEYS[1], KEYS[2], ARGV[1])
if calls == 0 then return {0, 0} end
redis.call('HSET', KEYS[2], 'ecw', ARGV[2], 'data', ARGV[3])
return {calls, redis.call('EXISTS', KEYS[3])}
`;

/**
 * KEYS: tickets, workers, capacity. ARGV: job key prefix, outcome key prefix, jobIds...
 * Returns {live threads, state per job}: 1 waiting, 2 running (its worker alive), 3 outcome
 * ready, 4 its worker lapsed, 5 lost (no ticket, no outcome, no job a worker took: Redis lost it
 * or it was failed without an outcome). A job is taken once a worker claimed it (ecw) or, for a
 * light job run before its claim (SETTLE), once BullMQ moved it to that worker (pb: BullMQ's
 * processedBy, the worker's name, which is its id): taken, it is running, even with its tickets.
 */
const STATUS = `${NOW}
local now = now_ms()
local _, threads = live(KEYS[2], KEYS[3], now)
local res = {threads}
for i = 3, #ARGV do
  local id = ARGV[i]
  local code = 5
  if redis.call('EXISTS', ARGV[2] .. id) == 1 then code = 3
  else
    local taken = redis.call('HMGET', ARGV[1] .. id, 'ecw', 'pb')
    local w = taken[1] or taken[2]
    if w then
      local until_ = redis.call('ZSCORE', KEYS[2], w)
      if until_ and tonumber(until_) > now then code = 2 else code = 4 end
    elseif redis.call('ZSCORE', KEYS[1], id) then code = 1
    end
  end
  res[#res + 1] = code
end
return res
`;

/** KEYS: workers, capacity. ARGV: workerId, ttl ms, threads offered. */
const HEARTBEAT = `${NOW}
local now = now_ms()
redis.call('ZADD', KEYS[1], ms(now + tonumber(ARGV[2])), ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return 1
`;

/** KEYS: workers, capacity. Returns {live workers, live threads}. */
const LIVE = `${NOW}
local n, threads = live(KEYS[1], KEYS[2], now_ms())
return {n, threads}
`;

/** KEYS: tickets. ARGV: max. Removes and returns up to max tickets that have lapsed. */
const SWEEP = `${NOW}
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ms(now_ms()), 'LIMIT', 0, tonumber(ARGV[1]))
if #ids > 0 then redis.call('ZREM', KEYS[1], unpack(ids)) end
return ids
`;

/**
 * KEYS: outcome key, cancel mark. ARGV: outcome JSON, ttl ms, reply channel ('' for none), jobId,
 * ttl ms once pushed. Stores and publishes the outcome (STORE_OUTCOME) unless its caller canceled
 * (nobody would read it).
 */
const PUT_OUTCOME = `${STORE_OUTCOME}
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
store_outcome(KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5])
return 1
`;

/**
 * A light job run before its claim (consumer.ts): its claim and its outcome in one step. KEYS:
 * tickets, job hash, cancel mark, outcome key. ARGV: jobId, outcome ttl ms, reply channel ('' for
 * none), ttl ms once pushed, shape ('group' or 'single'), then one outcome JSON per call. Takes
 * the job's tickets as CLAIM does and, when they were still the worker's to take (not withdrawn,
 * not void, the job not gone nor canceled), stores and publishes the outcome of the calls that
 * held one (a group's first k: `{"ok":true,"outcomes":[...]}`; a single call's own outcome) as
 * PUT_OUTCOME does. Returns k, 0 when nothing was published (its caller was answered otherwise).
 * Exactly one of this and WITHDRAW wins, as with CLAIM: nothing reaches a caller that was
 * refused, and a call's work is published once.
 */
const SETTLE = `${NOW}${TAKE_CLAIM}${STORE_OUTCOME}
local calls = take_claim(KEYS[1], KEYS[2], ARGV[1])
if calls == 0 or redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
local outcome
if ARGV[5] == 'group' then
  calls = math.min(calls, #ARGV - 5)
  outcome = '{"ok":true,"outcomes":[' .. table.concat(ARGV, ',', 6, 5 + calls) .. ']}'
else
  outcome = ARGV[6]
end
store_outcome(KEYS[4], outcome, ARGV[2], ARGV[3], ARGV[1], ARGV[4])
return calls
`;

export type Admission = { admitted: true; waiting: number; limit: number; calls: number } | { admitted: false; reason: 'no_worker' } | { admitted: false; reason: 'full'; waiting: number; limit: number };

export const JobState = { Waiting: 1, Running: 2, Done: 3, WorkerLapsed: 4, Lost: 5 } as const;
export type JobState = (typeof JobState)[keyof typeof JobState];

interface ScriptClient {
  engcalcWithdraw(k1: string, ...args: string[]): Promise<number>;
  engcalcClaim(k1: string, k2: string, k3: string, ...args: string[]): Promise<number[]>;
  engcalcStatus(k1: string, k2: string, k3: string, ...args: string[]): Promise<number[]>;
  engcalcHeartbeat(k1: string, k2: string, ...args: string[]): Promise<number>;
  engcalcLive(k1: string, k2: string): Promise<number[]>;
  engcalcSweep(k1: string, ...args: string[]): Promise<string[]>;
  engcalcPutOutcome(k1: string, k2: string, ...args: string[]): Promise<number>;
  engcalcSettle(k1: string, k2: string, k3: string, k4: string, ...args: string[]): Promise<number>;
}

/** The scripts on one connection (ioredis sends EVALSHA and reloads a script after NOSCRIPT). */
export class QueueScripts {
  private readonly r: ScriptClient;

  constructor(private readonly redis: Redis) {
    const define = (name: string, numberOfKeys: number, lua: string) => {
      if (!(name in redis)) redis.defineCommand(name, { numberOfKeys, lua });
    };
    define('engcalcClaim', 3, CLAIM);
    define('engcalcWithdraw', 1, WITHDRAW);
    define('engcalcStatus', 3, STATUS);
    define('engcalcHeartbeat', 2, HEARTBEAT);
    define('engcalcLive', 2, LIVE);
    define('engcalcSweep', 1, SWEEP);
    define('engcalcPutOutcome', 2, PUT_OUTCOME);
    define('engcalcSettle', 4, SETTLE);
    this.r = redis as unknown as ScriptClient;
  }

  /**
   * Admits a job of `calls` calls into the backlog (as many of them as there is room for: `calls`
   * in the answer), or says why not. `limit` < 0: `perThread` x live threads.
   */
  async admit(jobId: string, holdMs: number, limit: number, perThread: number, calls = 1): Promise<Admission> {
    // A plain EVAL, not EVALSHA: a command written after it on the same connection (the producer
    // writes the job's add right behind it) then runs after it in Redis, so both leave together,
    // one round trip instead of two. EVALSHA could not promise that order: after a NOSCRIPT,
    // ioredis sends the script again, behind the add. Redis caches the compiled script either way.
    const [code, waiting, max, admitted] = (await this.redis.eval(ADMIT, 3, KEYS.tickets, KEYS.workers, KEYS.capacity, jobId, String(holdMs), String(limit), String(perThread), String(calls))) as number[];
    if (code === 1) return { admitted: true, waiting: waiting!, limit: max!, calls: admitted! };
    if (code === 0) return { admitted: false, reason: 'no_worker' };
    return { admitted: false, reason: 'full', waiting: waiting!, limit: max! };
  }

  /**
   * Worker side: takes the job's tickets. `calls`: how many of its calls were admitted (a group
   * runs its first `calls` calls), 0 when the job must not run; `canceled`: its caller canceled
   * it before the claim.
   */
  async claim(jobId: string, workerId: string, stub: string): Promise<{ calls: number; canceled: boolean }> {
    const [calls, canceled] = await this.r.engcalcClaim(KEYS.tickets, JOB_KEY_PREFIX + jobId, KEYS.cancel + jobId, jobId, workerId, stub);
    return { calls: calls!, canceled: canceled === 1 };
  }

  /** API side: gives up on a waiting call; false means a worker claimed it first (or it was void). */
  async withdraw(jobId: string): Promise<boolean> {
    return (await this.r.engcalcWithdraw(KEYS.tickets, jobId)) === 1;
  }

  async status(jobIds: string[]): Promise<{ liveThreads: number; states: JobState[] }> {
    const [threads, ...states] = await this.r.engcalcStatus(KEYS.tickets, KEYS.workers, KEYS.capacity, JOB_KEY_PREFIX, KEYS.out, ...jobIds);
    return { liveThreads: threads!, states: states as JobState[] };
  }

  heartbeat(workerId: string, ttlMs: number, threads: number): Promise<number> {
    return this.r.engcalcHeartbeat(KEYS.workers, KEYS.capacity, workerId, String(ttlMs), String(threads));
  }

  async deregister(workerId: string): Promise<void> {
    await this.redis.multi().zrem(KEYS.workers, workerId).hdel(KEYS.capacity, workerId).exec();
  }

  async live(): Promise<{ workers: number; threads: number }> {
    const [workers, threads] = await this.r.engcalcLive(KEYS.workers, KEYS.capacity);
    return { workers: workers!, threads: threads! };
  }

  /** Calls admitted and not yet started, across the cluster. */
  waiting(): Promise<number> {
    return this.redis.zcard(KEYS.tickets);
  }

  /** Removes up to `max` lapsed tickets: how many, and the ids of their jobs (which will never run). */
  async sweep(max: number): Promise<{ tickets: number; jobIds: string[] }> {
    const ids = await this.r.engcalcSweep(KEYS.tickets, String(max));
    return { tickets: ids.length, jobIds: ids.filter((id) => !id.includes('#')) }; // a group's further tickets name no job
  }

  /**
   * Marks a claimed job canceled and tells every worker; the one running it stops its thread. An
   * outcome already stored is dropped, and the mark keeps one from being stored later (PUT_OUTCOME).
   */
  async cancel(jobId: string, ttlMs: number): Promise<void> {
    await this.redis.multi().set(KEYS.cancel + jobId, '1', 'PX', ttlMs).del(KEYS.out + jobId).publish(KEYS.cancelChannel, jobId).exec();
  }

  /**
   * Stores a job's outcome for its caller, unless the caller canceled it, and publishes it on the
   * caller's reply channel (`<jobId>\n<json>`) in the same step, so the caller has it at once (the
   * key stays for a caller that missed the message: it reads it at its next check). Once a
   * subscriber has received it, the key lives `pushedTtlMs` only (settings.ts OUTCOME_PUSHED_TTL_MS).
   */
  async putOutcome(jobId: string, json: string, ttlMs: number, replyTo = '', pushedTtlMs = ttlMs): Promise<void> {
    await this.r.engcalcPutOutcome(KEYS.out + jobId, KEYS.cancel + jobId, json, String(ttlMs), replyTo, jobId, String(pushedTtlMs));
  }

  /**
   * Worker side, for a light job it ran before claiming (SETTLE): claims it and, when the claim
   * holds, stores and publishes its outcome at once. `outcomes`: each call's outcome as JSON, in
   * order (a group's; `single` for a job of one call, whose outcome is answered as it is).
   * Resolves to how many of the calls were published (0: withdrawn, void, gone or canceled).
   */
  settle(jobId: string, shape: 'group' | 'single', outcomes: string[], ttlMs: number, replyTo = '', pushedTtlMs = ttlMs): Promise<number> {
    return this.r.engcalcSettle(KEYS.tickets, JOB_KEY_PREFIX + jobId, KEYS.cancel + jobId, KEYS.out + jobId, jobId, String(ttlMs), replyTo, String(pushedTtlMs), shape, ...outcomes);
  }

  /** Reads and deletes a job's outcome (null when there is none). */
  takeOutcome(jobId: string): Promise<string | null> {
    return this.redis.getdel(KEYS.out + jobId);
  }
}
