/**
 * POST /v1/engine/functions/{name} end to end on the embedded default (DESIGN.md §4 steps 7-11),
 * and the catalogue endpoints. Real HTTP, LMDB in a temp dir, the real piscina pool.
 */
import { expect } from 'chai';
import { addMember, call, createAccount, freshAddress, startTestServer, type TestServer } from '../support/server.js';
import { CATALOGUE } from '../../engine/catalogue.js';

describe('engine calls over REST', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ENGINE_THREADS: '2' });
  });
  after(async () => server.stop());

  const run = (key: string, name: string, body: unknown, extra: Record<string, unknown> = {}) =>
    call(server.url, `/v1/engine/functions/${name}`, { key, body, address: freshAddress(), ...extra });

  describe('catalogue', () => {
    it('GET /v1/engine/functions lists every function with name, module, title, description, input schema and example', async () => {
      const acct = await createAccount(server, { scopes: ['projects:read'] }); // any valid key
      const res = await call(server.url, '/v1/engine/functions', { key: acct.key, address: freshAddress() });
      expect(res.status).to.equal(200);
      expect(res.body.functions.map((f: { name: string }) => f.name)).to.have.members(CATALOGUE.map((d) => d.name));
      for (const f of res.body.functions) {
        expect(f).to.include.keys('name', 'module', 'title', 'description', 'input', 'example');
        expect(f.input.type).to.equal('object');
        expect(f.input.properties.units.enum).to.deep.equal(['field', 'metric']);
        expect(f.example.input).to.be.an('object');
      }
    });

    it('GET /v1/engine/functions/{name} gives one function; an unknown one is 404', async () => {
      const acct = await createAccount(server);
      const one = await call(server.url, '/v1/engine/functions/pvt.gasProperties', { key: acct.key, address: freshAddress() });
      expect(one.status).to.equal(200);
      expect(one.body.function.name).to.equal('pvt.gasProperties');
      expect(one.body.function.seatModule).to.equal(null);
      const missing = await call(server.url, '/v1/engine/functions/pvt.nothing', { key: acct.key, address: freshAddress() });
      expect(missing.status).to.equal(404);
      expect(missing.body.error.code).to.equal('not_found');
    });

    it('every example runs through POST and returns 200 with the envelope', async () => {
      const acct = await createAccount(server);
      for (const def of CATALOGUE) {
        const res = await run(acct.key, def.name, def.examples[0]!.input);
        expect(res.status, `${def.name}: ${JSON.stringify(res.body)}`).to.equal(200);
        expect(res.body).to.have.keys('name', 'module', 'result', 'ms');
        expect(res.body.name).to.equal(def.name);
        expect(res.body.module).to.equal(def.module);
        expect(res.body.result.units).to.equal('field');
        expect(res.body.result.warnings).to.be.an('array');
        expect(res.body.ms).to.be.a('number');
      }
    });
  });

  describe('results', () => {
    it('econ.metrics answers the spec example (NPV at 10% end-period of -1000,300,400,500,200 = 105.0599, econ.json econ-simple-end-period)', async () => {
      const acct = await createAccount(server);
      const res = await run(acct.key, 'econ.metrics', { cashFlows: [-1000, 300, 400, 500, 200], discountRates: [0.1], discounting: 'end-period' });
      expect(res.status).to.equal(200);
      expect(res.body.result.npv[0]).to.be.closeTo(105.059887862, 1e-6);
      expect(res.body.result.irr).to.be.closeTo(0.153221378772, 1e-9);
      expect(res.body.result.paybackYears).to.be.closeTo(3.6, 1e-9);
    });

    it('pvt.gasProperties takes a pressure list and returns arrays of the same length', async () => {
      const acct = await createAccount(server);
      const res = await run(acct.key, 'pvt.gasProperties', { psia: [500, 1500, 3000], TF: 180, gasSG: 0.7 });
      expect(res.status).to.equal(200);
      expect(res.body.result.z).to.have.length(3);
      expect(res.body.result.Bg).to.have.length(3);
      expect(res.body.result.Tpc).to.be.a('number');
    });

    it('"units": "metric" converts inputs in and results out (1000 psia = 68.9476 bara, 180 degF = 82.2222 degC)', async () => {
      const acct = await createAccount(server);
      const field = await run(acct.key, 'pvt.gasProperties', { psia: 1000, TF: 180, gasSG: 0.7 });
      const metric = await run(acct.key, 'pvt.gasProperties', { psia: 68.9475729, TF: 82.2222222, gasSG: 0.7, units: 'metric' });
      expect(metric.status).to.equal(200);
      expect(metric.body.result.units).to.equal('metric');
      expect(metric.body.result.z).to.be.closeTo(field.body.result.z, 1e-6);
      expect(metric.body.result.Ppc).to.be.closeTo(field.body.result.Ppc / 14.503773773, 1e-4);
      expect(metric.body.result.Tpc).to.be.closeTo(field.body.result.Tpc / 1.8, 1e-4); // degR -> K
      expect(metric.body.result.density).to.be.closeTo(field.body.result.density * 16.01846337, 1e-3); // lbm/ft3 -> kg/m3
      expect(metric.body.result.outputUnits.Ppc).to.equal('bara');
      expect(field.body.result.outputUnits.Ppc).to.equal('psia');
    });

    it('checks a metric input against the bound it really has, naming the field unit', async () => {
      const acct = await createAccount(server);
      const res = await run(acct.key, 'pvt.gasProperties', { psia: -2, TF: 80, gasSG: 0.7, units: 'metric' });
      expect(res.status).to.equal(400);
      expect(res.body.error.details.fields.psia).to.match(/psia$/);
      // 0.5 bara is a valid pressure although it is below typical field-unit inputs.
      expect((await run(acct.key, 'pvt.gasProperties', { psia: 0.5, TF: 15, gasSG: 0.7, units: 'metric' })).status).to.equal(200);
    });

    it('outside a validity range the result still comes back, with warnings', async () => {
      const acct = await createAccount(server);
      const res = await run(acct.key, 'pvt.zFactor', { ppr: 2, tpr: 3.5 });
      expect(res.status).to.equal(200);
      expect(res.body.result.warnings.length).to.be.greaterThan(0);
      expect(res.body.result.z).to.be.a('number');
    });
  });

  describe('validation (step 8)', () => {
    it('reads an empty body as {} and names every missing field', async () => {
      const acct = await createAccount(server);
      const res = await call(server.url, '/v1/engine/functions/pvt.gasProperties', { key: acct.key, method: 'POST', address: freshAddress() });
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('validation_failed');
      expect(res.body.error.details.fields).to.include.keys('psia', 'TF', 'gasSG');
    });

    it('refuses unknown keys listing the valid keys', async () => {
      const acct = await createAccount(server);
      const res = await run(acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5, pressure: 3 });
      expect(res.status).to.equal(400);
      expect(res.body.error.details.fields.pressure).to.match(/valid keys: ppr, tpr/);
      expect(res.body.error.details.validKeys).to.include.members(['ppr', 'tpr', 'units']);
    });

    it('refuses an unknown key inside a nested input object, naming its path and the valid keys (a misspelt optional key was read as absent)', async () => {
      const acct = await createAccount(server);
      const gasWell = { wellType: 'gas', vlpMethod: 'Gray', whtF: 100, bhtF: 200, thpPsia: 500, qgMMscfd: 5, gasSG: 0.65 };
      // deviatonDeg for deviationDeg: the segment was taken as vertical, 87 psi off the deviated answer, with a 200.
      const vlp = await run(acct.key, 'well.vlp', { ...gasWell, segments: [{ mdFt: 10000, idIn: 2.441, deviatonDeg: 60 }] });
      expect(vlp.status).to.equal(400);
      expect(vlp.body.error.code).to.equal('validation_failed');
      expect(vlp.body.error.details.fields).to.deep.equal({ 'segments[0].deviatonDeg': 'unknown input; valid keys: mdFt, idIn, deviationDeg, roughnessIn' });
      const cash = await run(acct.key, 'econ.cashFlow', { oilStb: [1000, 900], oilPrice: 70, capex: [{ period: 0, amount: 50000 }, { period: 1, amount: 100, amout: 5 }] });
      expect(cash.status).to.equal(400);
      expect(cash.body.error.details.fields).to.deep.equal({ 'capex[1].amout': 'unknown input; valid keys: period, amount' });
      // Objects that were already closed said 'is invalid' without naming the key.
      const comp = await run(acct.key, 'pvt.gasPseudoCritical', { composition: { C1: 0.9, C2: 0.1, c3: 0 } });
      expect(comp.status).to.equal(400);
      expect(comp.body.error.details.fields['composition.c3']).to.match(/^unknown input; valid keys: C1, C2, C3, /);
      const ok = await run(acct.key, 'well.vlp', { ...gasWell, segments: [{ mdFt: 10000, idIn: 2.441, deviationDeg: 60 }] });
      expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    });

    it('lists every invalid field, more than eight of them, and names allowed enum values', async () => {
      const acct = await createAccount(server);
      const res = await run(acct.key, 'pvt.gasProperties', {
        psia: 'high', TF: 'hot', gasSG: -1, yCO2: 2, yH2S: -0.5, yN2: 'x', zMethod: 'Magic', pcMethod: 'Guess', viscosityMethod: 'Hunch', units: 'imperial', extra: 1,
      });
      expect(res.status).to.equal(400);
      const fields = res.body.error.details.fields;
      expect(Object.keys(fields)).to.include.members(['psia', 'TF', 'gasSG', 'yCO2', 'yH2S', 'yN2', 'zMethod', 'pcMethod', 'viscosityMethod', 'units', 'extra']);
      expect(fields.zMethod).to.match(/one of: DAK, HY/);
      expect(fields.units).to.match(/field, metric/);
    });

    it('an over-long list within the 4 MB body is refused by its length, REST and MCP alike (690,000 pressures)', async () => {
      const acct = await createAccount(server);
      const psia = new Array(690_000).fill(1);
      const res = await run(acct.key, 'pvt.gasProperties', { psia, TF: 180, gasSG: 0.7 });
      expect(res.status).to.equal(400);
      expect(res.body.error.details.fields).to.deep.equal({ psia: 'must have at most 10000 items (got 690000)' });
      const mcp = await call(server.url, '/v1/mcp', {
        key: acct.key,
        address: freshAddress(),
        headers: { Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pvt_gasProperties', arguments: { psia, TF: 180, gasSG: 0.7 } } },
      });
      expect(mcp.body.result.isError).to.equal(true);
      expect(mcp.body.result.structuredContent.error.details.fields).to.deep.equal({ psia: 'must have at most 10000 items (got 690000)' });
    });

    it('malformed JSON is 400, a non-JSON body 415, a body over 4 MB 413, all in the envelope', async () => {
      const acct = await createAccount(server);
      const url = '/v1/engine/functions/econ.metrics';
      const bad = await call(server.url, url, { key: acct.key, method: 'POST', rawBody: '{"cashFlows": [1,', headers: { 'Content-Type': 'application/json' }, address: freshAddress() });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.code).to.equal('validation_failed');
      const form = await call(server.url, url, { key: acct.key, method: 'POST', rawBody: 'a=1', headers: { 'Content-Type': 'text/plain' }, address: freshAddress() });
      expect(form.status).to.equal(415);
      expect(form.body.error.code).to.equal('unsupported_media_type');
      const big = await call(server.url, url, { key: acct.key, method: 'POST', rawBody: JSON.stringify({ cashFlows: new Array(1_300_000).fill(-1.5) }), headers: { 'Content-Type': 'application/json' }, address: freshAddress() });
      expect(big.status).to.equal(413);
      expect(big.body.error.code).to.equal('payload_too_large');
    });
  });

  describe('governance (steps 7 and 9)', () => {
    it('a key without engine:run gets 403 naming the scope', async () => {
      const acct = await createAccount(server, { scopes: ['projects:read'] });
      const res = await run(acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 });
      expect(res.status).to.equal(403);
      expect(res.body.error.code).to.equal('forbidden');
      expect(res.body.error.message).to.include('engine:run');
      expect(res.body.error.details.requiredScopes).to.deep.equal(['engine:run']);
    });

    it('an unknown function is 404 before the scope check', async () => {
      const acct = await createAccount(server, { scopes: ['projects:read'] });
      const res = await run(acct.key, 'pvt.nothing', {});
      expect(res.status).to.equal(404);
    });

    it('a member without the run-scripts permission gets 403', async () => {
      const acct = await createAccount(server, { permissions: ['manageApiKeys'] });
      const res = await run(acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 });
      expect(res.status).to.equal(403);
      expect(res.body.error.message).to.match(/run scripts/);
    });

    it('a company without the module licence gets 402 plan_limit; pvt needs none', async () => {
      const acct = await createAccount(server, { licences: { integrations: 5 } });
      const econ = await run(acct.key, 'econ.metrics', { cashFlows: [-1, 2], discountRates: [0.1] });
      expect(econ.status).to.equal(402);
      expect(econ.body.error.code).to.equal('plan_limit');
      expect(econ.body.error.details.module).to.equal('econ');
      expect((await run(acct.key, 'pvt.zFactor', { ppr: 2, tpr: 1.5 })).status).to.equal(200);
    });

    it('with one econ seat, a second member gets 409 no_seat naming the first; a pvt call still succeeds', async () => {
      const first = await createAccount(server, { licences: { integrations: 5, econ: 1 } });
      const second = await addMember(server, first.company);
      const body = { cashFlows: [-100, 60, 60], discountRates: [0.1] };
      expect((await run(first.key, 'econ.metrics', body)).status).to.equal(200);
      const refused = await run(second.key, 'econ.metrics', body);
      expect(refused.status).to.equal(409);
      expect(refused.body.error.code).to.equal('no_seat');
      expect(refused.body.error.details.module).to.equal('econ');
      expect(refused.body.error.details.holders).to.have.length(1);
      expect(refused.body.error.details.holders[0]).to.include({ member: first.member.id, email: first.member.email });
      expect(refused.body.error.details.holders[0].since).to.be.a('string');
      expect((await run(second.key, 'pvt.gasProperties', { psia: 1000, TF: 150, gasSG: 0.65 })).status).to.equal(200);
      // The first member's second key shares the one seat.
      const { createKey } = await import('../../api/accounts/keys.js');
      const another = await createKey(server.store, { memberId: first.member.id, name: 'script 2' });
      expect((await run(another.value, 'econ.metrics', body)).status).to.equal(200);
    });
  });
});

describe('engine time limit and saturation over REST', () => {
  it('with a small ENGINE_TIMEOUT_MS a heavy call answers 422 engine_error with details.timeout true, and the server keeps answering', async () => {
    const server = await startTestServer({ ENGINE_THREADS: '1', ENGINE_TIMEOUT_MS: '200' });
    try {
      const acct = await createAccount(server);
      // 100 000 monthly cash flows with random signs: many sign changes make the IRR search long.
      let seed = 7;
      const cashFlows = Array.from({ length: 100_000 }, () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 1000);
      const res = await call(server.url, '/v1/engine/functions/econ.metrics', { key: acct.key, body: { cashFlows, discountRates: [0.1], periodsPerYear: 12 }, address: freshAddress() });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(422);
      expect(res.body.error.code).to.equal('engine_error');
      expect(res.body.error.details.timeout).to.equal(true);
      const next = await call(server.url, '/v1/engine/functions/pvt.zFactor', { key: acct.key, body: { ppr: 2, tpr: 1.5 }, address: freshAddress() });
      expect(next.status).to.equal(200);
    } finally {
      await server.stop();
    }
  });

  it('a flood gets 429 rate_limited with Retry-After: 30 while accepted calls still succeed', async () => {
    const server = await startTestServer({ ENGINE_THREADS: '1', ENGINE_MAX_QUEUE: '1' });
    try {
      const acct = await createAccount(server);
      // Each call runs for about a second (random signs: a long IRR search), so the twelve pile up
      // while the first runs, however fast the machine parses their bodies.
      let seed = 11;
      const cashFlows = Array.from({ length: 100_000 }, () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 1000);
      const body = { cashFlows, discountRates: [0.05, 0.1, 0.15], periodsPerYear: 12 };
      const results = await Promise.all(
        Array.from({ length: 12 }, () => call(server.url, '/v1/engine/functions/econ.metrics', { key: acct.key, body, address: freshAddress() })),
      );
      const ok = results.filter((r) => r.status === 200);
      const busy = results.filter((r) => r.status === 429);
      expect(ok.length + busy.length).to.equal(12);
      expect(ok.length).to.be.at.least(1);
      expect(busy.length).to.be.at.least(1);
      for (const r of busy) {
        expect(r.body.error.code).to.equal('rate_limited');
        expect(r.headers.get('retry-after')).to.equal('30');
        expect(r.body.error.details.retryAfter).to.equal(30);
      }
      for (const r of ok) expect(r.body.result.npv).to.have.length(3);
    } finally {
      await server.stop();
    }
  });
});
