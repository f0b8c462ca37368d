/**
 * Over real HTTP: the key prefix picks the environment and the two never meet; which keys open
 * which product (payments keys on engineering paths 401, engineering keys on payments paths 403);
 * every refused key is a failed attempt of the address.
 */
import { expect } from 'chai';
import { createAccount } from '../../support/server.js';
import { card, createTestMerchant, freshIp, pay, startPaymentsServer, type PaymentsServer, type TestMerchant } from '../../support/payments.js';

describe('payments environments and keys over HTTP', () => {
  let server: PaymentsServer;
  let m: TestMerchant;
  before(async () => {
    server = await startPaymentsServer();
    m = await createTestMerchant(server);
  });
  after(async () => server.stop());

  it('GET /v1/payins with each key type shows that environment only: a sandbox key creates and lists pay-ins, a live key sees none of them', async () => {
    const made = [];
    for (const token of ['tok_sandbox_success', 'tok_sandbox_declined']) {
      const res = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: card(token) });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body.environment).to.equal('sandbox');
      made.push(res.body.id);
    }
    const sandboxList = await pay(server, '/v1/payins', { key: m.sandbox });
    expect(sandboxList.status).to.equal(200);
    expect(sandboxList.body.data.map((p: { id: string }) => p.id)).to.deep.equal([...made].reverse());
    expect(sandboxList.body.data.every((p: { environment: string }) => p.environment === 'sandbox')).to.equal(true);

    const liveList = await pay(server, '/v1/payins', { key: m.live });
    expect(liveList.status).to.equal(200);
    expect(liveList.body).to.deep.equal({ object: 'list', data: [], has_more: false, next_cursor: null });
    for (const id of made) {
      const seen = await pay(server, `/v1/payins/${id}`, { key: m.live });
      expect(seen.status, 'a live key never sees a sandbox object').to.equal(404);
      const cancel = await pay(server, `/v1/payins/${id}/cancel`, { key: m.live, idem: true, method: 'POST' });
      expect(cancel.status, 'nor touches one').to.equal(404);
    }
  });

  it('a live pay-in is invisible to the sandbox key, and one merchant never sees another', async () => {
    const live = await pay(server, '/v1/payins', { key: m.live, idem: true, body: { amount: 700, currency: 'EUR', payment_method: { type: 'bank_transfer' } } });
    expect(live.status).to.equal(201);
    expect(live.body).to.include({ environment: 'live', status: 'pending' });
    expect((await pay(server, `/v1/payins/${live.body.id}`, { key: m.sandbox })).status).to.equal(404);
    expect((await pay(server, `/v1/payins/${live.body.id}`, { key: m.live })).body.id).to.equal(live.body.id);
    const other = await createTestMerchant(server, { name: 'Other' });
    expect((await pay(server, `/v1/payins/${live.body.id}`, { key: other.live })).status).to.equal(404);
    expect((await pay(server, '/v1/payins', { key: other.live })).body.data).to.deep.equal([]);
  });

  it('a test card token is refused with a live key (400), and a live card pay-in waits in pending for the rail', async () => {
    const test = await pay(server, '/v1/payins', { key: m.live, idem: true, body: card('tok_sandbox_success') });
    expect(test.status).to.equal(400);
    expect(test.body.error.details.fields['payment_method.token']).to.match(/sandbox test card/);
    const real = await pay(server, '/v1/payins', { key: m.live, idem: true, body: card('tok_live_4f9a2c1e77') });
    expect(real.status).to.equal(201);
    expect(real.body.status, 'nothing pretends money moved').to.equal('pending');
  });

  it('an engineering key on a payments path is 403; a payments key on an engineering path is 401', async () => {
    const eng = await createAccount(server);
    const onPayments = await pay(server, '/v1/payins', { key: eng.key });
    expect(onPayments.status).to.equal(403);
    expect(onPayments.body.error.code).to.equal('forbidden');
    expect(onPayments.body.error.message).to.match(/Engineering keys/);
    for (const path of ['/v1/me', '/v1/projects', '/v1/engine/functions']) {
      const res = await pay(server, path, { key: m.sandbox });
      expect(res.status, path).to.equal(401);
      expect(res.body.error.code).to.equal('unauthenticated');
    }
    const eng403 = await pay(server, '/v1/balances', { key: eng.key });
    expect(eng403.status).to.equal(403);
  });

  it('missing, malformed, unknown and revoked keys are 401 with WWW-Authenticate, and count as failed attempts of the address (20 -> 429)', async () => {
    const ip = freshIp();
    const bogus = 'sk_sand_' + 'A'.repeat(43);
    const cases = [undefined, 'sk_test_abc', bogus, 'sk_live_' + 'B'.repeat(43)];
    for (const key of cases) {
      const res = await pay(server, '/v1/balances', { key, address: ip });
      expect(res.status, String(key)).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.match(/^Bearer/);
    }
    for (let i = cases.length; i < 20; i++) await pay(server, '/v1/balances', { key: bogus, address: ip });
    const blocked = await pay(server, '/v1/balances', { key: m.sandbox, address: ip });
    expect(blocked.status, 'even a good key is refused from an address over its failed attempts').to.equal(429);
    expect(Number(blocked.headers.get('retry-after'))).to.be.within(1, 60);
    expect((await pay(server, '/v1/balances', { key: m.sandbox })).status, 'another address is fine').to.equal(200);
  });

  it('every object carries its environment, typed ids, created_at/updated_at and metadata as given', async () => {
    const res = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: { ...card('tok_sandbox_success'), metadata: { order: 'A-17', customer: 'c_9' } } });
    expect(res.body.id).to.match(/^payin_[0-9A-Z]{26}$/);
    expect(res.body).to.include.keys('environment', 'created_at', 'updated_at', 'metadata');
    expect(res.body.metadata).to.deep.equal({ order: 'A-17', customer: 'c_9' });
    const bad = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: { ...card('tok_sandbox_success'), metadata: { 'a.b': 'x' } } });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.details.fields.metadata).to.match(/letters, digits/);
    // The one key a stored copy would not keep as sent (it came back '__proto_' on reads and replays).
    const proto = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, headers: { 'Content-Type': 'application/json' }, rawBody: JSON.stringify({ ...card('tok_sandbox_success'), metadata: {} }).replace('"metadata":{}', '"metadata":{"__proto__":"x"}') });
    expect(proto.status).to.equal(400);
    expect(proto.body.error.details.fields.metadata).to.match(/__proto__" is reserved/);
  });
});
