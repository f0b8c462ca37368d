/**
 * POST /v1/mcp end to end with the real MCP SDK client (StreamableHTTPClientTransport with an
 * Authorization header) over HTTP against a real server: LMDB in a temp dir, the real piscina
 * pool. Every HTTP exchange the client makes is recorded, so statuses and headers the client
 * only surfaces as errors can be asserted.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { addMember, call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';
import { CATALOGUE } from '../../engine/catalogue.js';
import { fitToBudget, RESULT_BUDGET_BYTES, STRUCTURED_BUDGET_BYTES } from '../../api/mcp/result.js';
import { MCP_PROTOCOL_VERSIONS } from '../../api/mcp/server.js';
import { CORE_FUNCTIONS, toolName } from '../../api/mcp/tools.js';
import { portabilityProblems } from '../../api/mcp/portableSchema.js';

interface Exchange {
  method: string;
  requestHeaders: Headers;
  status: number;
  headers: Headers;
}

interface TestClient {
  client: Client;
  transport: StreamableHTTPClientTransport;
  /** Every HTTP exchange, in the order the answers arrived. */
  exchanges: Exchange[];
}

/**
 * An SDK client for `key` (not yet connected). `rewriteVersion` makes the client's initialize
 * ask for that protocol revision (the SDK client always asks for its newest).
 */
function mcpClient(server: TestServer, key: string, o: { address?: string; rewriteVersion?: string; query?: string } = {}): TestClient {
  const exchanges: Exchange[] = [];
  const recordingFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    let body = init?.body;
    if (o.rewriteVersion && typeof body === 'string' && body.includes('"method":"initialize"')) {
      const msg = JSON.parse(body);
      msg.params.protocolVersion = o.rewriteVersion;
      body = JSON.stringify(msg);
    }
    const res = await fetch(url, { ...init, body });
    exchanges.push({ method: init?.method ?? 'GET', requestHeaders: new Headers(init?.headers), status: res.status, headers: res.headers });
    return res;
  };
  const transport = new StreamableHTTPClientTransport(new URL(`/v1/mcp${o.query ? `?${o.query}` : ''}`, server.url), {
    requestInit: { headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': o.address ?? freshAddress() } },
    fetch: recordingFetch,
  });
  return { client: new Client({ name: 'engcalc-test', version: '1.0.0' }), transport, exchanges };
}

async function connected(server: TestServer, key: string, o: { address?: string; rewriteVersion?: string; query?: string } = {}): Promise<TestClient> {
  const c = mcpClient(server, key, o);
  await c.client.connect(c.transport);
  return c;
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The project tools (api/mcp/projects.ts), listed beside the calculation tools. */
const PROJECT_TOOL_NAMES = ['list_projects', 'get_project', 'list_project_versions', 'save_project', 'save_project_version'];

const structured = (r: unknown) => (r as CallToolResult).structuredContent as any;
const textJson = (r: unknown) => JSON.parse(((r as CallToolResult).content[0] as { text: string }).text);

describe('MCP at POST /v1/mcp', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ENGINE_THREADS: '2' });
  });
  after(async () => server.stop());

  const rest = (key: string, name: string, body: unknown) => call(server.url, `/v1/engine/functions/${name}`, { key, body, address: freshAddress() });

  describe('tools/list', () => {
    it('lists the core tools by default, each with a portable input schema, a description of at most 1,024 characters and explicit annotations; ?tools=all lists one per function', async () => {
      const acct = await createAccount(server, { scopes: ['engine:run', 'projects:read', 'projects:write'] });
      const { client } = await connected(server, acct.key);
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      expect(names).to.include.members([...CORE_FUNCTIONS.filter((f) => CATALOGUE.some((d) => d.name === f)).map(toolName), 'list_functions', 'describe_function', 'run_function', ...PROJECT_TOOL_NAMES]);
      expect(names).not.to.include('pvt_zFactor'); // reached through run_function, or ?tools=pvt
      for (const tool of tools) {
        expect(tool.description!.length, tool.name).to.be.at.most(1_024);
        expect(portabilityProblems(tool.inputSchema), tool.name).to.deep.equal([]);
        expect(tool.annotations, tool.name).to.include.keys('readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint');
        expect(tool.outputSchema, tool.name).to.equal(undefined);
      }
      const gas = tools.find((t) => t.name === 'pvt_gasProperties')!;
      expect(gas.description).to.include('engcalc://functions/pvt.gasProperties');
      expect((gas.inputSchema.properties as any).psia.description).to.include('unit psia (metric calls: bara)');
      expect((gas.inputSchema.properties as any).zMethod).to.include({ type: 'string' });
      await client.close();

      const all = await connected(server, acct.key, { query: 'tools=all' });
      const everything = (await all.client.listTools()).tools.map((t) => t.name);
      expect(everything).to.include.members(CATALOGUE.map((d) => toolName(d.name)));
      await all.client.close();
    });
  });

  describe('tools/call gives what REST gives', () => {
    it('pvt_gasProperties: structuredContent deep-equals REST result for the same input, field and metric; the text renders the same numbers, not the JSON again', async () => {
      const acct = await createAccount(server);
      const { client } = await connected(server, acct.key);
      for (const args of [
        { psia: [500, 1500, 3000], TF: 180, gasSG: 0.7 },
        { psia: 2350, TF: 180, gasSG: 0.68, zMethod: 'HY', pcMethod: 'SuttonWichertAziz' },
        { psia: 100, TF: 80, gasSG: 0.7, units: 'metric' },
      ]) {
        const viaRest = await rest(acct.key, 'pvt.gasProperties', args);
        expect(viaRest.status).to.equal(200);
        const viaMcp = await client.callTool({ name: 'pvt_gasProperties', arguments: args });
        expect(viaMcp.isError ?? false).to.equal(false);
        expect(structured(viaMcp)).to.deep.equal(viaRest.body.result);
        const text = ((viaMcp as CallToolResult).content[0] as { text: string }).text;
        expect(() => JSON.parse(text)).to.throw(); // a rendering, not the structured result twice
        expect(text).to.include(`Tpc = ${Number((viaRest.body.result.Tpc as number).toPrecision(7))}`);
      }
      await client.close();
    });

    it('econ_metrics: structuredContent deep-equals REST result (NPV at 10% end-period of -1000,300,400,500,200 = 105.0599, econ.json econ-simple-end-period)', async () => {
      const acct = await createAccount(server);
      const { client } = await connected(server, acct.key);
      const args = { cashFlows: [-1000, 300, 400, 500, 200], discountRates: [0.08, 0.1], discounting: 'end-period' };
      const viaRest = await rest(acct.key, 'econ.metrics', args);
      const viaMcp = await client.callTool({ name: 'econ_metrics', arguments: args });
      expect(structured(viaMcp)).to.deep.equal(viaRest.body.result);
      expect(structured(viaMcp).npv[1]).to.be.closeTo(105.059887862, 1e-6);
      await client.close();
    });
  });

  describe('refusals are isError results with the REST error envelope', () => {
    it('a key without engine:run gets forbidden naming the scope, the same envelope as REST', async () => {
      const acct = await createAccount(server, { scopes: ['projects:read'] });
      const { client } = await connected(server, acct.key); // any valid key may connect and list
      expect((await client.listTools()).tools.map((t) => t.name)).to.not.include('pvt_gasProperties'); // it may not run them
      const args = { ppr: 2, tpr: 1.5 };
      const res = await client.callTool({ name: 'pvt_zFactor', arguments: args });
      expect(res.isError).to.equal(true);
      expect(structured(res).error.code).to.equal('forbidden');
      expect(structured(res).error.details.requiredScopes).to.deep.equal(['engine:run']);
      const viaRest = await rest(acct.key, 'pvt.zFactor', args);
      expect(viaRest.status).to.equal(403);
      expect(structured(res)).to.deep.equal(viaRest.body);
      expect(textJson(res)).to.deep.equal(viaRest.body); // an error's text is its envelope
      await client.close();
    });

    it('a bad argument gets validation_failed with details.fields for every invalid field, as REST', async () => {
      const acct = await createAccount(server);
      const { client } = await connected(server, acct.key);
      const args = { psia: 'high', TF: 180, zMethod: 'Magic', pressure: 3 };
      const res = await client.callTool({ name: 'pvt_gasProperties', arguments: args });
      expect(res.isError).to.equal(true);
      const error = structured(res).error;
      expect(error.code).to.equal('validation_failed');
      expect(error.details.fields).to.include.keys('psia', 'gasSG', 'zMethod', 'pressure');
      expect(error.details.fields.zMethod).to.match(/one of: DAK, HY/);
      expect(structured(res)).to.deep.equal((await rest(acct.key, 'pvt.gasProperties', args)).body);
      await client.close();
    });

    it('no module licence gets plan_limit (REST 402); pvt needs none', async () => {
      const acct = await createAccount(server, { licences: { integrations: 5 } });
      const { client } = await connected(server, acct.key);
      const args = { cashFlows: [-1, 2], discountRates: [0.1] };
      const res = await client.callTool({ name: 'econ_metrics', arguments: args });
      expect(res.isError).to.equal(true);
      expect(structured(res)).to.deep.equal({ error: { code: 'plan_limit', message: 'The company has no licence for the econ module needed by econ.metrics', details: { module: 'econ' } } });
      expect((await rest(acct.key, 'econ.metrics', args)).status).to.equal(402);
      expect((await client.callTool({ name: 'pvt_zFactor', arguments: { ppr: 2, tpr: 1.5 } })).isError ?? false).to.equal(false);
      await client.close();
    });

    it('a module seat held by another member gets no_seat with the holders (REST 409); REST and MCP share the member seat', async () => {
      const first = await createAccount(server, { licences: { integrations: 5, econ: 1 } });
      const second = await addMember(server, first.company);
      const args = { cashFlows: [-100, 60, 60], discountRates: [0.1] };
      expect((await rest(first.key, 'econ.metrics', args)).status).to.equal(200);
      const { client: firstMcp } = await connected(server, first.key);
      expect((await firstMcp.callTool({ name: 'econ_metrics', arguments: args })).isError ?? false).to.equal(false); // same member, same seat
      const { client } = await connected(server, second.key);
      const res = await client.callTool({ name: 'econ_metrics', arguments: args });
      expect(res.isError).to.equal(true);
      expect(structured(res).error.code).to.equal('no_seat');
      expect(structured(res).error.details.holders[0]).to.include({ member: first.member.id, email: first.member.email });
      const viaRest = await rest(second.key, 'econ.metrics', args);
      expect(viaRest.status).to.equal(409);
      expect(structured(res)).to.deep.equal(viaRest.body);
      await Promise.all([client.close(), firstMcp.close()]);
    });

    it('an unknown tool is a protocol error: JSON-RPC -32602 with the not_found envelope as data', async () => {
      const acct = await createAccount(server);
      const { client } = await connected(server, acct.key);
      const err = await rejection(client.callTool({ name: 'pvt_nothing', arguments: {} }));
      expect(err).to.be.instanceOf(McpError);
      expect(err.code).to.equal(-32602);
      expect(err.data).to.deep.equal({ error: { code: 'not_found', message: "Unknown tool 'pvt_nothing'; tools/list lists the tools" } });
      await client.close();
    });
  });

  describe('the gate runs before any JSON-RPC is read', () => {
    it('a wrong key gets HTTP 401 with WWW-Authenticate: Bearer; the client surfaces it as an error', async () => {
      const { client, transport, exchanges } = mcpClient(server, 'eng_' + 'A'.repeat(43));
      const err = await rejection(client.connect(transport));
      expect(err).to.be.instanceOf(StreamableHTTPError);
      expect(err.code).to.equal(401);
      expect(exchanges[0]!.status).to.equal(401);
      expect(exchanges[0]!.headers.get('www-authenticate')).to.match(/^Bearer/);
    });

    it('a wrong key with a body that is not JSON-RPC still gets 401, not 400', async () => {
      const res = await call(server.url, '/v1/mcp', { key: 'eng_' + 'B'.repeat(43), body: { not: 'json-rpc' }, address: freshAddress() });
      expect(res.status).to.equal(401);
      expect(res.body.error.data.error.code).to.equal('unauthenticated');
      expect(res.headers.get('www-authenticate')).to.match(/^Bearer/);
    });

    it('account checks, plan API access and the Integrations seat answer in the error envelope before the body is read', async () => {
      const notJsonRpc = { hello: 1 };
      const unverified = await createAccount(server, { verified: false });
      expect((await call(server.url, '/v1/mcp', { key: unverified.key, body: notJsonRpc, address: freshAddress() })).body.error.data.error.code).to.equal('email_not_verified');

      const suspended = await createAccount(server);
      await server.store.companies.update(suspended.company.id, { suspended: true });
      const s = await call(server.url, '/v1/mcp', { key: suspended.key, body: notJsonRpc, address: freshAddress() });
      expect([s.status, s.body.error.data.error.code]).to.deep.equal([403, 'tenant_suspended']);

      const noApi = await createAccount(server);
      await server.store.companies.update(noApi.company.id, { plan: { apiAccess: false, maxProjects: 5 } });
      const { client, transport } = mcpClient(server, noApi.key);
      const err = await rejection(client.connect(transport));
      expect(err.code).to.equal(402);

      const holder = await createAccount(server, { licences: { integrations: 1 } });
      const other = await addMember(server, holder.company);
      expect((await call(server.url, '/v1/me', { key: holder.key, address: freshAddress() })).status).to.equal(200);
      const seat = await call(server.url, '/v1/mcp', { key: other.key, body: notJsonRpc, address: freshAddress() });
      expect([seat.status, seat.body.error.data.error.code]).to.deep.equal([409, 'no_seat']);
      expect(seat.body.error.data.error.details.holders[0].member).to.equal(holder.member.id);
    });

    it('GET and DELETE /v1/mcp answer 405 with Allow: POST in the error envelope', async () => {
      const acct = await createAccount(server);
      for (const method of ['GET', 'DELETE']) {
        const res = await call(server.url, '/v1/mcp', { key: acct.key, method, address: freshAddress() });
        expect(res.status, method).to.equal(405);
        expect(res.headers.get('allow')).to.equal('POST');
        expect(res.body.error.data.error.code).to.equal('method_not_allowed');
      }
    });

    it('a body that is not a JSON-RPC message is 400 validation_failed in the envelope', async () => {
      const acct = await createAccount(server);
      const res = await call(server.url, '/v1/mcp', { key: acct.key, body: { hello: 1 }, address: freshAddress() });
      expect(res.status).to.equal(400);
      expect(res.body.error.data.error.code).to.equal('validation_failed');
      expect(res.body.error.data.error.details.fields.body).to.be.a('string');
      // Any JSON that is not an object, null included (it once reached the handler and answered 500).
      for (const raw of ['null', ' null ', '1', '"x"', 'true']) {
        const other = await call(server.url, '/v1/mcp', { key: acct.key, rawBody: raw, headers: { 'Content-Type': 'application/json' }, address: freshAddress() });
        expect(other.status, raw).to.equal(400);
        expect(other.body.error.data.error.code, raw).to.equal('validation_failed');
      }
    });

    it('the per-key limit is shared with REST: exactly 120 requests are accepted, then MCP and REST both get 429', async () => {
      const acct = await createAccount(server);
      const address = freshAddress();
      const mcp = await connected(server, acct.key, { address });
      // connect = initialize, notifications/initialized, and the client's GET for a server stream (405); all count.
      await until(() => mcp.exchanges.length === 3);
      expect(mcp.exchanges.map((e) => `${e.method} ${e.status}`)).to.have.members(['POST 200', 'POST 202', 'GET 405']);
      const restStatuses = await Promise.all(Array.from({ length: 116 }, () => call(server.url, '/v1/me', { key: acct.key, address }).then((r) => r.status)));
      expect(restStatuses.every((s) => s === 200)).to.equal(true);
      let refused: any;
      for (let i = 0; i < 5 && !refused; i++) {
        refused = await rejection(mcp.client.callTool({ name: 'pvt_zFactor', arguments: { ppr: 2, tpr: 1.5 } })).catch(() => undefined);
      }
      expect(refused).to.be.instanceOf(StreamableHTTPError);
      expect(refused.code).to.equal(429);
      // The refusal is JSON-RPC with the REST envelope in data: the client surfaces retryAfter.
      const rpc = JSON.parse(/\{.*\}/s.exec(refused.message)![0]);
      expect(rpc).to.include({ jsonrpc: '2.0', id: null });
      expect(rpc.error.code).to.equal(-32029);
      expect(rpc.error.data.error.code).to.equal('rate_limited');
      expect(rpc.error.data.error.details.retryAfter).to.be.greaterThan(0);
      const last = mcp.exchanges.at(-1)!;
      expect(last.status).to.equal(429);
      expect(Number(last.headers.get('retry-after'))).to.be.greaterThan(0);
      const accepted = mcp.exchanges.filter((e) => e.status !== 429).length + restStatuses.length;
      expect(accepted).to.equal(120);
      const after = await call(server.url, '/v1/me', { key: acct.key, address });
      expect(after.status).to.equal(429);
      expect(after.body.error.code).to.equal('rate_limited');
      await mcp.client.close();
    });
  });

  describe('size discipline', () => {
    it(`a result over ${RESULT_BUDGET_BYTES} bytes of JSON is cut: parallel lists keep the same leading items, truncated: true, and the REST call with the full result`, async () => {
      const acct = await createAccount(server);
      const psia = Array.from({ length: 5000 }, (_, i) => 200 + i * 1.5);
      const args = { psia, TF: 180, gasSG: 0.7 };
      const full = (await rest(acct.key, 'pvt.gasProperties', args)).body.result;
      const fullBytes = Buffer.byteLength(JSON.stringify(full));
      expect(fullBytes).to.be.greaterThan(5 * RESULT_BUDGET_BYTES); // the case is real: about 660 kB

      const { client } = await connected(server, acct.key);
      const res = await client.callTool({ name: 'pvt_gasProperties', arguments: args });
      const cut = structured(res);
      // The whole result — structured copy, text copy and note — fits the budget.
      const total = (res as CallToolResult).content.reduce((n, c) => n + Buffer.byteLength((c as { text: string }).text), 0) + Buffer.byteLength(JSON.stringify(cut));
      expect(total).to.be.at.most(RESULT_BUDGET_BYTES);
      expect(cut.truncated).to.equal(true);
      const kept = cut.truncation.keptItems;
      expect(kept).to.be.greaterThan(Math.floor((5000 * STRUCTURED_BUDGET_BYTES) / fullBytes / 2)).and.lessThan(5000);
      for (const k of ['Ppr', 'z', 'Bg', 'BgRbPerMscf', 'density', 'viscosity', 'cg']) {
        expect(cut[k], k).to.deep.equal(full[k].slice(0, kept));
        expect(cut.truncation.lists[k]).to.deep.equal({ total: 5000, kept });
      }
      for (const k of ['Tpc', 'Ppc', 'Tpr', 'MW', 'units', 'outputUnits', 'warnings']) expect(cut[k], k).to.deep.equal(full[k]);
      expect(cut.truncation).to.include({ budgetBytes: STRUCTURED_BUDGET_BYTES, fullBytes });
      expect(cut.truncation.fullResult).to.deep.equal({
        method: 'POST',
        path: '/v1/engine/functions/pvt.gasProperties',
        body: "the same JSON object as this call's arguments (without maxPoints)",
        resultField: 'result',
      });
      const text = ((res as CallToolResult).content[0] as { text: string }).text;
      expect(text).to.match(/not shown here/);
      expect(text).to.match(/Truncated: .*POST \/v1\/engine\/functions\/pvt\.gasProperties/);
      await client.close();
    });

    it('fitToBudget keeps a result under the budget as it is and cuts lists of unequal length to one largest cap', () => {
      const small = { a: [1, 2, 3], s: 'x' };
      expect(fitToBudget(small, null, 1000)).to.equal(small);
      const big = { long: Array.from({ length: 400 }, (_, i) => i), short: [1, 2, 3], nested: { rows: Array.from({ length: 50 }, () => [1, 2, 3, 4, 5, 6, 7, 8]) } };
      const out = fitToBudget(big, null, 1500) as any;
      expect(Buffer.byteLength(JSON.stringify(out))).to.be.at.most(1500);
      const cap = out.truncation.keptItems;
      expect(out.long).to.deep.equal(big.long.slice(0, cap));
      expect(out.short).to.deep.equal([1, 2, 3]);
      expect(out.nested.rows).to.have.length(Math.min(cap, 50));
      expect(out.truncation.lists.long).to.deep.equal({ total: 400, kept: cap });
      // A tighter budget cuts more.
      const wider = fitToBudget(big, null, Buffer.byteLength(JSON.stringify(out)) - 1) as any;
      expect(wider.truncation.keptItems).to.be.lessThan(cap);
    });
  });

  describe('protocol revisions', () => {
    for (const version of MCP_PROTOCOL_VERSIONS) {
      it(`${version}: initialize answers ${version}, and the SDK client then calls tools sending MCP-Protocol-Version: ${version}`, async () => {
        const acct = await createAccount(server);
        const c = await connected(server, acct.key, { rewriteVersion: version });
        expect(c.transport.protocolVersion).to.equal(version);
        const res = await c.client.callTool({ name: 'pvt_zFactor', arguments: { ppr: 2, tpr: 1.5 } });
        expect(structured(res).z).to.be.a('number');
        const post = c.exchanges.filter((e) => e.method === 'POST').at(-1)!;
        expect(post.requestHeaders.get('mcp-protocol-version')).to.equal(version);
        expect(post.headers.get('mcp-session-id')).to.equal(null); // stateless
        await c.client.close();
      });
    }

    it('an older revision asked at initialize gets 2025-11-25; an unsupported MCP-Protocol-Version header is 400', async () => {
      const acct = await createAccount(server);
      const init = await call(server.url, '/v1/mcp', {
        key: acct.key,
        address: freshAddress(),
        headers: { Accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'old', version: '0' } } },
      });
      expect(init.status).to.equal(200);
      expect(init.body.result.protocolVersion).to.equal('2025-11-25');
      expect(init.body.result.capabilities).to.deep.equal({ tools: { listChanged: false }, resources: {}, prompts: { listChanged: false }, completions: {} });
      const old = await call(server.url, '/v1/mcp', {
        key: acct.key,
        address: freshAddress(),
        headers: { 'MCP-Protocol-Version': '2024-11-05' },
        body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      });
      expect(old.status).to.equal(400);
      expect(old.body.error.data.error.code).to.equal('validation_failed');
      expect(old.body.error.data.error.details.supportedVersions).to.deep.equal([...MCP_PROTOCOL_VERSIONS]);
    });

    it('the default SDK client negotiates 2025-11-25 with no session id', async () => {
      const acct = await createAccount(server);
      const c = await connected(server, acct.key);
      expect(c.transport.protocolVersion).to.equal('2025-11-25');
      expect(c.transport.sessionId).to.equal(undefined);
      expect(c.client.getServerVersion()).to.include({ name: 'engcalc' });
      await c.client.close();
    });
  });

  describe('OpenAPI', () => {
    it('documents POST /v1/mcp with any valid key (scopes []), its request and its responses', async () => {
      const doc = (await call(server.url, '/v1/openapi.json')).body;
      const op = doc.paths['/v1/mcp'].post;
      expect(op['x-scopes']).to.deep.equal([]);
      expect(op.tags).to.deep.equal(['mcp']);
      expect(op.requestBody.content['application/json'].schema.examples[0].method).to.equal('tools/call');
      expect(op.responses).to.include.keys('200', '202', '400', '401', '429');
      expect(doc.paths['/v1/mcp'].get).to.equal(undefined);
    });
  });
});

describe('MCP tool calls under the engine time limit and saturation', () => {
  it('over ENGINE_TIMEOUT_MS a call is an isError engine_error result with details.timeout true', async () => {
    const server = await startTestServer({ ENGINE_THREADS: '1', ENGINE_TIMEOUT_MS: '500' });
    try {
      const acct = await createAccount(server);
      let seed = 7;
      const cashFlows = Array.from({ length: 100_000 }, () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 1000);
      const { client } = await connected(server, acct.key);
      const res = await client.callTool({ name: 'econ_metrics', arguments: { cashFlows, discountRates: [0.1], periodsPerYear: 12 } });
      expect(res.isError).to.equal(true);
      expect(structured(res).error.code).to.equal('engine_error');
      expect(structured(res).error.details.timeout).to.equal(true);
      expect((await client.callTool({ name: 'pvt_zFactor', arguments: { ppr: 2, tpr: 1.5 } })).isError ?? false).to.equal(false);
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('when the engine is saturated, a call is an isError rate_limited result with details.retryAfter 30', async () => {
    const server = await startTestServer({ ENGINE_THREADS: '1', ENGINE_MAX_QUEUE: '1' });
    try {
      const acct = await createAccount(server);
      // About a second per call (random signs: a long IRR search), so the calls pile up by construction.
      let seed = 11;
      const cashFlows = Array.from({ length: 100_000 }, () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 1000);
      const { client } = await connected(server, acct.key);
      const results = await Promise.all(
        Array.from({ length: 12 }, () => client.callTool({ name: 'econ_metrics', arguments: { cashFlows, discountRates: [0.05, 0.1, 0.15], periodsPerYear: 12 } })),
      );
      const busy = results.filter((r) => r.isError);
      expect(busy.length).to.be.at.least(1);
      expect(results.length - busy.length).to.be.at.least(1);
      for (const r of busy) expect(structured(r)).to.deep.equal({ error: { code: 'rate_limited', message: 'The engine is busy; retry after 30 s', details: { retryAfter: 30 } } });
      await client.close();
    } finally {
      await server.stop();
    }
  });
});
