/**
 * What one request may make the server hold and write, over real HTTP on the embedded default:
 * a batch's or run's answers stop at ENGINE_BATCH_RESULT_LIMIT_BYTES (items past it answer
 * engine_error result_limit and are not run), a run's pages stay readable, an object of too many
 * members is refused before it is parsed, and a body that cannot be written as JSON gets the
 * error envelope. Each case failed before its fix: a 20-item batch of pvt.blackOilTable answered
 * 30 MB, 400 items a 500 after holding 2.4 GB, a run of 200 items 160 MB on disk and a text/plain
 * 500 on its first page.
 */
import { expect } from 'chai';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';
import { JSON_MAX_OBJECT_MEMBERS } from '../../api/body.js';

const LIMIT = 4 * 1024 * 1024;
/** pvt.blackOilTable over its largest grid (150 pressures): ~1.5 MB of answer JSON each. */
const bigTable = { psia: Array.from({ length: 150 }, (_, i) => 100 + 30 * i), api: 35, TF: 180, gasSG: 0.7, sepGasSG: 0.7, rsbScfStb: 600 };

describe('result size of batches and runs, and bodies of many members (embedded)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let key: string;
  before(async () => {
    server = await startTestServer({ ENGINE_THREADS: '2', ENGINE_BATCH_RESULT_LIMIT_BYTES: String(LIMIT), KEY_REQUESTS_PER_MINUTE: '100000' });
    key = (await createAccount(server)).key;
  });
  after(async () => server.stop());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => call(server.url, path, { key, body, headers, address: freshAddress() });
  const get = (path: string) => call(server.url, path, { key, address: freshAddress() });

  const expectLimited = (results: { ok: boolean; result?: unknown; error?: { code: string; details?: Record<string, unknown> } }[], total: number) => {
    expect(results).to.have.length(total);
    const kept = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    // ~1.5 MB each under a 4 MiB budget: one or two answers, never more than fit.
    expect(kept.length).to.be.within(1, 2);
    for (const r of refused) {
      expect(r.error!.code).to.equal('engine_error');
      expect(r.error!.details).to.deep.include({ reason: 'result_limit', timeout: false, limitBytes: LIMIT });
    }
    expect(Buffer.byteLength(JSON.stringify(kept))).to.be.at.most(LIMIT);
  };

  it('a batch answers at most ENGINE_BATCH_RESULT_LIMIT_BYTES of answers: the items past it answer engine_error result_limit, the others as their single calls', async () => {
    const single = await post('/v1/engine/functions/pvt.blackOilTable', bigTable);
    expect(single.status).to.equal(200);
    const res = await post('/v1/engine/functions/pvt.blackOilTable/batch', { items: Array.from({ length: 20 }, (_, i) => ({ id: `t${i}`, input: bigTable })) });
    expect(res.status).to.equal(200);
    expect(Number(res.headers.get('content-length') ?? 0) || JSON.stringify(res.body).length).to.be.below(LIMIT + 200_000);
    expectLimited(res.body.results, 20);
    const first = res.body.results.find((r: { ok: boolean }) => r.ok);
    expect(first.result).to.deep.equal(single.body.result);
    expect(res.body.counts.total).to.equal(20);
  });

  it('a run keeps at most the budget of answers, and its default page is readable JSON', async () => {
    const res = await post('/v1/engine/functions/pvt.blackOilTable/runs', { items: Array.from({ length: 12 }, (_, i) => ({ id: i, input: bigTable })) }, { Prefer: 'wait=60' });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
    expect(res.body.status).to.equal('succeeded');
    const page = await get(`/v1/engine/functions/pvt.blackOilTable/runs/${res.body.id}`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^application\/json/);
    expectLimited(page.body.results, 12);
  });

  it('an item input or run body of null is answered as a single call with the body null (must be a JSON object), not as {}', async () => {
    const res = await post('/v1/engine/functions/pvt.gasProperties/batch', { items: [{ id: 'n', input: null }, { id: 'none' }] });
    expect(res.status).to.equal(200);
    expect(res.body.results[0].error.details.fields).to.deep.equal({ body: 'must be a JSON object' });
    expect(Object.keys(res.body.results[1].error.details.fields)).to.include('gasSG'); // no input: the empty body
    const run = await call(server.url, '/v1/engine/functions/pvt.gasProperties/runs', { key, rawBody: 'null', headers: { 'Content-Type': 'application/json' }, address: freshAddress() });
    expect(run.status).to.equal(400);
    expect(run.body.error.details.fields).to.deep.equal({ body: 'must be a JSON object' });
  });

  it('a run page with limit= (empty) or a position not in decimal digits (1e3, 0x10, +5) is 400, as for the other list parameters', async () => {
    const res = await post('/v1/engine/functions/pvt.gasProperties/runs', { items: [{ input: { psia: [1000], TF: 200, gasSG: 0.7 } }] }, { Prefer: 'wait=30' });
    expect(res.status).to.equal(200);
    for (const q of ['limit=', 'limit=%20', 'offset=', 'offset=1e3', 'limit=0x10', 'offset=%2B5', 'limit=%205']) {
      const page = await get(`/v1/engine/functions/pvt.gasProperties/runs/${res.body.id}?${q}`);
      expect(page.status, q).to.equal(400);
      expect(page.body.error.code, q).to.equal('validation_failed');
    }
    expect((await get(`/v1/engine/functions/pvt.gasProperties/runs/${res.body.id}?limit=0`)).body.results).to.equal(undefined);
  });

  it(`an object of more than ${JSON_MAX_OBJECT_MEMBERS} members is refused before parsing (400), on REST and MCP alike; one of that many is read`, async () => {
    const members = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 0]));
    const many = { psia: 1000, TF: 200, gasSG: 0.7, ...members(JSON_MAX_OBJECT_MEMBERS) };
    const rest = await post('/v1/engine/functions/pvt.gasProperties', many);
    expect(rest.status).to.equal(400);
    expect(rest.body.error.details).to.deep.include({ maxObjectMembers: JSON_MAX_OBJECT_MEMBERS });
    const mcp = await post('/v1/mcp', { jsonrpc: '2.0', id: 1, method: 'ping', params: members(JSON_MAX_OBJECT_MEMBERS + 1) }, { Accept: 'application/json, text/event-stream' });
    expect(mcp.status).to.equal(400);
    expect(mcp.body.error.data.error.details).to.deep.include({ maxObjectMembers: JSON_MAX_OBJECT_MEMBERS });
    // Exactly the bound is read: the unknown names are then the validation's to refuse.
    const atBound = await post('/v1/engine/functions/pvt.gasProperties', { psia: 1000, TF: 200, gasSG: 0.7, ...members(JSON_MAX_OBJECT_MEMBERS - 3) });
    expect(atBound.status).to.equal(400);
    expect(atBound.body.error.message).to.match(/^Unknown input/);
    // Members in many small objects (a long batch) are not one object's.
    const wide = await post('/v1/engine/functions/pvt.gasProperties/batch', { items: Array.from({ length: 4_000 }, (_, i) => ({ id: i, input: { psia: [1000], TF: 200, gasSG: 0.7 } })) });
    expect(wide.status).to.equal(200);
    expect(wide.body.counts.succeeded).to.equal(4_000);
  });

  it('MCP: a body that is not JSON is JSON-RPC -32700 (Parse error); JSON that is not a JSON-RPC request is -32600 (Invalid Request)', async () => {
    const accept = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
    const notJson = await call(server.url, '/v1/mcp', { key, rawBody: '{', headers: accept, address: freshAddress() });
    expect(notJson.status).to.equal(400);
    expect(notJson.body.error.code).to.equal(-32700);
    for (const message of [{ jsonrpc: '1.0', id: 1, method: 'ping' }, { id: 1, method: 'ping' }, { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }]) {
      const res = await post('/v1/mcp', message, accept);
      expect(res.status, JSON.stringify(message)).to.equal(400);
      expect(res.body.error.code, JSON.stringify(message)).to.equal(-32600);
      expect(res.body.error.message).to.match(/Invalid Request/);
    }
  });
});
