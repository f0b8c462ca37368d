import { expect } from 'chai';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '../../store/lmdb/index.js';
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
