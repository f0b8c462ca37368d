/**
 * The EOS functions over REST and MCP on the embedded default: every example through both, the
 * eos.model.* rules (scopes, company scoping, model selection and checks, saved versions) and the
 * cross-field input checks (400 naming the entry). Real HTTP, LMDB in a temp dir, the piscina pool.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { call, createAccount, freshAddress, startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { CATALOGUE } from '../../engine/catalogue.js';
import { DEMO_PROJECT_DATA } from '../../api/projects/demo.js';

const EOS = CATALOGUE.filter((d) => d.module === 'eos');
const demoModel = (DEMO_PROJECT_DATA.fluidModels as Record<string, unknown>[])[0]!;

describe('EOS functions over REST and MCP', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ENGINE_THREADS: '2' });
  });
  after(async () => server.stop());

  const run = (acct: TestAccount, name: string, body: unknown) => call(server.url, `/v1/engine/functions/${name}`, { key: acct.key, body, address: freshAddress() });
  const put = (acct: TestAccount, id: string, data: unknown) => call(server.url, `/v1/projects/${id}`, { key: acct.key, method: 'PUT', body: { name: id, data }, address: freshAddress() });
  const rw = () => createAccount(server, { scopes: ['engine:run', 'projects:read', 'projects:write'] });

  it('lists every eos function (inline and eos.model.*) with schema, example, references and the scopes it needs', async () => {
    const acct = await createAccount(server);
    const res = await call(server.url, '/v1/engine/functions', { key: acct.key, address: freshAddress() });
    const names = res.body.functions.map((f: { name: string }) => f.name);
    for (const n of [
      'eos.pureComponent', 'eos.rachfordRice', 'eos.flash', 'eos.saturationPressure', 'eos.phaseEnvelope', 'eos.componentLibrary', 'eos.characterizePlus',
      'eos.model.describe', 'eos.model.flash', 'eos.model.saturationPressure', 'eos.model.phaseEnvelope', 'eos.model.cce',
      'eos.model.differentialLiberation', 'eos.model.cvd', 'eos.model.separatorTest',
    ]) expect(names, n).to.include(n);
    for (const f of res.body.functions.filter((x: { module: string }) => x.module === 'eos')) {
      expect(f.seatModule).to.equal('eos');
      expect(f.references.length, f.name).to.be.greaterThan(0);
      expect(f.example.input, f.name).to.be.an('object');
      const model = f.name.startsWith('eos.model.');
      expect(f.requiredScopes, f.name).to.deep.equal(model ? ['engine:run', 'projects:read'] : ['engine:run']);
      // A model function never takes a composition: the project's model is read by the API node.
      if (model) expect(Object.keys(f.input.properties), f.name).to.include('projectId').and.not.include.members(['composition', 'components', 'fluidModel']);
    }
  });

  it('every eos example answers 200 through POST and through MCP, with the same result', async () => {
    const acct = await createAccount(server);
    const transport = new StreamableHTTPClientTransport(new URL('/v1/mcp', server.url), {
      requestInit: { headers: { Authorization: `Bearer ${acct.key}`, 'X-Forwarded-For': freshAddress() } },
    });
    const client = new Client({ name: 'eos-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      for (const def of EOS) {
        const input = def.examples[0]!.input;
        const rest = await run(acct, def.name, input);
        expect(rest.status, `${def.name}: ${JSON.stringify(rest.body).slice(0, 400)}`).to.equal(200);
        const mcp = (await client.callTool({ name: def.name.replace(/\./g, '_'), arguments: input })) as CallToolResult;
        expect(mcp.isError ?? false, `${def.name}: ${JSON.stringify(mcp.structuredContent).slice(0, 400)}`).to.equal(false);
        const sc = mcp.structuredContent as Record<string, unknown>;
        const pick = (r: Record<string, unknown>) => (sc.truncated ? Object.keys(r).filter((k) => !Array.isArray(r[k])) : Object.keys(r)).filter((k) => k !== 'truncated' && k !== 'truncation');
        for (const k of pick(rest.body.result)) expect(sc[k], `${def.name}.${k}`).to.deep.equal(rest.body.result[k]);
      }
    } finally {
      await client.close();
    }
  });

  describe('eos.model.flash', () => {
    const body = { projectId: 'demo', TF: 212, psia: 2000 };

    it("answers 200 on the demo project's model with a key holding engine:run and projects:read, citing the model", async () => {
      const acct = await createAccount(server, { scopes: ['engine:run', 'projects:read'] });
      const res = await run(acct, 'eos.model.flash', body);
      expect(res.status).to.equal(200);
      expect(res.body.result.source).to.deep.equal({ projectId: 'demo', versionId: null, fluidModelId: 'volatile-oil-pr78', name: demoModel.name });
      expect(res.body.result.phaseCount).to.equal(2);
      // thermo 0.6.1 PR78MIX FlashVL on the same constants and kij: VF 0.331936289 (its own tolerance ~1e-8).
      expect(res.body.result.vaporFraction).to.be.closeTo(0.331936289, 1e-7);
    });

    it('is 403 naming the missing scope with engine:run alone or projects:read alone', async () => {
      for (const [scopes, missing] of [
        [['engine:run'], 'projects:read'],
        [['projects:read'], 'engine:run'],
      ] as const) {
        const acct = await createAccount(server, { scopes: [...scopes] });
        const res = await run(acct, 'eos.model.flash', body);
        expect(res.status, scopes.join()).to.equal(403);
        expect(res.body.error.code).to.equal('forbidden');
        expect(res.body.error.message).to.include(missing);
        expect(res.body.error.details.requiredScopes).to.deep.equal(['engine:run', 'projects:read']);
      }
    });

    it("is 404 for an unknown project and for another company's project (never its data)", async () => {
      const owner = await rw();
      expect((await put(owner, 'north', DEMO_PROJECT_DATA)).status).to.equal(201);
      expect((await run(owner, 'eos.model.flash', { ...body, projectId: 'north' })).status).to.equal(200);
      const other = await createAccount(server);
      for (const projectId of ['north', 'nowhere']) {
        const res = await run(other, 'eos.model.flash', { ...body, projectId });
        expect(res.status, projectId).to.equal(404);
        expect(res.body.error.code).to.equal('not_found');
        expect(JSON.stringify(res.body)).not.to.include('volatile-oil');
      }
    });

    it('is 400 naming fluidModelId when the project holds several models and none is named; naming one runs it', async () => {
      const acct = await rw();
      const second = { ...demoModel, id: 'lean-gas', composition: { N2: 0.01, CO2: 0.01, C1: 0.9, C2: 0.05, C3: 0.03 } };
      expect((await put(acct, 'two-models', { fluidModels: [demoModel, second] })).status).to.equal(201);
      const res = await run(acct, 'eos.model.flash', { ...body, projectId: 'two-models' });
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('validation_failed');
      expect(res.body.error.details.fields.fluidModelId).to.include('volatile-oil-pr78').and.include('lean-gas');
      const named = await run(acct, 'eos.model.flash', { ...body, projectId: 'two-models', fluidModelId: 'lean-gas' });
      expect(named.status).to.equal(200);
      expect(named.body.result.source.fluidModelId).to.equal('lean-gas');
      const unknown = await run(acct, 'eos.model.flash', { ...body, projectId: 'two-models', fluidModelId: 'nope' });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.error.details.fields.fluidModelId).to.include("no fluid model 'nope'");
    });
  });

  describe("a user's saved model", () => {
    it('malformed: 400 naming the path inside the project data, never a 500', async () => {
      const acct = await rw();
      const bad = (mutate: (m: Record<string, any>) => void) => {
        const m = structuredClone(demoModel) as Record<string, any>;
        mutate(m);
        return { fluidModels: [m] };
      };
      const cases: [string, unknown, string][] = [
        ['tc-text', bad((m) => (m.components[3].tcK = 'hot')), 'data.fluidModels[0].components[3].tcK'],
        ['no-omega', bad((m) => delete m.components[10].omega), 'data.fluidModels[0].components[10].omega'],
        ['eos-name', bad((m) => (m.eos = 'VDW')), 'data.fluidModels[0].eos'],
        ['kij-name', bad((m) => (m.binaryInteraction.C1.C99 = 0.1)), 'data.fluidModels[0].binaryInteraction.C1.C99'],
        ['kij-asym', bad((m) => (m.binaryInteraction.CO2.C1 = 0.2)), 'data.fluidModels[0].binaryInteraction'],
        ['comp-sum', bad((m) => (m.composition.C1 = 0.6)), 'data.fluidModels[0].composition'],
        ['not-array', { fluidModels: { id: 'x' } }, 'data.fluidModels'],
        ['units', bad((m) => (m.units = { tc: 'Kelvins' })), 'data.fluidModels[0].units.tc'],
      ];
      for (const [id, data, path] of cases) {
        expect((await put(acct, id, data)).status, id).to.equal(201);
        const res = await run(acct, 'eos.model.flash', { projectId: id, TF: 212, psia: 2000 });
        expect(res.status, `${id}: ${JSON.stringify(res.body)}`).to.equal(400);
        expect(res.body.error.code).to.equal('validation_failed');
        expect(Object.keys(res.body.error.details.fields).join(' '), id).to.include(path);
        expect(res.body.error.details.projectId).to.equal(id);
      }
      const none = await put(acct, 'no-models', { wells: [] });
      expect(none.status).to.equal(201);
      const res = await run(acct, 'eos.model.describe', { projectId: 'no-models' });
      expect(res.status).to.equal(400);
      expect(res.body.error.details.fields.projectId).to.include('holds no fluid models');
    });

    it('runs on a saved version (versionId) as it was saved, and 404 for an unknown version', async () => {
      const acct = await rw();
      expect((await put(acct, 'versioned', { fluidModels: [demoModel] })).status).to.equal(201);
      const v = await call(server.url, '/v1/projects/versioned/versions', { key: acct.key, body: { label: 'base' }, address: freshAddress() });
      expect(v.status).to.equal(201);
      // Change the current data: a lighter oil.
      const lighter = structuredClone(demoModel) as Record<string, any>;
      lighter.composition = { ...lighter.composition, C1: 0.6234, 'C7+': 0.1473 };
      expect((await put(acct, 'versioned', { fluidModels: [lighter] })).status).to.equal(200);
      const atVersion = await run(acct, 'eos.model.saturationPressure', { projectId: 'versioned', versionId: v.body.version.id, TF: 212 });
      const current = await run(acct, 'eos.model.saturationPressure', { projectId: 'versioned', TF: 212 });
      expect(atVersion.status).to.equal(200);
      expect(current.status).to.equal(200);
      expect(atVersion.body.result.source.versionId).to.equal(v.body.version.id);
      expect(atVersion.body.result.psatPsia).to.be.closeTo(3124.809647413, 1e-6); // thermo 0.6.1 PR78 flash(T, VF=0)
      expect(current.body.result.psatPsia).not.to.be.closeTo(3124.809647413, 1);
      const missing = await run(acct, 'eos.model.saturationPressure', { projectId: 'versioned', versionId: '99', TF: 212 });
      expect(missing.status).to.equal(404);
    });
  });

  describe('inline inputs', () => {
    const fluid = { components: ['C1', 'C3'], composition: [0.6, 0.4], eos: 'PR', TF: 0, psia: 500 };

    it('refuses a kij that is not symmetric or has a non-zero diagonal with 400 naming the entry', async () => {
      const acct = await createAccount(server);
      const asym = await run(acct, 'eos.flash', { ...fluid, kij: [[0, 0.01], [0.02, 0]] });
      expect(asym.status).to.equal(400);
      expect(asym.body.error.details.fields).to.have.property('kij[0][1]');
      const diag = await run(acct, 'eos.flash', { ...fluid, kij: [[0.1, 0], [0, 0]] });
      expect(diag.status).to.equal(400);
      expect(diag.body.error.details.fields).to.have.property('kij[0][0]');
    });

    it('refuses a composition that does not sum to 1 within 1e-6, and accepts one that does', async () => {
      const acct = await createAccount(server);
      const off = await run(acct, 'eos.flash', { ...fluid, composition: [0.6, 0.39999] });
      expect(off.status).to.equal(400);
      expect(off.body.error.details.fields.composition).to.include('sum');
      const near = await run(acct, 'eos.flash', { ...fluid, composition: [0.6, 0.4000005] });
      expect(near.status).to.equal(200);
    });

    it('refuses a pseudo-component without its constants, naming it', async () => {
      const acct = await createAccount(server);
      const res = await run(acct, 'eos.flash', { ...fluid, components: ['C1', { name: 'C7+', MW: 200 }] });
      expect(res.status).to.equal(400);
      expect(res.body.error.details.fields['components[1]']).to.include('TcK');
    });

    it('"units": "metric" converts pressure and temperature in and densities out (flash-PR-C1-C3-0F-500psia, thermo 0.6.1)', async () => {
      const acct = await createAccount(server);
      const metric = await run(acct, 'eos.flash', { ...fluid, TF: (0 - 32) / 1.8, psia: 500 / 14.503773773022, units: 'metric' });
      expect(metric.status).to.equal(200);
      expect(metric.body.result.outputUnits.liquidDensityLbft3).to.equal('kg/m3');
      expect(metric.body.result.liquidDensityLbft3).to.be.closeTo(521.846186494, 1e-3);
      expect(metric.body.result.vaporFraction).to.be.closeTo(0.539702913677, 1e-6);
    });
  });
});
