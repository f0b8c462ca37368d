import { expect } from 'chai';
import { memorySeats } from '../../store/memory/seats.js';
import { memoryRequestLimits } from '../../store/memory/limits.js';
import { governanceContract } from './governanceContract.js';

governanceContract('memory', async ({ seatReleaseMs, limitWindowMs }) => ({ limits: memoryRequestLimits({ windowMs: limitWindowMs }), seats: memorySeats({ releaseMs: seatReleaseMs }) }));

describe('memory seats (store/memory/seats.ts)', () => {
  it('gives one seat per member, refreshes it on each call and releases it 3 minutes after the last call', async () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const seats = memorySeats({ now: () => t });
    expect(await seats.acquire('c', 'econ', 'ann', 1)).to.deep.equal({ ok: true });
    t += 120_000;
    expect(await seats.acquire('c', 'econ', 'ann', 1)).to.deep.equal({ ok: true }); // refresh at 2 min
    t += 179_000; // 2:59 after the refresh
    const refused = await seats.acquire('c', 'econ', 'bob', 1);
    expect(refused).to.deep.equal({ ok: false, holders: [{ member: 'ann', since: '2026-01-01T00:00:00.000Z' }] });
    t += 1_000; // 3:00 after the last refresh: released
    expect(await seats.acquire('c', 'econ', 'bob', 1)).to.deep.equal({ ok: true });
  });

  it('keeps companies and modules apart', async () => {
    const seats = memorySeats();
    expect((await seats.acquire('c1', 'econ', 'ann', 1)).ok).to.equal(true);
    expect((await seats.acquire('c2', 'econ', 'bob', 1)).ok).to.equal(true);
    expect((await seats.acquire('c1', 'gas', 'bob', 1)).ok).to.equal(true);
    expect((await seats.acquire('c1', 'econ', 'bob', 1)).ok).to.equal(false);
  });
});

describe('memory request limits (store/memory/limits.ts)', () => {
  it('allows 120 requests per key per minute, then refuses with the time to wait', async () => {
    const limits = memoryRequestLimits();
    for (let i = 0; i < 120; i++) expect((await limits.consumeKeyRequest('k')).allowed).to.equal(true);
    const refused = await limits.consumeKeyRequest('k');
    expect(refused.allowed).to.equal(false);
    expect(refused.retryAfterMs).to.be.within(1, 60_000);
    expect((await limits.consumeKeyRequest('other')).allowed).to.equal(true);
  });

  it('blocks an address after 20 failed attempts', async () => {
    const limits = memoryRequestLimits();
    for (let i = 0; i < 19; i++) await limits.recordFailedAttempt('a');
    expect((await limits.checkAddress('a')).allowed).to.equal(true);
    await limits.recordFailedAttempt('a');
    expect((await limits.checkAddress('a')).allowed).to.equal(false);
    expect((await limits.checkAddress('b')).allowed).to.equal(true);
  });
});
