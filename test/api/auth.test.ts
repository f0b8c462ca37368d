/**
 * Authentication and the account gate, DESIGN.md §4 steps 1-6, over real HTTP.
 * Each case asserts status, error code and the headers the spec requires.
 */
import { expect } from 'chai';
import { addMember, call, createAccount, freshAddress, getWithRawHeaders, startTestServer, type TestServer } from '../support/server.js';
import { setCompanySuspended, setMemberDisabled } from '../../api/accounts/companies.js';
import { createKey, revokeKey } from '../../api/accounts/keys.js';
import { hashKey } from '../../api/accounts/keyValue.js';

describe('authentication (DESIGN.md §4 steps 1-6)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.stop());

  const expect401 = (res: Awaited<ReturnType<typeof call>>, pattern: RegExp) => {
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('unauthenticated');
    expect(res.body.error.message).to.match(pattern);
    expect(res.headers.get('www-authenticate')).to.match(/^Bearer/);
    expect(res.headers.get('x-request-id')).to.be.a('string').and.not.be.empty;
  };

  it('when the key is valid, then GET /v1/me answers 200 with member, company, plan, licences and key', async () => {
    const acct = await createAccount(server, { scopes: ['engine:run'], expiry: '90d' });
    const res = await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() });
    expect(res.status).to.equal(200);
    expect(res.body.member).to.include({ id: acct.member.id, email: acct.member.email, emailVerified: true });
    expect(res.body.company).to.deep.equal({ id: acct.company.id, name: 'Test Co' });
    expect(res.body.plan).to.deep.equal({ apiAccess: true, maxProjects: 50, maxVersionsPerProject: 100, maxVersions: 2000 });
    expect(res.body.licences).to.include({ integrations: 10, econ: 10 });
    expect(res.body.key).to.include({ id: acct.keyId, name: 'test key', prefix: acct.key.slice(0, 10), expiry: '90d' });
    expect(res.body.key.scopes).to.deep.equal(['engine:run']);
    expect(Date.parse(res.body.key.expiresAt) - Date.now()).to.be.closeTo(90 * 86_400_000, 60_000);
  });

  it('when the Authorization header is missing, then 401 unauthenticated', async () => {
    expect401(await call(server.url, '/v1/me', { address: freshAddress() }), /Missing API key/);
  });

  it('when only a session cookie is sent, then 401 (never a cookie fallback)', async () => {
    expect401(await call(server.url, '/v1/me', { address: freshAddress(), headers: { Cookie: 'session=abc; sid=def' } }), /Missing API key/);
  });

  it('when the scheme is not Bearer, then 401 malformed', async () => {
    const acct = await createAccount(server);
    expect401(await call(server.url, '/v1/me', { address: freshAddress(), headers: { Authorization: `Basic ${acct.key}` } }), /Malformed Authorization/);
  });

  it('when the Authorization header is sent twice, then 401, whichever comes first (Node would read only the first)', async () => {
    const acct = await createAccount(server);
    const twice = (values: string[]) => getWithRawHeaders(server.url, '/v1/me', { Authorization: values, 'X-Forwarded-For': freshAddress() });
    for (const values of [[`Bearer ${acct.key}`, 'Bearer eng_nope'], [`Bearer ${acct.key}`, `Bearer ${acct.key}`]]) {
      const res = await twice(values);
      expect(res.status).to.equal(401);
      expect(res.body.error.code).to.equal('unauthenticated');
      expect(res.body.error.message).to.match(/More than one Authorization header/);
    }
    expect((await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() })).status).to.equal(200);
  });

  it('when the key has the wrong shape, then 401 malformed without a lookup', async () => {
    expect401(await call(server.url, '/v1/me', { key: 'eng_short', address: freshAddress() }), /Malformed API key/);
    expect401(await call(server.url, '/v1/me', { key: 'sk_live_' + 'a'.repeat(43), address: freshAddress() }), /payments key: engineering paths take an eng_ key/);
  });

  it('when the key is well formed but unknown, then 401 unknown', async () => {
    expect401(await call(server.url, '/v1/me', { key: 'eng_' + 'A'.repeat(43), address: freshAddress() }), /Unknown API key/);
  });

  it('the challenge says error="invalid_token" when a key was presented (RFC 6750), and carries no error when none was', async () => {
    const bad = await call(server.url, '/v1/me', { key: 'eng_' + 'A'.repeat(43), address: freshAddress() });
    expect(bad.headers.get('www-authenticate')).to.match(/^Bearer realm="engcalc", error="invalid_token", error_description="Unknown API key"$/);
    const none = await call(server.url, '/v1/me', { address: freshAddress() });
    expect(none.headers.get('www-authenticate')).to.equal('Bearer realm="engcalc"');
  });

  it('when the key is revoked, then 401 at once', async () => {
    const acct = await createAccount(server);
    expect((await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() })).status).to.equal(200);
    await revokeKey(server.store, acct.keyId, acct.member.id);
    expect401(await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() }), /revoked/);
  });

  it('when the key has expired, then 401 telling the caller to create a new key', async () => {
    const acct = await createAccount(server);
    // A 30-day key created 31 days ago (the clock is the key's creation time).
    const old = await createKey(server.store, { memberId: acct.member.id, name: 'old', expiry: '30d' }, new Date(Date.now() - 31 * 86_400_000));
    expect401(await call(server.url, '/v1/me', { key: old.value, address: freshAddress() }), /expired.*create a new key/);
  });

  it('when the member is disabled, then 403 forbidden', async () => {
    const acct = await createAccount(server);
    await setMemberDisabled(server.store, acct.member.id, true);
    const res = await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() });
    expect(res.status).to.equal(403);
    expect(res.body.error.code).to.equal('forbidden');
    expect(res.body.error.message).to.match(/disabled/);
  });

  it('when the member email is unverified, then 403 email_not_verified', async () => {
    const acct = await createAccount(server, { verified: false });
    const res = await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() });
    expect(res.status).to.equal(403);
    expect(res.body.error.code).to.equal('email_not_verified');
  });

  it('when the company is suspended, then 403 tenant_suspended, and the key works again once it is lifted', async () => {
    const acct = await createAccount(server);
    await setCompanySuspended(server.store, acct.company.id, true);
    const res = await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() });
    expect(res.status).to.equal(403);
    expect(res.body.error.code).to.equal('tenant_suspended');
    await setCompanySuspended(server.store, acct.company.id, false);
    expect((await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() })).status).to.equal(200);
  });

  it('when a key is used on a path outside the key paths, then 403 forbidden naming where keys work', async () => {
    const acct = await createAccount(server);
    for (const path of ['/v1/keys', '/v1/team', '/v1/seats', '/v1/admin/companies', '/v1/signoff']) {
      const res = await call(server.url, path, { key: acct.key, address: freshAddress() });
      expect(res.status, path).to.equal(403);
      expect(res.body.error.code).to.equal('forbidden');
      expect(res.body.error.message).to.include('/v1/engine/functions');
    }
  });

  it('when the plan has no API access, then 402 plan_limit', async () => {
    const acct = await createAccount(server);
    await server.store.companies.update(acct.company.id, { plan: { apiAccess: false, maxProjects: 5 } });
    const res = await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() });
    expect(res.status).to.equal(402);
    expect(res.body.error.code).to.equal('plan_limit');
  });

  it('when every Integrations seat is held by other members, then 409 no_seat naming the holders and since when', async () => {
    const first = await createAccount(server, { licences: { integrations: 1 } });
    const second = await addMember(server, first.company);
    expect((await call(server.url, '/v1/me', { key: first.key, address: freshAddress() })).status).to.equal(200);
    const res = await call(server.url, '/v1/me', { key: second.key, address: freshAddress() });
    expect(res.status).to.equal(409);
    expect(res.body.error.code).to.equal('no_seat');
    expect(res.body.error.details.holders).to.have.length(1);
    expect(res.body.error.details.holders[0]).to.include({ member: first.member.id, email: first.member.email });
    expect(Date.parse(res.body.error.details.holders[0].since)).to.be.closeTo(Date.now(), 60_000);
    // The first member's other scripts share their one seat.
    const again = await call(server.url, '/v1/me', { key: first.key, address: freshAddress() });
    expect(again.status).to.equal(200);
  });

  it('when a key makes more than 120 requests in a minute, then 429 rate_limited with Retry-After and details.retryAfter', async () => {
    const acct = await createAccount(server);
    const address = freshAddress();
    const statuses = await Promise.all(Array.from({ length: 120 }, () => call(server.url, '/v1/me', { key: acct.key, address }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).to.have.length(120);
    const res = await call(server.url, '/v1/me', { key: acct.key, address });
    expect(res.status).to.equal(429);
    expect(res.body.error.code).to.equal('rate_limited');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 60);
    expect(res.body.error.details.retryAfter).to.equal(retryAfter);
    // Another key of the same member has its own budget.
    const other = await addMember(server, acct.company);
    expect((await call(server.url, '/v1/me', { key: other.key, address })).status).to.equal(200);
  });

  it('when an address fails 20 key attempts in a minute, then it gets 429 without a lookup, even with a valid key', async () => {
    const acct = await createAccount(server);
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      expect((await call(server.url, '/v1/me', { key: 'eng_' + 'B'.repeat(43), address })).status).to.equal(401);
    }
    const blocked = await call(server.url, '/v1/me', { key: acct.key, address });
    expect(blocked.status).to.equal(429);
    expect(blocked.body.error.code).to.equal('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).to.be.within(1, 60);
    expect(blocked.body.error.details.retryAfter).to.be.a('number');
    // Other addresses are unaffected.
    expect((await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() })).status).to.equal(200);
  });

  it('when a key is used, then its first use is audited with method and path and last-used time is kept', async () => {
    const acct = await createAccount(server);
    const address = freshAddress();
    await call(server.url, '/v1/me', { key: acct.key, address });
    await call(server.url, '/v1/me', { key: acct.key, address });
    await server.app.keyUse.flush();
    const uses = (await server.store.audit.list(acct.company.id)).filter((e) => e.action === 'key.used');
    expect(uses).to.have.length(1, 'first use, then at most hourly');
    expect(uses[0]!.details).to.include({ keyId: acct.keyId, method: 'GET', path: '/v1/me', first: true });
    const stored = await server.store.keys.get(acct.keyId);
    expect(Date.parse(stored!.lastUsedAt!)).to.be.closeTo(Date.now(), 60_000);
  });

  it('stores only the SHA-256 of the key and its display prefix', async () => {
    const acct = await createAccount(server);
    const stored = (await server.store.keys.get(acct.keyId))!;
    expect(stored.hash).to.equal(hashKey(acct.key));
    expect(stored.prefix).to.equal(acct.key.slice(0, 10));
    expect(JSON.stringify(stored)).not.to.include(acct.key.slice(10));
  });
});

