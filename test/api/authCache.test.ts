/**
 * The key lookup cache of authentication (api/accounts/authLookup.ts): a busy key costs no store
 * reads, and a change to its key, member or company is seen by the very next request: on one
 * embedded node (its own writes, and the admin CLI's on the same DATA_DIR) and across two web
 * processes sharing Redis (a revocation by the admin CLI, with REDIS_URL, bumps the version both
 * nodes check).
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AuthLookup, authVersionFor, localAuthVersion, versionedStore } from '../../api/accounts/authLookup.js';
import { hashKey } from '../../api/accounts/keyValue.js';
import { revokeKey } from '../../api/accounts/keys.js';
import { setMemberDisabled } from '../../api/accounts/companies.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import type { Store } from '../../store/ports.js';
import type { RunningServer } from '../../api/server.js';
import { Redis } from 'ioredis';
import { redisOrSkip, type RedisServer } from '../support/redis.js';
import { runNode, spawnServer, type Spawned } from '../support/processes.js';
import { REPO_ROOT } from '../support/paths.js';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';

/** The store with its reads of keys, members and companies counted (the real LMDB store underneath). */
function countingReads(store: Store): { store: Store; reads: () => number } {
  let n = 0;
  const count =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    (...a: A) => {
      n++;
      return f(...a);
    };
  const keys = Object.create(store.keys) as Store['keys'];
  keys.findByHash = count(store.keys.findByHash.bind(store.keys));
  const members = Object.create(store.members) as Store['members'];
  members.get = count(store.members.get.bind(store.members));
  const companies = Object.create(store.companies) as Store['companies'];
  companies.get = count(store.companies.get.bind(store.companies));
  const counted = Object.create(store) as Store;
  counted.keys = keys;
  counted.members = members;
  counted.companies = companies;
  return { store: counted, reads: () => n };
}

describe('key lookup cache (authLookup.ts)', () => {
  describe('on one node', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(async () => server.stop());

    it('reads key, member and company once, then answers from the cache until the TTL ends', async () => {
      const acct = await createAccount(server);
      const counted = countingReads(server.store);
      let clock = 1_000_000;
      const lookup = new AuthLookup(versionedStore(counted.store, localAuthVersion()), 5_000, () => clock);
      const hash = hashKey(acct.key);
      const first = await lookup.find(hash);
      expect(first?.key.id).to.equal(acct.keyId);
      expect(first?.member?.id).to.equal(acct.member.id);
      expect(first?.company?.id).to.equal(acct.company.id);
      expect(counted.reads()).to.equal(3);
      for (let i = 0; i < 10; i++) expect((await lookup.find(hash))?.key.id).to.equal(acct.keyId);
      expect(counted.reads()).to.equal(3);
      clock += 5_001;
      await lookup.find(hash);
      expect(counted.reads()).to.equal(6);
    });

    it('caches no unknown key, so a key created after a miss works at once', async () => {
      const acct = await createAccount(server);
      const counted = countingReads(server.store);
      const lookup = new AuthLookup(versionedStore(counted.store, localAuthVersion()));
      expect(await lookup.find(hashKey('eng_' + 'B'.repeat(43)))).to.equal(undefined);
      expect(await lookup.find(hashKey('eng_' + 'B'.repeat(43)))).to.equal(undefined);
      expect(counted.reads()).to.equal(2);
      expect((await lookup.find(hashKey(acct.key)))?.key.id).to.equal(acct.keyId);
    });

    it('a write through the versioned store (revoke, member or company update) is seen by the next lookup', async () => {
      const acct = await createAccount(server);
      const version = localAuthVersion();
      const store = versionedStore(server.store, version);
      const lookup = new AuthLookup(store);
      const hash = hashKey(acct.key);
      await lookup.find(hash);
      await store.companies.update(acct.company.id, { suspended: true });
      expect((await lookup.find(hash))?.company?.suspended).to.equal(true);
      await setMemberDisabled(store, acct.member.id, true);
      expect((await lookup.find(hash))?.member?.disabled).to.equal(true);
      await revokeKey(store, acct.keyId, acct.member.id);
      expect((await lookup.find(hash))?.key.revokedAt).to.be.a('string');
    });

    it('over HTTP: a busy key is 200, then 401 on the very next call after its revocation, and 403 right after its member is disabled', async () => {
      const a = await createAccount(server);
      for (let i = 0; i < 5; i++) expect((await call(server.url, '/v1/me', { key: a.key, address: freshAddress() })).status).to.equal(200);
      await revokeKey(server.store, a.keyId, a.member.id);
      const revoked = await call(server.url, '/v1/me', { key: a.key, address: freshAddress() });
      expect(revoked.status).to.equal(401);
      expect(revoked.body.error.message).to.match(/revoked/);

      const b = await createAccount(server);
      for (let i = 0; i < 5; i++) expect((await call(server.url, '/v1/me', { key: b.key, address: freshAddress() })).status).to.equal(200);
      await setMemberDisabled(server.store, b.member.id, true);
      const disabled = await call(server.url, '/v1/me', { key: b.key, address: freshAddress() });
      expect(disabled.status).to.equal(403);
      expect(disabled.body.error.code).to.equal('forbidden');
    });
  });

  describe('embedded (no Redis): a web process and the admin CLI on one DATA_DIR', function () {
    this.timeout(60_000);
    let dataDir: string;
    let store: Store;
    let node: Spawned;
    let url: string;
    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'engcalc-authcache-embedded-'));
      store = openLmdbStore({ path: dataDir });
      node = spawnServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', LOG_LEVEL: 'info', ENGINE_THREADS: '1', SEED_DEMO: 'false' });
      url = await node.ready;
    });
    after(async () => {
      await node?.stop();
      await store?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('a key revoked and a member disabled by the admin CLI take effect on the very next call of the running node', async () => {
      const a = await createAccount({ store } as unknown as RunningServer);
      for (let i = 0; i < 3; i++) expect((await call(url, '/v1/me', { key: a.key, address: freshAddress() })).status).to.equal(200);
      const revoke = await runNode('scripts/admin.js', ['key', 'revoke', a.keyId], { DATA_DIR: dataDir });
      expect(revoke.code, revoke.stderr).to.equal(0);
      expect((await call(url, '/v1/me', { key: a.key, address: freshAddress() })).status).to.equal(401);

      const b = await createAccount({ store } as unknown as RunningServer);
      expect((await call(url, '/v1/me', { key: b.key, address: freshAddress() })).status).to.equal(200);
      expect((await runNode('scripts/admin.js', ['member', 'disable', b.member.id], { DATA_DIR: dataDir })).code).to.equal(0);
      expect((await call(url, '/v1/me', { key: b.key, address: freshAddress() })).body.error?.code).to.equal('forbidden');
    });
  });

  describe('embedded (no Redis): a lookup in the instant after the admin CLI commits', function () {
    this.timeout(60_000);
    let dataDir: string;
    let store: Store;
    before(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'engcalc-authcache-snapshot-'));
      store = openLmdbStore({ path: dataDir });
    });
    after(async () => {
      await store?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it("reads the CLI's revocation even though this process's read snapshot was taken before it (no timer turn in between)", async () => {
      const a = await createAccount({ store } as unknown as RunningServer);
      const lookup = new AuthLookup(versionedStore(store, authVersionFor({ redisUrl: null, dataDir }, store)));
      const hash = hashKey(a.key);
      expect((await lookup.find(hash))?.key.revokedAt).to.not.be.a('string');
      // A read now holds lmdb-js's snapshot (renewed only on a later timer turn); the CLI runs
      // synchronously, so no turn passes before the next lookup.
      expect((await store.keys.findByHash(hash))?.id).to.equal(a.keyId);
      execFileSync(process.execPath, [resolve(REPO_ROOT, 'dist', 'scripts/admin.js'), 'key', 'revoke', a.keyId], { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' });
      expect((await lookup.find(hash))?.key.revokedAt).to.be.a('string');
    });
  });

  describe('across two web processes sharing Redis', function () {
    this.timeout(60_000);
    let redis: RedisServer;
    let dataDir: string;
    let store: Store;
    let nodeA: Spawned;
    let nodeB: Spawned;
    let urls: string[];
    let env: Record<string, string>;

    before(async function () {
      redis = await redisOrSkip(this);
      dataDir = mkdtempSync(join(tmpdir(), 'engcalc-authcache-'));
      env = {
        DATA_DIR: dataDir, REDIS_URL: redis.url, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', LOG_LEVEL: 'info',
        ENGINE_THREADS: '1', SEED_DEMO: 'false', WORKER_IN_PROCESS: 'false',
      };
      store = openLmdbStore({ path: dataDir });
      nodeA = spawnServer(env);
      nodeB = spawnServer(env);
      urls = await Promise.all([nodeA.ready, nodeB.ready]);
    });

    after(async () => {
      await Promise.all([nodeA?.stop(), nodeB?.stop()]);
      await store?.close();
      await redis?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('a key revoked by the admin CLI (REDIS_URL set) is 401 on the very next call on both nodes, which had it cached', async () => {
      const acct = await createAccount({ store } as unknown as RunningServer);
      for (const url of urls) for (let i = 0; i < 3; i++) expect((await call(url, '/v1/me', { key: acct.key, address: freshAddress() })).status, url).to.equal(200);
      const r = await runNode('scripts/admin.js', ['key', 'revoke', acct.keyId], { DATA_DIR: dataDir, REDIS_URL: redis.url });
      expect(r.code, r.stderr).to.equal(0);
      for (const url of urls) {
        const res = await call(url, '/v1/me', { key: acct.key, address: freshAddress() });
        expect(res.status, url).to.equal(401);
        expect(res.body.error.message).to.match(/revoked/);
      }
    });

    it('a cached key costs one Redis script a request (address check, auth version and key count together), and its count is the shared one', async () => {
      const acct = await createAccount({ store } as unknown as RunningServer);
      const address = freshAddress();
      for (const url of urls) expect((await call(url, '/v1/me', { key: acct.key, address })).status).to.equal(200); // cached on both
      const inspect = new Redis(redis.url);
      try {
        const scripts = async () => {
          const info = await inspect.info('commandstats');
          const calls = (name: string) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(info)?.[1] ?? 0);
          return calls('evalsha') + calls('eval');
        };
        const before = await scripts();
        for (let i = 0; i < 10; i++) expect((await call(urls[i % 2]!, '/v1/me', { key: acct.key, address })).status).to.equal(200);
        const after = await scripts();
        // Ten scripts (the step-by-step path sends twenty, and ten GETs of the version beside), plus
        // at most a few from the nodes' own timers (ticket sweeps) and a seat refresh if a second passed.
        expect(after - before).to.be.within(10, 16);
        expect(await inspect.llen(`engcalc:rl:keylog:${acct.keyId}`)).to.equal(12); // both nodes count in one window
      } finally {
        inspect.disconnect();
      }
    });

    it('a company suspended by the admin CLI is 403 tenant_suspended on the next call on both nodes, and works again once lifted', async () => {
      const acct = await createAccount({ store } as unknown as RunningServer);
      for (const url of urls) expect((await call(url, '/v1/me', { key: acct.key, address: freshAddress() })).status).to.equal(200);
      expect((await runNode('scripts/admin.js', ['company', 'suspend', acct.company.id], { DATA_DIR: dataDir, REDIS_URL: redis.url })).code).to.equal(0);
      for (const url of urls) expect((await call(url, '/v1/me', { key: acct.key, address: freshAddress() })).body.error?.code, url).to.equal('tenant_suspended');
      expect((await runNode('scripts/admin.js', ['company', 'unsuspend', acct.company.id], { DATA_DIR: dataDir, REDIS_URL: redis.url })).code).to.equal(0);
      for (const url of urls) expect((await call(url, '/v1/me', { key: acct.key, address: freshAddress() })).status, url).to.equal(200);
    });
  });
});
