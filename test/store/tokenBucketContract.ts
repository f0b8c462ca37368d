/**
 * The token bucket contract (store/governance.ts TokenBuckets): memory and Redis answer alike.
 * Time is passed in, so every number here is exact: capacity 20, refill 2 per second.
 */
import { expect } from 'chai';
import type { TokenBuckets } from '../../store/governance.js';

export function tokenBucketContract(name: string, open: () => Promise<TokenBuckets>, unique: (label: string) => string = (l) => l): void {
  describe(`token bucket contract: ${name}`, () => {
    const T = 1_767_225_600_000;

    it('allows a burst of 20 at one instant, refuses the 21st with the time until a token is back', async () => {
      const b = await open();
      const key = unique('burst');
      for (let i = 0; i < 20; i++) {
        const d = await b.take(key, T);
        expect(d.allowed, `request ${i + 1}`).to.equal(true);
        expect(d.remaining).to.equal(19 - i);
      }
      expect(await b.take(key, T)).to.deep.equal({ allowed: false, remaining: 0, retryAfterMs: 500, resetMs: 10_000 });
      expect((await b.take(unique('other'), T)).allowed, 'other keys are apart').to.equal(true);
    });

    it('refills 2 tokens per second (120 per minute sustained) up to the capacity', async () => {
      const b = await open();
      const key = unique('refill');
      for (let i = 0; i < 20; i++) await b.take(key, T);
      expect((await b.take(key, T + 499)).allowed).to.equal(false);
      expect((await b.take(key, T + 500)).allowed, 'one token after 500 ms').to.equal(true);
      expect((await b.take(key, T + 500)).allowed).to.equal(false);
      // A minute later: full again (never more than 20), then 120 more over the next minute.
      let allowed = 0;
      for (let ms = 0; ms < 60_000; ms += 100) if ((await b.take(key, T + 60_500 + ms)).allowed) allowed++;
      expect(allowed).to.equal(20 + 119); // the full bucket, then one token every 500 ms after the first
    });

    it('a clock that steps back never adds tokens', async () => {
      const b = await open();
      const key = unique('back');
      for (let i = 0; i < 20; i++) await b.take(key, T + 10_000);
      expect((await b.take(key, T)).allowed).to.equal(false);
      expect((await b.take(key, T + 10_000)).allowed).to.equal(false);
      expect((await b.take(key, T + 10_500)).allowed).to.equal(true);
    });
  });
}
