/**
 * The client address behind trusted proxies (TRUST_PROXY), as the failed-attempt limit sees it,
 * over real HTTP: only the X-Forwarded-For entry the outermost trusted proxy appended counts, so
 * a client can neither dodge the per-address limit nor lock another address out by writing
 * entries of its own.
 */
import { expect } from 'chai';
import { call, startTestServer, type TestServer } from '../support/server.js';
import { loadConfig } from '../../api/config.js';

const BAD_KEY = 'eng_' + 'Z'.repeat(43);

async function failTimes(server: TestServer, n: number, xff: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await call(server.url, '/v1/me', { key: BAD_KEY, headers: { 'X-Forwarded-For': xff(i) } })).status);
  return statuses;
}

describe('client address behind trusted proxies (TRUST_PROXY)', () => {
  describe('one trusted proxy (TRUST_PROXY=true)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ TRUST_PROXY: 'true' });
    });
    after(async () => server.stop());

    it('a client rotating spoofed left-most entries is still one address: the 21st failure is 429', async () => {
      const statuses = await failTimes(server, 21, (i) => `198.51.100.${i}, 203.0.113.7`);
      expect(statuses.slice(0, 20).every((s) => s === 401)).to.equal(true);
      expect(statuses[20]).to.equal(429);
    });

    it("a client writing another's address on the left cannot lock that address out", async () => {
      await failTimes(server, 25, () => '203.0.113.50, 203.0.113.66'); // the attacker is .66, naming .50
      const victim = await call(server.url, '/v1/me', { key: BAD_KEY, headers: { 'X-Forwarded-For': '203.0.113.50' } });
      expect(victim.status).to.equal(401); // its own first failure, not 429
      const attacker = await call(server.url, '/v1/me', { key: BAD_KEY, headers: { 'X-Forwarded-For': '203.0.113.66' } });
      expect(attacker.status).to.equal(429);
    });
  });

  describe('two trusted proxies (TRUST_PROXY=2)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ TRUST_PROXY: '2' });
    });
    after(async () => server.stop());

    it('the client is the second entry from the right; entries left of it are ignored', async () => {
      const statuses = await failTimes(server, 21, (i) => `198.51.100.${i}, 203.0.113.9, 10.0.0.2`);
      expect(statuses[20]).to.equal(429);
      // Another client behind the same inner proxy is not affected.
      const other = await call(server.url, '/v1/me', { key: BAD_KEY, headers: { 'X-Forwarded-For': '203.0.113.10, 10.0.0.2' } });
      expect(other.status).to.equal(401);
    });
  });

  describe('no trusted proxy (the default)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ TRUST_PROXY: 'false' });
    });
    after(async () => server.stop());

    it('X-Forwarded-For is ignored: every request from this socket is one address', async () => {
      const statuses = await failTimes(server, 21, (i) => `198.51.100.${i}`);
      expect(statuses[20]).to.equal(429);
    });
  });

  it('TRUST_PROXY takes true, false or a count, and refuses anything else', () => {
    const hops = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxyHops;
    expect([hops('false'), hops('true'), hops('0'), hops('1'), hops('3'), hops('')]).to.deep.equal([0, 1, 0, 1, 3, 0]);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).to.throw(/TRUST_PROXY must be true, false or the number/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).to.throw(/TRUST_PROXY/);
  });
});
