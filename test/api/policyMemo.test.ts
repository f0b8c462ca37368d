/**
 * The request policy is kept per path spelling and method (api/policy.ts createPolicy): the kept
 * decision must be the one a fresh match gives, for each method of a path, past the memo's bound,
 * and shared decisions cannot be changed by a request that holds one.
 */
import { expect } from 'chai';
import Router from '@koa/router';
import { createPolicy } from '../../api/policy.js';
import type { RouteSpec } from '../../api/routes/route.js';

function spec(method: RouteSpec['method'], path: string, access: RouteSpec['access'], operationId: string): RouteSpec {
  return { method, path, access, scopes: [], operationId, summary: operationId } as unknown as RouteSpec;
}

function policyFor(specs: RouteSpec[]) {
  const router = new Router();
  const byName = new Map<string, RouteSpec>();
  for (const s of specs) {
    router.register(s.path.replace(/\{(\w+)\}/g, ':$1'), [s.method], async () => undefined, { name: s.operationId });
    byName.set(s.operationId, s);
  }
  return createPolicy(router, byName);
}

describe('request policy kept per spelling (api/policy.ts)', () => {
  const specs = [spec('GET', '/v1/things', 'public', 'listThings'), spec('POST', '/v1/things', 'key', 'makeThing'), spec('GET', '/v1/things/{id}', 'key', 'getThing')];

  it('each method of one path keeps its own decision, in either order', () => {
    for (const order of [['GET', 'POST'], ['POST', 'GET']]) {
      const policyOf = policyFor(specs);
      const seen = Object.fromEntries(order.map((m) => [m, policyOf('/v1/things', m)]));
      for (let round = 0; round < 2; round++) {
        expect(policyOf('/v1/things', 'GET')).to.deep.equal(seen.GET).and.to.deep.include({ kind: 'route' });
        expect((policyOf('/v1/things', 'GET') as { route: { access: string } }).route.access).to.equal('public');
        expect((policyOf('/v1/things', 'POST') as { route: { access: string } }).route.access).to.equal('key');
      }
    }
  });

  it('decides the same past the bound of kept spellings (the memo is emptied, never wrong)', () => {
    const policyOf = policyFor(specs);
    const first = policyOf('/v1/things/t1', 'GET');
    expect(first).to.deep.include({ kind: 'route' });
    for (let i = 0; i < 10_000; i++) policyOf(`/v1/things/t${i}`, 'GET');
    expect(policyOf('/v1/things/t1', 'GET')).to.deep.equal(first);
    expect(policyOf('/V1/nothing', 'GET')).to.deep.equal({ kind: 'api' }); // no route: the key gate
    expect(policyOf('/elsewhere', 'GET')).to.deep.equal({ kind: 'outside' });
    expect(policyOf('/App/x', 'GET')).to.deep.equal({ kind: 'app' });
  });

  it('a kept decision cannot be altered by a request holding it', () => {
    const policyOf = policyFor(specs);
    const p = policyOf('/v1/things/t1', 'GET') as { kind: 'route'; route: { access: string } };
    expect(() => {
      p.route.access = 'public';
    }).to.throw(TypeError);
    expect((policyOf('/v1/things/t1', 'GET') as typeof p).route.access).to.equal('key');
  });
});
