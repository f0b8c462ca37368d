/**
 * What a signed-in member does in the app, over real HTTP: keys (create shown once with
 * no-store, list own or all with owner, revoke, limits, audit), seats with holders and when they
 * free, the team's permissions, and the sign-off of project versions.
 */
import { expect } from 'chai';
import { addMember, call, createAccount, startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { givePassword, signedIn, type AppClient } from '../support/appClient.js';
import { createKey, MAX_ACTIVE_KEYS_PER_MEMBER } from '../../api/accounts/keys.js';
import { createCompany, createMember } from '../../api/accounts/companies.js';
import { DEFAULT_VERSION_LIMITS } from '../../store/model.js';

describe('app member routes over HTTP', () => {
  let server: TestServer;
  let boss: TestAccount; // every permission
  let plain: TestAccount; // no permission at all
  let bossApp: AppClient;
  let plainApp: AppClient;
  before(async () => {
    server = await startTestServer();
    boss = await createAccount(server, { companyName: 'Keys Co' });
    plain = await addMember(server, boss.company, { permissions: [] });
    bossApp = await signedIn(server, await givePassword(server, boss.member.id));
    plainApp = await signedIn(server, await givePassword(server, plain.member.id));
  });
  after(async () => server.stop());

  describe('keys', () => {
    it('creates a key shown once with Cache-Control: no-store that works on /v1/me, and revoking it makes the next call 401', async () => {
      const res = await bossApp.request('POST', '/app/keys', { body: { name: 'ci runner', scopes: ['engine:run'], expiry: '90d' } });
      expect(res.status).to.equal(201);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(res.body.value).to.match(/^eng_[A-Za-z0-9_-]{43}$/);
      expect(res.body.key).to.deep.include({ name: 'ci runner', prefix: res.body.value.slice(0, 10), scopes: ['engine:run'], expiry: '90d', state: 'active' });
      const days = (Date.parse(res.body.key.expiresAt) - Date.parse(res.body.key.createdAt)) / 86_400_000;
      expect(days).to.equal(90);
      const me = await call(server.url, '/v1/me', { key: res.body.value });
      expect(me.status).to.equal(200);
      expect(me.body.key.name).to.equal('ci runner');

      const listed = await bossApp.request('GET', '/app/keys');
      expect(listed.headers.get('cache-control')).to.equal('no-store');
      expect(JSON.stringify(listed.body)).to.not.include(res.body.value);
      const revoked = await bossApp.request('DELETE', `/app/keys/${res.body.key.id}`);
      expect(revoked.status).to.equal(200);
      expect(revoked.body.key.state).to.equal('revoked');
      expect((await call(server.url, '/v1/me', { key: res.body.value })).status).to.equal(401);

      const audit = await server.store.audit.list(boss.company.id);
      const created = audit.find((e) => e.action === 'key.created' && e.details.keyId === res.body.key.id)!;
      expect(created.actor).to.equal(boss.member.id);
      expect(created.details).to.deep.include({ name: 'ci runner', prefix: res.body.key.prefix, scopes: ['engine:run'], expiry: '90d' });
      expect(audit.find((e) => e.action === 'key.revoked' && e.details.keyId === res.body.key.id)!.actor).to.equal(boss.member.id);
    });

    it('defaults to engine:run and projects:read, never expiring', async () => {
      const res = await bossApp.request('POST', '/app/keys', { body: { name: 'defaults' } });
      expect(res.status).to.equal(201);
      expect(res.body.key).to.deep.include({ scopes: ['engine:run', 'projects:read'], expiry: 'never', expiresAt: null });
    });

    it('refuses a bad name, scope or expiry with the field named', async () => {
      for (const [body, field] of [
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(81) }, 'name'],
        [{ name: 'ok', scopes: ['admin'] }, 'scopes'],
        [{ name: 'ok', scopes: [] }, 'scopes'], // an explicit empty list is a key with no scope, not the defaults
        [{ name: 'ok', expiry: '2y' }, 'expiry'],
        [{ name: 5 }, 'name'],
      ] as const) {
        const res = await bossApp.request('POST', '/app/keys', { body });
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.details.fields).to.have.property(field);
      }
      expect((await bossApp.request('POST', '/app/keys', { body: { name: 'x'.repeat(80) } })).status).to.equal(201);
    });

    it('shows a member without Manage API keys only their own keys; they cannot create but can revoke their own', async () => {
      const list = await plainApp.request('GET', '/app/keys');
      expect(list.status).to.equal(200);
      expect(list.body.all).to.equal(false);
      expect(list.body.keys.map((k: { id: string }) => k.id)).to.deep.equal([plain.keyId]);
      const create = await plainApp.request('POST', '/app/keys', { body: { name: 'nope' } });
      expect(create.status).to.equal(403);
      expect(create.body.error.message).to.match(/Manage API keys/);
      const others = await plainApp.request('DELETE', `/app/keys/${boss.keyId}`);
      expect(others.status).to.equal(403);
      expect((await call(server.url, '/v1/me', { key: boss.key })).status, "the boss's key still works").to.equal(200);

      const all = await bossApp.request('GET', '/app/keys');
      expect(all.body.all).to.equal(true);
      const owners = new Set(all.body.keys.map((k: { owner: { email: string } }) => k.owner.email));
      expect(owners).to.include(plain.member.email).and.to.include(boss.member.email);

      const own = await plainApp.request('DELETE', `/app/keys/${plain.keyId}`);
      expect(own.status).to.equal(200);
      expect((await call(server.url, '/v1/me', { key: plain.key })).status).to.equal(401);
    });

    it("never reaches another company's key (404)", async () => {
      const stranger = await createAccount(server, { companyName: 'Stranger' });
      const res = await bossApp.request('DELETE', `/app/keys/${stranger.keyId}`);
      expect(res.status).to.equal(404);
      expect((await call(server.url, '/v1/me', { key: stranger.key })).status).to.equal(200);
      expect(JSON.stringify((await bossApp.request('GET', '/app/keys')).body)).to.not.include(stranger.keyId);
    });

    it('holds a member to 25 active keys (409) and needs API access on the plan (402)', async () => {
      const busy = await addMember(server, boss.company);
      for (let i = 1; i < MAX_ACTIVE_KEYS_PER_MEMBER; i++) await createKey(server.store, { memberId: busy.member.id, name: `k${i}` });
      const app = await signedIn(server, await givePassword(server, busy.member.id));
      const over = await app.request('POST', '/app/keys', { body: { name: 'one too many' } });
      expect(over.status).to.equal(409);
      expect(over.body.error.message).to.match(/at most 25 active keys/);

      const noApi = await createCompany(server.store, { name: 'No API', apiAccess: false });
      const noApiMember = await createMember(server.store, { companyId: noApi.id, email: 'noapi@example.com', emailVerified: true, permissions: ['manageApiKeys'] });
      const noApiApp = await signedIn(server, await givePassword(server, noApiMember.id));
      const refused = await noApiApp.request('POST', '/app/keys', { body: { name: 'x' } });
      expect(refused.status).to.equal(402);
      expect(refused.body.error.code).to.equal('plan_limit');
    });
  });

  describe('seats', () => {
    it('lists licences per module and who holds a seat since when, and when it frees', async () => {
      const before = Date.now();
      expect((await call(server.url, '/v1/me', { key: boss.key })).status).to.equal(200); // takes the Integrations seat
      const res = await plainApp.request('GET', '/app/seats');
      expect(res.status).to.equal(200);
      const integrations = res.body.modules.find((m: { module: string }) => m.module === 'integrations');
      expect(integrations.seats).to.equal(10);
      const held = integrations.holders.find((h: { member: string }) => h.member === boss.member.id);
      expect(held.email).to.equal(boss.member.email);
      expect(Date.parse(held.releasesAt)).to.be.within(before + 180_000 - 1_000, Date.now() + 180_000 + 1_000);
      expect(res.body.modules.map((m: { module: string }) => m.module)).to.include.members(['econ', 'gas', 'eos']);
    });
  });

  describe('team', () => {
    it('shows members and sets permissions with Manage team (audited); without it 403', async () => {
      expect((await plainApp.request('GET', '/app/team')).status).to.equal(403);
      expect((await plainApp.request('PUT', `/app/team/${plain.member.id}/permissions`, { body: { permissions: ['manageTeam'] } })).status).to.equal(403);
      const team = await bossApp.request('GET', '/app/team');
      expect(team.status).to.equal(200);
      expect(team.body.members.map((m: { email: string }) => m.email)).to.include.members([boss.member.email, plain.member.email]);
      const set = await bossApp.request('PUT', `/app/team/${plain.member.id}/permissions`, { body: { permissions: ['signOff', 'runScripts'] } });
      expect(set.status).to.equal(200);
      expect(set.body.member.permissions).to.deep.equal(['runScripts', 'signOff']);
      expect((await server.store.members.get(plain.member.id))!.permissions).to.deep.equal(['runScripts', 'signOff']);
      const entry = (await server.store.audit.list(boss.company.id)).find((e) => e.action === 'member.permissions')!;
      expect(entry).to.deep.include({ actor: boss.member.id });
      expect(entry.details).to.deep.include({ memberId: plain.member.id, to: ['runScripts', 'signOff'] });
      const bad = await bossApp.request('PUT', `/app/team/${plain.member.id}/permissions`, { body: { permissions: ['root'] } });
      expect(bad.status).to.equal(400);
      const self = await bossApp.request('PUT', `/app/team/${boss.member.id}/permissions`, { body: { permissions: [] } });
      expect(self.status).to.equal(403);
      const stranger = await createAccount(server, { companyName: 'Far' });
      expect((await bossApp.request('PUT', `/app/team/${stranger.member.id}/permissions`, { body: { permissions: [] } })).status).to.equal(404);
      await server.store.members.update(plain.member.id, { permissions: [] });
    });

    it('two managers removing each other at once: one change is kept, the other refused (409 together, 403 one after the other), and the company keeps a Manage team holder', async () => {
      const company = await createAccount(server, { companyName: 'Two Managers' });
      const other = await addMember(server, company.company, {}); // every permission
      const first = await signedIn(server, await givePassword(server, company.member.id));
      const second = await signedIn(server, await givePassword(server, other.member.id));
      const answers = await Promise.all([
        first.request('PUT', `/app/team/${other.member.id}/permissions`, { body: { permissions: ['runScripts'] } }),
        second.request('PUT', `/app/team/${company.member.id}/permissions`, { body: { permissions: ['runScripts'] } }),
      ]);
      // Together: the store refuses the second (409). One after the other: the second's actor no longer has Manage team (403).
      const statuses = answers.map((a) => a.status).sort().join(',');
      expect(statuses, JSON.stringify(answers.map((a) => a.body))).to.be.oneOf(['200,403', '200,409']);
      const refused = answers.find((a) => a.status !== 200)!;
      expect(refused.body.error.code).to.equal(refused.status === 409 ? 'conflict' : 'forbidden');
      const holders = (await server.store.members.listByCompany(company.company.id)).filter((m) => m.permissions.includes('manageTeam'));
      expect(holders).to.have.length(1);
    });
  });

  describe('sign-off', () => {
    it('lists projects and versions and approves one with signOff (audited); without it 403; another company 404', async () => {
      const at = new Date().toISOString();
      expect((await server.store.projects.put(boss.company.id, 'field-a', { name: 'Field A', data: { wells: 3 }, by: boss.member.id, at }, 10)).status).to.equal('created');
      const saved = await server.store.projects.saveVersion(boss.company.id, 'field-a', { label: 'Q3 reserves', by: boss.member.id, at }, DEFAULT_VERSION_LIMITS);
      if (saved?.status !== 'saved') throw new Error('version not saved');
      const versionId = saved.version.id;

      const projects = await plainApp.request('GET', '/app/projects');
      expect(projects.body.projects.map((p: { id: string }) => p.id)).to.include('field-a');
      const versions = await plainApp.request('GET', '/app/projects/field-a/versions');
      expect(versions.body.versions).to.have.length(1);
      expect(versions.body.versions[0]).to.deep.include({ id: versionId, label: 'Q3 reserves', approvedAt: null, createdBy: boss.member.email });

      const refused = await plainApp.request('POST', `/app/projects/field-a/versions/${versionId}/approve`);
      expect(refused.status).to.equal(403);
      expect(refused.body.error.message).to.match(/signOff/);
      const ok = await bossApp.request('POST', `/app/projects/field-a/versions/${versionId}/approve`);
      expect(ok.status).to.equal(200);
      expect(ok.body.version).to.deep.include({ id: versionId, approvedBy: boss.member.id });
      const audit = (await server.store.audit.list(boss.company.id)).find((e) => e.action === 'version.approved')!;
      expect(audit).to.deep.include({ actor: boss.member.id });
      expect(await server.store.projects.delete(boss.company.id, 'field-a'), 'an approved version keeps the project').to.equal('has_approved_version');

      const stranger = await createAccount(server, { companyName: 'Other field' });
      const strangerApp = await signedIn(server, await givePassword(server, stranger.member.id));
      expect((await strangerApp.request('GET', '/app/projects/field-a/versions')).status).to.equal(404);
      expect((await strangerApp.request('POST', `/app/projects/field-a/versions/${versionId}/approve`)).status).to.equal(404);
      expect((await bossApp.request('GET', '/app/projects/bad%20id/versions')).status).to.equal(400);
    });
  });
});
