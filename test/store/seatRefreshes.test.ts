/**
 * store/seatRefreshes.ts over the real in-memory seats: a seat refreshed within the window is
 * answered without the store; a refusal is never kept; after the window the store decides again.
 */
import { expect } from 'chai';
import type { Seats } from '../../store/governance.js';
import { memorySeats } from '../../store/memory/seats.js';
import { withRecentRefreshes } from '../../store/seatRefreshes.js';

/** The real memory seats, counting the calls that reach them. */
function counted(seats: Seats): Seats & { calls: number } {
  const c = {
    calls: 0,
    acquire: (...args: Parameters<Seats['acquire']>) => {
      c.calls++;
      return seats.acquire(...args);
    },
    holders: seats.holders.bind(seats),
  };
  return c;
}

describe('seat refreshes kept for a second (store/seatRefreshes.ts)', () => {
  let t = 1_000_000;
  const now = () => t;

  it('answers a seat refreshed within the last second without the store, and asks it again after', async () => {
    const store = counted(memorySeats({ now }));
    const seats = withRecentRefreshes(store, { now });
    expect(await seats.acquire('c1', 'integrations', 'm1', 1)).to.deep.equal({ ok: true });
    t += 999;
    expect(await seats.acquire('c1', 'integrations', 'm1', 1)).to.deep.equal({ ok: true });
    expect(store.calls).to.equal(1);
    t += 1;
    expect(await seats.acquire('c1', 'integrations', 'm1', 1)).to.deep.equal({ ok: true });
    expect(store.calls).to.equal(2);
    // Another member, module or company is its own entry.
    expect(await seats.acquire('c1', 'integrations', 'm2', 1)).to.deep.include({ ok: false });
    expect(await seats.acquire('c1', 'integrations', 'm2', 1)).to.deep.include({ ok: false });
    expect(store.calls).to.equal(4); // refusals always ask the store
    expect(await seats.acquire('c1', 'eos', 'm2', 1)).to.deep.equal({ ok: true });
    expect(store.calls).to.equal(5);
  });

  it('keeps the window far below the release time: with a 5 s release it is 50 ms', async () => {
    const store = counted(memorySeats({ now, releaseMs: 5_000 }));
    const seats = withRecentRefreshes(store, { now, releaseMs: 5_000 });
    await seats.acquire('c1', 'integrations', 'm1', 1);
    t += 49;
    await seats.acquire('c1', 'integrations', 'm1', 1);
    expect(store.calls).to.equal(1);
    t += 1;
    await seats.acquire('c1', 'integrations', 'm1', 1);
    expect(store.calls).to.equal(2);
  });

  it('never holds a seat past its release: a member idle for the release time is refused when it is full', async () => {
    const store = counted(memorySeats({ now, releaseMs: 5_000 }));
    const seats = withRecentRefreshes(store, { now, releaseMs: 5_000 });
    await seats.acquire('c1', 'integrations', 'm1', 1);
    t += 5_000; // m1's seat is free
    expect(await seats.acquire('c1', 'integrations', 'm2', 1)).to.deep.equal({ ok: true });
    expect(await seats.acquire('c1', 'integrations', 'm1', 1)).to.deep.include({ ok: false });
  });
});
