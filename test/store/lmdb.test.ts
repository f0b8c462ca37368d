import { expect } from 'chai';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '../../store/lmdb/index.js';
import { INVITATION_KEPT_MS } from '../../store/model.js';
import { storeContract } from './contract.js';
import { runStoreContract } from './runsContract.js';

const openLmdb = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'engcalc.lmdb-')); // a dot in the name: still a directory
  const store = openLmdbStore({ path: dir });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
storeContract('LMDB', openLmdb);
runStoreContract('LMDB', openLmdb);

describe('LMDB app store: invitations are forgotten INVITATION_KEPT_MS after they expire', () => {
  it('creating an invitation removes those expired longer ago than that, used or not, and keeps the rest', async () => {
    const { store, cleanup } = await openLmdb();
    try {
      const ann = { kind: 'member' as const, id: 'm1' };
      const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
      // One person each: a newer invitation of the same person would supersede an older one.
      const inv = (tokenHash: string, createdMs: number, expiresMs: number) => ({ tokenHash, email: `${tokenHash}@x.com`, subject: { ...ann, id: tokenHash }, createdAt: at(createdMs), expiresAt: at(expiresMs), usedAt: null });
      const hour = 3_600_000;
      await store.app.createInvitation(inv('old-used', 0, hour));
      await store.app.createInvitation(inv('old-unused', 0, hour));
      await store.app.createInvitation(inv('recent', 0, INVITATION_KEPT_MS));
      expect((await store.app.consumeInvitation('old-used', at(1))).status).to.equal('consumed');
      const now = hour + INVITATION_KEPT_MS + 1;
      await store.app.createInvitation(inv('new', now, now + hour));
      expect((await store.app.consumeInvitation('old-used', at(now))).status, 'used, and forgotten').to.equal('not_found');
      expect((await store.app.consumeInvitation('old-unused', at(now))).status, 'expired, and forgotten').to.equal('not_found');
      expect((await store.app.consumeInvitation('recent', at(now))).status, 'expired within the keeping time').to.equal('expired');
      expect((await store.app.consumeInvitation('new', at(now))).status).to.equal('consumed');
    } finally {
      await cleanup();
    }
  });
});

describe('LMDB app store: sign-in guards are dropped once they expire', () => {
  it('counting an attempt removes expired guards (a bounded number each time) and keeps the live ones', async () => {
    const { store, cleanup } = await openLmdb();
    try {
      const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
      const fail = (key: string, m: number) => store.app.reserveSignInAttempt(key, 10, t(m + 15), t(m), t(m - 15), t(m + 15));
      for (let i = 0; i < 40; i++) await fail(`old-${i}`, 0);
      await fail('live', 10);
      for (let i = 0; i < 10; i++) await fail('locked', 5);
      expect((await store.app.getSignInGuard('locked'))!.lockedUntil).to.equal(t(20));
      await fail('now', 16); // past the old ones' expiry (minute 15), within the others'
      await fail('now', 16);
      for (let i = 0; i < 40; i++) expect(await store.app.getSignInGuard(`old-${i}`), `old-${i}`).to.equal(undefined);
      expect((await store.app.getSignInGuard('live'))!.failures).to.equal(1);
      expect((await store.app.getSignInGuard('locked'))!.lockedUntil).to.equal(t(20));
      await fail('later', 21); // the lock is over and its failures forgotten
      expect(await store.app.getSignInGuard('locked')).to.equal(undefined);
    } finally {
      await cleanup();
    }
  });
});

describe('LMDB files', () => {
  const modeOf = (p: string) => statSync(p).mode & 0o777;

  it('are readable by their owner only: a new DATA_DIR is 0700, data.mdb and lock.mdb 0600', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'engcalc-perm-'));
    const dir = join(parent, 'data');
    const store = openLmdbStore({ path: dir });
    try {
      await store.meta.setIfAbsent('x', 1);
      expect(modeOf(dir)).to.equal(0o700);
      expect(modeOf(join(dir, 'data.mdb'))).to.equal(0o600);
      expect(modeOf(join(dir, 'lock.mdb'))).to.equal(0o600);
    } finally {
      await store.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('a backup is owner-only too (0600), also in a directory that was not (it holds the same key hashes and secrets)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'engcalc-perm-'));
    const store = openLmdbStore({ path: join(parent, 'data') });
    const umaskNow = () => {
      const m = process.umask(0o022);
      process.umask(m);
      return m;
    };
    const before = umaskNow();
    try {
      await store.meta.setIfAbsent('x', 1);
      for (const compact of [false, true]) {
        const target = join(parent, `backup-${compact}`);
        mkdirSync(target, { mode: 0o755 });
        await store.backup!(target, { compact });
        expect(modeOf(join(target, 'data.mdb')), `compact ${compact}`).to.equal(0o600);
      }
      expect(umaskNow(), 'the umask is given back').to.equal(before);
    } finally {
      await store.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('files an older release left group- or world-readable are made 0600 when opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engcalc-perm-'));
    const first = openLmdbStore({ path: dir });
    await first.meta.setIfAbsent('x', 1);
    await first.close();
    chmodSync(join(dir, 'data.mdb'), 0o644);
    const second = openLmdbStore({ path: dir });
    try {
      expect(modeOf(join(dir, 'data.mdb'))).to.equal(0o600);
      expect(await second.meta.get('x')).to.equal(1);
    } finally {
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
