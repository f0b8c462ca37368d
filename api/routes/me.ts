import { KEY_SCOPES, versionLimits, type Plan } from '../../store/model.js';

const limitsOf = (plan: Plan) => {
  const v = versionLimits(plan);
  return { maxVersionsPerProject: v.perProject, maxVersions: v.perCompany };
};
import type { RouteSpec } from './route.js';

const meSchema = {
  type: 'object',
  required: ['member', 'company', 'plan', 'licences', 'key'],
  properties: {
    member: {
      type: 'object',
      properties: { id: { type: 'string' }, email: { type: 'string' }, emailVerified: { type: 'boolean' }, permissions: { type: 'array', items: { type: 'string' } } },
    },
    company: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
    plan: {
      type: 'object',
      properties: {
        apiAccess: { type: 'boolean' },
        maxProjects: { type: 'integer', description: 'Saved projects the company may hold (the demo project does not count)' },
        maxVersionsPerProject: { type: 'integer', description: 'Named versions one project may hold' },
        maxVersions: { type: 'integer', description: 'Named versions across all the company projects' },
      },
    },
    licences: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Seats per licensed module' },
    key: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        prefix: { type: 'string', description: '10-character display prefix' },
        scopes: { type: 'array', items: { enum: [...KEY_SCOPES] } },
        expiry: { enum: ['30d', '90d', '1y', 'never'] },
        expiresAt: { type: ['string', 'null'], format: 'date-time' },
      },
    },
  },
};

/** GET /v1/me: the member, company, plan and licences behind the key, and the key itself. */
export const meRoutes: RouteSpec[] = [
  {
    method: 'GET',
    path: '/v1/me',
    access: 'key',
    scopes: [],
    operationId: 'getMe',
    summary: 'The member, company, plan, licences and key behind the request',
      description: 'Who the key acts as: the member (permissions), the company, its plan (API access, project and version limits) and licences per module, and the key itself (name, display prefix, scopes, expiry). Any valid key may call it.',
    tags: ['account'],
    responses: { 200: { description: 'Who the key acts as', schema: meSchema } },
    errors: [],
    async handler(ctx) {
      const { member, company, key } = ctx.state.auth!;
      ctx.body = {
        member: { id: member.id, email: member.email, emailVerified: member.emailVerified, permissions: member.permissions },
        company: { id: company.id, name: company.name },
        plan: { apiAccess: company.plan.apiAccess, maxProjects: company.plan.maxProjects, ...limitsOf(company.plan) },
        licences: company.licences,
        key: { id: key.id, name: key.name, prefix: key.prefix, scopes: key.scopes, expiry: key.expiry, expiresAt: key.expiresAt, createdAt: key.createdAt },
      };
    },
  },
];
