/**
 * Over real HTTP with an injected clock: rolled keys work for their 30-minute grace (answers
 * carry Api-Key-Expires-At) and then 401; an immediate roll stops the old key at once; revoked
 * keys 401; live allowlists (IPv4, IPv6, CIDR) refuse other addresses with 403 naming the
 * address; sandbox keys ignore allowlists; the rate limit (120 a minute, 20 a second, sliding) gives 429 with Retry-After.
 */
import { expect } from 'chai';
import { revokeMerchantKey, rollMerchantKey, setKeyAllowlist } from '../../../api/payments/keys.js';
import { hashKey } from '../../../api/accounts/keyValue.js';
import { createTestMerchant, freshIp, keyFor, pay, startPaymentsServer, type PaymentsServer, type TestMerchant } from '../../support/payments.js';
import { getWithRawHeaders } from '../../support/server.js';

const MIN = 60_000;

describe('payments keys: rotation, revocation, allowlists, limits', () => {
  let server: PaymentsServer;
  let m: TestMerchant;
  before(async () => {
    server = await startPaymentsServer({ rateLimits: true });
    m = await createTestMerchant(server);
  });
  after(async () => server.stop());

  it('a rolled key works for its 30-minute grace, saying when it stops, then 401; the new key works throughout', async () => {
    const old = await keyFor(server, m.id, 'sandbox');
    const rolled = await rollMerchantKey(server.store.payments, old.id, {}, server.clock.now());
    expect(rolled.value).to.match(/^sk_sand_[A-Za-z0-9_-]{43}$/);
    expect(rolled.key.rolled_from).to.equal(old.id);
    const stopsAt = new Date(server.clock.now() + 30 * MIN).toISOString();
    expect(rolled.previous).to.include({ state: 'expiring', expires_at: stopsAt, rolled_to: rolled.key.id });

    const during = await pay(server, '/v1/balances', { key: old.value });
    expect(during.status).to.equal(200);
    expect(during.headers.get('api-key-expires-at')).to.equal(stopsAt);
    expect((await pay(server, '/v1/balances', { key: rolled.value })).headers.get('api-key-expires-at'), 'not on the new key').to.equal(null);

    server.clock.advance(30 * MIN - 1);
    expect((await pay(server, '/v1/balances', { key: old.value })).status, 'last millisecond of the grace').to.equal(200);
    server.clock.advance(1);
    const after = await pay(server, '/v1/balances', { key: old.value });
    expect(after.status).to.equal(401);
    expect(after.body.error.message).to.include(rolled.key.id);
    expect((await pay(server, '/v1/balances', { key: rolled.value })).status).to.equal(200);
  });

  it('an immediate roll (a leaked key) stops the old key at once; a rolled key cannot be rolled again (409)', async () => {
    const old = await keyFor(server, m.id, 'live');
    const rolled = await rollMerchantKey(server.store.payments, old.id, { now: true }, server.clock.now());
    expect((await pay(server, '/v1/balances', { key: old.value })).status).to.equal(401);
    expect((await pay(server, '/v1/balances', { key: rolled.value })).status).to.equal(200);
    let err: any;
    await rollMerchantKey(server.store.payments, old.id, {}, server.clock.now()).catch((e) => (err = e));
    expect(err?.code).to.equal('conflict');
  });

  it('two Authorization headers are 401, whichever comes first: a second credential is never ignored', async () => {
    const k = await keyFor(server, m.id, 'sandbox');
    const twice = async (values: string[]) => {
      const res = await getWithRawHeaders(server.url, '/v1/balances', { Authorization: values, 'X-Forwarded-For': freshIp() });
      return { status: res.status, message: res.body.error?.message as string };
    };
    for (const values of [[`Bearer ${k.value}`, 'Bearer sk_sand_nope'], ['Bearer sk_sand_nope', `Bearer ${k.value}`]]) {
      const res = await twice(values);
      expect(res.status).to.equal(401);
      expect(res.message).to.match(/More than one Authorization header/);
    }
    expect((await pay(server, '/v1/balances', { key: k.value })).status).to.equal(200);
  });

  it('a revoked key is 401 at once; key values are stored only as their SHA-256', async () => {
    const k = await keyFor(server, m.id, 'sandbox');
    const record = await server.store.payments.keys.get(k.id);
    expect(record?.hash).to.equal(hashKey(k.value));
    expect(JSON.stringify(record)).not.to.include(k.value);
    expect(record?.prefix).to.equal(k.value.slice(0, 14));
    await revokeMerchantKey(server.store.payments, k.id, server.clock.now());
    const res = await pay(server, '/v1/balances', { key: k.value });
    expect(res.status).to.equal(401);
    expect(res.body.error.message).to.match(/revoked/);
  });

  it('a live key with an allowlist gets 403 from another address, naming it; allowed addresses and CIDRs (IPv4 and IPv6) pass', async () => {
    const k = await keyFor(server, m.id, 'live', ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7']);
    for (const address of ['203.0.113.9', '2001:db8:0:1::5', '198.51.100.7', '::ffff:203.0.113.200']) {
      const ok = await pay(server, '/v1/payins', { key: k.value, address });
      expect(ok.status, address).to.equal(200);
    }
    for (const address of ['198.51.100.8', '2001:db9::1', '10.1.2.3']) {
      const refused = await pay(server, '/v1/payins', { key: k.value, address });
      expect(refused.status, address).to.equal(403);
      expect(refused.body.error.code).to.equal('forbidden');
      expect(refused.body.error.details).to.deep.equal({ address });
      expect(refused.body.error.message).to.include(address);
    }
    // Changing the allowlist takes effect on the next request.
    await setKeyAllowlist(server.store.payments, k.id, ['10.1.2.3'], server.clock.now());
    expect((await pay(server, '/v1/payins', { key: k.value, address: '10.1.2.3' })).status).to.equal(200);
    expect((await pay(server, '/v1/payins', { key: k.value, address: '203.0.113.9' })).status).to.equal(403);
  });

  it('allowlist refusals count as failed attempts of the address: past 20 it gets 429, and the key works from its allowlist', async () => {
    const k = await keyFor(server, m.id, 'live', ['203.0.113.0/24']);
    const outside = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await pay(server, '/v1/payins', { key: k.value, address: outside })).status);
    expect(statuses.slice(0, 20)).to.deep.equal(Array(20).fill(403));
    const locked = await pay(server, '/v1/payins', { key: k.value, address: outside });
    expect(locked.status).to.equal(429);
    expect(locked.headers.get('retry-after')).to.match(/^\d+$/);
    expect((await pay(server, '/v1/payins', { key: k.value, address: '203.0.113.5' })).status, 'the merchant is not locked out').to.equal(200);
  });

  it('sandbox keys ignore allowlists', async () => {
    const k = await keyFor(server, m.id, 'sandbox', ['203.0.113.0/24']);
    expect((await pay(server, '/v1/payins', { key: k.value, address: '10.9.9.9' })).status).to.equal(200);
  });

  it('refuses allowlist entries that are not addresses or CIDRs', async () => {
    let err: any;
    await setKeyAllowlist(server.store.payments, m.liveKeyId, ['300.1.1.1', '10.0.0.0/33', 'example.com'], server.clock.now()).catch((e) => (err = e));
    expect(err?.code).to.equal('validation_failed');
    expect(err.details.fields.allowlist).to.include('300.1.1.1').and.include('10.0.0.0/33').and.include('example.com');
  });

  it('21 requests in one second: one 429 with Retry-After and RateLimit headers; a place frees when the oldest leaves the second', async () => {
    const shop = await createTestMerchant(server, { name: 'Busy' });
    // The clock stands still: all 21 arrive in the same instant, sent back to back.
    const answers = await Promise.all(Array.from({ length: 21 }, () => pay(server, '/v1/balances', { key: shop.sandbox })));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).to.be.at.least(1);
    expect(answers.filter((a) => a.status === 200)).to.have.length(20);
    const r = refused[0]!;
    expect(r.body.error.code).to.equal('rate_limited');
    expect(r.headers.get('retry-after')).to.equal('1');
    expect(r.body.error.details.retryAfter).to.equal(1);
    // The burst's policy (20 in a second) binds, so its reset is the second's, as Retry-After (it said 60: the minute's).
    expect(r.headers.get('ratelimit-limit')).to.equal('20');
    expect(r.headers.get('ratelimit-remaining')).to.equal('0');
    expect(r.headers.get('ratelimit-reset')).to.equal('1');
    expect((await pay(server, '/v1/balances', { key: shop.live })).status, 'live has its own limit').to.equal(200);
    server.clock.advance(999);
    expect((await pay(server, '/v1/balances', { key: shop.sandbox })).status, 'still within the second').to.equal(429);
    server.clock.advance(1);
    const next = await pay(server, '/v1/balances', { key: shop.sandbox });
    expect(next.status, 'the first 20 left the second').to.equal(200);
    expect(next.headers.get('ratelimit-remaining'), '120 - 21 in the minute, 20 - 1 in the second').to.equal('19');
    server.clock.advance(60_000);
    const full = await pay(server, '/v1/balances', { key: shop.sandbox });
    expect(full.headers.get('ratelimit-remaining')).to.equal('19');
  });

  it('the rate limit is per merchant environment: two keys of one environment share it', async () => {
    const shop = await createTestMerchant(server, { name: 'Shared' });
    const second = await keyFor(server, shop.id, 'sandbox');
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await pay(server, '/v1/balances', { key: shop.sandbox, address: ip });
    for (let i = 0; i < 10; i++) expect((await pay(server, '/v1/balances', { key: second.value, address: ip })).status).to.equal(200);
    expect((await pay(server, '/v1/balances', { key: second.value, address: ip })).status).to.equal(429);
  });
});
