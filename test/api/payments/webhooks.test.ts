/**
 * Webhooks over real HTTP, to local receivers on ephemeral ports: events arrive signed and the
 * signature verifies with the documented recipe (README "Webhooks"); a failing endpoint is
 * retried on the documented schedule, every attempt recorded, until it answers 2xx or the 3-day
 * window closes (20 attempts); subscriptions, disabled endpoints, live https; delivery never
 * blocks a request. With REDIS_URL the same runs through the BullMQ queue.
 */
import { expect } from 'chai';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redisOrSkip, type RedisServer } from '../../support/redis.js';
import { card, createTestMerchant, pay, startPaymentsServer, type PaymentsServer, type TestMerchant } from '../../support/payments.js';

/** The README's recipe, as a receiver writes it (with `nowSeconds` passed in for the test clock). */
function verifySignature(secret: string, header: string, rawBody: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return typeof parts.v1 === 'string' && parts.v1.length === expected.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver answering each request with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[] = [200]): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = statuses[Math.min(n++, statuses.length - 1)]!;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, got, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const MIN = 60_000;

describe('payments webhooks (embedded: in-process scheduler)', () => {
  let server: PaymentsServer;
  let m: TestMerchant;
  const receivers: { close(): Promise<void> }[] = [];
  const open = async (statuses?: number[]) => {
    const r = await receiver(statuses);
    receivers.push(r);
    return r;
  };
  before(async () => {
    server = await startPaymentsServer();
  });
  beforeEach(async () => {
    m = await createTestMerchant(server);
  });
  after(async () => {
    await server.stop();
    for (const r of receivers) await r.close();
  });

  const endpoint = async (url: string, extra: Record<string, unknown> = {}) => {
    const res = await pay(server, '/v1/webhook_endpoints', { key: m.sandbox, body: { url, ...extra } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };
  const deliveries = async (endpointId: string) => (await pay(server, `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`, { key: m.sandbox })).body.data;

  it('the endpoint list refuses bad values of limit and starting_after and parameters it does not take, as every payments list does (it ignored them)', async () => {
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'created_gte=abc', 'starting_after=we_1']) {
      const res = await pay(server, `/v1/webhook_endpoints?${q}`, { key: m.sandbox });
      expect(res.status, q).to.equal(400);
      expect(res.body.error.code).to.equal('validation_failed');
      expect(res.body.error.details.fields, q).to.have.property(q.split('=')[0]!);
    }
    expect(JSON.stringify((await pay(server, '/v1/webhook_endpoints?created_gte=abc', { key: m.sandbox })).body)).to.include('unknown parameter; valid parameters: limit, starting_after');
    expect((await pay(server, '/v1/webhook_endpoints', { key: m.sandbox })).status).to.equal(200);
  });

  it('when 19 endpoints are registered at once on an environment holding 1, then 15 are created and 4 refused: never more than 16 (the cap was a count, then an insert)', async () => {
    const r = await open();
    await endpoint(r.url);
    const results = await Promise.all(Array.from({ length: 19 }, () => pay(server, '/v1/webhook_endpoints', { key: m.sandbox, body: { url: r.url } })));
    expect(results.filter((x) => x.status === 201), 'created').to.have.length(15);
    const refused = results.filter((x) => x.status !== 201);
    expect(refused.map((x) => x.status)).to.deep.equal([409, 409, 409, 409]);
    expect(refused[0]!.body.error).to.deep.include({ code: 'conflict', details: { max: 16 } });
    expect((await pay(server, '/v1/webhook_endpoints?limit=100', { key: m.sandbox })).body.data, 'stored').to.have.length(16);
    // A deletion frees its place, and only its place; the live environment counts apart.
    const first = (await pay(server, '/v1/webhook_endpoints', { key: m.sandbox })).body.data[0];
    expect((await pay(server, `/v1/webhook_endpoints/${first.id}`, { key: m.sandbox, method: 'DELETE' })).status).to.equal(204);
    const again = await Promise.all(Array.from({ length: 3 }, () => pay(server, '/v1/webhook_endpoints', { key: m.sandbox, body: { url: r.url } })));
    expect(again.map((x) => x.status).sort()).to.deep.equal([201, 409, 409]);
    expect((await pay(server, '/v1/webhook_endpoints', { key: m.live, body: { url: 'https://example.com/h' } })).status).to.equal(201);
  });

  it('shows the signing secret once; events arrive signed and verify with the documented recipe', async () => {
    const r = await open();
    const ep = await endpoint(r.url);
    expect(ep.secret).to.match(/^whsec_[A-Za-z0-9_-]{43}$/);
    const shown = await pay(server, `/v1/webhook_endpoints/${ep.id}`, { key: m.sandbox });
    expect(shown.body).not.to.have.property('secret');
    expect(JSON.stringify((await pay(server, '/v1/webhook_endpoints', { key: m.sandbox })).body)).not.to.include(ep.secret);
    expect(shown.body.secret_prefix).to.equal(ep.secret.slice(0, 10));

    const p = await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: card('tok_sandbox_success') });
    expect(r.got, 'delivery never runs inside the request').to.have.length(0);
    await server.tick();
    expect(r.got.map((g) => JSON.parse(g.body).type).sort()).to.deep.equal(['payin.created', 'payin.processing', 'payin.succeeded']);
    for (const g of r.got) {
      const header = String(g.headers['engcalc-signature']);
      expect(header).to.match(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignature(ep.secret, header, g.body, Math.floor(server.clock.now() / 1000))).to.equal(true);
      expect(verifySignature(ep.secret, header, g.body.replace('"sandbox"', '"live"'), Math.floor(server.clock.now() / 1000)), 'a changed body fails').to.equal(false);
      expect(verifySignature('whsec_other', header, g.body, Math.floor(server.clock.now() / 1000)), 'another secret fails').to.equal(false);
      expect(verifySignature(ep.secret, header, g.body, Math.floor(server.clock.now() / 1000) + 301), 'an old signature fails (replay)').to.equal(false);
      const event = JSON.parse(g.body);
      expect(g.headers['engcalc-event-id']).to.equal(event.id);
      expect(event).to.include({ object: 'event', environment: 'sandbox' });
      expect(event.data.object.id).to.equal(p.body.id);
    }
    const succeeded = JSON.parse(r.got.find((g) => JSON.parse(g.body).type === 'payin.succeeded')!.body);
    expect(succeeded.data.object.status, 'the object as it was right after the change').to.equal('succeeded');
    const ds = await deliveries(ep.id);
    expect(ds).to.have.length(3);
    expect(ds.every((d: { status: string; attempts: unknown[] }) => d.status === 'succeeded' && d.attempts.length === 1)).to.equal(true);
    await server.tick();
    expect(r.got, 'delivered once').to.have.length(3);
  });

  it('a failing endpoint is retried with exponential backoff, each attempt recorded, until it answers 2xx', async () => {
    const r = await open([500, 503, 200]);
    const ep = await endpoint(r.url, { events: ['top_up.succeeded'] });
    await pay(server, '/v1/sandbox/balances/top_up', { key: m.sandbox, idem: true, body: { currency: 'EUR', amount: 100 } });
    await server.tick();
    let [d] = await deliveries(ep.id);
    expect(d.status).to.equal('pending');
    expect(d.attempts.map((a: { status: number }) => a.status)).to.deep.equal([500]);
    expect(d.next_attempt_at).to.equal(new Date(server.clock.now() + MIN).toISOString());
    server.clock.advance(MIN - 1);
    await server.tick();
    expect(r.got, 'not before it is due').to.have.length(1);
    server.clock.advance(1);
    await server.tick();
    [d] = await deliveries(ep.id);
    expect(d.attempts.map((a: { status: number }) => a.status)).to.deep.equal([500, 503]);
    expect(d.next_attempt_at, 'twice the wait').to.equal(new Date(server.clock.now() + 2 * MIN).toISOString());
    server.clock.advance(2 * MIN);
    await server.tick();
    [d] = await deliveries(ep.id);
    expect(d.status).to.equal('succeeded');
    expect(d.attempts.map((a: { status: number }) => a.status)).to.deep.equal([500, 503, 200]);
    expect(d.next_attempt_at).to.equal(null);
    expect(r.got.map((g) => g.headers['engcalc-event-id'])).to.deep.equal([d.event, d.event, d.event]);
  });

  it('gives up when the 3-day window closes: 20 attempts, then failed', async () => {
    const r = await open([500]);
    const ep = await endpoint(r.url, { events: ['top_up.succeeded'] });
    await pay(server, '/v1/sandbox/balances/top_up', { key: m.sandbox, idem: true, body: { currency: 'EUR', amount: 100 } });
    await server.tick();
    for (let i = 0; i < 100; i++) {
      const [d] = await deliveries(ep.id);
      if (d.status !== 'pending') break;
      server.clock.t = Date.parse(d.next_attempt_at);
      await server.tick();
    }
    const [d] = await deliveries(ep.id);
    expect(d.status).to.equal('failed');
    expect(d.attempts).to.have.length(20);
    const gaps = d.attempts.slice(1).map((a: { at: string }, i: number) => (Date.parse(a.at) - Date.parse(d.attempts[i].at)) / MIN);
    expect(gaps).to.deep.equal([1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360, 360, 360, 360, 360, 360, 360, 360, 360]);
    expect(Date.parse(d.attempts[19].at) - Date.parse(d.created_at)).to.be.at.most(3 * 24 * 60 * MIN);
    expect(r.got).to.have.length(20);
  });

  it('a refused connection counts as a failed attempt with the reason; a disabled or deleted endpoint ends its deliveries', async () => {
    const r = await open();
    const url = r.url;
    await r.close();
    const ep = await endpoint(url, { events: ['top_up.succeeded'] });
    await pay(server, '/v1/sandbox/balances/top_up', { key: m.sandbox, idem: true, body: { currency: 'EUR', amount: 1 } });
    await server.tick();
    let [d] = await deliveries(ep.id);
    expect(d.attempts[0]).to.include({ status: null, error: 'ECONNREFUSED' });
    const off = await pay(server, `/v1/webhook_endpoints/${ep.id}`, { key: m.sandbox, body: { enabled: false } });
    expect(off.body.enabled).to.equal(false);
    server.clock.advance(MIN);
    await server.tick();
    [d] = await deliveries(ep.id);
    expect(d.status).to.equal('failed');
    expect(d.attempts[1].error).to.equal('the endpoint is disabled');
    expect((await pay(server, `/v1/webhook_endpoints/${ep.id}`, { key: m.sandbox, method: 'DELETE' })).status).to.equal(204);
    expect((await pay(server, `/v1/webhook_endpoints/${ep.id}`, { key: m.sandbox })).status).to.equal(404);
  });

  it('endpoints are per environment; live endpoints must be https; unknown event types are refused', async () => {
    const live = await pay(server, '/v1/webhook_endpoints', { key: m.live, body: { url: 'http://127.0.0.1:9/x' } });
    expect(live.status).to.equal(400);
    expect(live.body.error.details.fields.url).to.match(/https/);
    expect((await pay(server, '/v1/webhook_endpoints', { key: m.live, body: { url: 'https://hooks.example.org/x' } })).status).to.equal(201);
    expect((await pay(server, '/v1/webhook_endpoints', { key: m.sandbox })).body.data).to.deep.equal([]);
    const bad = await pay(server, '/v1/webhook_endpoints', { key: m.sandbox, body: { url: 'https://a.example.org', events: ['payin.exploded'] } });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.details.fields['events[0]']).to.match(/must be one of/);
  });

  it('events are listed 30 days, then forgotten', async () => {
    await pay(server, '/v1/sandbox/balances/top_up', { key: m.sandbox, idem: true, body: { currency: 'EUR', amount: 5 } });
    const [e] = (await pay(server, '/v1/events', { key: m.sandbox })).body.data;
    expect(e.type).to.equal('top_up.succeeded');
    expect((await pay(server, `/v1/events/${e.id}`, { key: m.sandbox })).body.id).to.equal(e.id);
    expect((await pay(server, `/v1/events/${e.id}`, { key: m.live })).status).to.equal(404);
    server.clock.advance(30 * 24 * 60 * MIN + 1);
    expect((await pay(server, `/v1/events/${e.id}`, { key: m.sandbox })).status).to.equal(404);
    expect((await pay(server, '/v1/events', { key: m.sandbox })).body.data).to.deep.equal([]);
    await server.tick();
    expect(await server.store.payments.events.get({ merchantId: m.id, environment: 'sandbox' }, e.id), 'purged from the store').to.equal(undefined);
  });

  it("an event's webhook deliveries are forgotten with it after 30 days (they were kept for ever)", async () => {
    const shop = await createTestMerchant(server, { name: 'Delivery history' });
    const ep = (await pay(server, '/v1/webhook_endpoints', { key: shop.sandbox, body: { url: 'http://127.0.0.1:9/gone' } })).body;
    await pay(server, '/v1/sandbox/balances/top_up', { key: shop.sandbox, idem: true, body: { currency: 'EUR', amount: 5 } });
    await server.tick();
    const listed = await pay(server, `/v1/webhook_endpoints/${ep.id}/deliveries`, { key: shop.sandbox });
    expect(listed.status).to.equal(200);
    expect(listed.body.data, 'one delivery of the top-up event').to.have.length(1);
    const deliveryId = listed.body.data[0].id;
    server.clock.advance(30 * 24 * 60 * MIN + 1);
    await server.tick();
    expect((await pay(server, `/v1/webhook_endpoints/${ep.id}/deliveries`, { key: shop.sandbox })).body.data).to.deep.equal([]);
    expect(await server.store.payments.webhooks.getDelivery(deliveryId), 'purged from the store').to.equal(undefined);
  });
});

describe('payments webhooks with REDIS_URL (BullMQ queue payments-webhooks)', function () {
  let redis: RedisServer;
  let server: PaymentsServer;
  before(async function () {
    redis = await redisOrSkip(this);
    // Real time, the background scheduler on, and a short retry base so the second attempt comes soon.
    server = await startPaymentsServer({ env: { REDIS_URL: redis.url }, clock: { now: Date.now } as never, schedulerIntervalMs: 100, webhooks: { retryBaseMs: 300 } });
  });
  after(async () => {
    await server?.stop();
    await redis?.stop();
  });

  it('delivers through the queue, retries a failing endpoint, and the signature verifies', async () => {
    const r = await receiver([500, 200]);
    try {
      const m = await createTestMerchant(server);
      const ep = (await pay(server, '/v1/webhook_endpoints', { key: m.sandbox, body: { url: r.url, events: ['top_up.succeeded'] } })).body;
      await pay(server, '/v1/sandbox/balances/top_up', { key: m.sandbox, idem: true, body: { currency: 'EUR', amount: 42 } });
      const deadline = Date.now() + 20_000;
      let d: { status: string; attempts: { status: number }[] } | undefined;
      while (Date.now() < deadline) {
        [d] = (await pay(server, `/v1/webhook_endpoints/${ep.id}/deliveries`, { key: m.sandbox })).body.data;
        if (d?.status === 'succeeded') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(d?.status).to.equal('succeeded');
      expect(d!.attempts.map((a) => a.status)).to.deep.equal([500, 200]);
      expect(r.got).to.have.length(2);
      const last = r.got[1]!;
      expect(verifySignature(ep.secret, String(last.headers['engcalc-signature']), last.body, Math.floor(Date.now() / 1000))).to.equal(true);
    } finally {
      await r.close();
    }
  });
});
