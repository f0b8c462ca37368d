/**
 * Webhooks go to public addresses only (api/payments/webhookTarget.ts), unless
 * WEBHOOK_PRIVATE_TARGETS=true: an endpoint whose URL names a loopback, private, link-local or
 * other non-public address is refused when registered, a stored one is refused at delivery
 * without a request leaving, and a name is judged by the addresses it resolves to, on the
 * connection's own lookup. Real HTTP to local receivers on ephemeral ports.
 */
import { expect } from 'chai';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lookupPublic, NonPublicTarget, nonPublicReason } from '../../../api/payments/webhookTarget.js';
import { createTestMerchant, pay, startPaymentsServer, type PaymentsServer } from '../../support/payments.js';

/** A receiver counting what reaches it. */
async function receiver(): Promise<{ port: number; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    req.resume();
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, hits: () => hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('payments webhooks go to public addresses only', function () {
  this.timeout(60_000);

  it('tells public addresses from loopback, private, link-local, reserved and IPv4-in-IPv6 ones', () => {
    const notPublic: [string, RegExp][] = [
      ['0.0.0.0', /unspecified/],
      ['10.1.2.3', /private/],
      ['100.64.0.1', /carrier-grade NAT/],
      ['127.0.0.1', /loopback/],
      ['127.255.255.254', /loopback/],
      ['169.254.169.254', /link-local/],
      ['172.16.0.1', /private/],
      ['172.31.255.255', /private/],
      ['192.0.0.8', /IETF/],
      ['192.0.2.1', /documentation/],
      ['192.168.1.1', /private/],
      ['198.18.0.1', /benchmarking/],
      ['198.51.100.7', /documentation/],
      ['203.0.113.9', /documentation/],
      ['224.0.0.1', /multicast/],
      ['240.0.0.1', /reserved/],
      ['255.255.255.255', /broadcast/],
      ['::', /unspecified/],
      ['::1', /loopback/],
      ['fc00::1', /unique-local/],
      ['fd12:3456::1', /unique-local/],
      ['fe80::1', /link-local/],
      ['fe80::1%eth0', /link-local/],
      ['fec0::1', /site-local/],
      ['ff02::1', /multicast/],
      ['2001:db8::1', /documentation/],
      ['100::1', /discard/],
      ['::ffff:127.0.0.1', /carries 127\.0\.0\.1 is a loopback/],
      ['::ffff:7f00:1', /carries 127\.0\.0\.1 is a loopback/],
      ['::ffff:a9fe:a9fe', /carries 169\.254\.169\.254/],
      ['::10.0.0.1', /carries 10\.0\.0\.1 is a private/],
      ['64:ff9b::a9fe:a9fe', /carries 169\.254\.169\.254/],
      ['2002:c0a8:0101::1', /carries 192\.168\.1\.1 is a private/],
      ['not-an-ip', /not an IP address/],
    ];
    for (const [address, reason] of notPublic) expect(nonPublicReason(address), address).to.match(reason);
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '172.15.255.255', '100.128.0.1', '192.169.0.1', '11.0.0.1', '2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:0808:0808::1']) {
      expect(nonPublicReason(address), address).to.equal(null);
    }
  });

  it("a name is refused on the connection's own lookup when it resolves to a loopback address: no request leaves", async () => {
    const r = await receiver();
    try {
      const error = await new Promise<Error>((resolve, reject) => {
        const req = request({ host: 'localhost', port: r.port, path: '/hooks', method: 'POST', lookup: lookupPublic }, () => reject(new Error('answered')));
        req.on('error', resolve);
        req.end('{}');
      });
      expect(error).to.be.instanceOf(NonPublicTarget);
      expect(error.message).to.match(/^refused: localhost resolves to (127\.0\.0\.1 is a loopback address|::1 is a loopback address); webhooks go to public addresses only$/);
      expect(r.hits()).to.equal(0);
    } finally {
      await r.close();
    }
  });

  describe('with the default (WEBHOOK_PRIVATE_TARGETS unset)', () => {
    let server: PaymentsServer;
    before(async () => {
      server = await startPaymentsServer({ env: { WEBHOOK_PRIVATE_TARGETS: '' } });
    });
    after(async () => {
      await server?.stop();
    });

    it('registering or changing an endpoint to a non-public address is refused with 400, naming the address', async () => {
      const m = await createTestMerchant(server);
      const cases: [string, RegExp][] = [
        ['http://127.0.0.1:6379/', /127\.0\.0\.1 is a loopback address/],
        ['http://[::1]:8080/hooks', /::1 is a loopback address/],
        ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
        ['https://10.0.0.5/hooks', /10\.0\.0\.5 is a private address/],
        ['http://[::ffff:127.0.0.1]/hooks', /carries 127\.0\.0\.1 is a loopback address/],
        ['http://localhost:9000/hooks', /localhost names this machine/],
        ['http://api.localhost/hooks', /api\.localhost names this machine/],
        ['https://localhost./hooks', /localhost\. names this machine/],
        ['http://[::ffff:0:127.0.0.1]/hooks', /carries 127\.0\.0\.1 is a loopback address/],
        ['http://[64:ff9b:1::a00:1]/hooks', /a local-use NAT64 address/],
        ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks', /a Teredo tunnel address/],
        ['https://API.LOCALHOST../hooks', /api\.localhost\.\. names this machine/],
      ];
      for (const [url, reason] of cases) {
        const res = await pay(server, '/v1/webhook_endpoints', { key: m.sandbox, body: { url } });
        expect(res.status, url).to.equal(400);
        expect(res.body.error.code).to.equal('validation_failed');
        expect(res.body.error.details.fields.url, url).to.match(/^must point at a public address \(/).and.to.match(reason);
      }
      const ok = await pay(server, '/v1/webhook_endpoints', { key: m.sandbox, body: { url: 'https://93.184.215.14/hooks' } });
      expect(ok.status).to.equal(201);
      const moved = await pay(server, `/v1/webhook_endpoints/${ok.body.id}`, { key: m.sandbox, body: { url: 'http://192.168.0.10/hooks' } });
      expect(moved.status).to.equal(400);
      expect(moved.body.error.details.fields.url).to.match(/192\.168\.0\.10 is a private address/);
      expect((await pay(server, `/v1/webhook_endpoints/${ok.body.id}`, { key: m.sandbox })).body.url).to.equal('https://93.184.215.14/hooks');
    });
  });

  it('an endpoint stored while private targets were allowed is refused at delivery once they are not: recorded, retried, nothing sent', async () => {
    const r = await receiver();
    const allowed = await startPaymentsServer({ env: { WEBHOOK_PRIVATE_TARGETS: 'true' } });
    let denied: PaymentsServer | undefined;
    try {
      const m = await createTestMerchant(allowed);
      const ep = await pay(allowed, '/v1/webhook_endpoints', { key: m.sandbox, body: { url: `http://127.0.0.1:${r.port}/hooks`, events: ['top_up.succeeded'] } });
      expect(ep.status).to.equal(201);
      await allowed.stop({ keepData: true });
      denied = await startPaymentsServer({ dataDir: allowed.dataDir, env: { WEBHOOK_PRIVATE_TARGETS: 'false' } });
      const top = await pay(denied, '/v1/sandbox/balances/top_up', { key: m.sandbox, idem: true, body: { currency: 'EUR', amount: 7 } });
      expect(top.status).to.equal(201);
      await denied.tick();
      const [d] = (await pay(denied, `/v1/webhook_endpoints/${ep.body.id}/deliveries`, { key: m.sandbox })).body.data;
      expect(d.status).to.equal('pending');
      expect(d.attempts).to.have.length(1);
      expect(d.attempts[0].status).to.equal(null);
      expect(d.attempts[0].error).to.equal('refused: 127.0.0.1 is a loopback address; webhooks go to public addresses only');
      expect(r.hits(), 'no request reached the address').to.equal(0);
    } finally {
      await denied?.stop();
      await r.close();
    }
  });
});
