/**
 * Project tools and project:// resources over MCP, with the real SDK client: the same rules as
 * REST (scopes, permissions, company scoping, demo read-only) and the protocol's
 * resource-not-found error.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';
import { RESOURCE_NOT_FOUND } from '../../api/mcp/resources.js';

async function connect(server: TestServer, key: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('/v1/mcp', server.url), {
    requestInit: { headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': freshAddress() } },
  });
  const client = new Client({ name: 'engcalc-projects-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const structured = (r: unknown) => (r as CallToolResult).structuredContent as any;

describe('MCP project tools and resources', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.stop());

  it('lists the five project tools with explicit annotations to a key holding both project scopes', async () => {
    const acct = await createAccount(server, { scopes: ['engine:run', 'projects:read', 'projects:write'] });
    const client = await connect(server, acct.key);
    const tools = (await client.listTools()).tools;
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['list_projects', 'get_project', 'list_project_versions', 'save_project', 'save_project_version']) expect(byName.has(name), name).to.equal(true);
    expect(byName.get('get_project')!.annotations).to.include({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('save_project')!.annotations).to.include({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(byName.get('save_project_version')!.annotations).to.include({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    await client.close();
  });

  it('saves, reads, versions and lists a project exactly as REST does', async () => {
    const acct = await createAccount(server, { scopes: ['engine:run', 'projects:read', 'projects:write'] });
    const client = await connect(server, acct.key);
    const saved = await client.callTool({ name: 'save_project', arguments: { id: 'mcp-1', name: 'From MCP', data: { pb: 3125 } } });
    expect(saved.isError ?? false).to.equal(false);
    expect(structured(saved)).to.deep.include({ created: true });
    const version = await client.callTool({ name: 'save_project_version', arguments: { id: 'mcp-1', label: 'Base' } });
    expect(structured(version).version).to.include({ id: '1', label: 'Base' });
    const got = await client.callTool({ name: 'get_project', arguments: { id: 'mcp-1' } });
    const rest = await call(server.url, '/v1/projects/mcp-1', { key: acct.key, address: freshAddress() });
    expect(structured(got).project).to.deep.equal(rest.body.project);
    const list = await client.callTool({ name: 'list_projects', arguments: {} });
    expect(structured(list).projects.map((p: { id: string }) => p.id)).to.deep.equal(['demo', 'mcp-1']);
    const versions = await client.callTool({ name: 'list_project_versions', arguments: { id: 'mcp-1' } });
    expect(structured(versions).versions).to.have.length(1);
    await client.close();
  });

  it('refuses an argument a project tool does not take, as engine tools refuse unknown inputs', async () => {
    const acct = await createAccount(server, { scopes: ['projects:read', 'projects:write'] });
    const client = await connect(server, acct.key);
    const res = await client.callTool({ name: 'get_project', arguments: { id: 'demo', versionLabel: 'Base' } });
    expect(res.isError).to.equal(true);
    expect(structured(res).error).to.deep.include({ code: 'validation_failed' });
    expect(structured(res).error.details.fields).to.have.property('versionLabel');
    expect(structured(res).error.details.validKeys).to.include('id');
    const saved = await client.callTool({ name: 'save_project', arguments: { id: 'x-1', name: 'X', data: {}, overwrite: true } });
    expect(structured(saved).error.code).to.equal('validation_failed');
    expect((await client.callTool({ name: 'get_project', arguments: { id: 'x-1' } })).isError).to.equal(true); // nothing was written
    await client.close();
  });

  it('answers scope, permission, demo and other-company conditions as isError results with the REST envelope', async () => {
    const readOnly = await createAccount(server, { scopes: ['projects:read'] });
    const client = await connect(server, readOnly.key);
    const refused = await client.callTool({ name: 'save_project', arguments: { id: 'x', name: 'x', data: {} } });
    expect(refused.isError).to.equal(true);
    expect(structured(refused).error.code).to.equal('forbidden');
    expect(structured(refused).error.message).to.include('projects:write');
    const demo = await client.callTool({ name: 'get_project', arguments: { id: 'demo' } });
    expect(structured(demo).project.readOnly).to.equal(true);
    await client.close();

    const owner = await createAccount(server, { scopes: ['projects:read', 'projects:write'] });
    const ownerClient = await connect(server, owner.key);
    const demoWrite = await ownerClient.callTool({ name: 'save_project', arguments: { id: 'demo', name: 'x', data: {} } });
    expect(structured(demoWrite).error.code).to.equal('conflict');
    await ownerClient.callTool({ name: 'save_project', arguments: { id: 'private', name: 'p', data: { secret: 7 } } });
    await ownerClient.close();

    const other = await createAccount(server, { scopes: ['projects:read'] });
    const otherClient = await connect(server, other.key);
    const hidden = await otherClient.callTool({ name: 'get_project', arguments: { id: 'private' } });
    expect(hidden.isError).to.equal(true);
    expect(structured(hidden).error.code).to.equal('not_found');
    expect(JSON.stringify(hidden)).not.to.include('secret');
    await otherClient.close();
  });

  it('serves projects as project://{id} resources with a template, company-scoped; unknown ones are resource-not-found', async () => {
    const acct = await createAccount(server, { scopes: ['projects:read', 'projects:write'] });
    await call(server.url, '/v1/projects/res-1', { key: acct.key, method: 'PUT', body: { name: 'Res', data: { z: 0.9 } }, address: freshAddress() });
    const client = await connect(server, acct.key);
    const listed = await client.listResources();
    expect(listed.resources.map((r) => r.uri)).to.include.members(['project://demo', 'project://res-1']);
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).to.include('project://{id}');
    const read = await client.readResource({ uri: 'project://res-1' });
    expect(JSON.parse((read.contents[0] as { text: string }).text).project.data).to.deep.equal({ z: 0.9 });
    let err: unknown;
    await client.readResource({ uri: 'project://nope' }).catch((e) => (err = e));
    expect(err).to.be.instanceOf(McpError);
    expect((err as McpError).code).to.equal(RESOURCE_NOT_FOUND);
    await client.close();

    const other = await createAccount(server, { scopes: ['projects:read'] });
    const otherClient = await connect(server, other.key);
    let hidden: unknown;
    await otherClient.readResource({ uri: 'project://res-1' }).catch((e) => (hidden = e));
    expect((hidden as McpError).code).to.equal(RESOURCE_NOT_FOUND);
    expect((await otherClient.listResources()).resources.map((r) => r.uri).filter((u) => u.startsWith('project://'))).to.deep.equal(['project://demo']);
    await otherClient.close();
  });

  it('refuses project resources to a key without projects:read', async () => {
    const acct = await createAccount(server, { scopes: ['engine:run'] });
    const client = await connect(server, acct.key);
    let err: unknown;
    await client.readResource({ uri: 'project://demo' }).catch((e) => (err = e));
    expect(err).to.be.instanceOf(McpError);
    expect((err as McpError).message).to.include('projects:read');
    await client.close();
  });
});
