/**
 * submit_batch and get_run over MCP (the real SDK client, real HTTP): the same run as REST, and
 * structuredContent equal to the REST body; another company's run is an error result with 404.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';
import { createKey } from '../../api/accounts/keys.js';

async function client(server: TestServer, key: string): Promise<Client> {
  const c = new Client({ name: 'runs-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL('/v1/mcp', server.url), { requestInit: { headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': freshAddress() } } }));
  return c;
}

describe('MCP batch runs: submit_batch and get_run', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ENGINE_THREADS: '2' });
  });
  after(async () => server.stop());

  it('submit_batch runs the items as REST does; get_run structuredContent is the REST body', async () => {
    const acct = await createAccount(server);
    const mcp = await client(server, acct.key);
    try {
      const items = [{ id: 'a', input: { psia: [1000], TF: 200, gasSG: 0.72 } }, { id: 'bad', input: { TF: 1 } }];
      const submitted = await mcp.callTool({ name: 'submit_batch', arguments: { name: 'pvt.gasProperties', items, wait: 30, idempotencyKey: 'mcp-1' } });
      expect(submitted.isError ?? false, JSON.stringify(submitted.content)).to.equal(false);
      const run = submitted.structuredContent as { id: string; status: string; counts: unknown; links: { self: string } };
      expect(run.status).to.equal('succeeded');
      expect(run.counts).to.deep.equal({ total: 2, succeeded: 1, failed: 1 });
      const rest = await call(server.url, run.links.self, { key: acct.key, address: freshAddress() });
      expect(rest.status).to.equal(200);
      expect(run).to.deep.equal(rest.body);
      const read = await mcp.callTool({ name: 'get_run', arguments: { name: 'pvt.gasProperties', id: run.id } });
      expect(read.structuredContent).to.deep.equal(rest.body);
      // offset and limit as the integers the tool's schema declares (they were refused unless given as text).
      const paged = await mcp.callTool({ name: 'get_run', arguments: { name: 'pvt.gasProperties', id: run.id, offset: 1, limit: 1 } });
      expect(paged.isError, JSON.stringify(paged.content)).to.not.equal(true);
      expect((paged.structuredContent as { results: { index: number }[] }).results.map((r) => r.index)).to.deep.equal([1]);
      // The same idempotency key answers the same run.
      const again = await mcp.callTool({ name: 'submit_batch', arguments: { name: 'pvt.gasProperties', items, idempotencyKey: 'mcp-1' } });
      expect((again.structuredContent as { id: string }).id).to.equal(run.id);
      // Another company's run: an error result carrying the REST 404.
      const stranger = await client(server, (await createAccount(server, { companyName: 'Else Co' })).key);
      const refused = await stranger.callTool({ name: 'get_run', arguments: { name: 'pvt.gasProperties', id: run.id } });
      expect(refused.isError).to.equal(true);
      expect(JSON.stringify(refused.structuredContent ?? refused.content)).to.contain('not_found');
      await stranger.close();
    } finally {
      await mcp.close();
    }
  });

  it('refuses get_run and an idempotent submit_batch replay to a key of the same member without engine:run', async () => {
    const acct = await createAccount(server);
    const mcp = await client(server, acct.key);
    const readOnly = (await createKey(server.store, { memberId: acct.member.id, name: 'read only', scopes: ['projects:read'] })).value;
    const reader = await client(server, readOnly);
    try {
      const items = [{ id: 'secret', input: { psia: [1000], TF: 200, gasSG: 0.72 } }];
      const submitted = await mcp.callTool({ name: 'submit_batch', arguments: { name: 'pvt.gasProperties', items, wait: 30, idempotencyKey: 'scoped-1' } });
      const run = submitted.structuredContent as { id: string; status: string };
      expect(run.status).to.equal('succeeded');
      const refusals = [
        await reader.callTool({ name: 'get_run', arguments: { name: 'pvt.gasProperties', id: run.id } }),
        await reader.callTool({ name: 'submit_batch', arguments: { name: 'pvt.gasProperties', items, idempotencyKey: 'scoped-1' } }),
      ];
      for (const refused of refusals) {
        expect(refused.isError).to.equal(true);
        const error = (refused.structuredContent as { error: { code: string; message: string; details: { requiredScopes: string[] } } }).error;
        expect(error.code).to.equal('forbidden');
        expect(error.details.requiredScopes).to.deep.equal(['engine:run']);
        expect(JSON.stringify(refused)).to.not.contain('secret'); // nothing of the run
      }
      // The same over REST, for comparison: 403.
      expect((await call(server.url, `/v1/engine/functions/pvt.gasProperties/runs/${run.id}`, { key: readOnly, address: freshAddress() })).status).to.equal(403);
    } finally {
      await reader.close();
      await mcp.close();
    }
  });
});
