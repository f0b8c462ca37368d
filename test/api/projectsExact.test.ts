/**
 * Project data and names over real HTTP: data comes back exactly as accepted (or is refused with
 * 400 naming the field), names and labels are display text, versions are bounded by the plan,
 * list cursors are strict. LMDB in a temp dir behind a real server.
 */
import { expect } from 'chai';
import { call, createAccount, freshAddress, startTestServer, type TestAccount, type TestServer } from '../support/server.js';

const WRITE = ['engine:run', 'projects:read', 'projects:write'];

describe('projects: exact data, display names, version limits, strict cursors', () => {
  let server: TestServer;
  let acct: TestAccount;
  const send = (method: string, path: string, rawBody?: string) =>
    call(server.url, path, { key: acct.key, address: freshAddress(), method, ...(rawBody !== undefined ? { rawBody, headers: { 'Content-Type': 'application/json' } } : {}) });

  before(async () => {
    server = await startTestServer();
    acct = await createAccount(server, { scopes: WRITE, maxVersionsPerProject: 2, maxVersions: 3 });
  });
  after(async () => server.stop());

  describe('data comes back exactly as accepted', () => {
    // Written as JSON text so the test sends exactly these escapes and keys.
    const dataText =
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"toString":"s","$where":"1","a.b":{"$gt":1},' +
      '"lone":"\\ud800 then \\udfff","pair":"\\ud83d\\ude00","nul":"a\\u0000b","nums":[1.5e-300,-0.25,123456789012345,1e300],"empty":{},"s":"naïve ∑ 石油"}';

    it('PUT answers the data as stored, GET and a saved version return the same, key for key', async () => {
      const put = await send('PUT', '/v1/projects/exact', `{"name":"Exact","data":${dataText}}`);
      expect(put.status, JSON.stringify(put.body)).to.equal(201);
      const sent = JSON.parse(dataText);
      expect(JSON.stringify(put.body.project.data)).to.equal(JSON.stringify(sent));
      const got = await send('GET', '/v1/projects/exact');
      expect(JSON.stringify(got.body.project.data)).to.equal(JSON.stringify(sent));
      expect(Object.keys(got.body.project.data)).to.deep.equal(Object.keys(sent));
      expect(got.body.project.data.lone).to.equal('\ud800 then \udfff');
      const v = await send('POST', '/v1/projects/exact/versions', '{"label":"exact"}');
      expect(v.status).to.equal(201);
      const version = await send('GET', `/v1/projects/exact/versions/${v.body.version.id}`);
      expect(JSON.stringify(version.body.version.data)).to.equal(JSON.stringify(sent));
    });

    it('a number beyond the double range is refused with 400 naming its path (it would be stored as null)', async () => {
      const res = await send('PUT', '/v1/projects/overflow', '{"name":"x","data":{"wells":[{"rate":1},{"rate":1e400}]}}');
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('validation_failed');
      expect(Object.keys(res.body.error.details.fields)).to.deep.equal(['data.wells[1].rate']);
    });

    it('a body nested deeper than 64 levels is refused with 400, never a 500', async () => {
      const deep = '{"name":"x","data":{"a":' + '['.repeat(5_000) + ']'.repeat(5_000) + '}}';
      const res = await send('PUT', '/v1/projects/deep', deep);
      expect(res.status).to.equal(400);
      expect(res.body.error.details.fields.body).to.match(/at most 64 levels/);
      const fine = '{"name":"x","data":{"a":' + '['.repeat(60) + ']'.repeat(60) + '}}';
      expect((await send('PUT', '/v1/projects/deep', fine)).status).to.equal(201);
    });

    it("a caller's unknown key named __proto__ is reported like any other", async () => {
      const res = await send('PUT', '/v1/projects/proto', '{"name":"x","data":{},"__proto__":{"a":1}}');
      expect(res.status).to.equal(400);
      expect(Object.keys(res.body.error.details.fields)).to.deep.equal(['__proto__']);
    });
  });

  describe('names and labels are display text, counted in code points', () => {
    const refused: [string, string, RegExp][] = [
      ['a newline', 'North\\nfield', /control characters/],
      ['a NUL', 'North\\u0000', /control characters/],
      ['a right-to-left override', 'North \\u202Edleif', /bidirectional/],
      ['a lone surrogate', 'North \\ud800', /lone surrogate/],
      ['hidden tag characters (invisible text a language model still reads; found by a black-box probe)', 'North\\udb40\\udc41\\udb40\\udc42', /tag characters/],
      ['only spaces', '   ', /1 to 200 characters, not only spaces or invisible characters$/],
      ['only a zero-width space (found by a fuzz of the API)', '\\u200B', /not only spaces or invisible characters$/],
      ['only a word joiner, a BOM and a space', '\\u2060\\uFEFF ', /not only spaces or invisible characters$/],
      ['nothing', '', /1 to 200 characters \(got 0\)/],
      ['201 emoji (201 code points)', '\\ud83d\\udee2'.repeat(201), /1 to 200 characters \(got 201\)/],
    ];
    for (const [what, name, message] of refused) {
      it(`a project name with ${what} is refused with 400 naming name`, async () => {
        const res = await send('PUT', '/v1/projects/named', `{"name":"${name}","data":{}}`);
        expect(res.status).to.equal(400);
        expect(res.body.error.details.fields.name).to.match(message);
      });
    }

    it('a subdivision flag (the one use of tag characters in text) is accepted', async () => {
      const scotland = '\\ud83c\\udff4\\udb40\\udc67\\udb40\\udc62\\udb40\\udc73\\udb40\\udc63\\udb40\\udc74\\udb40\\udc7f';
      const res = await send('PUT', '/v1/projects/flag', `{"name":"North Sea ${scotland}","data":{}}`);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
    });

    it('200 emoji (400 UTF-16 units) are 200 characters: accepted', async () => {
      const res = await send('PUT', '/v1/projects/emoji', `{"name":"${'\\ud83d\\udee2'.repeat(200)}","data":{}}`);
      expect(res.status).to.equal(201);
      expect([...res.body.project.name]).to.have.length(200);
    });

    it('a version label follows the same rules', async () => {
      await send('PUT', '/v1/projects/labelled', '{"name":"L","data":{}}');
      const res = await send('POST', '/v1/projects/labelled/versions', '{"label":"Q3\\u202E"}');
      expect(res.status).to.equal(400);
      expect(res.body.error.details.fields.label).to.match(/bidirectional/);
    });
  });

  describe('versions are bounded by the plan (402 plan_limit)', () => {
    it('per project, then per company', async () => {
      await send('PUT', '/v1/projects/va', '{"name":"A","data":{}}');
      await send('PUT', '/v1/projects/vb', '{"name":"B","data":{}}');
      await send('PUT', '/v1/projects/vc', '{"name":"C","data":{}}');
      // 'exact' holds one version already (above); the company limit is 3.
      expect((await send('POST', '/v1/projects/va/versions', '{"label":"1"}')).status).to.equal(201);
      const perProject = await (async () => {
        expect((await send('POST', '/v1/projects/va/versions', '{"label":"2"}')).status).to.equal(201);
        return send('POST', '/v1/projects/va/versions', '{"label":"3"}');
      })();
      expect(perProject.status).to.equal(402);
      expect(perProject.body.error.code).to.equal('plan_limit');
      expect(perProject.body.error.details).to.deep.equal({ limit: 'maxVersionsPerProject', max: 2, count: 2 });
      const perCompany = await send('POST', '/v1/projects/vb/versions', '{"label":"1"}');
      expect(perCompany.status).to.equal(402);
      expect(perCompany.body.error.details).to.deep.equal({ limit: 'maxVersions', max: 3, count: 3 });
      const me = await send('GET', '/v1/me');
      expect(me.body.plan).to.include({ maxVersionsPerProject: 2, maxVersions: 3 });
    });
  });

  describe('list cursors', () => {
    it('a repeated after is refused with 400 naming after', async () => {
      const res = await send('GET', '/v1/projects?after=a&after=b');
      expect(res.status).to.equal(400);
      expect(Object.keys(res.body.error.details.fields)).to.deep.equal(['after']);
    });

    it('a malformed after is refused with 400 naming after (not id)', async () => {
      for (const after of ['a%20b', '%00', 'x'.repeat(65), '']) {
        const res = await send('GET', `/v1/projects?after=${after}`);
        expect(res.status, after).to.equal(400);
        expect(Object.keys(res.body.error.details.fields), after).to.deep.equal(['after']);
      }
    });

    it('a repeated limit is refused naming limit', async () => {
      const res = await send('GET', '/v1/projects?limit=1&limit=2');
      expect(res.status).to.equal(400);
      expect(Object.keys(res.body.error.details.fields)).to.deep.equal(['limit']);
    });
  });
});
