/**
 * Project routes (spec §4): list, read, create/replace, delete, versions. The rules live in
 * api/projects/service.ts, shared with the MCP project tools; this file maps HTTP to them and
 * documents each path for OpenAPI.
 */
import { readJsonBody } from '../body.js';
import { errors } from '../errors.js';
import * as projects from '../projects/service.js';
import type { Store } from '../../store/ports.js';
import type { RouteSpec } from './route.js';

const idParam = { name: 'id', in: 'path' as const, required: true, description: 'Project id: 1 to 64 letters, digits, _ or -', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } };
const versionParam = { name: 'versionId', in: 'path' as const, required: true, description: 'Version id (1, 2, ... in saving order)', schema: { type: 'string' } };

const summarySchema = {
  type: 'object',
  required: ['id', 'name', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: 'string', description: 'Member id' },
    updatedAt: { type: 'string', format: 'date-time' },
    updatedBy: { type: 'string', description: 'Member id' },
    revision: { type: 'integer', description: '1 at creation, +1 on every replace' },
    versionCount: { type: 'integer' },
    approvedVersionIds: { type: 'array', items: { type: 'string' } },
    readOnly: { type: 'boolean', description: 'true for the demo project' },
  },
};
const projectSchema = { ...summarySchema, required: [...summarySchema.required, 'data'], properties: { ...summarySchema.properties, data: { type: 'object' } } };
const versionSummarySchema = {
  type: 'object',
  required: ['id', 'label', 'createdAt', 'approved'],
  properties: {
    id: { type: 'string' },
    projectId: { type: 'string' },
    label: { type: 'string' },
    projectRevision: { type: 'integer', description: 'The project revision the snapshot was taken from' },
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: 'string' },
    approved: { type: 'boolean' },
    approvedAt: { type: ['string', 'null'], format: 'date-time' },
    approvedBy: { type: ['string', 'null'] },
  },
};
const versionSchema = { ...versionSummarySchema, properties: { ...versionSummarySchema.properties, data: { type: 'object' } } };

export function projectRoutes(store: Store): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/v1/projects',
      access: 'key',
      scopes: ['projects:read'],
      operationId: 'listProjects',
      summary: "The company's projects in id order (the read-only demo project among them), a page at a time",
      description: "The company's projects without their data, in id order, the read-only demo project among them at its id's place. Page with limit (1-200; the demo counts) and after (the previous page's nextCursor). Needs projects:read.",
      tags: ['projects'],
      parameters: [
        { name: 'limit', in: 'query', required: false, description: `Page size, 1 to ${projects.LIST_LIMIT_MAX} (default ${projects.LIST_LIMIT_DEFAULT})`, schema: { type: 'integer', minimum: 1, maximum: projects.LIST_LIMIT_MAX } },
        { name: 'after', in: 'query', required: false, description: 'Cursor: the nextCursor of the previous page (a project id)', schema: { type: 'string' } },
      ],
      responses: {
        200: {
          description: 'A page of projects',
          schema: { type: 'object', required: ['projects', 'nextCursor'], properties: { projects: { type: 'array', items: summarySchema }, nextCursor: { type: ['string', 'null'] } } },
        },
      },
      errors: ['validation_failed'],
      async handler(ctx) {
        const limitRaw = ctx.query.limit;
        if (Array.isArray(ctx.query.after)) throw errors.validation('Invalid list parameters', { after: 'must be given at most once' });
        const after = ctx.query.after;
        let limit: number | undefined;
        if (limitRaw !== undefined) {
          limit = Number(limitRaw);
          if (typeof limitRaw !== 'string' || !/^\d+$/.test(limitRaw)) throw errors.validation('Invalid list parameters', { limit: `must be given once, an integer from 1 to ${projects.LIST_LIMIT_MAX}` });
        }
        ctx.body = await projects.listProjects(store, ctx.state.auth!, { limit, after });
      },
    },
    {
      method: 'GET',
      path: '/v1/projects/{id}',
      access: 'key',
      scopes: ['projects:read'],
      operationId: 'getProject',
      summary: 'One project with its data',
      description: "One project with its data. Another company's project, like an unknown one, is 404. Needs projects:read.",
      tags: ['projects'],
      parameters: [idParam],
      responses: { 200: { description: 'The project', schema: { type: 'object', required: ['project'], properties: { project: projectSchema } } } },
      errors: ['validation_failed', 'not_found'],
      async handler(ctx) {
        ctx.body = { project: await projects.getProject(store, ctx.state.auth!, ctx.params.id!) };
      },
    },
    {
      method: 'PUT',
      path: '/v1/projects/{id}',
      access: 'key',
      scopes: ['projects:write'],
      operationId: 'putProject',
      summary: 'Create (201) or replace (200) a project',
      description: `Needs createProject to create, editProject to replace. data: a JSON object of at most ${projects.PROJECT_DATA_LIMIT} bytes as JSON (413 over it). The plan's project count applies (402). The demo project is read-only (409).`,
      tags: ['projects'],
      parameters: [idParam],
      requestBody: {
        description: 'The project',
        schema: { type: 'object', required: ['name', 'data'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: projects.NAME_MAX }, data: { type: 'object' } } },
      },
      responses: {
        200: { description: 'Replaced', schema: { type: 'object', properties: { project: projectSchema } } },
        201: { description: 'Created', schema: { type: 'object', properties: { project: projectSchema } } },
      },
      errors: ['validation_failed', 'payload_too_large', 'unsupported_media_type', 'conflict', 'plan_limit'],
      async handler(ctx) {
        const { created, project } = await projects.putProject(store, ctx.state.auth!, ctx.params.id!, () => readJsonBody(ctx));
        ctx.status = created ? 201 : 200;
        ctx.body = { project };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/projects/{id}',
      access: 'key',
      scopes: ['projects:write'],
      operationId: 'deleteProject',
      summary: 'Delete a project and its versions (204)',
      description: 'Needs deleteProject. A project holding a version approved for reporting cannot be deleted (409); nor can the demo project.',
      tags: ['projects'],
      parameters: [idParam],
      responses: { 204: { description: 'Deleted' } },
      errors: ['validation_failed', 'not_found', 'conflict'],
      async handler(ctx) {
        await projects.deleteProject(store, ctx.state.auth!, ctx.params.id!);
        ctx.status = 204;
      },
    },
    {
      method: 'GET',
      path: '/v1/projects/{id}/versions',
      access: 'key',
      scopes: ['projects:read'],
      operationId: 'listProjectVersions',
      summary: "The project's saved versions in saving order",
      description: "The project's named versions in saving order, without their data, with which are approved for reporting. Needs projects:read.",
      tags: ['projects'],
      parameters: [idParam],
      responses: { 200: { description: 'Versions', schema: { type: 'object', required: ['versions'], properties: { versions: { type: 'array', items: versionSummarySchema } } } } },
      errors: ['validation_failed', 'not_found'],
      async handler(ctx) {
        ctx.body = { versions: await projects.listVersions(store, ctx.state.auth!, ctx.params.id!) };
      },
    },
    {
      method: 'POST',
      path: '/v1/projects/{id}/versions',
      access: 'key',
      scopes: ['projects:write'],
      operationId: 'saveProjectVersion',
      summary: "Save a named version: an immutable snapshot of the project's data now (201)",
      description: 'Needs editProject.',
      tags: ['projects'],
      parameters: [idParam],
      requestBody: { description: 'The label', schema: { type: 'object', required: ['label'], additionalProperties: false, properties: { label: { type: 'string', minLength: 1, maxLength: projects.LABEL_MAX } } } },
      responses: { 201: { description: 'Saved', schema: { type: 'object', required: ['version'], properties: { version: versionSummarySchema } } } },
      errors: ['validation_failed', 'not_found', 'conflict', 'unsupported_media_type'],
      async handler(ctx) {
        const version = await projects.saveVersion(store, ctx.state.auth!, ctx.params.id!, () => readJsonBody(ctx));
        ctx.status = 201;
        ctx.body = { version };
      },
    },
    {
      method: 'GET',
      path: '/v1/projects/{id}/versions/{versionId}',
      access: 'key',
      scopes: ['projects:read'],
      operationId: 'getProjectVersion',
      summary: "One version with its saved data",
      description: 'One named version with the data it saved. Versions never change. Needs projects:read.',
      tags: ['projects'],
      parameters: [idParam, versionParam],
      responses: { 200: { description: 'The version', schema: { type: 'object', required: ['version'], properties: { version: versionSchema } } } },
      errors: ['validation_failed', 'not_found'],
      async handler(ctx) {
        ctx.body = { version: await projects.getVersion(store, ctx.state.auth!, ctx.params.id!, ctx.params.versionId!) };
      },
    },
  ];
}
