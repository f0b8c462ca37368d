import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_CODES } from '../../api/errors.js';
import { KEY_SCOPES } from '../../store/model.js';
import { call, startTestServer, type TestServer } from '../support/server.js';
import { lintRedocly, lintSpectral } from '../support/openapiLint.js';

describe('GET /v1/openapi.json', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.stop());

  it('is public and a valid OpenAPI 3.1 document', async () => {
    const res = await call(server.url, '/v1/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.body.openapi).to.equal('3.1.0');
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? [], JSON.stringify(result.errors)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
  });

  it('is generated from the route table: every route with its scopes and the error envelope', async () => {
    const doc = (await call(server.url, '/v1/openapi.json')).body;
    for (const r of server.app.routes.filter((x) => x.product !== 'payments')) {
      if (r.inOpenApi === false) {
        expect(doc.paths[r.path], `${r.path} is an operations probe, not API`).to.equal(undefined);
        continue;
      }
      const op = doc.paths[r.path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path}`).to.be.an('object');
      expect(op['x-scopes']).to.deep.equal(r.scopes);
      if (r.access === 'key') expect(op.responses['401']).to.be.an('object');
    }
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).to.have.members(Object.keys(ERROR_CODES));
    for (const s of KEY_SCOPES) expect(doc.components.securitySchemes.apiKey.description).to.include(s);
    expect(doc.paths['/v1/me'].get.responses['429'].headers['Retry-After']).to.be.an('object');
    const put = doc.paths['/v1/projects/{id}'].put;
    expect(put.requestBody.content['application/json'].schema.required).to.deep.equal(['name', 'data']);
    expect(put.responses).to.include.keys('200', '201', '400', '402', '409', '413');
    expect(put['x-scopes']).to.deep.equal(['projects:write']);
    expect(doc.paths['/v1/projects'].get.parameters.map((p: { name: string }) => p.name)).to.deep.equal(['limit', 'after']);
    expect(doc.paths['/v1/projects/{id}/versions/{versionId}'].get.responses['200'].content['application/json'].schema.properties.version.properties.data).to.be.an('object');
  });
});

describe('OpenAPI and the engine catalogue', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.stop());

  it('has one POST path per engine function with its input schema, example and result envelope', async () => {
    const { CATALOGUE } = await import('../../engine/catalogue.js');
    const doc = (await call(server.url, '/v1/openapi.json')).body;
    for (const def of CATALOGUE) {
      const op = doc.paths[`/v1/engine/functions/${def.name}`]?.post;
      expect(op, def.name).to.be.an('object');
      const schema = op.requestBody.content['application/json'].schema;
      expect(op.requestBody.required, def.name).to.equal(false); // an empty body is read as {} (spec §4)
      expect(Object.keys(schema.properties)).to.include.members([...Object.keys(def.input.properties), 'units']);
      expect(schema.examples[0]).to.deep.equal(def.examples[0]!.input);
      const envelope = op.responses['200'].content['application/json'].schema;
      expect(envelope.required).to.deep.equal(['name', 'module', 'result', 'ms']);
      expect(envelope.properties.name.const).to.equal(def.name);
      expect(op['x-scopes']).to.include('engine:run');
      expect(op.responses['422']).to.be.an('object');
    }
    const result = await new Validator().validate(doc);
    expect(result.valid, JSON.stringify(result.errors)).to.equal(true);
  });
});

describe('GET /v1/openapi.json in two independent linters', () => {
  let server: TestServer;
  let doc: unknown;
  before(async () => {
    server = await startTestServer();
    doc = (await call(server.url, '/v1/openapi.json')).body;
  });
  after(async () => server.stop());

  it('Redocly (recommended rules): no errors and no warnings', async () => {
    const { errors, warnings } = await lintRedocly(doc);
    expect(errors).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
  });

  it('Spectral (spectral:oas recommended): no errors and no warnings', async () => {
    const { errors, warnings } = await lintSpectral(doc);
    expect(errors).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
  });

  it("publishes the engine's schema keywords only as x- extensions (a property named quantity stays a property)", async () => {
    expect(JSON.stringify(doc)).not.to.match(/"(metricUnit|physical)":/);
    const gas = (doc as any).paths['/v1/engine/functions/pvt.gasProperties'].post.requestBody.content['application/json'].schema.properties;
    expect(gas.TF).to.include({ 'x-quantity': 'temperature', 'x-unit': 'degF', 'x-metric-unit': 'degC' });
    expect(gas.TF).not.to.have.any.keys('quantity', 'unit', 'metricUnit');
    const convert = (doc as any).paths['/v1/engine/functions/units.convert'].post.requestBody.content['application/json'].schema.properties;
    expect(convert).to.have.property('quantity'); // an input named quantity
  });
});
