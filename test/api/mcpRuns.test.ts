/**
 * submit_batch and get_run over MCP (the real SDK client, real HTTP): the same run as REST, and
 * structuredContent equal to the REST body; another company's run is an error result with 404.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';

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
});
