/**
 * Engineering Idempotency-Key (batch and run creation, api/engine/idempotency.ts) while the first
 * request is still being answered: 409 idempotency_key_in_use with Retry-After, as the README's
 * error table says and as payments answers. Found by a README walkthrough: the engineering 409
 * carried no Retry-After. The store is real LMDB in a temp dir; the first request's work is held
 * open by the test (an event, not a wall-clock margin).
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '../../api/errors.js';
import { engineOperation, idempotent } from '../../api/engine/idempotency.js';
import type { AuthContext } from '../../api/state.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import type { Store } from '../../store/ports.js';

describe('engineering Idempotency-Key while the first request runs', () => {
  let dir: string;
  let store: Store;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'engcalc-idem-'));
    store = openLmdbStore({ path: dir });
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 409 idempotency_key_in_use with Retry-After: 1, then the first answer once it is settled', async () => {
    const auth = { member: { id: 'mem_idem' } } as unknown as AuthContext;
    const op = engineOperation('pvt.zFactor', 'batch');
    const body = { items: [{ input: { ppr: 2, tpr: 1.5 } }] };
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const first = idempotent(store.runs, auth, op, 'k-1', body, async () => {
      await held;
      return { status: 200, body: { ok: 1 } };
    });
    // The first request's claim of the key is written before the second asks (one store, in order).
    const refused = await idempotent(store.runs, auth, op, 'k-1', body, async () => ({ status: 200, body: { ok: 2 } })).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).to.be.instanceOf(ApiError);
    const err = refused as ApiError;
    expect(err.code).to.equal('idempotency_key_in_use');
    expect(err.status).to.equal(409);
    expect(err.headers['Retry-After']).to.equal('1');
    finish();
    expect(await first).to.deep.include({ status: 200, body: { ok: 1 } });
    const replay = await idempotent(store.runs, auth, op, 'k-1', body, async () => ({ status: 200, body: { ok: 3 } }));
    expect(replay).to.deep.include({ status: 200, body: { ok: 1 }, replayed: true });
  });
});
