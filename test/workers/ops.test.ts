/**
 * Operations on the embedded default (one process, no Redis): the probes and metrics outside
 * /v1, and the per-key and per-address limits set from the environment. The distributed
 * deployment's probes, metrics and shutdown are in faults.test.ts.
 */
import { expect } from 'chai';
import { setTimeout as delay } from 'node:timers/promises';
import { call, createAccount, freshAddress } from '../support/server.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('operations on the embedded default: probes, metrics, configurable limits', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ KEY_REQUESTS_PER_MINUTE: '5', FAILED_ATTEMPTS_PER_MINUTE: '3', ENGINE_THREADS: '1' });
  });
  after(async () => {
    await server?.stop();
  });

  it('answers /healthz and /readyz without a key, with check names only; ready once the engine threads have loaded', async () => {
    expect(await call(server.url, '/healthz')).to.deep.include({ status: 200, body: { status: 'ok' } });
    let ready = await call(server.url, '/readyz');
    for (let i = 0; i < 200 && ready.status !== 200; i++) {
      expect(ready.body.error.details.checks.engine).to.equal('failing'); // only the threads may still be loading
      await delay(50);
      ready = await call(server.url, '/readyz');
    }
    expect(ready.status).to.equal(200);
    expect(ready.body).to.deep.equal({ status: 'ready', checks: { accepting: 'ok', store: 'ok', engine: 'ok' } });
    expect(ready.headers.get('cache-control')).to.equal('no-store');
  });

  it('exports request, engine-call, refusal and pool metrics at /metrics', async () => {
    const acct = await createAccount(server);
    const ok = await call(server.url, '/v1/engine/functions/pvt.zFactor', { key: acct.key, body: { ppr: 2, tpr: 1.5 }, address: freshAddress() });
    expect(ok.status).to.equal(200);
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain/);
    const text = await res.text();
    expect(text).to.match(/^engcalc_http_requests_total\{method="POST",route="\/v1\/engine\/functions\/:name",status="200",role="web"\} 1$/m);
    expect(text).to.match(/^engcalc_engine_calls_total\{function="pvt.zFactor",outcome="ok",role="web"\} 1$/m);
    expect(text).to.match(/^engcalc_pool_threads\{role="web"\} 1$/m);
    expect(text).to.match(/^engcalc_pool_loaded_threads\{role="web"\} [12]$/m); // the spare may still be loading
    expect(text).to.match(/^engcalc_pool_utilisation\{role="web"\} 0$/m);
  });

  it('applies KEY_REQUESTS_PER_MINUTE and FAILED_ATTEMPTS_PER_MINUTE from the environment', async () => {
    const acct = await createAccount(server);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() })).status);
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429]);
    const over = await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() });
    expect(over.body.error.message).to.match(/over 5 requests per minute/);

    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await call(server.url, '/v1/me', { key: 'eng_' + 'Q'.repeat(43), address })).status).to.equal(401);
    const blocked = await call(server.url, '/v1/me', { key: acct.key, address });
    expect(blocked.status).to.equal(429);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).to.match(/^engcalc_refusals_total\{code="rate_limited",role="web"\} [2-9]$/m);
  });

  // Found by a README walkthrough: an HTTP-level refusal of /v1/mcp carries its envelope inside a
  // JSON-RPC error (error.data), so its log line had no `code` and no refusal was counted.
  it('logs the code of an MCP request refused before any tool runs, and counts the refusal, as for REST', async () => {
    const acct = await createAccount(server);
    const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const headers = { Accept: 'application/json, text/event-stream' };
    const countOf = (text: string) => Number(/^engcalc_refusals_total\{code="rate_limited",role="web"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    const before = countOf(await (await fetch(`${server.url}/metrics`)).text());
    let refused;
    for (let i = 0; i < 6 && refused === undefined; i++) {
      const res = await call(server.url, '/v1/mcp', { key: acct.key, body: rpc, headers, address: freshAddress() });
      if (res.status === 429) refused = res;
      else expect(res.status).to.equal(200);
    }
    expect(refused?.body.error.data.error.code).to.equal('rate_limited');
    const line = server.logLines.map((l) => JSON.parse(l)).findLast((l) => l.msg === 'request' && l.path === '/v1/mcp');
    expect(line).to.include({ status: 429, code: 'rate_limited' });
    expect(countOf(await (await fetch(`${server.url}/metrics`)).text())).to.equal(before + 1);

    const unauthenticated = await call(server.url, '/v1/mcp', { body: rpc, headers, address: freshAddress() });
    expect(unauthenticated.status).to.equal(401);
    const line401 = server.logLines.map((l) => JSON.parse(l)).findLast((l) => l.msg === 'request' && l.path === '/v1/mcp');
    expect(line401).to.include({ status: 401, code: 'unauthenticated' });
  });
});
