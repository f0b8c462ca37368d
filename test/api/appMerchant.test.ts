/**
 * The merchant dashboard in the app, over real HTTP: a merchant's user makes sandbox and live
 * keys (shown once, no-store), sets a live key's allowlist and sees it enforced, reads the recent
 * requests with their source addresses, rolls a key (the old one answers with its end for 30
 * minutes), revokes one (401 next); other merchants' keys are 404; members and merchants stay
 * in their own parts of the app.
 */
import { expect } from 'chai';
import { call, createAccount, startTestServer, type TestServer } from '../support/server.js';
import { giveMerchantPassword, givePassword, signedIn, type AppClient } from '../support/appClient.js';
import { createMerchant, createMerchantKey } from '../../api/payments/keys.js';
import { GRACE_HEADER } from '../../api/payments/gate.js';

describe('app merchant dashboard over HTTP', () => {
  let server: TestServer;
  let shop: AppClient;
  let otherKeyId: string;
  before(async () => {
    server = await startTestServer();
    const merchant = await createMerchant(server.store.payments, { name: 'Shop' }, Date.now());
    await giveMerchantPassword(server, merchant.id, 'owner@shop.example');
    shop = await signedIn(server, 'owner@shop.example');
    const other = await createMerchant(server.store.payments, { name: 'Other shop' }, Date.now());
    otherKeyId = (await createMerchantKey(server.store.payments, { merchantId: other.id, environment: 'sandbox' }, Date.now())).key.id;
  });
  after(async () => server.stop());

  const balances = (key: string, address = '192.0.2.10') => call(server.url, '/v1/balances', { key, address });

  it('keeps members and merchant users in their own parts of the app', async () => {
    expect((await shop.request('GET', '/app/keys')).status).to.equal(403);
    expect((await shop.request('GET', '/app/merchant/keys')).status).to.equal(200);
    const acct = await createAccount(server);
    const member = await signedIn(server, await givePassword(server, acct.member.id));
    const refused = await member.request('GET', '/app/merchant/keys');
    expect(refused.status).to.equal(403);
    expect(refused.body.error.message).to.match(/for merchant users/);
  });

  it('makes a sandbox key shown once that works on the payments API; revoking it makes the next call 401', async () => {
    const res = await shop.request('POST', '/app/merchant/keys', { body: { environment: 'sandbox' } });
    expect(res.status).to.equal(201);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(res.body.value).to.match(/^sk_sand_[A-Za-z0-9_-]{43}$/);
    expect(res.body.key).to.deep.include({ environment: 'sandbox', state: 'active', prefix: res.body.value.slice(0, 14) });
    expect((await balances(res.body.value)).status).to.equal(200);
    const list = await shop.request('GET', '/app/merchant/keys');
    expect(JSON.stringify(list.body)).to.not.include(res.body.value);
    expect(list.body.keys.map((k: { id: string }) => k.id)).to.include(res.body.key.id).and.not.include(otherKeyId);
    const revoked = await shop.request('DELETE', `/app/merchant/keys/${res.body.key.id}`);
    expect(revoked.body.key.state).to.equal('revoked');
    expect((await balances(res.body.value)).status).to.equal(401);
  });

  it("sets a live key's allowlist and the gate enforces it; the recent requests show each source address and status", async () => {
    const live = (await shop.request('POST', '/app/merchant/keys', { body: { environment: 'live' } })).body;
    const set = await shop.request('PUT', `/app/merchant/keys/${live.key.id}/allowlist`, { body: { allowlist: ['203.0.113.0/24', '2001:db8::1'] } });
    expect(set.status).to.equal(200);
    expect(set.body.key.allowlist).to.deep.equal(['203.0.113.0/24', '2001:db8::1']);
    expect((await balances(live.value, '198.51.100.7')).status).to.equal(403);
    expect((await balances(live.value, '203.0.113.9')).status).to.equal(200);
    const bad = await shop.request('PUT', `/app/merchant/keys/${live.key.id}/allowlist`, { body: { allowlist: ['300.1.1.1'] } });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.details.fields.allowlist).to.match(/300\.1\.1\.1/);

    // The log is written off the request's path: wait until both entries are there.
    let requests: { address: string; status: number; keyPrefix: string; path: string; environment: string }[] = [];
    for (let i = 0; i < 200 && requests.length < 2; i++) {
      requests = (await shop.request('GET', '/app/merchant/requests')).body.requests.filter((r: { keyPrefix: string }) => r.keyPrefix === live.key.prefix);
      if (requests.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(requests.map((r) => [r.address, r.status])).to.deep.equal([
      ['203.0.113.9', 200],
      ['198.51.100.7', 403],
    ]);
    expect(requests[0]).to.deep.include({ path: '/v1/balances', environment: 'live' });

    const sandbox = (await shop.request('POST', '/app/merchant/keys', { body: { environment: 'sandbox' } })).body;
    const sandList = await shop.request('PUT', `/app/merchant/keys/${sandbox.key.id}/allowlist`, { body: { allowlist: ['203.0.113.1'] } });
    expect(sandList.status).to.equal(400);
    expect(sandList.body.error.details.fields.allowlist).to.match(/live keys only/);
  });

  it('rolls a key: the new one is shown once, the old one works 30 more minutes and says until when', async () => {
    const old = (await shop.request('POST', '/app/merchant/keys', { body: { environment: 'sandbox' } })).body;
    const before = Date.now();
    const rolled = await shop.request('POST', `/app/merchant/keys/${old.key.id}/roll`, { body: {} });
    expect(rolled.status).to.equal(201);
    expect(rolled.headers.get('cache-control')).to.equal('no-store');
    expect(rolled.body.value).to.match(/^sk_sand_/);
    expect(rolled.body.previous.state).to.equal('expiring');
    const ends = Date.parse(rolled.body.previous.expires_at);
    expect(ends - before).to.be.within(30 * 60_000 - 1_000, 30 * 60_000 + 5_000);
    const viaOld = await balances(old.value);
    expect(viaOld.status).to.equal(200);
    expect(viaOld.headers.get(GRACE_HEADER)).to.equal(rolled.body.previous.expires_at);
    expect((await balances(rolled.body.value)).status).to.equal(200);
    const again = await shop.request('POST', `/app/merchant/keys/${old.key.id}/roll`, { body: {} });
    expect(again.status).to.equal(409);
  });

  it("never reaches another merchant's key (404)", async () => {
    expect((await shop.request('DELETE', `/app/merchant/keys/${otherKeyId}`)).status).to.equal(404);
    expect((await shop.request('POST', `/app/merchant/keys/${otherKeyId}/roll`, { body: {} })).status).to.equal(404);
    expect((await shop.request('PUT', `/app/merchant/keys/${otherKeyId}/allowlist`, { body: { allowlist: [] } })).status).to.equal(404);
    expect((await server.store.payments.keys.get(otherKeyId))!.revokedAt).to.equal(null);
  });

  it('refuses a bad environment', async () => {
    const res = await shop.request('POST', '/app/merchant/keys', { body: { environment: 'prod' } });
    expect(res.status).to.equal(400);
    expect(res.body.error.details.fields.environment).to.match(/sandbox or live/);
  });

  it('holds at most 25 active keys an environment: the next is 409 until one is revoked', async () => {
    const merchant = await createMerchant(server.store.payments, { name: 'Key hoarder' }, Date.now());
    await giveMerchantPassword(server, merchant.id, 'owner@hoarder.example');
    const hoarder = await signedIn(server, 'owner@hoarder.example');
    const make = (environment: string) => hoarder.request('POST', '/app/merchant/keys', { body: { environment } });
    const made: string[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await make('sandbox');
      expect(res.status).to.equal(201);
      made.push(res.body.key.id);
    }
    const refused = await make('sandbox');
    expect(refused.status).to.equal(409);
    expect(refused.body.error.code).to.equal('conflict');
    expect(refused.body.error.message).to.match(/at most 25 active sandbox keys; revoke one first/);
    expect(refused.body).to.not.have.property('value');
    expect((await make('live')).status, 'live keys have their own count').to.equal(201);
    expect((await hoarder.request('DELETE', `/app/merchant/keys/${made[0]}`)).status).to.equal(200);
    expect((await make('sandbox')).status).to.equal(201);
    expect((await make('sandbox')).status).to.equal(409);
  });
});
