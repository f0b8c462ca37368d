/**
 * The project rules (spec §2, §4), shared by the REST routes and the MCP project tools:
 * id/name/label/data limits, member permissions, the plan's project count, the read-only demo
 * project, approved versions, and company scoping — another company's project is 404, never
 * 403 and never its data. Scopes are checked by the caller (route or tool).
 */
import { ApiError, errors } from '../errors.js';
import { displayTextProblem, fieldMessages } from '../text.js';
import type { AuthContext } from '../state.js';
import { DEMO_PROJECT, DEMO_PROJECT_ID } from './demo.js';
import { versionLimits, type Permission, type Project, type ProjectSummary, type ProjectVersion, type ProjectVersionSummary } from '../../store/model.js';
import type { Store } from '../../store/ports.js';

export const PROJECT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const NAME_MAX = 200;
export const LABEL_MAX = 200;
/** 1.5 MiB: the limit on a project's data, measured on the UTF-8 bytes of its JSON. */
export const PROJECT_DATA_LIMIT = 1.5 * 1024 * 1024;
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

export type ProjectView = Omit<Project, 'companyId'> & { readOnly: boolean };
export type ProjectSummaryView = Omit<ProjectSummary, 'companyId'> & { readOnly: boolean };

export function checkProjectId(id: string): void {
  if (!PROJECT_ID_PATTERN.test(id)) {
    throw errors.validation('Invalid project id', { id: 'must be 1 to 64 letters, digits, _ or -' });
  }
}

function requirePermission(auth: AuthContext, permission: Permission, action: string): void {
  if (!auth.member.permissions.includes(permission)) throw lacks(permission, action);
}

const lacks = (permission: Permission, action: string) => errors.forbidden(`The member who owns this key lacks the ${permission} permission needed to ${action}`, { permission });

/** What each kind of PUT needs: creating a project, or replacing one. */
const PUT_NEEDS: Record<'created' | 'replaced', { permission: Permission; action: string }> = {
  created: { permission: 'createProject', action: 'create a project' },
  replaced: { permission: 'editProject', action: 'replace a project' },
};
const needsFor = (kind: 'created' | 'replaced') => lacks(PUT_NEEDS[kind].permission, PUT_NEEDS[kind].action);

const notFound = (id: string) => errors.notFound(`No project '${id}'`);
const readOnly = () => new ApiError('conflict', `The demo project is read-only; save a copy under another id to change it`, { reason: 'read_only' });

const view = (p: Project): ProjectView => {
  const { companyId: _c, ...rest } = p;
  return { ...rest, readOnly: false };
};
const summaryView = (p: ProjectSummary): ProjectSummaryView => {
  const { companyId: _c, ...rest } = p;
  return { ...rest, readOnly: false };
};
const versionView = <V extends ProjectVersionSummary>(v: V) => {
  const { companyId: _c, ...rest } = v;
  return { ...rest, approved: v.approvedAt !== null };
};

export interface ListOptions {
  limit?: number;
  after?: string;
}

/**
 * Projects in id order, the read-only demo project among them at its id's place, `limit` a page
 * at most (the demo counts: it once came on top of a full first page).
 */
export async function listProjects(store: Store, auth: AuthContext, options: ListOptions = {}) {
  const limit = options.limit ?? LIST_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) {
    throw errors.validation('Invalid list parameters', { limit: `must be an integer from 1 to ${LIST_LIMIT_MAX}` });
  }
  if (options.after !== undefined && (typeof options.after !== 'string' || !PROJECT_ID_PATTERN.test(options.after))) {
    throw errors.validation('Invalid list parameters', { after: 'must be the nextCursor of the previous page (a project id: 1 to 64 letters, digits, _ or -)' });
  }
  const after = options.after;
  const listed: (ProjectSummaryView | Omit<typeof DEMO_PROJECT, 'data'>)[] = (await store.projects.list(auth.company.id, { limit: limit + 1, after })).map(summaryView);
  // Ids are ASCII, so string order is the stores' key order (LMDB's bytes, MongoDB's _id).
  if (after === undefined || DEMO_PROJECT_ID > after) {
    const { data: _d, ...demo } = DEMO_PROJECT;
    const at = listed.findIndex((p) => p.id > DEMO_PROJECT_ID);
    listed.splice(at < 0 ? listed.length : at, 0, demo);
  }
  const page = listed.slice(0, limit);
  return { projects: page, nextCursor: listed.length > limit ? page[page.length - 1]!.id : null };
}

export async function getProject(store: Store, auth: AuthContext, id: string): Promise<ProjectView> {
  checkProjectId(id);
  if (id === DEMO_PROJECT_ID) return DEMO_PROJECT;
  const p = await store.projects.get(auth.company.id, id);
  if (!p) throw notFound(id);
  return view(p);
}

/** Validates `{ name, data }`; returns them, the data size included. */
export function parseProjectBody(body: unknown): { name: string; data: Record<string, unknown> } {
  const fields = fieldMessages();
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.validation('The body must be a JSON object { name, data }', { body: 'must be a JSON object' });
  const { name, data, ...rest } = body as Record<string, unknown>;
  for (const k of Object.keys(rest)) fields[k] = 'unknown field; valid keys: name, data';
  const nameProblem = displayTextProblem(name, NAME_MAX);
  if (nameProblem) fields.name = nameProblem;
  if (!data || typeof data !== 'object' || Array.isArray(data)) fields.data = 'must be a JSON object';
  else {
    // JSON numbers past the double range parse as Infinity and would be stored as null: refuse them.
    const bad = firstNonFiniteNumber(data);
    if (bad !== null) fields[`data${bad}`] = 'must be a finite number (at most about 1.8e308 in magnitude)';
  }
  if (Object.keys(fields).length) throw errors.validation('Invalid project', fields);
  const size = Buffer.byteLength(JSON.stringify(data), 'utf8');
  if (size > PROJECT_DATA_LIMIT) {
    throw new ApiError('payload_too_large', `Project data is ${size} bytes as JSON; the limit is ${PROJECT_DATA_LIMIT} bytes (1.5 MiB)`, {
      field: 'data',
      sizeBytes: size,
      limitBytes: PROJECT_DATA_LIMIT,
    });
  }
  return { name: name as string, data: data as Record<string, unknown> };
}

/** Path (`.a[3].b`) of the first number in `value` that is not finite, or null. Iterative: any depth. */
function firstNonFiniteNumber(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v).reverse()) stack.push([(v as Record<string, unknown>)[k], `${path}.${k}`]);
    }
  }
  return null;
}

/** A request body, read only once the earlier checks pass (a refused caller's body is never read). */
export type BodyReader = () => Promise<unknown>;

/** Creates (201) or replaces (200) a project. */
export async function putProject(store: Store, auth: AuthContext, id: string, readBody: BodyReader): Promise<{ created: boolean; project: ProjectView }> {
  checkProjectId(id);
  if (id === DEMO_PROJECT_ID) throw readOnly();
  // Refused before the body is read, as the project is now...
  const may = (kind: 'created' | 'replaced') => auth.member.permissions.includes(PUT_NEEDS[kind].permission);
  const kindNow = (await store.projects.get(auth.company.id, id)) !== undefined ? 'replaced' : 'created';
  if (!may(kindNow)) throw needsFor(kindNow);
  const input = parseProjectBody(await readBody());
  // ...and by the write itself, as the project is then: the store decides create or replace and
  // checks the permission for it in the same transaction, so a project created or deleted by
  // someone else meanwhile never lets a refused write through (a 403 writes nothing).
  const allow = { create: may('created'), replace: may('replaced') };
  const outcome = await store.projects.put(auth.company.id, id, { ...input, by: auth.member.id, at: new Date().toISOString() }, auth.company.plan.maxProjects, allow);
  if (outcome.status === 'limit_reached') {
    throw new ApiError('plan_limit', `The company's plan allows ${auth.company.plan.maxProjects} projects`, { maxProjects: auth.company.plan.maxProjects, count: outcome.count });
  }
  if (outcome.status === 'not_allowed') throw needsFor(outcome.wouldHave);
  return { created: outcome.status === 'created', project: view(outcome.project) };
}

export async function deleteProject(store: Store, auth: AuthContext, id: string): Promise<void> {
  checkProjectId(id);
  if (id === DEMO_PROJECT_ID) throw readOnly();
  requirePermission(auth, 'deleteProject', 'delete a project');
  const outcome = await store.projects.delete(auth.company.id, id);
  if (outcome === 'not_found') throw notFound(id);
  if (outcome === 'has_approved_version') {
    throw new ApiError('conflict', `Project '${id}' holds a version approved for reporting and cannot be deleted`, { reason: 'approved_version' });
  }
}

export function parseLabel(body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.validation('The body must be a JSON object { label }', { body: 'must be a JSON object' });
  const { label, ...rest } = body as Record<string, unknown>;
  const fields = fieldMessages();
  for (const k of Object.keys(rest)) fields[k] = 'unknown field; valid keys: label';
  const labelProblem = displayTextProblem(label, LABEL_MAX);
  if (labelProblem) fields.label = labelProblem;
  if (Object.keys(fields).length) throw errors.validation('Invalid version', fields);
  return label as string;
}

export async function saveVersion(store: Store, auth: AuthContext, projectId: string, readBody: BodyReader) {
  checkProjectId(projectId);
  if (projectId === DEMO_PROJECT_ID) throw readOnly();
  requirePermission(auth, 'editProject', 'save a version');
  const label = parseLabel(await readBody());
  const limits = versionLimits(auth.company.plan);
  const outcome = await store.projects.saveVersion(auth.company.id, projectId, { label, by: auth.member.id, at: new Date().toISOString() }, limits);
  if (!outcome) throw notFound(projectId);
  if (outcome.status === 'limit_reached') {
    const where = outcome.scope === 'project' ? `project '${projectId}' already holds` : 'the company already holds';
    throw new ApiError('plan_limit', `The plan allows ${outcome.limit} versions ${outcome.scope === 'project' ? 'per project' : 'per company'}; ${where} ${outcome.count}`, {
      limit: outcome.scope === 'project' ? 'maxVersionsPerProject' : 'maxVersions',
      max: outcome.limit,
      count: outcome.count,
    });
  }
  const { data: _d, ...summary } = outcome.version;
  return versionView(summary);
}

export async function listVersions(store: Store, auth: AuthContext, projectId: string) {
  checkProjectId(projectId);
  if (projectId === DEMO_PROJECT_ID) return [];
  const list = await store.projects.listVersions(auth.company.id, projectId);
  if (!list) throw notFound(projectId);
  return list.map(versionView);
}

export async function getVersion(store: Store, auth: AuthContext, projectId: string, versionId: string) {
  checkProjectId(projectId);
  const v: ProjectVersion | undefined = projectId === DEMO_PROJECT_ID ? undefined : await store.projects.getVersion(auth.company.id, projectId, versionId);
  if (!v) throw errors.notFound(`No version '${versionId}' of project '${projectId}'`);
  return versionView(v);
}
