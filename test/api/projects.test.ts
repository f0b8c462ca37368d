/**
 * Projects and named versions over real HTTP (spec §2, §4): every rule with its status and code,
 * company scoping, the read-only demo project, approved versions, and concurrent writes.
 */
import { expect } from 'chai';
import { addMember, call, createAccount, freshAddress, startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { approveVersion } from '../../api/projects/approval.js';
import { PROJECT_DATA_LIMIT } from '../../api/projects/service.js';

describe('projects and versions', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.stop());

  const req = (acct: TestAccount, method: string, path: string, body?: unknown) =>
    call(server.url, path, { key: acct.key, method, body, address: freshAddress() });
  const rw = () => createAccount(server, { scopes: ['projects:read', 'projects:write'] });

  it('creates (201), lists, reads, replaces (200), versions and deletes (204) a project', async () => {
    const acct = await rw();
    const created = await req(acct, 'PUT', '/v1/projects/well-A', { name: 'Well A', data: { pb: 3125, wells: ['A-1'] } });
    expect(created.status).to.equal(201);
    expect(created.body.project).to.include({ id: 'well-A', name: 'Well A', revision: 1, readOnly: false });
    expect(created.body.project.data).to.deep.equal({ pb: 3125, wells: ['A-1'] });

    const list = await req(acct, 'GET', '/v1/projects');
    expect(list.status).to.equal(200);
    expect(list.body.projects.map((p: { id: string }) => p.id)).to.deep.equal(['demo', 'well-A']);
    expect(list.body.projects[1]).to.include.keys('id', 'name', 'updatedAt');
    expect(list.body.projects[1]).not.to.have.property('data');
    expect(list.body.nextCursor).to.equal(null);

    const replaced = await req(acct, 'PUT', '/v1/projects/well-A', { name: 'Well A (rev)', data: { pb: 3150 } });
    expect(replaced.status).to.equal(200);
    expect(replaced.body.project).to.include({ revision: 2, name: 'Well A (rev)', createdAt: created.body.project.createdAt });

    const version = await req(acct, 'POST', '/v1/projects/well-A/versions', { label: 'Base case' });
    expect(version.status).to.equal(201);
    expect(version.body.version).to.include({ id: '1', label: 'Base case', projectRevision: 2, approved: false });

    await req(acct, 'PUT', '/v1/projects/well-A', { name: 'Well A', data: { pb: 9999 } });
    const saved = await req(acct, 'GET', '/v1/projects/well-A/versions/1');
    expect(saved.status).to.equal(200);
    expect(saved.body.version.data).to.deep.equal({ pb: 3150 }); // the snapshot never changes
    const versions = await req(acct, 'GET', '/v1/projects/well-A/versions');
    expect(versions.body.versions.map((v: { label: string }) => v.label)).to.deep.equal(['Base case']);

    const got = await req(acct, 'GET', '/v1/projects/well-A');
    expect(got.status).to.equal(200);
    expect(got.body.project.data).to.deep.equal({ pb: 9999 });

    const deleted = await req(acct, 'DELETE', '/v1/projects/well-A');
    expect(deleted.status).to.equal(204);
    expect((await req(acct, 'GET', '/v1/projects/well-A')).status).to.equal(404);
    expect((await req(acct, 'GET', '/v1/projects/well-A/versions/1')).status).to.equal(404);
  });

  describe('input rules', () => {
    it('refuses bad ids, names, data and labels with 400 validation_failed naming the field', async () => {
      const acct = await rw();
      const cases: [string, unknown, string][] = [
        ['/v1/projects/' + 'x'.repeat(65), { name: 'n', data: {} }, 'id'],
        ['/v1/projects/bad.id', { name: 'n', data: {} }, 'id'],
        ['/v1/projects/ok', { name: '', data: {} }, 'name'],
        ['/v1/projects/ok', { name: 'n'.repeat(201), data: {} }, 'name'],
        ['/v1/projects/ok', { name: 'n', data: [1, 2] }, 'data'],
        ['/v1/projects/ok', { name: 'n' }, 'data'],
        ['/v1/projects/ok', { name: 'n', data: {}, owner: 'me' }, 'owner'],
      ];
      for (const [path, body, field] of cases) {
        const res = await req(acct, 'PUT', path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).to.equal(400);
        expect(res.body.error.code).to.equal('validation_failed');
        expect(res.body.error.details.fields).to.have.property(field);
      }
      expect((await req(acct, 'PUT', '/v1/projects/' + 'x'.repeat(64), { name: 'n'.repeat(200), data: {} })).status).to.equal(201);
      await req(acct, 'PUT', '/v1/projects/lab', { name: 'n', data: {} });
      for (const label of ['', 'l'.repeat(201)]) {
        const res = await req(acct, 'POST', '/v1/projects/lab/versions', { label });
        expect(res.status).to.equal(400);
        expect(res.body.error.details.fields).to.have.property('label');
      }
      expect((await req(acct, 'POST', '/v1/projects/lab/versions', { label: 'l'.repeat(200) })).status).to.equal(201);
    });

    it('accepts data of exactly 1.5 MiB as JSON and refuses 1.5 MiB + 1 byte with 413', async () => {
      const acct = await rw();
      const wrapper = JSON.stringify({ s: '' }).length;
      const exact = { s: 'a'.repeat(PROJECT_DATA_LIMIT - wrapper) };
      expect(Buffer.byteLength(JSON.stringify(exact))).to.equal(PROJECT_DATA_LIMIT);
      const ok = await req(acct, 'PUT', '/v1/projects/big', { name: 'big', data: exact });
      expect(ok.status).to.equal(201);
      const over = { s: 'a'.repeat(PROJECT_DATA_LIMIT - wrapper + 1) };
      const refused = await req(acct, 'PUT', '/v1/projects/big', { name: 'big', data: over });
      expect(refused.status).to.equal(413);
      expect(refused.body.error.code).to.equal('payload_too_large');
      expect(refused.body.error.details).to.include({ field: 'data', sizeBytes: PROJECT_DATA_LIMIT + 1, limitBytes: PROJECT_DATA_LIMIT });
      expect((await req(acct, 'GET', '/v1/projects/big')).body.project.data.s).to.have.length(exact.s.length);
    });

    it('paginates in id order with limit and after; a bad limit is 400', async () => {
      const acct = await rw();
      for (const id of ['p3', 'p1', 'p5', 'p2', 'p4']) await req(acct, 'PUT', `/v1/projects/${id}`, { name: id, data: {} });
      // The demo project takes its id's place and counts against the limit (it came on top of a full page once).
      const first = await req(acct, 'GET', '/v1/projects?limit=2');
      expect(first.body.projects.map((p: { id: string }) => p.id)).to.deep.equal(['demo', 'p1']);
      expect(first.body.nextCursor).to.equal('p1');
      const second = await req(acct, 'GET', '/v1/projects?limit=2&after=p1');
      expect(second.body.projects.map((p: { id: string }) => p.id)).to.deep.equal(['p2', 'p3']);
      const third = await req(acct, 'GET', `/v1/projects?limit=2&after=${second.body.nextCursor}`);
      expect(third.body.projects.map((p: { id: string }) => p.id)).to.deep.equal(['p4', 'p5']);
      expect(third.body.nextCursor).to.equal(null);
      // Ids before 'demo' come before it; every page holds at most `limit`, and the pages hold each project once.
      for (const id of ['A1', 'b2']) await req(acct, 'PUT', `/v1/projects/${id}`, { name: id, data: {} });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { projects: { id: string }[]; nextCursor: string | null } } = await req(acct, 'GET', `/v1/projects?limit=1${cursor ? `&after=${cursor}` : ''}`);
        expect(page.body.projects).to.have.length(1);
        seen.push(page.body.projects[0]!.id);
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal(['A1', 'b2', 'demo', 'p1', 'p2', 'p3', 'p4', 'p5']);
      for (const bad of ['0', '201', 'ten', '-1']) expect((await req(acct, 'GET', `/v1/projects?limit=${bad}`)).status, bad).to.equal(400);
    });
  });

  describe('scopes, permissions and plan', () => {
    it('needs projects:read to read and projects:write to write (403 forbidden)', async () => {
      const writer = await rw();
      await req(writer, 'PUT', '/v1/projects/s1', { name: 's', data: {} });
      const engineOnly = await addMember(server, writer.company, { scopes: ['engine:run'] });
      for (const [method, path] of [['GET', '/v1/projects'], ['GET', '/v1/projects/s1'], ['GET', '/v1/projects/s1/versions'], ['GET', '/v1/projects/s1/versions/1']] as const) {
        const res = await req(engineOnly, method, path);
        expect(res.status, path).to.equal(403);
        expect(res.body.error.message).to.include('projects:read');
      }
      const reader = await addMember(server, writer.company, { scopes: ['projects:read'] });
      expect((await req(reader, 'GET', '/v1/projects/s1')).status).to.equal(200);
      for (const [method, path, body] of [['PUT', '/v1/projects/s1', { name: 's', data: {} }], ['DELETE', '/v1/projects/s1'], ['POST', '/v1/projects/s1/versions', { label: 'l' }]] as const) {
        const res = await req(reader, method, path, body);
        expect(res.status, `${method} ${path}`).to.equal(403);
        expect(res.body.error.message).to.include('projects:write');
      }
    });

    it('needs createProject to create, editProject to replace and save versions, deleteProject to delete', async () => {
      const owner = await rw();
      await req(owner, 'PUT', '/v1/projects/perm', { name: 'p', data: {} });
      const scopes = ['projects:read', 'projects:write'];
      const noCreate = await addMember(server, owner.company, { scopes, permissions: ['editProject', 'deleteProject'] });
      const noEdit = await addMember(server, owner.company, { scopes, permissions: ['createProject', 'deleteProject'] });
      const noDelete = await addMember(server, owner.company, { scopes, permissions: ['createProject', 'editProject'] });
      const expect403 = (res: Awaited<ReturnType<typeof req>>, permission: string) => {
        expect(res.status).to.equal(403);
        expect(res.body.error.code).to.equal('forbidden');
        expect(res.body.error.details.permission).to.equal(permission);
      };
      expect403(await req(noCreate, 'PUT', '/v1/projects/new-one', { name: 'n', data: {} }), 'createProject');
      expect((await req(noCreate, 'PUT', '/v1/projects/perm', { name: 'p2', data: {} })).status).to.equal(200);
      expect403(await req(noEdit, 'PUT', '/v1/projects/perm', { name: 'p3', data: {} }), 'editProject');
      expect403(await req(noEdit, 'POST', '/v1/projects/perm/versions', { label: 'v' }), 'editProject');
      expect((await req(noEdit, 'PUT', '/v1/projects/new-two', { name: 'n', data: {} })).status).to.equal(201);
      expect403(await req(noDelete, 'DELETE', '/v1/projects/perm'), 'deleteProject');
    });

    it('a 403 writes nothing, also when the project appears or disappears between the check and the write (found by a concurrency audit)', async () => {
      const owner = await rw();
      const scopes = ['projects:read', 'projects:write'];
      const createOnly = await addMember(server, owner.company, { scopes, permissions: ['createProject'] });
      const editOnly = await addMember(server, owner.company, { scopes, permissions: ['editProject'] });
      // Twelve creates of one new id at once by a member who may not replace: one 201, eleven 403, and the stored project is the 201's.
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => req(createOnly, 'PUT', '/v1/projects/race-new', { name: `d${i}`, data: { writer: i } })));
      expect(answers.map((r) => r.status).sort()).to.deep.equal([201, ...Array(11).fill(403)]);
      for (const r of answers.filter((r) => r.status === 403)) expect(r.body.error.details.permission).to.equal('editProject');
      const stored = await req(owner, 'GET', '/v1/projects/race-new');
      expect(stored.body.project.revision).to.equal(1);
      expect(stored.body.project.data).to.deep.equal(answers.find((r) => r.status === 201)!.body.project.data);
      // A member who may only edit, racing the project's deletion: never creates it.
      for (let round = 0; round < 4; round++) {
        const id = `race-del-${round}`;
        await req(owner, 'PUT', `/v1/projects/${id}`, { name: 'x', data: {} });
        const [del, ...edits] = await Promise.all([req(owner, 'DELETE', `/v1/projects/${id}`), ...Array.from({ length: 5 }, (_, i) => req(editOnly, 'PUT', `/v1/projects/${id}`, { name: 'eve', data: { i } }))]);
        expect(del.status).to.equal(204);
        for (const e of edits) expect([200, 403]).to.include(e.status);
        for (const e of edits.filter((e) => e.status === 403)) expect(e.body.error.details.permission).to.equal('createProject');
        expect((await req(owner, 'GET', `/v1/projects/${id}`)).status).to.equal(404);
        expect(edits.some((e) => e.status === 201)).to.equal(false);
      }
    });

    it("refuses a creation beyond the plan's project count with 402 plan_limit (the demo project does not count)", async () => {
      const acct = await createAccount(server, { scopes: ['projects:read', 'projects:write'], maxProjects: 2 });
      expect((await req(acct, 'PUT', '/v1/projects/a', { name: 'a', data: {} })).status).to.equal(201);
      expect((await req(acct, 'PUT', '/v1/projects/b', { name: 'b', data: {} })).status).to.equal(201);
      const refused = await req(acct, 'PUT', '/v1/projects/c', { name: 'c', data: {} });
      expect(refused.status).to.equal(402);
      expect(refused.body.error.code).to.equal('plan_limit');
      expect(refused.body.error.details).to.deep.equal({ maxProjects: 2, count: 2 });
      expect((await req(acct, 'PUT', '/v1/projects/a', { name: 'a2', data: {} })).status).to.equal(200);
    });
  });

  describe('company scoping', () => {
    it("answers 404 (never 403, never the data) for another company's project on every path", async () => {
      const a = await rw();
      const b = await rw();
      await req(a, 'PUT', '/v1/projects/secret', { name: 'Secret', data: { reserves: 42 } });
      await req(a, 'POST', '/v1/projects/secret/versions', { label: 'v1' });
      for (const [method, path, body] of [
        ['GET', '/v1/projects/secret'],
        ['DELETE', '/v1/projects/secret'],
        ['GET', '/v1/projects/secret/versions'],
        ['POST', '/v1/projects/secret/versions', { label: 'peek' }],
        ['GET', '/v1/projects/secret/versions/1'],
      ] as const) {
        const res = await req(b, method, path, body);
        expect(res.status, `${method} ${path}`).to.equal(404);
        expect(res.body.error.code).to.equal('not_found');
        expect(JSON.stringify(res.body)).not.to.include('42');
      }
      const list = await req(b, 'GET', '/v1/projects');
      expect(list.body.projects.map((p: { id: string }) => p.id)).to.deep.equal(['demo']);
      // Ids are per company: B's PUT creates B's own project and leaves A's untouched.
      expect((await req(b, 'PUT', '/v1/projects/secret', { name: 'Mine', data: { reserves: 1 } })).status).to.equal(201);
      expect((await req(a, 'GET', '/v1/projects/secret')).body.project.data).to.deep.equal({ reserves: 42 });
    });
  });

  describe('demo project and approved versions', () => {
    it('shows every company a read-only demo project with a fluid model; writes to it are 409 conflict', async () => {
      const acct = await rw();
      const demo = await req(acct, 'GET', '/v1/projects/demo');
      expect(demo.status).to.equal(200);
      expect(demo.body.project.readOnly).to.equal(true);
      const model = demo.body.project.data.fluidModels[0];
      expect(model.eos).to.be.a('string');
      expect(model.components.length).to.be.greaterThan(5);
      const total = Object.values(model.composition as Record<string, number>).reduce((s, x) => s + x, 0);
      expect(total).to.be.closeTo(1, 1e-9);
      for (const [method, path, body] of [
        ['PUT', '/v1/projects/demo', { name: 'mine now', data: {} }],
        ['DELETE', '/v1/projects/demo'],
        ['POST', '/v1/projects/demo/versions', { label: 'x' }],
      ] as const) {
        const res = await req(acct, method, path, body);
        expect(res.status, `${method} ${path}`).to.equal(409);
        expect(res.body.error.code).to.equal('conflict');
        expect(res.body.error.message).to.match(/read-only/);
      }
    });

    it('keeps an approved version unchanged and refuses to delete its project (409)', async () => {
      const acct = await rw();
      await req(acct, 'PUT', '/v1/projects/rep', { name: 'Reporting', data: { reserves: 10 } });
      await req(acct, 'POST', '/v1/projects/rep/versions', { label: 'Q3 report' });
      const approved = await approveVersion(server.store, { companyId: acct.company.id, projectId: 'rep', versionId: '1', memberId: acct.member.id });
      expect(approved.approvedBy).to.equal(acct.member.id);
      expect((await req(acct, 'PUT', '/v1/projects/rep', { name: 'Reporting', data: { reserves: 11 } })).status).to.equal(200);
      expect((await req(acct, 'POST', '/v1/projects/rep/versions', { label: 'Q4 draft' })).status).to.equal(201);
      const v1 = await req(acct, 'GET', '/v1/projects/rep/versions/1');
      expect(v1.body.version).to.include({ approved: true, label: 'Q3 report' });
      expect(v1.body.version.data).to.deep.equal({ reserves: 10 });
      const del = await req(acct, 'DELETE', '/v1/projects/rep');
      expect(del.status).to.equal(409);
      expect(del.body.error.code).to.equal('conflict');
      expect(del.body.error.details.reason).to.equal('approved_version');
    });

    it('sign-off is app-only: a key on the sign-off path gets 403; approving needs the signOff permission', async () => {
      const acct = await rw();
      const res = await call(server.url, '/v1/signoff/projects/rep/versions/1', { key: acct.key, method: 'POST', body: {}, address: freshAddress() });
      expect(res.status).to.equal(403);
      expect(res.body.error.code).to.equal('forbidden');
      const noSignOff = await addMember(server, acct.company, { permissions: ['editProject'] });
      await req(acct, 'PUT', '/v1/projects/so', { name: 'so', data: {} });
      await req(acct, 'POST', '/v1/projects/so/versions', { label: 'v' });
      let err: { code?: string } = {};
      await approveVersion(server.store, { companyId: acct.company.id, projectId: 'so', versionId: '1', memberId: noSignOff.member.id }).catch((e) => (err = e));
      expect(err.code).to.equal('forbidden');
    });
  });

  it('after 50 concurrent PUTs of one project, a read parses as exactly one of the written documents', async () => {
    const acct = await rw();
    const docs = Array.from({ length: 50 }, (_, i) => ({ writer: i, table: Array.from({ length: 2_000 }, (_, j) => ({ p: j * 10, bo: 1 + i / 100 + j / 1e6 })) }));
    const results = await Promise.all(docs.map((data, i) => req(acct, 'PUT', '/v1/projects/contended', { name: `writer ${i}`, data })));
    expect(results.every((r) => r.status === 200 || r.status === 201)).to.equal(true);
    expect(results.filter((r) => r.status === 201)).to.have.length(1);
    const read = await req(acct, 'GET', '/v1/projects/contended');
    const matches = docs.filter((d) => JSON.stringify(d) === JSON.stringify(read.body.project.data));
    expect(matches).to.have.length(1);
    expect(read.body.project.name).to.equal(`writer ${matches[0]!.writer}`);
    expect(read.body.project.revision).to.equal(50);
  });
});
