/**
 * Every path reaches exactly one policy (DESIGN.md §6a), whatever its spelling: case, doubled or
 * trailing slashes, percent-encoding, dot segments. Over real HTTP: no spelling of a keyed path
 * answers without a key, none answers 500, and paths outside the API are 404.
 */
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';

/** fetch() normalises some spellings (dot segments); a raw request sends the path as written. */
function raw(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: any }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* keep text */
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The error code of a REST envelope, or of the envelope a JSON-RPC refusal of /v1/mcp carries in data. */
const codeOf = (body: any): unknown => body?.error?.data?.error?.code ?? body?.error?.code;

const MCP_INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });

const KEYED: [string, string, string?][] = [
  ['GET', '/v1/me'],
  ['GET', '/v1/engine/functions'],
  ['GET', '/v1/engine/functions/pvt.gasProperties'],
  ['POST', '/v1/engine/functions/pvt.gasProperties', '{"psia":1000,"TF":180,"gasSG":0.7}'],
  ['GET', '/v1/projects'],
  ['GET', '/v1/projects/demo'],
  ['POST', '/v1/mcp', MCP_INIT],
];

/** Odd spellings of one path. */
function spellings(path: string): string[] {
  const tail = path.slice('/v1'.length);
  return [
    '/V1' + tail,
    '/v1' + tail.toUpperCase(),
    path.toUpperCase(),
    path + '/',
    '/' + path,
    path.replace('/v1/', '/v1//'),
    '/%76%31' + tail,
    '/v1%2F' + tail.slice(1),
    path.replace('/v1/', '/v1/./'),
    '/x/..' + path,
    path.replace('/v1/', '/v1/x/../'),
  ];
}

describe('path policy: every spelling of a path reaches exactly one policy (DESIGN §6a)', () => {
  let server: TestServer;
  let key: string;
  before(async () => {
    server = await startTestServer();
    key = (await createAccount(server)).key;
  });
  after(async () => server.stop());

  for (const [method, path, body] of KEYED) {
    it(`no spelling of ${method} ${path} answers without a key, and none answers 5xx`, async () => {
      for (const p of [path, ...spellings(path)]) {
        const res = await raw(server.url, method, p, { 'X-Forwarded-For': freshAddress() }, body);
        expect([401, 404], `${method} ${p} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).to.include(res.status);
        expect(codeOf(res.body), `${method} ${p}`).to.be.oneOf(['unauthenticated', 'not_found']);
      }
    });

    it(`with a valid key, every spelling of ${method} ${path} answers as the path itself or a 4xx, never 5xx`, async () => {
      const canonical = await raw(server.url, method, path, { Authorization: `Bearer ${key}`, 'X-Forwarded-For': freshAddress() }, body);
      expect(canonical.status, `${method} ${path}`).to.equal(200);
      for (const p of spellings(path)) {
        const res = await raw(server.url, method, p, { Authorization: `Bearer ${key}`, 'X-Forwarded-For': freshAddress() }, body);
        expect(res.status, `${method} ${p} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).to.be.oneOf([200, 403, 404]);
        if (res.status !== 200) expect(codeOf(res.body), `${method} ${p}`).to.be.oneOf(['forbidden', 'not_found']);
      }
    });
  }

  it('the public document answers in its own spelling without a key; odd spellings of it never reach a keyed handler', async () => {
    expect((await call(server.url, '/v1/openapi.json')).status).to.equal(200);
    for (const p of spellings('/v1/openapi.json')) {
      const res = await raw(server.url, 'GET', p, { 'X-Forwarded-For': freshAddress() });
      expect(res.status, p).to.be.oneOf([200, 401, 404]);
      if (res.status === 200) expect(res.body.openapi, p).to.equal('3.1.0');
    }
  });

  it('a path outside the API is 404 with or without a key, never 401 or 403', async () => {
    for (const p of ['/', '/x', '/v2/me', '/v1x/me', '/apps', '/me', '/engine/functions', '/V2/ME']) {
      for (const headers of [{}, { Authorization: `Bearer ${key}` }] as Record<string, string>[]) {
        const res = await raw(server.url, 'GET', p, { ...headers, 'X-Forwarded-For': freshAddress() });
        expect(res.status, p).to.equal(404);
        expect(res.body.error.code, p).to.equal('not_found');
      }
    }
  });

  it('every spelling of an app path is the app\'s: 403 with a key, 401 without a session (never a key route, never outside)', async () => {
    for (const p of ['/app/keys', '/APP/KEYS', '/app//keys/', '/%61pp/keys', '/x/../app/keys', '/app/./keys', '/app/no-such-page', '/App/Session']) {
      const keyed = await raw(server.url, 'GET', p, { Authorization: `Bearer ${key}`, 'X-Forwarded-For': freshAddress() });
      expect(keyed.status, p).to.equal(403);
      expect(keyed.body.error.message, p).to.match(/API keys cannot be used on the app/);
      const bare = await raw(server.url, 'GET', p, { 'X-Forwarded-For': freshAddress() });
      expect(bare.status, p).to.equal(401);
    }
    // The page itself needs no session, but still refuses a key.
    expect((await raw(server.url, 'GET', '/app', {})).status).to.equal(200);
    expect((await raw(server.url, 'GET', '/app', { Authorization: `Bearer ${key}` })).status).to.equal(403);
  });

  it('an unknown path under a key path is 401 without a key and 404 with one, in every spelling', async () => {
    for (const p of ['/v1/projects/p1/nothing-here', '/V1/PROJECTS/p1/x/y', '/v1//engine/functions/x/y/z', '/v1/%65ngine/functions/a/b', '/v1/x/../projects/a/b']) {
      expect((await raw(server.url, 'GET', p, { 'X-Forwarded-For': freshAddress() })).status, p).to.equal(401);
      const keyed = await raw(server.url, 'GET', p, { Authorization: `Bearer ${key}`, 'X-Forwarded-For': freshAddress() });
      expect(keyed.status, p).to.equal(404);
      expect(keyed.body.error.code, p).to.equal('not_found');
    }
  });

  it('an unknown path under /v1 outside the key paths is 401 without a key and 403 with one (keys work only on their paths)', async () => {
    for (const p of ['/v1/team', '/V1/Seats', '/v1/signoff/1', '/v1//keys', '/v1/engine', '/v1/projectsx', '/v1/projects/../team', '/v1/%2e%2e/v1/keys']) {
      const anon = await raw(server.url, 'GET', p, { 'X-Forwarded-For': freshAddress() });
      expect(anon.status, p).to.equal(401);
      const keyed = await raw(server.url, 'GET', p, { Authorization: `Bearer ${key}`, 'X-Forwarded-For': freshAddress() });
      expect(keyed.status, p).to.equal(403);
      expect(keyed.body.error.code, p).to.equal('forbidden');
    }
  });
});
