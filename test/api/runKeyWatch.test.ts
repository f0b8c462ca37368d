/**
 * The run's key re-check (api/engine/runKeyWatch.ts) on the embedded LMDB store with its auth
 * version, as api/server.ts wires it: key, member and company are read once and again only when
 * the version moves or the cache time passes; a revocation, a disabled member, a suspended company
 * are seen at the next check, each answered as a request with the key would be; an expiry is seen
 * from the clock with no read at all.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authVersionFor, versionedStore, AUTH_CACHE_TTL_MS } from '../../api/accounts/authLookup.js';
import { createCompany, createMember, setCompanySuspended, setMemberDisabled } from '../../api/accounts/companies.js';
import { createKey, revokeKey } from '../../api/accounts/keys.js';
import { RunKeyWatch } from '../../api/engine/runKeyWatch.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import type { Store } from '../../store/ports.js';
import type { ApiError } from '../../api/errors.js';

/** `store` with its reads of keys, members and companies by id counted (the version stays reachable). */
function countingReads(store: Store): { store: Store; reads: () => number } {
  let n = 0;
  const counted = <T extends object>(target: T, method: keyof T): T => {
    const wrapped = Object.create(target) as T;
    const f = (target[method] as (...a: unknown[]) => Promise<unknown>).bind(target);
    (wrapped as Record<keyof T, unknown>)[method] = (...a: unknown[]) => {
      n++;
      return f(...a);
    };
    return wrapped;
  };
  const out = Object.create(store) as Store;
  out.keys = counted(store.keys, 'get');
  out.members = counted(store.members, 'get');
  out.companies = counted(store.companies, 'get');
  return { store: out, reads: () => n };
}

/** A refusal's message: a string (401) or the ApiError's (the account's state). */
const message = (r: string | ApiError | null) => (r === null || typeof r === 'string' ? r : r.message);

describe('a run re-checks its key (runKeyWatch.ts)', () => {
  let dir: string;
  let plain: Store;
  let store: Store;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'engcalc-keywatch-'));
    plain = openLmdbStore({ path: dir });
    store = versionedStore(plain, authVersionFor({ redisUrl: null, dataDir: dir }, plain));
  });
  after(async () => {
    await plain.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let accounts = 0;
  async function account(expiry = 'never') {
    accounts++;
    const company = await createCompany(store, { name: `Watch ${accounts}`, apiAccess: true, maxProjects: 1, licences: { integrations: 1 } });
    const member = await createMember(store, { companyId: company.id, email: `watch${accounts}@example.com`, emailVerified: true, permissions: ['runScripts', 'manageApiKeys'] });
    const created = await createKey(store, { memberId: member.id, name: 'runs', scopes: ['engine:run'], expiry, actor: 'operator' });
    return { company, member, keyId: created.key.id, run: { keyId: created.key.id, memberId: member.id, companyId: company.id } };
  }

  it('reads key, member and company once while nothing changes, again after the cache time', async () => {
    const a = await account();
    const counted = countingReads(store);
    let clock = Date.now();
    const watch = new RunKeyWatch(counted.store, a.run, () => clock);
    for (let i = 0; i < 20; i++) {
      expect(await watch.stopped()).to.equal(null);
      clock += 100;
    }
    expect(counted.reads()).to.equal(3);
    clock += AUTH_CACHE_TTL_MS;
    expect(await watch.stopped()).to.equal(null);
    expect(counted.reads()).to.equal(6);
  });

  it('sees a revocation, a disabled member and a suspended company at the next check', async () => {
    const cases: [string, (a: Awaited<ReturnType<typeof account>>) => Promise<unknown>][] = [
      ['This API key has been revoked', (a) => revokeKey(store, a.keyId, null)],
      ['The member who owns this key is disabled', (a) => setMemberDisabled(store, a.member.id, true)],
      ['The company account is suspended', (a) => setCompanySuspended(store, a.company.id, true)],
    ];
    for (const [reason, stop] of cases) {
      const a = await account();
      const counted = countingReads(store);
      const watch = new RunKeyWatch(counted.store, a.run);
      expect(await watch.stopped()).to.equal(null);
      expect(await watch.stopped()).to.equal(null);
      expect(counted.reads(), reason).to.equal(3);
      await stop(a);
      expect(message(await watch.stopped())).to.equal(reason);
      expect(counted.reads(), reason).to.equal(6);
      // A stop is never cached: asked again, it is read again and still stopped.
      expect(message(await watch.stopped())).to.equal(reason);
    }
  });

  it('sees its key expire from the clock, without reading the store again', async () => {
    const a = await account('30d');
    const counted = countingReads(store);
    const record = await store.keys.get(a.keyId);
    const expiresAt = Date.parse(record!.expiresAt!);
    let clock = expiresAt - 1_000;
    const watch = new RunKeyWatch(counted.store, a.run, () => clock);
    expect(await watch.stopped()).to.equal(null);
    clock = expiresAt + 1;
    expect(await watch.stopped()).to.equal(`This API key expired at ${record!.expiresAt}; create a new key in the app`);
    expect(counted.reads()).to.equal(3);
  });

  it('reads everything at every check on a store without an auth version', async () => {
    const a = await account();
    const counted = countingReads(plain);
    const watch = new RunKeyWatch(counted.store, a.run);
    for (let i = 0; i < 3; i++) expect(await watch.stopped()).to.equal(null);
    expect(counted.reads()).to.equal(9);
  });
});
