/**
 * Projects over MCP: five tools and the `project://{id}` resources, on the same rules as REST
 * (api/projects/service.ts): company scoping (another company's project is not found), the
 * read-only demo project, permissions, limits. The MCP route lets every valid key in: the tools'
 * declared scopes (`requires`) are checked by the server before any tool runs (server.ts
 * runTool); the resources check theirs here.
 */
import { rpcError } from './rpcError.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { ApiError, errors } from '../errors.js';
import type { AuthContext } from '../state.js';
import * as projects from '../projects/service.js';
import type { KeyScope } from '../../store/model.js';
import type { Store } from '../../store/ports.js';
import type { McpTool } from './types.js';
import { RESOURCE_NOT_FOUND, type ResourceProvider } from './resources.js';
import { fitToBudget, RESULT_BUDGET_BYTES } from './result.js';


const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const idArg = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'Project id (1-64 letters, digits, _ or -)' };

/** The resources' scope check (tools have theirs checked by the server). */
function requireScope(auth: AuthContext, scope: KeyScope): void {
  if (!auth.key.scopes.includes(scope)) throw errors.forbidden(`This key lacks the scope ${scope} needed for this tool`, { requiredScopes: [scope] });
}

const stringArg = (args: Record<string, unknown>, name: string): string => {
  const v = args[name];
  if (typeof v !== 'string') throw errors.validation(`'${name}' is required`, { [name]: 'must be a string' });
  return v;
};

export function projectTools(store: Store): McpTool[] {
  return [
    {
      name: 'list_projects',
      requires: ['projects:read'],
      group: 'projects',
      core: true,
      title: "List the company's projects",
      description: "The company's saved projects in id order (no data), the read-only demo project among them at its id's place. Page with `limit` (1-200, default 50) and `after` (the previous page's nextCursor). Needs projects:read.",
      inputSchema: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: projects.LIST_LIMIT_MAX }, after: idArg } },
      annotations: READ,
      rest: () => ({ method: 'GET', path: '/v1/projects', resultField: 'projects' }),
      async call(ctx, args) {
        return projects.listProjects(store, ctx.auth, { limit: args.limit as number | undefined, after: args.after as string | undefined });
      },
    },
    {
      name: 'get_project',
      requires: ['projects:read'],
      group: 'projects',
      core: true,
      title: 'Read a project with its data',
      description: 'One project with its data (also readable as the resource project://{id}). Needs projects:read.',
      inputSchema: { type: 'object', required: ['id'], properties: { id: idArg } },
      annotations: READ,
      rest: (args) => ({ method: 'GET', path: `/v1/projects/${String(args.id)}`, resultField: 'project' }),
      async call(ctx, args) {
        return { project: await projects.getProject(store, ctx.auth, stringArg(args, 'id')) };
      },
    },
    {
      name: 'list_project_versions',
      requires: ['projects:read'],
      group: 'projects',
      core: true,
      title: "List a project's saved versions",
      description: 'The named versions of a project in saving order (no data), with which are approved for reporting. Needs projects:read.',
      inputSchema: { type: 'object', required: ['id'], properties: { id: idArg } },
      annotations: READ,
      rest: (args) => ({ method: 'GET', path: `/v1/projects/${String(args.id)}/versions`, resultField: 'versions' }),
      async call(ctx, args) {
        return { versions: await projects.listVersions(store, ctx.auth, stringArg(args, 'id')) };
      },
    },
    {
      name: 'save_project',
      requires: ['projects:write'],
      group: 'projects',
      core: true,
      title: 'Create or replace a project',
      description: `Creates the project (needs createProject) or replaces its name and data (needs editProject). data: a JSON object of at most ${projects.PROJECT_DATA_LIMIT} bytes as JSON. The plan's project count applies; the demo project is read-only. Replacing overwrites the whole data: read it first and save a version to keep the old one. Needs projects:write.`,
      inputSchema: {
        type: 'object',
        required: ['id', 'name', 'data'],
        properties: { id: idArg, name: { type: 'string', minLength: 1, maxLength: projects.NAME_MAX }, data: { type: 'object' } },
      },
      // Overwrites the previous data, which a saved version can keep; the same call twice leaves the same state.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      rest: (args) => ({ method: 'PUT', path: `/v1/projects/${String(args.id)}` }),
      async call(ctx, args) {
        const { id, ...body } = args;
        return projects.putProject(store, ctx.auth, stringArg({ id }, 'id'), async () => body);
      },
    },
    {
      name: 'save_project_version',
      requires: ['projects:write'],
      group: 'projects',
      core: true,
      title: 'Save a named version of a project',
      description: "Saves an immutable snapshot of the project's current data under a label (1-200 characters). Needs editProject and projects:write.",
      inputSchema: { type: 'object', required: ['id', 'label'], properties: { id: idArg, label: { type: 'string', minLength: 1, maxLength: projects.LABEL_MAX } } },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      rest: (args) => ({ method: 'POST', path: `/v1/projects/${String(args.id)}/versions` }),
      async call(ctx, args) {
        const { id, ...body } = args;
        return { version: await projects.saveVersion(store, ctx.auth, stringArg({ id }, 'id'), async () => body) };
      },
    },
  ];
}

/**
 * `project://{id}` resources: the company's projects as JSON, for keys with projects:read (a key
 * without it lists none; reading one is forbidden naming the scope).
 */
export function projectResources(store: Store): ResourceProvider {
  return {
    templates: [{ uriTemplate: 'project://{id}', name: 'project', title: 'A saved project of your company', mimeType: 'application/json' }],
    async list(ctx, cursor) {
      if (!ctx.auth.key.scopes.includes('projects:read')) return { resources: [] };
      const page = await projects.listProjects(store, ctx.auth, { limit: projects.LIST_LIMIT_MAX, after: cursor });
      return {
        resources: page.projects.map((p) => ({ uri: `project://${p.id}`, name: p.id, title: p.name, mimeType: 'application/json', description: `Project ${p.name}, updated ${p.updatedAt}` })),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },
    async read(ctx, uri) {
      const m = /^project:\/\/([^/?#]*)$/.exec(uri);
      if (!m) return null;
      requireScope(ctx.auth, 'projects:read');
      const notFound = () => rpcError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
      if (!projects.PROJECT_ID_PATTERN.test(m[1]!)) throw notFound();
      try {
        const project = await projects.getProject(store, ctx.auth, m[1]!);
        const body = fitToBudget({ project }, { method: 'GET', path: `/v1/projects/${m[1]}`, resultField: 'project' }, RESULT_BUDGET_BYTES);
        return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(body) }] };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'not_found') throw notFound();
        throw err;
      }
    },
  };
}
