/**
 * The one path policy (DESIGN.md §6a) with the payments product in it: every spelling of a
 * payments path reaches the payments gate or answers 401/404 — never a handler without a key,
 * never 5xx — and a spelling that reaches a handler keeps the key's environment. An unknown path
 * under /v1 presented with an sk_ key is the payments gate's (404 for a known key), with any other
 * credential the engineering gate's.
 */
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { createAccount } from '../../support/server.js';
import { createTestMerchant, freshIp, newKey, startPaymentsServer, type PaymentsServer, type TestMerchant } from '../../support/payments.js';

function raw(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: any }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers: { 'X-Forwarded-For': freshIp(), ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) } }, (res) => {
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

const spellings = (path: string): string[] => {
  const tail = path.slice('/v1'.length);
  return ['/V1' + tail, '/v1' + tail.toUpperCase(), path + '/', '/' + path, path.replace('/v1/', '/v1//'), '/%76%31' + tail, path.replace('/v1/', '/v1/./'), '/x/..' + path, path.replace('/v1/', '/v1/x/../')];
};

describe('payments paths in the one path policy', () => {
  let server: PaymentsServer;
  let m: TestMerchant;
  let eng: string;
  before(async () => {
    server = await startPaymentsServer();
    m = await createTestMerchant(server);
    eng = (await createAccount(server)).key;
  });
  after(async () => server.stop());

  const KEYED: [string, string, string?][] = [
    ['GET', '/v1/payins'],
    ['GET', '/v1/balances'],
    ['POST', '/v1/payouts', '{"amount":1,"currency":"EUR","bank_account":{"account_holder_name":"A","country":"DE","account_number":"000123456789"}}'],
    ['GET', '/v1/sandbox/test_credentials'],
  ];

  for (const [method, path, body] of KEYED) {
    it(`no spelling of ${method} ${path} answers without a key, none 5xx; with a sandbox key it stays in the sandbox`, async () => {
      for (const p of [path, ...spellings(path)]) {
        const anon = await raw(server.url, method, p, {}, body);
        expect(anon.status, `${method} ${p} -> ${anon.status}`).to.be.oneOf([401, 404]);
        const keyed = await raw(server.url, method, p, { Authorization: `Bearer ${m.sandbox}`, 'Idempotency-Key': newKey() }, body);
        expect(keyed.status, `${method} ${p} -> ${keyed.status} ${JSON.stringify(keyed.body).slice(0, 200)}`).to.be.oneOf([200, 201, 401, 402, 404]);
        if (keyed.status < 300 && keyed.body.environment) expect(keyed.body.environment).to.equal('sandbox');
        const withEng = await raw(server.url, method, p, { Authorization: `Bearer ${eng}` }, body);
        expect(withEng.status, `eng key: ${method} ${p}`).to.be.oneOf([403, 404]);
      }
    });
  }

  it('an unknown /v1 path: 401 without a key, 404 with a known sk_ key (the payments gate judges it), 401 with an unknown one, 403 with an eng_ key', async () => {
    const unknownSk = m.sandbox.slice(0, -4) + (m.sandbox.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const p of ['/v1/payins/x/y', '/v1/payments', '/v1/sandbox', '/V1/PAYOUTS/a/b/c', '/v1//payins', '/v1/team', '/v1/projects/p/nothing']) {
      expect((await raw(server.url, 'GET', p)).status, p).to.equal(401);
      const sk = await raw(server.url, 'GET', p, { Authorization: `Bearer ${m.sandbox}` });
      expect(sk.status, p).to.equal(404);
      expect(sk.body.error.code, p).to.equal('not_found');
      const live = await raw(server.url, 'POST', p, { Authorization: `Bearer ${m.live}` }, '{}');
      expect(live.status, p).to.equal(404);
      const wrong = await raw(server.url, 'GET', p, { Authorization: `Bearer ${unknownSk}` });
      expect(wrong.status, p).to.equal(401);
      expect(wrong.body.error.message, p).to.match(/Unknown API key/);
      expect((await raw(server.url, 'GET', p, { Authorization: `Bearer ${eng}` })).status, p).to.be.oneOf([403, 404]);
    }
    // Under a key path the engineering answer stands: 404 for a key, 403 elsewhere.
    expect((await raw(server.url, 'GET', '/v1/payins/x/y', { Authorization: `Bearer ${eng}` })).status).to.equal(403);
    expect((await raw(server.url, 'GET', '/v1/projects/p/nothing', { Authorization: `Bearer ${eng}` })).status).to.equal(404);
  });

  it('a payments path with another method is 405 with Allow, after the payments gate', async () => {
    expect((await raw(server.url, 'DELETE', '/v1/payins')).status).to.equal(401);
    const res = await raw(server.url, 'DELETE', '/v1/payins', { Authorization: `Bearer ${m.sandbox}` });
    expect(res.status).to.equal(405);
    expect(res.body.error.code).to.equal('method_not_allowed');
  });

  it('the public payments paths answer without a key', async () => {
    expect((await raw(server.url, 'GET', '/v1/currencies')).status).to.equal(200);
    expect((await raw(server.url, 'GET', '/v1/payments/openapi.json')).status).to.equal(200);
  });
});
