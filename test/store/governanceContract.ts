/**
 * The governance contract: every RequestLimits + Seats pair (memory for the embedded default,
 * Redis for the distributed deployment) must pass it, so the API behaves the same on both.
 * `open` returns fresh, empty adapters; `seatReleaseMs` stands in for the 3-minute release,
 * which a test cannot wait for.
 */
import { expect } from 'chai';
import type { RequestLimits, Seats } from '../../store/governance.js';

export interface GovernanceUnderTest {
  limits: RequestLimits;
  seats: Seats;
  cleanup?: () => Promise<void>;
}

export type OpenGovernance = (options: { seatReleaseMs?: number; limitWindowMs?: number }) => Promise<GovernanceUnderTest>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function governanceContract(name: string, open: OpenGovernance): void {
  describe(`governance contract: ${name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    const use = async (options: { seatReleaseMs?: number; limitWindowMs?: number } = {}) => {
      const g = await open(options);
      if (g.cleanup) cleanups.push(g.cleanup);
      return g;
    };
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });

    describe('request limits', () => {
      it('allows 120 requests per key per minute, then refuses with the time to wait; other keys are apart', async () => {
        const { limits } = await use();
        for (let i = 0; i < 120; i++) expect((await limits.consumeKeyRequest('k')).allowed, `request ${i + 1}`).to.equal(true);
        const refused = await limits.consumeKeyRequest('k');
        expect(refused.allowed).to.equal(false);
        expect(refused.retryAfterMs).to.be.within(1, 60_000);
        expect((await limits.consumeKeyRequest('k')).allowed, 'still refused').to.equal(false);
        expect(await limits.consumeKeyRequest('other')).to.deep.equal({ allowed: true, retryAfterMs: 0 });
      });

      it('blocks an address at 20 failed attempts in the minute, with the time to wait; other addresses are apart', async () => {
        const { limits } = await use();
        for (let i = 0; i < 19; i++) await limits.recordFailedAttempt('10.0.0.1');
        expect(await limits.checkAddress('10.0.0.1')).to.deep.equal({ allowed: true, retryAfterMs: 0 });
        await limits.recordFailedAttempt('10.0.0.1');
        const blocked = await limits.checkAddress('10.0.0.1');
        expect(blocked.allowed).to.equal(false);
        expect(blocked.retryAfterMs).to.be.within(1, 60_000);
        await limits.recordFailedAttempt('10.0.0.1'); // counting past the limit is fine
        expect((await limits.checkAddress('10.0.0.1')).allowed).to.equal(false);
        expect((await limits.checkAddress('10.0.0.2')).allowed).to.equal(true);
      });

      it('reserves attempts atomically: 30 at once for one address, 20 allowed, the rest refused with the time to wait; a give-back frees one', async () => {
        const { limits } = await use();
        const decisions = await Promise.all(Array.from({ length: 30 }, () => limits.reserveFailedAttempt('10.0.0.4')));
        expect(decisions.filter((d) => d.allowed)).to.have.length(20);
        for (const d of decisions.filter((d) => !d.allowed)) expect(d.retryAfterMs).to.be.within(1, 60_000);
        expect((await limits.checkAddress('10.0.0.4')).allowed, 'the same count as recorded failures').to.equal(false);
        const fresh = await use();
        for (let i = 0; i < 20; i++) expect((await fresh.limits.reserveFailedAttempt('10.0.0.5')).allowed).to.equal(true);
        await fresh.limits.releaseFailedAttempt('10.0.0.5');
        expect((await fresh.limits.checkAddress('10.0.0.5')).allowed).to.equal(true);
        expect((await fresh.limits.reserveFailedAttempt('10.0.0.5')).allowed).to.equal(true);
        expect((await fresh.limits.reserveFailedAttempt('10.0.0.5')).allowed).to.equal(false);
        await fresh.limits.releaseFailedAttempt('10.0.0.6'); // nothing to give back: never below none
        for (let i = 0; i < 20; i++) await fresh.limits.recordFailedAttempt('10.0.0.6');
        expect((await fresh.limits.checkAddress('10.0.0.6')).allowed).to.equal(false);
      });

      it('counts in a sliding window, not one reset each minute: never more than the limit in any window (3 s here), also across what a fixed window would reset', async () => {
        // A fixed window admitted 2 x 120 around its reset (a probe: 239 requests of one key in 2.2 s).
        const { limits } = await use({ limitWindowMs: 3_000 });
        const burst = (n: number, key = 'k') => Promise.all(Array.from({ length: n }, () => limits.consumeKeyRequest(key)));
        const allowed = (ds: { allowed: boolean }[]) => ds.filter((d) => d.allowed).length;
        const start = Date.now();
        expect(allowed(await burst(60))).to.equal(60);
        await sleep(1_500 - (Date.now() - start));
        expect(allowed(await burst(70))).to.equal(60); // 120 in the window
        await sleep(3_500 - (Date.now() - start)); // the first 60 have left the window, the next 60 have not
        const third = await burst(70);
        expect(allowed(third), 'only what left the window comes back').to.equal(60);
        const wait = third.find((d) => !d.allowed)!.retryAfterMs;
        expect(wait, 'until the second burst leaves the window').to.be.within(1, 3_000);
        for (let i = 0; i < 20; i++) await limits.recordFailedAttempt('10.0.0.9');
        expect((await limits.checkAddress('10.0.0.9')).allowed).to.equal(false);
      });

      it('checking an address never counts as an attempt', async () => {
        const { limits } = await use();
        for (let i = 0; i < 50; i++) expect((await limits.checkAddress('10.0.0.3')).allowed).to.equal(true);
        for (let i = 0; i < 19; i++) await limits.recordFailedAttempt('10.0.0.3');
        for (let i = 0; i < 5; i++) expect((await limits.checkAddress('10.0.0.3')).allowed).to.equal(true);
      });

      it('keeps key requests and failed attempts apart even for the same string', async () => {
        const { limits } = await use();
        for (let i = 0; i < 120; i++) await limits.consumeKeyRequest('same');
        expect((await limits.checkAddress('same')).allowed).to.equal(true);
        for (let i = 0; i < 20; i++) await limits.recordFailedAttempt('x');
        expect((await limits.consumeKeyRequest('x')).allowed).to.equal(true);
      });
    });

    describe('seats', () => {
      it('gives a member one seat and refreshes it on every call; a second member is refused with the holder', async () => {
        const { seats } = await use();
        const before = Date.now();
        expect(await seats.acquire('c', 'econ', 'ann', 1)).to.deep.equal({ ok: true });
        for (let i = 0; i < 3; i++) expect(await seats.acquire('c', 'econ', 'ann', 1)).to.deep.equal({ ok: true });
        const refused = await seats.acquire('c', 'econ', 'bob', 1);
        if (refused.ok) throw new Error('bob got a seat');
        expect(refused.holders.map((h) => h.member)).to.deep.equal(['ann']);
        // `since` is when ann took the seat (first call), as ISO; the Redis clock may differ a little.
        const since = Date.parse(refused.holders[0]!.since);
        expect(refused.holders[0]!.since).to.equal(new Date(since).toISOString());
        expect(since).to.be.within(before - 2_000, Date.now() + 2_000);
      });

      it('admits up to capacity members and lists the holders sorted by since', async () => {
        const { seats } = await use();
        for (const m of ['cy', 'ann', 'bob']) {
          expect((await seats.acquire('c', 'gas', m, 3)).ok, m).to.equal(true);
          await sleep(5); // distinct `since` values
        }
        const refused = await seats.acquire('c', 'gas', 'dee', 3);
        if (refused.ok) throw new Error('dee got a seat');
        expect(refused.holders.map((h) => h.member)).to.deep.equal(['cy', 'ann', 'bob']);
        const times = refused.holders.map((h) => Date.parse(h.since));
        expect([...times].sort((a, b) => a - b)).to.deep.equal(times);
      });

      it('keeps companies and modules apart', async () => {
        const { seats } = await use();
        expect((await seats.acquire('c1', 'econ', 'ann', 1)).ok).to.equal(true);
        expect((await seats.acquire('c2', 'econ', 'bob', 1)).ok).to.equal(true);
        expect((await seats.acquire('c1', 'gas', 'bob', 1)).ok).to.equal(true);
        expect((await seats.acquire('c1', 'econ', 'bob', 1)).ok).to.equal(false);
        // Ids that would collide if joined naively with a separator.
        expect((await seats.acquire('a:b', 'c', 'ann', 1)).ok).to.equal(true);
        expect((await seats.acquire('a', 'b:c', 'bob', 1)).ok).to.equal(true);
      });

      it('never refuses a member who already holds a seat, even when capacity has shrunk', async () => {
        const { seats } = await use();
        expect((await seats.acquire('c', 'econ', 'ann', 2)).ok).to.equal(true);
        expect((await seats.acquire('c', 'econ', 'bob', 2)).ok).to.equal(true);
        expect((await seats.acquire('c', 'econ', 'ann', 1)).ok).to.equal(true);
        expect((await seats.acquire('c', 'econ', 'cy', 1)).ok).to.equal(false);
      });

      it('refuses everyone with capacity 0', async () => {
        const { seats } = await use();
        expect(await seats.acquire('c', 'econ', 'ann', 0)).to.deep.equal({ ok: false, holders: [] });
      });

      it('lists the holders of a pool, oldest first, with when each frees; a released seat is gone', async () => {
        const { seats } = await use({ seatReleaseMs: 600 });
        expect(await seats.holders('c', 'econ')).to.deep.equal([]);
        expect((await seats.acquire('c', 'econ', 'ann', 2)).ok).to.equal(true);
        await sleep(5);
        expect((await seats.acquire('c', 'econ', 'bob', 2)).ok).to.equal(true);
        expect((await seats.acquire('c', 'gas', 'cy', 2)).ok).to.equal(true);
        const held = await seats.holders('c', 'econ');
        expect(held.map((h) => h.member)).to.deep.equal(['ann', 'bob']);
        for (const h of held) expect(Date.parse(h.releasesAt) - Date.parse(h.since)).to.be.within(600, 700);
        expect(await seats.holders('c2', 'econ')).to.deep.equal([]);
        await sleep(700);
        expect(await seats.holders('c', 'econ')).to.deep.equal([]);
      });

      it('releases a seat releaseMs after its last refresh (not its first call), and keeps since across refreshes', async () => {
        // Timers only fire late, so each wait is chosen so that lateness can only make a check safer,
        // except "still held", which has 200 ms of slack.
        const { seats } = await use({ seatReleaseMs: 600 });
        expect((await seats.acquire('c', 'econ', 'ann', 1)).ok).to.equal(true);
        const first = await seats.acquire('c', 'econ', 'bob', 1);
        await sleep(250);
        expect((await seats.acquire('c', 'econ', 'ann', 1)).ok, 'refresh').to.equal(true);
        await sleep(400); // >= 650 ms after the first call, ~400 ms after the refresh: still held
        const refused = await seats.acquire('c', 'econ', 'bob', 1);
        expect(refused, 'held, since unchanged by the refresh').to.deep.equal(first);
        await sleep(300); // >= 700 ms after the refresh: released
        expect((await seats.acquire('c', 'econ', 'bob', 1)).ok).to.equal(true);
        const annRefused = await seats.acquire('c', 'econ', 'ann', 1);
        if (annRefused.ok) throw new Error('ann got a seat back');
        expect(annRefused.holders.map((h) => h.member)).to.deep.equal(['bob']);
      });
    });
  });
}
