/**
 * The store contract: every adapter (LMDB now, MongoDB when MONGODB_URL is set) must pass it.
 * `open` returns a fresh, empty store; `cleanup` removes it.
 */
import { expect } from 'chai';
import type { Store, VersionSaveOutcome } from '../../store/ports.js';
import { StoreConflict } from '../../store/ports.js';
import { DEFAULT_VERSION_LIMITS, INVITATION_KEPT_MS, type ApiKeyRecord, type Company, type Member } from '../../store/model.js';

export function storeContract(name: string, open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>): void {
  describe(`store contract: ${name}`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => cleanup());

    const company = (id: string): Company => ({ id, name: id, plan: { apiAccess: true, maxProjects: 5 }, licences: { integrations: 1 }, suspended: false, createdAt: new Date().toISOString() });
    const member = (id: string, companyId: string, email = `${id}@x.com`): Member => ({ id, companyId, email, emailVerified: true, disabled: false, permissions: ['manageApiKeys'], createdAt: new Date().toISOString() });
    const key = (id: string, memberId: string, companyId: string, extra: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
      id, companyId, memberId, name: id, prefix: 'eng_abcdef', hash: `hash-${id}`, scopes: ['engine:run'], expiry: 'never', expiresAt: null,
      createdAt: new Date().toISOString(), revokedAt: null, revokedBy: null, lastUsedAt: null, lastUseAuditedAt: null, ...extra,
    });

    it('a lookup by an id far longer than any stored one (5,000 characters) finds nothing, without an error', async () => {
      const long = 'x'.repeat(5_000);
      await store.companies.create(company('c1'));
      expect(await store.companies.get(long)).to.equal(undefined);
      expect(await store.members.get(long)).to.equal(undefined);
      expect(await store.keys.findByHash(long)).to.equal(undefined);
      expect(await store.projects.get('c1', long)).to.equal(undefined);
      expect(await store.runs.get('c1', long, Date.now())).to.equal(undefined);
      expect(await store.app.getLogin(`${long}@x.com`)).to.equal(undefined);
      expect(await store.payments.objects.get('payin', { merchantId: long, environment: 'sandbox' }, long)).to.equal(undefined);
      expect(await store.payments.merchants.get(long)).to.equal(undefined);
    });

    it('creates, reads and updates companies; a duplicate id conflicts', async () => {
      await store.companies.create(company('c1'));
      expect((await store.companies.get('c1'))?.name).to.equal('c1');
      expect(await store.companies.count()).to.equal(1);
      const updated = await store.companies.update('c1', { suspended: true });
      expect(updated?.suspended).to.equal(true);
      expect((await store.companies.get('c1'))?.suspended).to.equal(true);
      expect(await store.companies.update('nope', { suspended: true })).to.equal(undefined);
      let err: unknown;
      await store.companies.create(company('c1')).catch((e) => (err = e));
      expect(err).to.be.instanceOf(StoreConflict);
    });

    it('keeps member emails unique within a company (case-insensitive), not across companies', async () => {
      await store.companies.create(company('c1'));
      await store.companies.create(company('c2'));
      await store.members.create(member('m1', 'c1', 'Ann@x.com'));
      let err: unknown;
      await store.members.create(member('m2', 'c1', 'ann@X.com')).catch((e) => (err = e));
      expect(err).to.be.instanceOf(StoreConflict);
      await store.members.create(member('m3', 'c2', 'ann@x.com'));
      expect((await store.members.listByCompany('c1')).map((m) => m.id)).to.deep.equal(['m1']);
    });

    it('keeps an enabled Manage team holder in a company: two managers removing each other at once, one is kept; the last one cannot be removed', async () => {
      await store.companies.create(company('c1'));
      const manager = (id: string, extra: Partial<Member> = {}) => ({ ...member(id, 'c1'), permissions: ['manageTeam', 'manageApiKeys'] as Member['permissions'], ...extra });
      await store.members.create(manager('m1'));
      await store.members.create(manager('m2'));
      await store.members.create(manager('m3', { disabled: true })); // a disabled holder does not count
      const both = await Promise.all([store.members.setPermissions('m1', ['manageApiKeys']), store.members.setPermissions('m2', ['manageApiKeys'])]);
      const holders = (await store.members.listByCompany('c1')).filter((m) => !m.disabled && m.permissions.includes('manageTeam'));
      expect(holders.length, JSON.stringify(both)).to.be.at.least(1);
      expect(both.filter((r) => 'refused' in r && r.refused === 'last_manager').length).to.be.at.least(1);
      const last = holders[0]!.id;
      expect(await store.members.setPermissions(last, [])).to.deep.equal({ refused: 'last_manager' });
      expect((await store.members.get(last))!.permissions).to.include('manageTeam');
      const other = last === 'm1' ? 'm2' : 'm1';
      const given = await store.members.setPermissions(other, ['manageTeam']);
      expect('member' in given && given.member.permissions).to.deep.equal(['manageTeam']);
      expect(await store.members.setPermissions('nobody', ['manageTeam'])).to.deep.equal({ refused: 'not_found' });
    });

    it('finds keys by hash only, lists them per company and member', async () => {
      await store.companies.create(company('c1'));
      await store.members.create(member('m1', 'c1'));
      expect(await store.keys.insertIfUnderLimit(key('k1', 'm1', 'c1'), 25, new Date())).to.equal(true);
      expect((await store.keys.findByHash('hash-k1'))?.id).to.equal('k1');
      expect(await store.keys.findByHash('hash-zz')).to.equal(undefined);
      expect((await store.keys.listByCompany('c1')).map((k) => k.id)).to.deep.equal(['k1']);
      expect((await store.keys.listByMember('m1')).map((k) => k.id)).to.deep.equal(['k1']);
      expect(await store.keys.listByCompany('c2')).to.deep.equal([]);
    });

    it('refuses a key over the active limit atomically, even under concurrent inserts', async () => {
      await store.companies.create(company('c1'));
      await store.members.create(member('m1', 'c1'));
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => store.keys.insertIfUnderLimit(key(`k${i}`, 'm1', 'c1'), 5, new Date())));
      expect(results.filter(Boolean)).to.have.length(5);
      expect(await store.keys.listByMember('m1')).to.have.length(5);
    });

    it('does not count revoked or expired keys toward the active limit', async () => {
      await store.companies.create(company('c1'));
      await store.members.create(member('m1', 'c1'));
      await store.keys.insertIfUnderLimit(key('k1', 'm1', 'c1', { revokedAt: new Date().toISOString() }), 2, new Date());
      await store.keys.insertIfUnderLimit(key('k2', 'm1', 'c1', { expiresAt: new Date(Date.now() - 1000).toISOString() }), 2, new Date());
      expect(await store.keys.insertIfUnderLimit(key('k3', 'm1', 'c1'), 2, new Date())).to.equal(true);
      expect(await store.keys.insertIfUnderLimit(key('k4', 'm1', 'c1'), 2, new Date())).to.equal(true);
      expect(await store.keys.insertIfUnderLimit(key('k5', 'm1', 'c1'), 2, new Date())).to.equal(false);
    });

    it('revokes once and records use times', async () => {
      await store.companies.create(company('c1'));
      await store.members.create(member('m1', 'c1'));
      await store.keys.insertIfUnderLimit(key('k1', 'm1', 'c1'), 25, new Date());
      const first = await store.keys.revoke('k1', '2026-01-01T00:00:00.000Z', 'm1');
      expect(first?.changed).to.equal(true);
      const second = await store.keys.revoke('k1', '2026-02-01T00:00:00.000Z', 'm1');
      expect(second?.changed).to.equal(false);
      expect(second?.record.revokedAt).to.equal('2026-01-01T00:00:00.000Z');
      await store.keys.touch('k1', { lastUsedAt: '2026-03-01T00:00:00.000Z' });
      const k = await store.keys.get('k1');
      expect(k?.lastUsedAt).to.equal('2026-03-01T00:00:00.000Z');
      expect(k?.lastUseAuditedAt).to.equal(null);
    });

    it('claims a key-use audit at most once per interval, atomically', async () => {
      await store.companies.create(company('c1'));
      await store.members.create(member('m1', 'c1'));
      await store.keys.insertIfUnderLimit(key('k1', 'm1', 'c1'), 25, new Date());
      const hour = 3_600_000;
      const claims = await Promise.all(Array.from({ length: 10 }, () => store.keys.claimUseAudit('k1', '2026-01-01T00:00:00.000Z', hour)));
      expect(claims.filter(Boolean)).to.have.length(1);
      expect(await store.keys.claimUseAudit('k1', '2026-01-01T00:59:59.999Z', hour)).to.equal(false);
      expect(await store.keys.claimUseAudit('k1', '2026-01-01T01:00:00.000Z', hour)).to.equal(true);
      expect((await store.keys.get('k1'))?.lastUseAuditedAt).to.equal('2026-01-01T01:00:00.000Z');
      expect(await store.keys.claimUseAudit('missing', '2026-01-01T00:00:00.000Z', hour)).to.equal(false);
    });

    it('lists audit entries per company, newest first', async () => {
      for (const [i, at] of ['2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.000Z', '2026-01-02T00:00:00.000Z'].entries()) {
        await store.audit.append({ id: `a${i}`, companyId: 'c1', at, actor: 'm1', action: 'key.used', details: {} });
      }
      await store.audit.append({ id: 'other', companyId: 'c2', at: '2026-01-05T00:00:00.000Z', actor: 'm9', action: 'key.used', details: {} });
      expect((await store.audit.list('c1')).map((e) => e.at)).to.deep.equal(['2026-01-03T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
      expect(await store.audit.list('c1', { limit: 1 })).to.have.length(1);
    });

    it('sets a meta marker only once', async () => {
      expect(await store.meta.setIfAbsent('demo', 1)).to.equal(true);
      expect(await store.meta.setIfAbsent('demo', 2)).to.equal(false);
      expect(await store.meta.get('demo')).to.equal(1);
    });

    describe('projects', () => {
      const LIMITS = DEFAULT_VERSION_LIMITS;
      const saved = async (p: Promise<VersionSaveOutcome | undefined>) => {
        const o = await p;
        if (o?.status !== 'saved') throw new Error(`expected a saved version, got ${JSON.stringify(o)}`);
        return o.version;
      };
      const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
      const put = (c: string, id: string, data: Record<string, unknown>, max = 10, n = 0) => store.projects.put(c, id, { name: `P ${id}`, data, by: 'm1', at: at(n) }, max);

      it('creates then replaces, keeping createdAt and counting revisions', async () => {
        const first = await put('c1', 'p1', { a: 1 }, 10, 1);
        expect(first.status).to.equal('created');
        const second = await put('c1', 'p1', { a: 2 }, 10, 2);
        expect(second.status).to.equal('replaced');
        if (second.status !== 'replaced') return;
        expect(second.project).to.include({ revision: 2, createdAt: at(1), updatedAt: at(2), versionCount: 0 });
        expect((await store.projects.get('c1', 'p1'))?.data).to.deep.equal({ a: 2 });
      });

      it('writes only what `allow` permits, decided against what it holds at the write: a refused put writes nothing', async () => {
        const only = (create: boolean, replace: boolean) => ({ create, replace });
        const as = (id: string, data: Record<string, unknown>, allow: { create: boolean; replace: boolean }) => store.projects.put('c1', id, { name: `P ${id}`, data, by: 'm2', at: at(5) }, 10, allow);
        expect(await as('q1', { a: 1 }, only(false, true))).to.deep.equal({ status: 'not_allowed', wouldHave: 'created' });
        expect(await store.projects.get('c1', 'q1')).to.equal(undefined);
        expect((await as('q1', { a: 1 }, only(true, false))).status).to.equal('created');
        expect(await as('q1', { a: 2 }, only(true, false))).to.deep.equal({ status: 'not_allowed', wouldHave: 'replaced' });
        expect((await store.projects.get('c1', 'q1'))?.data).to.deep.equal({ a: 1 });
        expect((await store.projects.get('c1', 'q1'))?.revision).to.equal(1);
        expect((await as('q1', { a: 3 }, only(false, true))).status).to.equal('replaced');
        expect(await as('q1', { a: 4 }, only(false, false))).to.deep.equal({ status: 'not_allowed', wouldHave: 'replaced' });
        expect((await store.projects.get('c1', 'q1'))?.data).to.deep.equal({ a: 3 });
        // Twelve creators at once, none allowed to replace: exactly one creates, the rest write nothing.
        const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => as('q2', { writer: i }, only(true, false))));
        expect(outcomes.filter((o) => o.status === 'created')).to.have.length(1);
        expect(outcomes.filter((o) => o.status === 'not_allowed')).to.have.length(11);
        const winner = outcomes.findIndex((o) => o.status === 'created');
        expect(await store.projects.get('c1', 'q2')).to.include({ revision: 1 });
        expect((await store.projects.get('c1', 'q2'))?.data).to.deep.equal({ writer: winner });
      });

      it('keeps companies apart', async () => {
        await put('c1', 'p1', { owner: 'c1' });
        expect(await store.projects.get('c2', 'p1')).to.equal(undefined);
        expect(await store.projects.list('c2', { limit: 10 })).to.deep.equal([]);
        expect(await store.projects.delete('c2', 'p1')).to.equal('not_found');
        expect(await store.projects.saveVersion('c2', 'p1', { label: 'x', by: 'm', at: at(0) }, LIMITS)).to.equal(undefined);
        expect(await store.projects.listVersions('c2', 'p1')).to.equal(undefined);
        expect((await store.projects.get('c1', 'p1'))?.data).to.deep.equal({ owner: 'c1' });
      });

      it('refuses a creation at the project limit but still replaces', async () => {
        await put('c1', 'a', {}, 2);
        await put('c1', 'b', {}, 2);
        const refused = await put('c1', 'c', {}, 2);
        expect(refused).to.deep.equal({ status: 'limit_reached', count: 2 });
        expect((await put('c1', 'a', { again: true }, 2)).status).to.equal('replaced');
        expect(await store.projects.count('c1')).to.equal(2);
      });

      it('lists in id order a page at a time', async () => {
        for (const id of ['d', 'b', 'a', 'c', 'e']) await put('c1', id, {});
        expect((await store.projects.list('c1', { limit: 2 })).map((p) => p.id)).to.deep.equal(['a', 'b']);
        expect((await store.projects.list('c1', { limit: 2, after: 'b' })).map((p) => p.id)).to.deep.equal(['c', 'd']);
        expect((await store.projects.list('c1', { limit: 2, after: 'd' })).map((p) => p.id)).to.deep.equal(['e']);
        expect((await store.projects.list('c1', { limit: 1 }))[0]).not.to.have.property('data');
      });

      it('snapshots versions that never change, in saving order', async () => {
        await put('c1', 'p1', { v: 1 });
        const v1 = await saved(store.projects.saveVersion('c1', 'p1', { label: 'first', by: 'm1', at: at(5) }, LIMITS));
        await put('c1', 'p1', { v: 2 });
        const v2 = await saved(store.projects.saveVersion('c1', 'p1', { label: 'second', by: 'm1', at: at(6) }, LIMITS));
        expect(v1).to.include({ id: '1', label: 'first', projectRevision: 1 });
        expect(v1.data).to.deep.equal({ v: 1 });
        expect(v2).to.include({ id: '2', label: 'second', projectRevision: 2 });
        expect((await store.projects.getVersion('c1', 'p1', '1'))?.data).to.deep.equal({ v: 1 });
        expect((await store.projects.getVersion('c1', 'p1', '2'))?.data).to.deep.equal({ v: 2 });
        expect((await store.projects.listVersions('c1', 'p1'))!.map((v) => v.label)).to.deep.equal(['first', 'second']);
        expect(await store.projects.getVersion('c1', 'p1', '3')).to.equal(undefined);
        expect(await store.projects.getVersion('c1', 'p1', 'x')).to.equal(undefined);
      });

      it('refuses to delete a project holding an approved version; deletes versions with the project', async () => {
        await put('c1', 'p1', { v: 1 });
        await store.projects.saveVersion('c1', 'p1', { label: 'report', by: 'm1', at: at(1) }, LIMITS);
        const approved = await store.projects.approveVersion('c1', 'p1', '1', { by: 'boss', at: at(2) });
        expect(approved).to.include({ approvedBy: 'boss', approvedAt: at(2) });
        expect(await store.projects.delete('c1', 'p1')).to.equal('has_approved_version');
        await put('c1', 'p2', { v: 1 });
        await store.projects.saveVersion('c1', 'p2', { label: 'draft', by: 'm1', at: at(1) }, LIMITS);
        expect(await store.projects.delete('c1', 'p2')).to.equal('deleted');
        await put('c1', 'p2', { fresh: true });
        expect(await store.projects.listVersions('c1', 'p2')).to.deep.equal([]);
        expect(await store.projects.getVersion('c1', 'p2', '1')).to.equal(undefined);
      });

      it('refuses a version past the per-project limit atomically, even under concurrent saves', async () => {
        await put('c1', 'p1', { v: 1 });
        const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => store.projects.saveVersion('c1', 'p1', { label: `v${i}`, by: 'm1', at: at(i) }, { perProject: 3, perCompany: 100 })));
        expect(outcomes.filter((o) => o?.status === 'saved')).to.have.length(3);
        expect(outcomes.filter((o) => o?.status === 'limit_reached')).to.have.length(5);
        expect(outcomes.find((o) => o?.status === 'limit_reached')).to.deep.equal({ status: 'limit_reached', scope: 'project', count: 3, limit: 3 });
        expect(await store.projects.listVersions('c1', 'p1')).to.have.length(3);
      });

      it('refuses a version past the per-company limit, counting every project of the company only', async () => {
        await put('c1', 'a', {});
        await put('c1', 'b', {});
        await put('c2', 'a', {});
        const limits = { perProject: 10, perCompany: 2 };
        expect((await store.projects.saveVersion('c1', 'a', { label: '1', by: 'm', at: at(1) }, limits))?.status).to.equal('saved');
        expect((await store.projects.saveVersion('c1', 'b', { label: '1', by: 'm', at: at(2) }, limits))?.status).to.equal('saved');
        expect(await store.projects.saveVersion('c1', 'b', { label: '2', by: 'm', at: at(3) }, limits)).to.deep.equal({ status: 'limit_reached', scope: 'company', count: 2, limit: 2 });
        expect((await store.projects.saveVersion('c2', 'a', { label: '1', by: 'm', at: at(4) }, limits))?.status).to.equal('saved');
        expect(await store.projects.saveVersion('c1', 'missing', { label: '1', by: 'm', at: at(5) }, limits)).to.equal(undefined);
      });

      it('reads data back exactly as written: own __proto__ / constructor keys, $ and dotted keys, lone surrogates, unicode, numbers', async () => {
        const text =
          '{"__proto__":{"polluted":true},"constructor":{"prototype":1},"$where":"x","a.b":{"$gt":1},"lone":"\\ud800 and \\udfff","pair":"\\ud83d\\ude00",' +
          '"nul":"a\\u0000b","deep":[[[[{"x":[1.5e-300,-0.25,123456789012345,1e300]}]]]],"empty":{},"list":[],"t":true,"n":null,"s":"naïve ∑ 石油"}';
        const data = JSON.parse(text) as Record<string, unknown>;
        const stored = await put('c1', 'exact', data);
        expect(stored.status).to.equal('created');
        if (stored.status !== 'created') return;
        expect(JSON.stringify(stored.project.data)).to.equal(JSON.stringify(data));
        const back = (await store.projects.get('c1', 'exact'))!.data;
        expect(JSON.stringify(back)).to.equal(JSON.stringify(data));
        expect(Object.keys(back)).to.deep.equal(Object.keys(data));
        expect(Object.getPrototypeOf(back)).to.equal(Object.prototype);
        expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
        const version = await saved(store.projects.saveVersion('c1', 'exact', { label: 'v', by: 'm', at: at(1) }, LIMITS));
        expect(JSON.stringify(version.data)).to.equal(JSON.stringify(data));
        expect(JSON.stringify((await store.projects.getVersion('c1', 'exact', '1'))!.data)).to.equal(JSON.stringify(data));
      });

      it('leaves exactly one complete document after concurrent replaces', async () => {
        const docs = Array.from({ length: 30 }, (_, i) => ({ writer: i, rows: Array.from({ length: 200 }, (_, j) => i * 1000 + j) }));
        await Promise.all(docs.map((d) => put('c1', 'race', d)));
        const final = (await store.projects.get('c1', 'race'))!;
        expect(docs.some((d) => JSON.stringify(d) === JSON.stringify(final.data))).to.equal(true);
        expect(final.revision).to.equal(30);
      });
    });

    describe('app sign-ins, invitations and sessions', () => {
      const ann = { kind: 'member', id: 'm1' } as const;
      const shop = { kind: 'merchant', id: 'mer1' } as const;
      const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

      it('sets a password per email (any case) for one subject; another subject cannot take the email', async () => {
        expect(await store.app.setPassword('Ann@X.com', ann, 'scrypt$h1', t(0))).to.equal('set');
        const login = (await store.app.getLogin('ann@x.COM'))!;
        expect(login).to.deep.include({ email: 'ann@x.com', subject: ann, passwordHash: 'scrypt$h1', createdAt: t(0) });
        expect(await store.app.setPassword('ann@x.com', shop, 'scrypt$h2', t(1))).to.equal('taken');
        expect((await store.app.getLogin('ann@x.com'))!.passwordHash).to.equal('scrypt$h1');
        expect(await store.app.setPassword('ann@x.com', ann, 'scrypt$h3', t(2))).to.equal('set');
        expect((await store.app.getLogin('ann@x.com'))!).to.deep.include({ passwordHash: 'scrypt$h3', createdAt: t(0), updatedAt: t(2) });
        expect(await store.app.getLogin('bob@x.com')).to.equal(undefined);
      });

      it('counts sign-in attempts per guard key atomically, locks at the limit and starts the count again; refuses during the lock, counting nothing', async () => {
        // An attempt at minute m: locks until m + 15, forgets failures before m - 15, forgotten at m + 15.
        const reserve = (key: string, m: number) => store.app.reserveSignInAttempt(key, 10, t(m + 15), t(m), t(m - 15), t(m + 15));
        const fail = async (key: string, m: number) => (await reserve(key, m)).guard;
        const results = await Promise.all(Array.from({ length: 9 }, () => reserve('g1', 1)));
        expect(results.map((r) => r.refused)).to.deep.equal(Array(9).fill(false));
        expect(results.map((r) => r.guard.failures).sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9]);
        expect(await reserve('g1', 1)).to.deep.include({ refused: false, guard: { key: 'g1', failures: 0, lockedUntil: t(16), lastFailureAt: t(1), expiresAt: t(16) } });
        const locked = await reserve('g1', 2);
        expect(locked.refused).to.equal(true);
        expect(locked.guard).to.deep.include({ failures: 0, lockedUntil: t(16), expiresAt: t(16) });
        expect(await store.app.getSignInGuard('g1')).to.deep.include({ failures: 0, lockedUntil: t(16), lastFailureAt: t(1) });
        expect(await fail('g1', 16), 'the lock is over: counted again').to.deep.include({ failures: 1, lockedUntil: null, expiresAt: t(31) });
        await store.app.clearSignInGuard('g1');
        expect(await store.app.getSignInGuard('g1')).to.equal(undefined);
        expect(await fail('g1', 3), 'counts again from nothing').to.deep.include({ failures: 1, lockedUntil: null });
      });

      it('counts no more than the limit of attempts sent together: 30 at once, 10 counted (the 10th locks), 20 refused', async () => {
        const tries = await Promise.all(Array.from({ length: 30 }, () => store.app.reserveSignInAttempt('g4', 10, t(16), t(1), t(-14), t(16))));
        expect(tries.filter((r) => !r.refused)).to.have.length(10);
        expect(tries.filter((r) => r.refused).every((r) => r.guard.lockedUntil === t(16))).to.equal(true);
      });

      it('forgets failures when the last was before the window; a key never seen starts at one', async () => {
        const fail = async (key: string, m: number) => (await store.app.reserveSignInAttempt(key, 10, t(m + 15), t(m), t(m - 15), t(m + 15))).guard;
        for (let i = 0; i < 5; i++) await fail('g2', 20);
        expect((await fail('g2', 34)).failures, 'the last failure 14 minutes before').to.equal(6);
        expect(await fail('g2', 50), '16 minutes after the last').to.deep.include({ failures: 1, lockedUntil: null, expiresAt: t(65) });
        expect(await store.app.getSignInGuard('never-seen')).to.equal(undefined);
        expect(await fail('g3', 40)).to.deep.include({ key: 'g3', failures: 1, lockedUntil: null, lastFailureAt: t(40), expiresAt: t(55) });
      });

      it('consumes an invitation once, never after it expires', async () => {
        // Two people: a second invitation of the same person would supersede the first (below).
        const inv = (tokenHash: string, expiresAt: string, email = 'ann@x.com') => ({ tokenHash, email, subject: email === 'ann@x.com' ? ann : shop, createdAt: t(0), expiresAt, usedAt: null });
        await store.app.createInvitation(inv('tok1', t(60)));
        await store.app.createInvitation(inv('tok2', t(5), 'shop@x.com'));
        const tries = await Promise.all(Array.from({ length: 5 }, () => store.app.consumeInvitation('tok1', t(1))));
        expect(tries.filter((r) => r.status === 'consumed')).to.have.length(1);
        expect(tries.filter((r) => r.status === 'used')).to.have.length(4);
        const consumed = tries.find((r) => r.status === 'consumed') as { invitation: { subject: unknown; usedAt: string } };
        expect(consumed.invitation).to.deep.include({ subject: ann, usedAt: t(1) });
        expect((await store.app.consumeInvitation('tok2', t(5))).status).to.equal('expired');
        expect((await store.app.consumeInvitation('nope', t(1))).status).to.equal('not_found');
      });

      it('keeps an expired or used invitation INVITATION_KEPT_MS after its expiry: a second use still answers why', async () => {
        const inv = (tokenHash: string, createdAt: string, expiresAt: string, email = 'ann@x.com') => ({ tokenHash, email, subject: email === 'ann@x.com' ? ann : shop, createdAt, expiresAt, usedAt: null });
        await store.app.createInvitation(inv('kept-used', t(0), t(60)));
        await store.app.createInvitation(inv('kept-expired', t(0), t(5), 'shop@x.com'));
        expect((await store.app.consumeInvitation('kept-used', t(1))).status).to.equal('consumed');
        // Another invitation a day short of the keeping time after both expired: both still known.
        const later = new Date(Date.parse(t(60)) + INVITATION_KEPT_MS - 86_400_000).toISOString();
        await store.app.createInvitation(inv('kept-later', later, new Date(Date.parse(later) + 3_600_000).toISOString(), 'other@x.com'));
        expect((await store.app.consumeInvitation('kept-used', later)).status).to.equal('used');
        expect((await store.app.consumeInvitation('kept-expired', later)).status).to.equal('expired');
      });

      it('a newer invitation of the same person supersedes the unused older ones (a lost or leaked link stops working); a used one, and other people\'s, stay as they were', async () => {
        const inv = (tokenHash: string, m: number, email = 'ann@x.com', subject: typeof ann | typeof shop = ann) => ({ tokenHash, email, subject, createdAt: t(m), expiresAt: t(m + 60), usedAt: null });
        await store.app.createInvitation(inv('sup-used', 0));
        expect((await store.app.consumeInvitation('sup-used', t(1))).status).to.equal('consumed');
        await store.app.createInvitation(inv('sup-old', 2));
        await store.app.createInvitation(inv('sup-other-person', 2, 'shop@x.com', shop));
        await store.app.createInvitation(inv('sup-new', 3));
        expect((await store.app.consumeInvitation('sup-old', t(4))).status).to.equal('superseded');
        expect((await store.app.consumeInvitation('sup-used', t(4))).status, 'used stays used').to.equal('used');
        expect((await store.app.consumeInvitation('sup-other-person', t(4))).status).to.equal('consumed');
        expect((await store.app.consumeInvitation('sup-new', t(4))).status).to.equal('consumed');
      });

      it('keeps sessions by id hash, touches, ends one or all of a subject', async () => {
        const session = (idHash: string, subject: typeof ann | typeof shop, expiresAt = t(600)) => ({ idHash, email: 'x@x.com', subject, csrfToken: `csrf-${idHash}`, createdAt: t(0), lastSeenAt: t(0), expiresAt });
        await store.app.createSession(session('s1', ann));
        await store.app.createSession(session('s2', ann));
        await store.app.createSession(session('s3', shop));
        await store.app.touchSession('s1', t(5));
        expect((await store.app.getSession('s1'))!).to.deep.include({ csrfToken: 'csrf-s1', lastSeenAt: t(5), subject: ann });
        await store.app.deleteSession('s1');
        expect(await store.app.getSession('s1')).to.equal(undefined);
        expect(await store.app.deleteSessionsOf(ann)).to.equal(1);
        expect(await store.app.getSession('s2')).to.equal(undefined);
        expect((await store.app.getSession('s3'))!.subject).to.deep.equal(shop);
      });
    });
  });
}
