/**
 * GET /v1/payments/openapi.json: public, a valid OpenAPI 3.1 document listing exactly the
 * payments routes (the engineering document lists none of them), clean in Redocly (recommended)
 * and Spectral (spectral:oas): 0 errors, 0 warnings; real answers fit its schemas.
 */
import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { lintRedocly, lintSpectral } from '../../support/openapiLint.js';
import { call } from '../../support/server.js';
import { card, createTestMerchant, pay, startPaymentsServer, type PaymentsServer } from '../../support/payments.js';

describe('GET /v1/payments/openapi.json', () => {
  let server: PaymentsServer;
  let doc: any;
  before(async () => {
    server = await startPaymentsServer();
    const res = await call(server.url, '/v1/payments/openapi.json');
    expect(res.status).to.equal(200);
    doc = res.body;
  });
  after(async () => server.stop());

  it('is public and a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).to.equal('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors)).to.deep.equal([]);
  });

  it('lists exactly the payments routes, and the engineering document none of them', async () => {
    const payments = server.app.routes.filter((r) => r.product === 'payments');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).to.deep.equal(payments.map((r) => `${r.method} ${r.path}`).sort());
    for (const r of payments) {
      const op = doc.paths[r.path][r.method.toLowerCase()];
      if (r.access === 'payments') {
        expect(op.security).to.deep.equal([{ secretKey: [] }]);
        expect(op.responses['401'], `${r.method} ${r.path}`).to.be.an('object');
        expect(op.responses['429'].headers).to.have.property('Retry-After');
      } else expect(op.security).to.deep.equal([]);
    }
    const engineering = (await call(server.url, '/v1/openapi.json')).body;
    for (const r of payments) expect(engineering.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).to.equal(undefined);
    expect(doc.paths['/v1/me']).to.equal(undefined);
    const createPayout = doc.paths['/v1/payouts'].post;
    expect(createPayout.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key')).to.include({ in: 'header', required: true });
    expect(createPayout.responses).to.include.keys('201', '400', '402', '409', '422', '429');
    expect(doc.components.securitySchemes.secretKey.description).to.include('sk_live_').and.include('sk_sand_');
  });

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

  it('real answers carry every field their schema requires', async () => {
    const m = await createTestMerchant(server);
    const checks: [string, any][] = [];
    const payin = (await pay(server, '/v1/payins', { key: m.sandbox, idem: true, body: card('tok_sandbox_success') })).body;
    checks.push(['/v1/payins', payin]);
    await pay(server, '/v1/sandbox/balances/top_up', { key: m.sandbox, idem: true, body: { currency: 'EUR', amount: 5_000 } });
    checks.push(['/v1/payouts', (await pay(server, '/v1/payouts', { key: m.sandbox, idem: true, body: { amount: 100, currency: 'EUR', bank_account: { account_holder_name: 'A', country: 'DE', account_number: '000123456789' } } })).body]);
    const schemaOf = (path: string) => doc.paths[path].post.responses['201'].content['application/json'].schema;
    for (const [path, body] of checks) {
      const schema = schemaOf(path);
      expect(Object.keys(body).sort(), path).to.deep.equal(Object.keys(schema.properties).sort());
      for (const k of schema.required) expect(body, `${path} ${k}`).to.have.property(k);
    }
    const list = (await pay(server, '/v1/payins', { key: m.sandbox })).body;
    expect(Object.keys(list).sort()).to.deep.equal(Object.keys(doc.paths['/v1/payins'].get.responses['200'].content['application/json'].schema.properties).sort());
  });
});
