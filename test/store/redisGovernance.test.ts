/**
 * Redis governance (store/redis): the shared contract, plus what only a shared store must do:
 * several API nodes (connections) share one count exactly, and an unreachable Redis makes calls
 * fail promptly instead of hanging or quietly counting locally.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { redisRequestLimits } from '../../store/redis/limits.js';
import { redisSeats } from '../../store/redis/seats.js';
import { RedisUnavailable } from '../../store/redis/unavailable.js';
import { apiRedis, redisOrSkip, requireControl, type RedisServer } from '../support/redis.js';
import { governanceContract } from './governanceContract.js';

const run = randomUUID().slice(0, 8);
let serial = 0;
/** Ids unique to this run, so tests never see each other's counters (or an external REDIS_URL's). */
const unique = (label: string) => `${label}-${run}-${++serial}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the error of a call that must reject, and how long the rejection took. */
async function rejection(call: () => Promise<unknown>): Promise<{ err: unknown; ms: number }> {
  const t0 = Date.now();
  const err = await call().then(
    () => new Error('resolved; expected a rejection'),
    (e: unknown) => e,
  );
  return { err, ms: Date.now() - t0 };
}

describe('redis governance (store/redis)', function () {
  let server: RedisServer | undefined;
  const clients: Redis[] = [];
  let nodeA: Redis;
  let nodeB: Redis;
  let nodeC: Redis;

  before(async function () {
    server = await redisOrSkip(this);
    for (let i = 0; i < 3; i++) clients.push(await apiRedis(server.url));
    [nodeA, nodeB, nodeC] = clients as [Redis, Redis, Redis];
  });
  after(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await server?.stop();
  });

  governanceContract('redis', async ({ seatReleaseMs, limitWindowMs }) => {
    const prefix = `engcalc:test:${unique('contract')}:`;
    return {
      limits: redisRequestLimits(nodeA, { keyPrefix: `${prefix}rl:`, ...(limitWindowMs ? { windowMs: limitWindowMs } : {}) }),
      seats: redisSeats(nodeA, { keyPrefix: `${prefix}seat:`, ...(seatReleaseMs ? { releaseMs: seatReleaseMs } : {}) }),
    };
  });

  it('two API nodes share the per-key limit exactly: 125 concurrent requests over two connections, 120 allowed', async () => {
    const [a, b] = [redisRequestLimits(nodeA), redisRequestLimits(nodeB)];
    const key = unique('key');
    const decisions = await Promise.all(Array.from({ length: 125 }, (_, i) => (i % 2 ? a : b).consumeKeyRequest(key)));
    expect(decisions.filter((d) => d.allowed)).to.have.length(120);
    expect((await a.consumeKeyRequest(key)).allowed).to.equal(false);
    expect((await b.consumeKeyRequest(key)).allowed).to.equal(false);
  });

  it('two API nodes share reservations of failed attempts exactly: 40 at once over two connections, 20 allowed', async () => {
    const [a, b] = [redisRequestLimits(nodeA), redisRequestLimits(nodeB)];
    const address = unique('addr');
    const decisions = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).reserveFailedAttempt(address)));
    expect(decisions.filter((d) => d.allowed)).to.have.length(20);
    expect((await a.checkAddress(address)).allowed).to.equal(false);
  });

  it('two API nodes share failed attempts: 25 over two connections block the address from the 20th', async () => {
    const [a, b] = [redisRequestLimits(nodeA), redisRequestLimits(nodeB)];
    const address = unique('10.1.1.1');
    await Promise.all(Array.from({ length: 19 }, (_, i) => (i % 2 ? a : b).recordFailedAttempt(address)));
    expect((await a.checkAddress(address)).allowed).to.equal(true);
    expect((await b.checkAddress(address)).allowed).to.equal(true);
    await b.recordFailedAttempt(address);
    expect((await a.checkAddress(address)).allowed).to.equal(false);
    expect((await b.checkAddress(address)).allowed).to.equal(false);
    await Promise.all(Array.from({ length: 5 }, (_, i) => (i % 2 ? a : b).recordFailedAttempt(address)));
    expect((await a.checkAddress(address)).allowed).to.equal(false);
  });

  it('checkAndConsume: the address check and the key count in one script, shared with the separate calls, counted only while the guard holds', async () => {
    const [a, b] = [redisRequestLimits(nodeA, { perKey: 10, failedPerAddress: 3 }), redisRequestLimits(nodeB, { perKey: 10, failedPerAddress: 3 })];
    const [key, address, guardKey] = [unique('key'), unique('10.2.2.2'), `engcalc:test:${unique('guard')}`];
    const guard = { key: guardKey, value: 0 }; // an absent counter reads 0, as the auth version does
    // Counted in the same window as consumeKeyRequest, from either node: 10 allowed in all.
    const decisions = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).checkAndConsume!(address, key, guard)));
    expect(decisions).to.deep.equal(Array.from({ length: 8 }, () => ({ key: { allowed: true, retryAfterMs: 0 } })));
    expect((await a.consumeKeyRequest(key)).allowed).to.equal(true);
    expect(await b.checkAndConsume!(address, key, guard)).to.deep.equal({ key: { allowed: true, retryAfterMs: 0 } });
    const over = await a.checkAndConsume!(address, key, guard);
    expect(over).to.have.property('key').that.includes({ allowed: false });
    expect((over as { key: { retryAfterMs: number } }).key.retryAfterMs).to.be.within(1, 60_000);
    expect((await b.consumeKeyRequest(key)).allowed).to.equal(false);

    // The guard moved (a key revoked since the caller's lookup): nothing counted.
    const fresh = unique('key');
    await nodeC.incr(guardKey);
    expect(await a.checkAndConsume!(address, fresh, guard)).to.deep.equal({ changed: true });
    expect(await nodeC.exists(`engcalc:rl:keylog:${fresh}`)).to.equal(0);
    expect(await a.checkAndConsume!(address, fresh, { key: guardKey, value: 1 })).to.deep.equal({ key: { allowed: true, retryAfterMs: 0 } });

    // An address over its failed attempts is refused first, before the guard and the count.
    for (let i = 0; i < 3; i++) await b.recordFailedAttempt(address);
    const refused = await a.checkAndConsume!(address, fresh, { key: guardKey, value: 1 });
    expect(refused).to.have.property('address').that.includes({ allowed: false });
    expect(await a.checkAndConsume!(address, fresh, guard)).to.have.property('address'); // refused before the guard is read
    expect(await nodeC.llen(`engcalc:rl:keylog:${fresh}`)).to.equal(1); // neither refusal counted
  });

  it('seats are exact under concurrency: 20 members at once over three connections, capacity 3, exactly 3 seated', async () => {
    const nodes = [redisSeats(nodeA), redisSeats(nodeB), redisSeats(nodeC)];
    const company = unique('co');
    const members = Array.from({ length: 20 }, (_, i) => `m${i}`);
    const outcomes = await Promise.all(members.map((m, i) => nodes[i % 3]!.acquire(company, 'econ', m, 3)));
    const seated = members.filter((_, i) => outcomes[i]!.ok);
    expect(seated).to.have.length(3);
    for (const outcome of outcomes) {
      if (!outcome.ok) expect(outcome.holders.map((h) => h.member).sort()).to.deep.equal([...seated].sort());
    }
  });

  it('keeps its keys under engcalc:rl: and engcalc:seat: with TTLs, so idle counters and pools vanish', async () => {
    const limits = redisRequestLimits(nodeA);
    const seats = redisSeats(nodeA, { releaseMs: 300 });
    const [key, address, company] = [unique('key'), unique('addr'), unique('co:x')];
    await limits.consumeKeyRequest(key);
    await limits.recordFailedAttempt(address);
    await seats.acquire(company, 'econ', 'ann', 1);
    expect(await nodeA.pttl(`engcalc:rl:keylog:${key}`)).to.be.within(1, 60_000);
    expect(await nodeA.pttl(`engcalc:rl:faillog:${address}`)).to.be.within(1, 60_000);
    const pool = `engcalc:seat:${encodeURIComponent(company)}:econ`;
    expect(await nodeA.pttl(pool)).to.be.within(1, 300);
    expect(Object.keys(await nodeA.hgetall(pool))).to.deep.equal(['ann']);
    await sleep(400);
    expect(await nodeA.exists(pool)).to.equal(0);
  });

  describe('when Redis goes away (a server of its own)', () => {
    let own: RedisServer | undefined;
    let client: Redis | undefined;
    beforeEach(async function () {
      requireControl(this, server!);
      own = await redisOrSkip(this);
      client = await apiRedis(own.url);
    });
    afterEach(async () => {
      client?.disconnect();
      await own?.stop();
    });

    it('rejects promptly with RedisUnavailable while Redis is down, and works again after it restarts on the same clients', async () => {
      const limits = redisRequestLimits(client!);
      const seats = redisSeats(client!);
      expect((await limits.consumeKeyRequest('k')).allowed).to.equal(true);
      expect((await seats.acquire('c', 'econ', 'ann', 1)).ok).to.equal(true);

      await own!.stop();
      const calls: Array<[string, () => Promise<unknown>]> = [
        ['consumeKeyRequest', () => limits.consumeKeyRequest('k')],
        ['checkAddress', () => limits.checkAddress('a')],
        ['recordFailedAttempt', () => limits.recordFailedAttempt('a')],
        ['checkAndConsume', () => limits.checkAndConsume!('a', 'k', { key: 'engcalc:test:guard', value: 0 })],
        ['acquire', () => seats.acquire('c', 'econ', 'ann', 1)],
      ];
      for (const [name, call] of calls) {
        const { err, ms } = await rejection(call);
        expect(err, name).to.be.instanceOf(RedisUnavailable);
        expect(ms, `${name} took ${ms} ms`).to.be.below(2_000);
      }

      await own!.restart(); // empty: no persistence, and no cached scripts (seats reload theirs)
      const deadline = Date.now() + 15_000;
      for (;;) {
        const ok = await limits.consumeKeyRequest('k').then(() => true, () => false);
        if (ok) break;
        if (Date.now() > deadline) throw new Error('the client did not reconnect within 15 s');
        await sleep(100);
      }
      expect((await limits.checkAddress('a')).allowed).to.equal(true);
      await limits.recordFailedAttempt('a');
      expect(await seats.acquire('c', 'econ', 'bob', 1)).to.deep.equal({ ok: true });
    });

    it('rejects after timeoutMs when Redis stops answering on an open connection (frozen, partitioned)', async () => {
      const limits = redisRequestLimits(client!, { timeoutMs: 300 });
      const seats = redisSeats(client!, { timeoutMs: 300 });
      expect((await seats.acquire('c', 'econ', 'ann', 1)).ok).to.equal(true);
      own!.pause();
      try {
        for (const call of [() => limits.consumeKeyRequest('k'), () => limits.checkAddress('a'), () => seats.acquire('c', 'econ', 'ann', 1)]) {
          const { err, ms } = await rejection(call);
          expect(err).to.be.instanceOf(RedisUnavailable);
          expect(ms).to.be.within(250, 1_500);
        }
      } finally {
        own!.resume();
      }
      expect((await limits.consumeKeyRequest('k')).allowed).to.equal(true);
      expect((await seats.acquire('c', 'econ', 'ann', 1)).ok).to.equal(true);
    });
  });
});
