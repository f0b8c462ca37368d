import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '../../../store/lmdb/index.js';
import { paymentsStoreContract } from './contract.js';

paymentsStoreContract('LMDB', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'engcalc-pay-'));
  const store = openLmdbStore({ path: dir });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
