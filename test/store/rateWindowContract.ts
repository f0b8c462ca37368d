/**
 * The payments rate contract (store/governance.ts RateWindows): memory and Redis answer alike.
 * Time is passed in, so every number here is exact: at most 120 in any 60 s and 20 in any second.
 */
import { expect } from 'chai';
import type { RateWindows } from '../../store/governance.js';

export function rateWindowContract(name: string, open: () => Promise<RateWindows>, unique: (label: string) => string = (l) => l): void {
  describe(`payments rate contract: ${name}`, () => {
    const T = 1_767_225_600_000;

    it('allows a burst of 20 in one second, refuses the 21st with the time until the oldest leaves the second', async () => {
      const r = await open();
      const key = unique('burst');
      for (let i = 0; i < 20; i++) {
        const d = await r.take(key, T + i);
        expect(d.allowed, `request ${i + 1}`).to.equal(true);
        expect(d.remaining).to.equal(19 - i);
      }
      // The second binds (0 left against the minute's 100): its quota, and its reset within the second, as Retry-After.
      expect(await r.take(key, T + 100)).to.deep.equal({ allowed: false, limit: 20, remaining: 0, retryAfterMs: 900, resetMs: 919 });
      expect((await r.take(key, T + 999)).allowed).to.equal(false);
      expect((await r.take(key, T + 1_000)).allowed, 'the first left the second').to.equal(true);
      expect((await r.take(unique('other'), T)).allowed, 'other keys are apart').to.equal(true);
    });

    it('never more than 120 in any minute: one request every 150 ms for two minutes admits 120 in each sliding minute (a bucket of 20 refilled 2 a second admitted 140)', async () => {
      const r = await open();
      const key = unique('minute');
      const admitted: number[] = [];
      const step = async (ms: number) => {
        if ((await r.take(key, T + ms)).allowed) admitted.push(ms);
      };
      for (let ms = 0; ms <= 60_000; ms += 150) await step(ms);
      expect(admitted.filter((t) => t < 60_000)).to.have.length(120); // the first 120 (to 17.85 s), then none until the first leaves
      expect(admitted[120], 'the 121st when the first has left the minute').to.equal(60_000);
      const refused = await r.take(key, T + 60_001);
      expect(refused.allowed).to.equal(false);
      expect(refused.retryAfterMs).to.equal(149); // the second admitted (150 ms) leaves at 60,150
      for (let ms = 60_150; ms < 120_000; ms += 150) await step(ms);
      for (const start of admitted) expect(admitted.filter((t) => t >= start && t < start + 60_000).length, `minute from ${start} ms`).to.be.at.most(120);
    });

    it('the RateLimit numbers describe the policy closest to exhaustion: the second while few requests came this minute, the minute once it has fewer left (a burst refusal said 20 with the minute\'s reset)', async () => {
      const r = await open();
      const key = unique('policy');
      expect(await r.take(key, T)).to.deep.equal({ allowed: true, limit: 20, remaining: 19, retryAfterMs: 0, resetMs: 1_000 });
      // 100 more, 5 a second (one every 200 ms): the second never fills; the minute has 19 left after them.
      for (let i = 1; i <= 100; i++) expect((await r.take(key, T + i * 200)).allowed, `request ${i + 1}`).to.equal(true);
      const lastAt = T + 100 * 200;
      // In the last second: 5 (at -800, -600, -400, -200, 0 ms) + this one = 6, so 14 left there; the minute: 120 - 102 = 18 left.
      expect(await r.take(key, lastAt + 100)).to.deep.equal({ allowed: true, limit: 20, remaining: 14, retryAfterMs: 0, resetMs: 1_000 });
      for (let i = 0; i < 5; i++) await r.take(key, lastAt + 200 + i);
      // With this one: 11 in the last second (9 left), 108 in the minute (12 left): still the second.
      expect((await r.take(key, lastAt + 300)).limit).to.equal(20);
      // Once that second has passed: 1 in the second (19 left), 109 in the minute (11 left): the minute binds.
      const later = await r.take(key, lastAt + 2_000);
      expect(later).to.deep.equal({ allowed: true, limit: 120, remaining: 11, retryAfterMs: 0, resetMs: 60_000 });
      for (let i = 0; i < 11; i++) expect((await r.take(key, lastAt + 2_500 + i * 60)).allowed).to.equal(true);
      const full = await r.take(key, lastAt + 3_200);
      expect(full.allowed).to.equal(false);
      expect(full.limit).to.equal(120);
      expect(full.remaining).to.equal(0);
      expect(full.retryAfterMs, 'until the first request (at T) leaves the minute').to.equal(T + 60_000 - (lastAt + 3_200));
      expect(full.resetMs, 'until the newest counted (at +2,500 + 600 ms) leaves the minute').to.equal(lastAt + 2_500 + 600 + 60_000 - (lastAt + 3_200));
    });

    it('a refused request is not counted, and a clock that steps back never frees a place', async () => {
      const r = await open();
      const key = unique('back');
      for (let i = 0; i < 20; i++) await r.take(key, T + 10_000);
      for (let i = 0; i < 50; i++) expect((await r.take(key, T + 10_500)).allowed).to.equal(false);
      expect((await r.take(key, T)).allowed).to.equal(false);
      expect((await r.take(key, T + 11_000)).allowed, 'refusals did not push the window on').to.equal(true);
    });
  });
}
