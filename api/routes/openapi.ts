import { buildOpenApi } from '../openapi.js';
import type { RouteSpec } from './route.js';

/** GET /v1/openapi.json, public. The document is built once from the live route list. */
export function openApiRoutes(allRoutes: () => RouteSpec[], version: string): RouteSpec[] {
  let doc: Record<string, unknown> | undefined;
  return [
    {
      method: 'GET',
      path: '/v1/openapi.json',
      access: 'public',
      scopes: [],
      operationId: 'getOpenApi',
      summary: 'This OpenAPI 3.1 description',
      description: 'The OpenAPI 3.1 description of this API, generated from the routes the server runs, the engine catalogue, the key scopes and the error catalogue. Public: no key needed.',
      tags: ['meta'],
      responses: { 200: { description: 'OpenAPI 3.1 document', schema: { type: 'object' } } },
      errors: [],
      async handler(ctx) {
        doc ??= buildOpenApi(allRoutes(), version);
        ctx.set('Cache-Control', 'public, max-age=300');
        ctx.body = doc;
      },
    },
  ];
}
