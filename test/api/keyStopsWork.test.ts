/**
 * A key stops working at once (spec 5.10), and so does the work it started and is still waiting
 * for (api/engine/keyGuard.ts): a long single call or a synchronous batch whose key is revoked,
 * whose member is disabled or whose company is suspended while it runs is stopped (its thread
 * too) and answered as a new request with that key would be, over real HTTP on the embedded
 * default. Before, each ran to its end and answered 200 with everything computed.
 */
import { expect } from 'chai';
import { setTimeout as delay } from 'node:timers/promises';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';
import { heavyEcon } from '../support/workloads.js';
import { revokeKey } from '../../api/accounts/keys.js';
import { setCompanySuspended, setMemberDisabled } from '../../api/accounts/companies.js';

describe('work stops when its key stops working (keyGuard.ts)', function () {
  this.timeout(120_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ENGINE_THREADS: '1', KEY_REQUESTS_PER_MINUTE: '100000' });
  });
  after(async () => server.stop());

  const post = (key: string, path: string, body: unknown) => call(server.url, path, { key, body, address: freshAddress() });
  const canceledStopped = async () => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    return Number(/^engcalc_pool_canceled_stopped_total\{[^}]*\} (\d+)/m.exec(text)?.[1] ?? NaN);
  };

  it('a long single call whose key is revoked while it runs answers 401 (its thread stopped), not its result', async () => {
    const acct = await createAccount(server);
    const before = await canceledStopped();
    // Seconds of IRR root isolation on the one thread (4,000 flows take about 2 s).
    const pending = post(acct.key, '/v1/engine/functions/econ.metrics', heavyEcon(3, 8_000));
    await delay(400);
    await revokeKey(server.store, acct.keyId, null);
    const res = await pending;
    expect(res.status, JSON.stringify(res.body)).to.equal(401);
    expect(res.body.error.code).to.equal('unauthenticated');
    expect(res.body.error.message).to.equal('This API key has been revoked');
    expect(res.headers.get('www-authenticate')).to.match(/error="invalid_token"/);
    // Its thread is stopped once the cancel grace passes (the call does not end by itself).
    let stopped = await canceledStopped();
    for (let i = 0; i < 100 && stopped === before; i++) {
      await delay(50);
      stopped = await canceledStopped();
    }
    expect(stopped).to.equal(before + 1);
    // The pool goes on: another key's call is answered.
    const other = await createAccount(server);
    const next = await post(other.key, '/v1/engine/functions/econ.metrics', heavyEcon(5, 50));
    expect(next.status).to.equal(200);
  });

  it('a synchronous batch answers as its key now would when the member is disabled or the company suspended while it runs', async () => {
    const cases: [string, number, string, (a: Awaited<ReturnType<typeof createAccount>>, stop: boolean) => Promise<unknown>][] = [
      ['member disabled', 403, 'forbidden', (a, stop) => setMemberDisabled(server.store, a.member.id, stop)],
      ['company suspended', 403, 'tenant_suspended', (a, stop) => setCompanySuspended(server.store, a.company.id, stop)],
    ];
    for (const [label, status, code, set] of cases) {
      const acct = await createAccount(server);
      const items = Array.from({ length: 60 }, (_, i) => ({ input: heavyEcon(40 + i, 2_000) }));
      const pending = post(acct.key, '/v1/engine/functions/econ.metrics/batch', { items });
      await delay(400);
      await set(acct, true);
      const res = await pending;
      expect(res.status, `${label}: ${JSON.stringify(res.body).slice(0, 300)}`).to.equal(status);
      expect(res.body.error.code, label).to.equal(code);
      await set(acct, false);
      // Restored, the key works again, and a batch that nobody stops answers 200.
      const again = await post(acct.key, '/v1/engine/functions/econ.metrics/batch', { items: [{ input: heavyEcon(7, 50) }] });
      expect(again.status, label).to.equal(200);
      expect(again.body.counts.succeeded, label).to.equal(1);
    }
  });
});
