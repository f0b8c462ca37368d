/**
 * What one POST /v1/mcp may cost, over real HTTP against a real server: one JSON-RPC message per
 * request (no batch amplification of answers or writes), and every tool result and resource read
 * within the size budget, strings (a simulator deck, long project text) included.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { call, createAccount, freshAddress, startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { fitToBudget, RESULT_BUDGET_BYTES } from '../../api/mcp/result.js';
import { PROJECT_DATA_LIMIT } from '../../api/projects/service.js';

const resultBytes = (res: CallToolResult) =>
  res.content.reduce((n, c) => n + Buffer.byteLength((c as { text: string }).text ?? ''), 0) + Buffer.byteLength(JSON.stringify(res.structuredContent ?? null));

/** A project data object of about `bytes` bytes: long text, many keys and long lists. */
function bigData(bytes: number): Record<string, unknown> {
  const note = 'n'.repeat(Math.floor(bytes / 3));
  const rows = Array.from({ length: Math.floor(bytes / 3 / 40) }, (_, i) => ({ t: i, q: 1000 - i / 10 }));
  // Many keys, in objects of at most 5,000 (a body's objects hold at most JSON_MAX_OBJECT_MEMBERS).
  const keys = Math.floor(bytes / 3 / 30);
  const wide = Array.from({ length: Math.ceil(keys / 5_000) }, (_, j) => Object.fromEntries(Array.from({ length: Math.min(5_000, keys - 5_000 * j) }, (_, i) => [`k${5_000 * j + i}`, i])));
  return { note, rows, wide };
}

describe('MCP bounds: one message per request, every result within the budget', () => {
  let server: TestServer;
  let acct: TestAccount;
  const mcp = (body: unknown) =>
    call(server.url, '/v1/mcp', { key: acct.key, address: freshAddress(), body, headers: { Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' } });

  before(async () => {
    server = await startTestServer();
    acct = await createAccount(server, { scopes: ['engine:run', 'projects:read', 'projects:write'] });
    const data = bigData(PROJECT_DATA_LIMIT - 10_000);
    const put = await call(server.url, '/v1/projects/big', { key: acct.key, address: freshAddress(), method: 'PUT', body: { name: 'Big', data } });
    expect(put.status).to.equal(201);
  });
  after(async () => server.stop());

  it('refuses a JSON-RPC batch with 400 before running any of it: 100 save_project_version messages write no version', async () => {
    const batch = Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'save_project_version', arguments: { id: 'big', label: `v${i}` } } }));
    const res = await mcp(batch);
    expect(res.status).to.equal(400);
    // JSON-RPC, the HTTP status kept: the REST envelope travels in error.data.
    expect(res.body).to.include({ jsonrpc: '2.0', id: null });
    expect(res.body.error.code).to.equal(-32600);
    expect(res.body.error.data.error.code).to.equal('validation_failed');
    expect(res.body.error.data.error.details.fields.body).to.match(/not an array/);
    const versions = await call(server.url, '/v1/projects/big/versions', { key: acct.key, address: freshAddress() });
    expect(versions.body.versions).to.deep.equal([]);
  });

  it('refuses a batch of resources/read (no amplified answer)', async () => {
    const batch = Array.from({ length: 100 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'resources/read', params: { uri: 'project://big' } }));
    const res = await mcp(batch);
    expect(res.status).to.equal(400);
    expect(JSON.stringify(res.body).length).to.be.below(1_000);
  });

  describe('with the SDK client', () => {
    let client: Client;
    before(async () => {
      client = new Client({ name: 'bounds', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL('/v1/mcp', server.url), { requestInit: { headers: { Authorization: `Bearer ${acct.key}`, 'X-Forwarded-For': freshAddress() } } }));
    });
    after(async () => client.close());

    it('get_project of a 1.5 MiB project stays within the budget, cut and marked, with the REST call for the rest', async () => {
      const res = (await client.callTool({ name: 'get_project', arguments: { id: 'big' } })) as CallToolResult;
      expect(res.isError).to.not.equal(true);
      expect(resultBytes(res)).to.be.at.most(RESULT_BUDGET_BYTES);
      const s = res.structuredContent as any;
      expect(s.truncated).to.equal(true);
      expect(s.truncation.fullResult).to.deep.equal({ method: 'GET', path: '/v1/projects/big', resultField: 'project' });
      expect(s.project.id).to.equal('big');
    });

    it('resources/read of the same project stays within the budget and is valid JSON that says it was cut', async () => {
      const res = await client.readResource({ uri: 'project://big' });
      const text = (res.contents[0] as { text: string }).text;
      expect(Buffer.byteLength(text)).to.be.at.most(RESULT_BUDGET_BYTES);
      const body = JSON.parse(text);
      expect(body.truncated).to.equal(true);
      expect(body.project.name).to.equal('Big');
    });

    it('a simulator deck (one long string) is cut too: pvt.blackOilTable stays within the budget', async () => {
      const args = { api: 38, gasSG: 0.75, TF: 200, rsbScfStb: 800, psia: Array.from({ length: 120 }, (_, i) => 100 + i * 50) };
      const res = (await client.callTool({ name: 'pvt_blackOilTable', arguments: args })) as CallToolResult;
      expect(res.isError, JSON.stringify(res.structuredContent).slice(0, 300)).to.not.equal(true);
      expect(resultBytes(res)).to.be.at.most(RESULT_BUDGET_BYTES);
    });
  });

  it('fitToBudget cuts long strings before lists, then objects, and always ends within the budget', () => {
    const data = { deck: 'x'.repeat(50_000), z: Array.from({ length: 1000 }, (_, i) => i) };
    const cut = fitToBudget(data, null, 10_000) as any;
    expect(Buffer.byteLength(JSON.stringify(cut))).to.be.at.most(10_000);
    expect(cut.truncation.strings.deck.total).to.equal(50_000);
    const wide = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`key${i}`, i]));
    const cutWide = fitToBudget({ wide }, null, 2_000) as any;
    expect(Buffer.byteLength(JSON.stringify(cutWide))).to.be.at.most(2_000);
    expect(cutWide.truncation.objects.wide.total).to.equal(5_000);
    const deep: any = {};
    let node = deep;
    for (let i = 0; i < 3_000; i++) node = node.a = { pad: 'p'.repeat(10) };
    expect(Buffer.byteLength(JSON.stringify(fitToBudget(deep, null, 1_000)))).to.be.at.most(1_000);
  });

  it('keeps a __proto__ key of the data as data when it cuts (no prototype change)', () => {
    const data = JSON.parse('{"__proto__": {"polluted": true}, "rows": [' + Array.from({ length: 500 }, (_, i) => i).join(',') + ']}');
    const cut = fitToBudget(data, null, 600) as any;
    expect(Object.prototype.hasOwnProperty.call(cut, '__proto__')).to.equal(true);
    expect(({} as any).polluted).to.equal(undefined);
  });
});

describe('MCP params that do not fit the method', () => {
  let server: TestServer;
  let acct: TestAccount;
  before(async () => {
    server = await startTestServer();
    acct = await createAccount(server);
  });
  after(async () => server.stop());

  const rpc = (method: string, params: unknown) =>
    call(server.url, '/v1/mcp', {
      key: acct.key,
      address: freshAddress(),
      body: { jsonrpc: '2.0', id: 7, method, params },
      headers: { Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
    });

  for (const [method, params, field] of [
    ['tools/call', { name: 'pvt_zFactor', arguments: 'x' }, 'params.arguments'],
    ['tools/call', { arguments: {} }, 'params.name'],
    ['tools/call', 'not an object', 'params'],
    ['resources/read', { uri: 5 }, 'params.uri'],
    ['prompts/get', { name: 5 }, 'params.name'],
    ['completion/complete', {}, 'params.ref'],
  ] as const) {
    it(`${method} with ${JSON.stringify(params)} is JSON-RPC -32602 naming ${field}, with no schema dump`, async () => {
      const res = await rpc(method, params);
      expect(res.status).to.equal(200);
      expect(res.body.id).to.equal(7);
      expect(res.body.error.code).to.equal(-32602);
      expect(res.body.error.message).to.match(new RegExp(`^Invalid params for ${method}: ${field.replace(/[.[\]]/g, '\\$&')}: `));
      expect(res.body.error.message).not.to.include('{');
      expect(res.body.error.data.error.code).to.equal('validation_failed');
      expect(res.body.error.data.error.details.fields).to.have.property(field);
    });
  }

  it('a phase-envelope tool passes its own maxPoints to the engine (structuredContent is the REST result); thinning is checked before the work', async () => {
    const { findDefinition } = await import('../../engine/catalogue.js');
    const input = { ...findDefinition('eos.phaseEnvelope')!.examples[0]!.input, maxPoints: 20 };
    const rest = await call(server.url, '/v1/engine/functions/eos.phaseEnvelope', { key: acct.key, body: input, address: freshAddress() });
    expect(rest.status).to.equal(200);
    const res = await rpc('tools/call', { name: 'eos_phaseEnvelope', arguments: input });
    expect(res.body.result.isError ?? false, JSON.stringify(res.body).slice(0, 300)).to.equal(false);
    expect(res.body.result.structuredContent).to.deep.equal(rest.body.result);
    // The engine's own bound, as over REST (the thinning's 2 is no longer what applies).
    const low = await rpc('tools/call', { name: 'eos_phaseEnvelope', arguments: { ...input, maxPoints: 5 } });
    expect(low.body.result.isError).to.equal(true);
    expect(low.body.result.structuredContent.error.details.fields).to.have.property('maxPoints');
    // A bad thinning argument is refused as such, not after the calculation with its error.
    const bad = await rpc('tools/call', { name: 'decline_fit', arguments: { t: [1, 2], q: [1, 2], maxPoints: 5000.5 } });
    expect(bad.body.result.isError).to.equal(true);
    expect(bad.body.result.structuredContent.error.message).to.equal('maxPoints must be an integer from 2 to 10000');
  });

  it('every tool refuses arguments it does not declare, and list_functions a module that is none', async () => {
    for (const [name, args, field] of [
      ['list_functions', { bogus: 1 }, 'bogus'],
      ['describe_function', { name: 'pvt.zFactor', extra: 1 }, 'extra'],
      ['run_function', { name: 'pvt.zFactor', arguments: { ppr: 2, tpr: 1.5 }, extra: 1 }, 'extra'],
      ['get_run', { name: 'pvt.zFactor', id: 'x', extra: 1 }, 'extra'],
      ['get_project', { id: 'demo', extra: 1 }, 'extra'],
      ['list_functions', { module: 5 }, 'module'],
      ['list_functions', { module: 'nope' }, 'module'],
    ] as const) {
      const res = await rpc('tools/call', { name, arguments: args });
      expect(res.body.result.isError, `${name} ${JSON.stringify(args)}`).to.equal(true);
      expect(res.body.result.structuredContent.error.code).to.equal('validation_failed');
      expect(res.body.result.structuredContent.error.details.fields).to.have.property(field);
    }
    // A declared module filters.
    const pvt = await rpc('tools/call', { name: 'list_functions', arguments: { module: 'pvt' } });
    const listed = pvt.body.result.structuredContent.functions as { module: string }[];
    expect(listed.length).to.be.above(3);
    expect(listed.every((f) => f.module === 'pvt')).to.equal(true);
  });

  it('notifications/cancelled sent as a request (with an id) gets the error a request is owed, not silence', async () => {
    const res = await rpc('notifications/cancelled', { requestId: 1 });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ jsonrpc: '2.0', id: 7 });
    expect(res.body.error.code).to.equal(-32600);
  });

  it('JSON-RPC error messages are the text itself (no "MCP error -32602:" prefix), cut to a bound when they echo the request', async () => {
    const unknownTool = await rpc('tools/call', { name: 'pvt_nothing', arguments: {} });
    expect(unknownTool.body.error.message).to.equal("Unknown tool 'pvt_nothing'; tools/list lists the tools");
    const longUri = `project://${'a'.repeat(100_000)}`;
    const resource = await rpc('resources/read', { uri: longUri });
    expect(resource.body.error.code).to.equal(-32002);
    expect(resource.body.error.message).to.match(/^Resource not found: project:\/\/a+… \(\d+ more characters\)$/);
    expect(resource.body.error.message.length).to.be.below(600);
  });

  it('an unknown method is still -32601', async () => {
    expect((await rpc('no/such', {})).body.error.code).to.equal(-32601);
  });
});
