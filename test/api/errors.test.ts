/**
 * The error envelope (spec §7) on every non-2xx, the code table, request ids, 404/405, and the
 * JSON body rules (malformed 400, over 4 MB 413, non-JSON 415, empty = {}).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/paths.js';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { ApiError, ERROR_CODES } from '../../api/errors.js';
import { readJsonBody, ENGINE_BODY_LIMIT } from '../../api/body.js';
import { errorEnvelope } from '../../api/middleware/errors.js';
import { requestId } from '../../api/middleware/requestId.js';
import { createLogger } from '../../api/log.js';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';

describe('error envelope and request ids', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.stop());

  it('README names every error code with its status', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) expect(readme, code).to.include(`| ${status} | \`${code}\` |`);
  });

  it('maps every code to the status of spec §7', () => {
    const expected: Record<string, number> = {
      validation_failed: 400, unauthenticated: 401, plan_limit: 402, forbidden: 403, email_not_verified: 403, tenant_suspended: 403,
      not_found: 404, no_seat: 409, conflict: 409, engine_error: 422, rate_limited: 429, internal: 500,
    };
    for (const [code, status] of Object.entries(expected)) expect(ERROR_CODES[code as keyof typeof ERROR_CODES].status, code).to.equal(status);
  });

  it('bounds what an error echoes of the request: 9,990 unknown input keys (the most one object may hold with the two real ones), an 8,000-character function name', async () => {
    const acct = await createAccount(server);
    const body = Object.fromEntries(Array.from({ length: 9_990 }, (_, i) => [`k${i}`, 1]));
    const res = await call(server.url, '/v1/engine/functions/pvt.zFactor', { key: acct.key, body: { ppr: 2, tpr: 1.5, ...body }, address: freshAddress() });
    expect(res.status).to.equal(400);
    expect(res.body.error.message).to.match(/^Unknown input 'k0', 'k1', .*'k9' and 9980 more for pvt\.zFactor; valid keys: /);
    expect(Object.keys(res.body.error.details.fields).length).to.be.at.most(100);
    expect(res.body.error.details.validKeys).to.include('ppr');
    expect(JSON.stringify(res.body).length).to.be.below(20_000); // the request was ~110 KB
    const long = 'x'.repeat(8_000);
    const missing = await call(server.url, `/v1/engine/functions/${long}`, { key: acct.key, body: {}, address: freshAddress() });
    expect(missing.status).to.equal(404);
    expect(missing.body.error.message.length).to.be.below(2_100);
    expect(missing.body.error.message).to.match(/… \(\d+ more characters\)$/);
  });

  it('cuts any error body to its bounds: message, number of fields, each field', () => {
    const fields = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`${'f'.repeat(i === 0 ? 1_000 : 1)}${i}`, i === 1 ? 'm'.repeat(1_000) : 'bad']));
    const body = new ApiError('validation_failed', 'w'.repeat(5_000), { fields, other: 1 }).toBody();
    expect(body.error.message).to.have.length.below(2_100);
    const kept = body.error.details!.fields as Record<string, string>;
    expect(Object.keys(kept)).to.have.length(100);
    expect(Object.keys(kept).every((k) => k.length <= 300 + 40)).to.equal(true);
    expect(Object.values(kept).every((m) => m.length <= 300 + 40)).to.equal(true);
    expect(body.error.details).to.include({ fieldsOmitted: 50, other: 1 });
    // Small bodies are as they were.
    expect(new ApiError('validation_failed', 'short', { fields: { a: 'bad' } }).toBody()).to.deep.equal({ error: { code: 'validation_failed', message: 'short', details: { fields: { a: 'bad' } } } });
  });

  it('when the path is unknown, then 404 not_found in the envelope with a request id', async () => {
    const res = await call(server.url, '/nowhere');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ error: { code: 'not_found', message: 'No endpoint GET /nowhere' } });
    expect(res.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('when a path under a key path is unknown, then 404 not_found', async () => {
    const acct = await createAccount(server);
    const res = await call(server.url, '/v1/projects/p1/nothing-here', { key: acct.key, address: freshAddress() });
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('not_found');
  });

  it('when the method is wrong, then 405 with an Allow header in the envelope', async () => {
    const acct = await createAccount(server);
    const res = await call(server.url, '/v1/me', { key: acct.key, method: 'DELETE', address: freshAddress() });
    expect(res.status).to.equal(405);
    expect(res.body.error.code).to.equal('method_not_allowed');
    expect(res.headers.get('allow')).to.include('GET');
  });

  it('a method the router serves on no path (TRACE, PROPFIND, MKCOL, PURGE): 405 with Allow where the path exists, 404 where not, never a bare 501', async () => {
    const acct = await createAccount(server);
    const address = freshAddress();
    // fetch refuses TRACE: a plain node:http request carries any method Node parses.
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; type: string | undefined; body: any }>((resolve, reject) => {
        const req = httpRequest(new URL(path, server.url), { method, headers: { Authorization: `Bearer ${acct.key}`, 'X-Forwarded-For': address } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, type: res.headers['content-type'], body: text ? JSON.parse(text) : null }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'PURGE']) {
      const me = await send(method, '/v1/me');
      expect(me.status, method).to.equal(405);
      expect(me.allow, method).to.equal('HEAD, GET');
      expect(me.type).to.match(/^application\/json/);
      expect(me.body.error.code).to.equal('method_not_allowed');
      const fn = await send(method, '/v1/engine/functions/pvt.gasProperties');
      expect(fn.status, method).to.equal(405);
      expect(fn.body.error.code).to.equal('method_not_allowed');
      const nowhere = await send(method, '/nothing');
      expect(nowhere.status, method).to.equal(404);
      expect(nowhere.allow, method).to.equal(undefined);
      expect(nowhere.body.error.code).to.equal('not_found');
    }
  });

  it('echoes a sane caller request id and replaces an unsafe one', async () => {
    const mine = await call(server.url, '/v1/openapi.json', { headers: { 'X-Request-Id': 'batch-42.call-7' } });
    expect(mine.headers.get('x-request-id')).to.equal('batch-42.call-7');
    const bad = await call(server.url, '/v1/openapi.json', { headers: { 'X-Request-Id': 'x'.repeat(300) } });
    expect(bad.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('marks every answer X-Content-Type-Options: nosniff: JSON, errors, unknown paths and the app', async () => {
    for (const [path, init] of [
      ['/v1/openapi.json', {}],
      ['/v1/me', {}],
      ['/v1/me', { headers: { Authorization: 'Bearer eng_nope' } }],
      ['/nothing', {}],
      ['/v1/me', { method: 'DELETE' }],
      ['/app/session', {}],
    ] as const) {
      const res = await call(server.url, path, init);
      expect(res.headers.get('x-content-type-options'), `${path} ${res.status}`).to.equal('nosniff');
    }
  });
});

describe('JSON bodies and 5xx hygiene (api/body.ts, api/middleware/errors.ts)', () => {
  let http: Server;
  let base: string;
  before(async () => {
    const app = new Koa();
    app.silent = true;
    app.use(requestId() as Koa.Middleware);
    app.use(errorEnvelope(createLogger('silent')) as Koa.Middleware);
    app.use(async (ctx) => {
      if (ctx.path === '/boom') throw new Error('secret internal detail at /srv/db');
      if (ctx.path === '/teapot') throw new ApiError('conflict', 'the project holds an approved version');
      if (ctx.path === '/unwritable') {
        ctx.body = { count: 1n }; // JSON.stringify throws on a BigInt, as on a string past V8's longest
        return;
      }
      ctx.body = { received: await readJsonBody(ctx) };
    });
    http = createServer(app.callback());
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => http.close(() => r())));

  it('an answer that cannot be written as JSON is a 500 in the envelope with its request id, not Koa\'s bare text/plain', async () => {
    const res = await call(base, '/unwritable');
    expect(res.status).to.equal(500);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    expect(res.headers.get('x-request-id')).to.be.a('string');
    expect(res.body.error.code).to.equal('internal');
  });

  it('reads an empty body as {}', async () => {
    const res = await call(base, '/echo', { method: 'POST' });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ received: {} });
  });

  it('when the JSON is malformed, then 400 validation_failed with details.fields.body', async () => {
    const res = await call(base, '/echo', { method: 'POST', rawBody: '{"psia": 10,', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('validation_failed');
    expect(res.body.error.details.fields.body).to.be.a('string');
  });

  it('when the body is not JSON, then 415 in the envelope', async () => {
    const res = await call(base, '/echo', { method: 'POST', rawBody: 'a=1&b=2', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).to.equal(415);
    expect(res.body.error.code).to.equal('unsupported_media_type');
  });

  it('when the body is declared in a charset other than UTF-8, then 415 naming it, not a body misread as UTF-8 (found by a fuzz of the API)', async () => {
    for (const charset of ['utf-16', 'latin1', '"ISO-8859-1"']) {
      const res = await call(base, '/echo', { method: 'POST', rawBody: '{"a":1}', headers: { 'Content-Type': `application/json; charset=${charset}` } });
      expect(res.status, charset).to.equal(415);
      expect(res.body.error.code).to.equal('unsupported_media_type');
      expect(res.body.error.message).to.include(`'${charset.replace(/"/g, '').toLowerCase()}'`);
    }
    for (const charset of ['utf-8', 'UTF-8', '"utf-8"', 'utf8']) {
      const res = await call(base, '/echo', { method: 'POST', rawBody: '{"a":"é"}', headers: { 'Content-Type': `application/json;charset=${charset}` } });
      expect(res.body, charset).to.deep.equal({ received: { a: 'é' } });
    }
  });

  it('when the body is compressed (Content-Encoding), then 415 naming the encoding, not a JSON error about its bytes', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await call(base, '/echo', { method: 'POST', rawBody: gzipSync('{"a":1}'), headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } });
    expect(res.status).to.equal(415);
    expect(res.body.error.code).to.equal('unsupported_media_type');
    expect(res.body.error.message).to.include("'gzip'");
    const plain = await call(base, '/echo', { method: 'POST', rawBody: '{"a":1}', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'identity' } });
    expect(plain.body).to.deep.equal({ received: { a: 1 } });
  });

  it('when the body is over 4 MB, then 413 in the envelope', async () => {
    const big = JSON.stringify({ cashFlows: 'x'.repeat(ENGINE_BODY_LIMIT) });
    const res = await call(base, '/echo', { method: 'POST', rawBody: big, headers: { 'Content-Type': 'application/json' } });
    expect(res.status).to.equal(413);
    expect(res.body.error.code).to.equal('payload_too_large');
    expect(res.body.error.details.limitBytes).to.equal(4 * 1024 * 1024);
  });

  it('when the body is exactly 4 MB, then it is accepted', async () => {
    const padding = ENGINE_BODY_LIMIT - JSON.stringify({ s: '' }).length;
    const res = await call(base, '/echo', { method: 'POST', rawBody: JSON.stringify({ s: 'y'.repeat(padding) }), headers: { 'Content-Type': 'application/json' } });
    expect(res.status).to.equal(200);
  });

  it('when a handler throws an unexpected error, then 500 internal without leaking the message', async () => {
    const res = await call(base, '/boom');
    expect(res.status).to.equal(500);
    expect(res.body.error.code).to.equal('internal');
    expect(JSON.stringify(res.body)).not.to.include('secret');
  });

  it('shows 4xx messages as they are', async () => {
    const res = await call(base, '/teapot');
    expect(res.status).to.equal(409);
    expect(res.body).to.deep.equal({ error: { code: 'conflict', message: 'the project holds an approved version' } });
  });
});

describe('requests the HTTP parser refuses', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.stop());

  /** Writes raw bytes on a socket and returns everything the server answers. */
  async function rawExchange(payload: string): Promise<{ status: number; headers: string; body: any }> {
    const { connect } = await import('node:net');
    const url = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.end(payload));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (d) => (text += d));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, ...rest] = text.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head ?? '')?.[1]), headers: head ?? '', body: JSON.parse(rest.join('\r\n\r\n')) });
      });
    });
  }

  it('headers over the limit: 431 in the error envelope', async () => {
    const res = await rawExchange(`GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).to.equal(431);
    expect(res.headers).to.match(/content-type: application\/json/i);
    expect(res.body.error).to.include({ code: 'headers_too_large' });
    expect(ERROR_CODES.headers_too_large.status).to.equal(431);
  });

  it('a malformed request line: 400 validation_failed in the error envelope', async () => {
    const res = await rawExchange('THIS IS NOT HTTP\r\n\r\n');
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('validation_failed');
    expect(res.body.error.details.fields).to.have.property('request');
    expect(res.headers).to.match(/^x-request-id: [0-9a-f-]{36}$/im);
  });

  it('requests Node answered bare (a fuzz of the API): no Host, CONNECT, an unknown Expect', async () => {
    const noHost = await rawExchange('GET /v1/openapi.json HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(noHost.status).to.equal(400);
    expect(noHost.body.error.code).to.equal('validation_failed');
    expect(noHost.body.error.details.fields).to.have.property('Host');
    expect(noHost.headers).to.match(/^x-request-id: [0-9a-f-]{36}$/im);
    const tunnel = await rawExchange('CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n');
    expect(tunnel.status).to.equal(405);
    expect(tunnel.body.error.code).to.equal('method_not_allowed');
    expect(tunnel.headers).to.match(/^x-request-id: [0-9a-f-]{36}$/im);
    // An expectation this server does not know is ignored (RFC 9110 allows it): the request is served.
    const expectFoo = await rawExchange('GET /v1/me HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nConnection: close\r\n\r\n');
    expect(expectFoo.status).to.equal(401);
    expect(expectFoo.body.error.code).to.equal('unauthenticated');
  });
});
