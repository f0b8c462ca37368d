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
      expect(await r.take(key, T + 100)).to.deep.equal({ allowed: false, remaining: 0, retryAfterMs: 900, resetMs: 59_919 });
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
