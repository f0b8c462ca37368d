/**
 * The well, decline and cash-flow functions end to end: every example answers 200 over REST and
 * the same result over MCP; the licence (402 plan_limit) and seat (409 no_seat) rules of the
 * `well` and `decline` modules; and the chain decline.forecast -> econ.cashFlow -> econ.metrics
 * over HTTP. Real HTTP, LMDB in a temp dir, the real piscina pool, the real MCP SDK client.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { addMember, call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';
import { CATALOGUE } from '../../engine/catalogue.js';

const MINE = CATALOGUE.filter((d) => d.module === 'well' || d.module === 'decline' || d.name === 'econ.cashFlow');

describe('well, decline and cash-flow functions over REST and MCP', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ENGINE_THREADS: '2' });
  });
  after(async () => server.stop());

  const rest = (key: string, name: string, body: unknown) => call(server.url, `/v1/engine/functions/${name}`, { key, body, address: freshAddress() });

  it('the catalogue lists each function with schema, example and references', async () => {
    const acct = await createAccount(server);
    const res = await call(server.url, '/v1/engine/functions', { key: acct.key, address: freshAddress() });
    const listed = new Map(res.body.functions.map((f: { name: string }) => [f.name, f]));
    for (const def of MINE) {
      const f = listed.get(def.name) as Record<string, any>;
      expect(f, def.name).to.be.an('object');
      expect(f.input.type).to.equal('object');
      expect(f.example.input).to.be.an('object');
      expect(f.references.length, def.name).to.be.greaterThan(0);
    }
    expect(MINE.map((d) => d.name)).to.include.members(['well.ipr', 'well.vlp', 'well.nodal', 'well.productivityIndex', 'well.chokeFlow', 'decline.arps', 'decline.fit', 'decline.forecast', 'econ.cashFlow']);
  });

  it('every example answers 200 over REST and the same result through MCP tools/call', async () => {
    const acct = await createAccount(server);
    const mcpAcct = await addMember(server, acct.company);
    const transport = new StreamableHTTPClientTransport(new URL('/v1/mcp', server.url), { requestInit: { headers: { Authorization: `Bearer ${mcpAcct.key}`, 'X-Forwarded-For': freshAddress() } } });
    const client = new Client({ name: 'well-decline-test', version: '1.0.0' });
    await client.connect(transport);
    for (const def of MINE) {
      for (const ex of def.examples) {
        const viaRest = await rest(acct.key, def.name, ex.input);
        expect(viaRest.status, `${def.name}: ${JSON.stringify(viaRest.body)}`).to.equal(200);
        const viaMcp = (await client.callTool({ name: def.name.replace(/\./g, '_'), arguments: ex.input as Record<string, unknown> })) as CallToolResult;
        expect(viaMcp.isError ?? false, `${def.name}: ${JSON.stringify(viaMcp.structuredContent)}`).to.equal(false);
        expect(viaMcp.structuredContent, def.name).to.deep.equal(viaRest.body.result);
      }
    }
    await client.close();
  });

  it('a company without the well or decline licence gets 402 plan_limit naming the module', async () => {
    const acct = await createAccount(server, { licences: { integrations: 5, econ: 5 } });
    const nodal = await rest(acct.key, 'well.nodal', CATALOGUE.find((d) => d.name === 'well.nodal')!.examples[0]!.input);
    expect(nodal.status).to.equal(402);
    expect(nodal.body.error.code).to.equal('plan_limit');
    expect(nodal.body.error.details.module).to.equal('well');
    const arps = await rest(acct.key, 'decline.arps', { qi: 100, di: 0.1, b: 0.5, t: [1] });
    expect(arps.status).to.equal(402);
    expect(arps.body.error.details.module).to.equal('decline');
    // econ.cashFlow is licensed with econ.
    expect((await rest(acct.key, 'econ.cashFlow', { oilStb: [100], oilPrice: 70 })).status).to.equal(200);
  });

  it('with one well seat a second member gets 409 no_seat; the decline seat is separate', async () => {
    const first = await createAccount(server, { licences: { integrations: 5, well: 1, decline: 1 } });
    const second = await addMember(server, first.company);
    const body = { iprMethod: 'vogel', prPsia: 3000, qmaxStbd: 1500, pwfPsia: 1500 };
    expect((await rest(first.key, 'well.ipr', body)).status).to.equal(200);
    const refused = await rest(second.key, 'well.ipr', body);
    expect(refused.status).to.equal(409);
    expect(refused.body.error.code).to.equal('no_seat');
    expect(refused.body.error.details.module).to.equal('well');
    expect((await rest(second.key, 'decline.arps', { qi: 100, di: 0.1, b: 0.5, t: [1] })).status).to.equal(200);
  });

  it('decline.forecast -> econ.cashFlow -> econ.metrics over HTTP: the net line is metrics cashFlows as is', async () => {
    const acct = await createAccount(server);
    const forecast = await rest(acct.key, 'decline.forecast', { qiStbd: 2450, di: 0.45, b: 0.9, declineType: 'secantEffective', startDate: '2026-01-01', months: 240, qLimitStbd: 25, gorScfStb: 950, waterCut: 0.1, uptime: 0.95 });
    expect(forecast.status).to.equal(200);
    const f = forecast.body.result;
    const cf = await rest(acct.key, 'econ.cashFlow', { oilStb: f.oilStb, gasMscf: f.gasMscf, waterStb: f.waterStb, oilPrice: 72, gasPrice: 3.1, royalty: 0.125, fixedOpex: 185000 / 12, capex: [{ period: 0, amount: 12_000_000 }] });
    expect(cf.status).to.equal(200);
    expect(cf.body.result.netCashFlow).to.have.length(f.month.length);
    const metrics = await rest(acct.key, 'econ.metrics', { cashFlows: cf.body.result.netCashFlow, discountRates: [0.1], periodsPerYear: 12, discounting: 'mid-period' });
    expect(metrics.status).to.equal(200);
    expect(metrics.body.result.undiscountedCashFlow).to.be.closeTo(cf.body.result.totals.netCashFlow, 1e-6 * Math.abs(cf.body.result.totals.netCashFlow));
    expect(metrics.body.result.irr).to.be.a('number');
  });

  it('a metric nodal call answers in bara and sm3/d; no intersection is 422 engine_error with the reason', async () => {
    const acct = await createAccount(server);
    const ex = CATALOGUE.find((d) => d.name === 'well.nodal')!.examples[0]!.input as Record<string, number>;
    const metric = await rest(acct.key, 'well.nodal', { ...ex, thpPsia: ex.thpPsia! / 14.503773773, prPsia: ex.prPsia! / 14.503773773, mdFt: ex.mdFt! * 0.3048, tubingIdIn: ex.tubingIdIn! * 0.0254, whtF: (ex.whtF! - 32) / 1.8, bhtF: (ex.bhtF! - 32) / 1.8, reservoirTF: (ex.reservoirTF! - 32) / 1.8, hFt: ex.hFt! * 0.3048, reFt: ex.reFt! * 0.3048, rwFt: ex.rwFt! * 0.3048, dNonDarcyDPerMscf: ex.dNonDarcyDPerMscf! / 28.316846592, units: 'metric' });
    expect(metric.status, JSON.stringify(metric.body)).to.equal(200);
    expect(metric.body.result.outputUnits.qgMMscfd).to.equal('sm3/d');
    expect(metric.body.result.qgMMscfd).to.be.closeTo(10.5694e6 * 0.028316846592, 0.02 * 10.5694e6 * 0.028316846592);
    const none = await rest(acct.key, 'well.nodal', { ...ex, thpPsia: 2950 });
    expect(none.status).to.equal(422);
    expect(none.body.error.code).to.equal('engine_error');
    expect(none.body.error.details.reason).to.equal('no_solution');
  });
});
