/**
 * POST /v1/engine/functions/{name}/batch over real HTTP on the embedded default (the real piscina
 * pool): every item answered in input order exactly as its single call is, one bad item never
 * failing the others, one request against the per-key limit, and the batch time limit.
 */
import { expect } from 'chai';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';
import { heavyEcon } from '../support/workloads.js';

const gas = (psia: number) => ({ psia: [psia], TF: 200, gasSG: 0.72 });


describe('batch engine calls over REST (embedded)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ENGINE_THREADS: '2', ENGINE_BATCH_MAX_ITEMS: '500', KEY_REQUESTS_PER_MINUTE: '5' });
  });
  after(async () => server.stop());

  const batch = (key: string, name: string, body: unknown, headers: Record<string, string> = {}) =>
    call(server.url, `/v1/engine/functions/${name}/batch`, { key, body, headers, address: freshAddress() });

  it('answers valid and invalid items in input order, each exactly as its single call, counting one request', async () => {
    const acct = await createAccount(server, { companyName: 'Batch Co' });
    const items = [
      { id: 'a', input: gas(1000) },
      { id: 'bad', input: { psia: [1000], TF: 200 } }, // gasSG missing
      { input: { ...gas(2000), units: 'metric' } }, // no id: its index
      { id: 7, input: { psia: [-5], TF: 200, gasSG: 0.72 } },
      { id: 'd', input: gas(3000) },
    ];
    const res = await batch(acct.key, 'pvt.gasProperties', { items });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ name: 'pvt.gasProperties', module: 'pvt' });
    expect(res.body.counts).to.deep.equal({ total: 5, succeeded: 3, failed: 2 });
    expect(res.body.results.map((r: { id: unknown }) => r.id)).to.deep.equal(['a', 'bad', 2, 7, 'd']);
    expect(res.body.results.map((r: { ok: boolean }) => r.ok)).to.deep.equal([true, false, true, false, true]);
    // Compared with the single calls, over a key with room for them.
    const other = await createAccount(server);
    for (const [i, item] of items.entries()) {
      const single = await call(server.url, '/v1/engine/functions/pvt.gasProperties', { key: i < 4 ? other.key : acct.key, body: item.input, address: freshAddress() });
      const answer = res.body.results[i];
      if (single.status === 200) expect(answer.result).to.deep.equal(single.body.result);
      else expect(answer.error).to.deep.equal(single.body.error);
    }
    expect(res.body.results[2].result.units).to.equal('metric');
    expect(res.body.results[1].error.code).to.equal('validation_failed');
    expect(res.body.results[1].error.details.fields).to.have.property('gasSG');
    // The batch was one request of the key's 5 a minute: four more calls fit (one single call above was this key's).
    for (let i = 0; i < 3; i++) expect((await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() })).status).to.equal(200);
    expect((await call(server.url, '/v1/me', { key: acct.key, address: freshAddress() })).status).to.equal(429);
  });

  it('applies the top-level units to items that name none', async () => {
    const acct = await createAccount(server);
    const res = await batch(acct.key, 'pvt.gasProperties', { units: 'metric', items: [{ input: { psia: [10], TF: 90, gasSG: 0.72 } }, { input: { ...gas(1000), units: 'field' } }] });
    expect(res.status).to.equal(200);
    expect(res.body.results.map((r: { result: { units: string } }) => r.result.units)).to.deep.equal(['metric', 'field']);
  });

  it('refuses a malformed batch as a whole with 400, and more items than the limit', async () => {
    for (const body of [[], { items: [] }, { items: {} }, { items: [1] }, { items: [{ input: {} }], extra: 1 }, { items: [{ id: 'x' }, { id: 'x' }] }, { items: [{ id: 1.5 }] }, { items: [{}], units: 'si' }]) {
      const res = await batch((await createAccount(server)).key, 'pvt.gasProperties', body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error.code).to.equal('validation_failed');
    }
    const tooMany = await batch((await createAccount(server)).key, 'pvt.gasProperties', { items: Array.from({ length: 501 }, () => ({ input: gas(1000) })) });
    expect(tooMany.status).to.equal(400);
    expect(tooMany.body.error.details.maxItems).to.equal(500);
  });

  it('answers 404 for an unknown function and 403 without the permission, before reading the body', async () => {
    const acct = await createAccount(server);
    expect((await batch(acct.key, 'pvt.nothing', { items: [{}] })).status).to.equal(404);
    const noRun = await createAccount(server, { permissions: ['createProject'] });
    expect((await batch(noRun.key, 'pvt.gasProperties', { items: [{}] })).status).to.equal(403);
  });

  it('spreads 400 items over the threads and answers every one', async () => {
    const acct = await createAccount(server);
    const items = Array.from({ length: 400 }, (_, i) => ({ id: `c${i}`, input: gas(500 + i * 10) }));
    const res = await batch(acct.key, 'pvt.gasProperties', { items });
    expect(res.status).to.equal(200);
    expect(res.body.counts).to.deep.equal({ total: 400, succeeded: 400, failed: 0 });
    expect(res.body.results.map((r: { id: string }) => r.id)).to.deep.equal(items.map((i) => i.id));
  });
});

describe('batch time limit (embedded)', () => {
  let server: TestServer;
  before(async () => {
    // 4 s: the quick items (~0.3 s of work) finish well inside it even on a machine running two
    // suites at once (1.5 s did not, once); the twenty heavy ones (seconds each) cannot.
    server = await startTestServer({ ENGINE_THREADS: '1', ENGINE_BATCH_TIMEOUT_MS: '4000' });
  });
  after(async () => server.stop());

  it('answers the items not finished by the deadline engine_error with details.timeout; finished ones keep results', async () => {
    const acct = await createAccount(server);
    const items = [
      // Three items of some 40-100 ms each first: finished, and posted by the thread (every 20 ms
      // of work), before the first heavy one (seconds) starts and is stopped at the deadline.
      ...[7, 14, 21].map((seed, i) => ({ id: `quick${i}`, input: heavyEcon(seed, 1_000) })),
      ...Array.from({ length: 20 }, (_, i) => ({ id: `heavy${i}`, input: heavyEcon(7 + i, 20_000) })),
    ];
    const res = await call(server.url, '/v1/engine/functions/econ.metrics/batch', { key: acct.key, body: { items }, address: freshAddress() });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
    const timedOut = res.body.results.filter((r: { ok: boolean; error?: { details?: { timeout?: boolean } } }) => !r.ok && r.error?.details?.timeout === true);
    expect(timedOut.length).to.be.greaterThan(0);
    expect(res.body.counts.total).to.equal(23);
    expect(res.body.counts.succeeded + res.body.counts.failed).to.equal(23);
    expect(timedOut[0].error.code).to.equal('engine_error');
    expect(res.body.results.length).to.equal(23);
    // The quick items ran first, in the first chunk, and were finished before the deadline.
    expect(res.body.results.slice(0, 3).map((r: { ok: boolean }) => r.ok)).to.deep.equal([true, true, true]);
  });
});
