/**
 * Projects and versions in LMDB. Keys are [companyId, projectId] and [companyId, projectId, n], so
 * every read is a point lookup or a range scan inside one company, and each write that touches
 * more than one record runs in one write transaction (atomic, isolated, across processes).
 * Data is kept as JSON text (store/jsonData.ts) so it reads back exactly as written.
 */
import { absentWhenKeyTooLong } from './boundedKeys.js';
import type { Database, RootDatabase } from 'lmdb';
import type { Project, ProjectVersion } from '../model.js';
import { ANY_PROJECT_WRITE, type ProjectStore } from '../ports.js';
import { decodeData, encodeData } from '../jsonData.js';

type Key = (string | number)[];
/** `data` is how records written before JSON text was adopted hold it; they still read. */
type Stored<T extends { data: unknown }> = Omit<T, 'data'> & { dataJson: string; data?: T['data'] };
type StoredProject = Stored<Project>;
type StoredVersion = Stored<ProjectVersion>;

const textOf = (r: { dataJson?: string; data?: Record<string, unknown> }): string => r.dataJson ?? encodeData(r.data ?? {});
const withData = <T extends { dataJson: string; data?: unknown }>(r: T): Omit<T, 'dataJson' | 'data'> & { data: Record<string, unknown> } => {
  const { dataJson: _d, data: _legacy, ...rest } = r;
  return { ...rest, data: decodeData(textOf(r as { dataJson?: string; data?: Record<string, unknown> })) };
};
const withoutData = <T extends { dataJson: string; data?: unknown }>(r: T): Omit<T, 'dataJson' | 'data'> => {
  const { dataJson: _d, data: _legacy, ...rest } = r;
  return rest;
};

export function lmdbProjects(root: RootDatabase): ProjectStore {
  /** Runs a write transaction and answers only once it is flushed to disk: an acknowledged save survives a power cut. */
  const durable = async <T>(work: () => T): Promise<T> => {
    const result = await root.transaction(work);
    await root.flushed;
    return result;
  };
  const projects: Database<StoredProject, Key> = absentWhenKeyTooLong(root.openDB({ name: 'projects' }));
  const versions: Database<StoredVersion, Key> = absentWhenKeyTooLong(root.openDB({ name: 'projects.versions' }));

  const countIn = (companyId: string) => projects.getKeysCount({ start: [companyId], end: [companyId, '\uffff'] });

  return {
    async list(companyId, { limit, after }) {
      const start = after === undefined ? [companyId] : [companyId, after + '\u0000'];
      return [...projects.getRange({ start, end: [companyId, '\uffff'], limit })].map((e) => withoutData(e.value));
    },
    async get(companyId, id) {
      const p = projects.get([companyId, id]);
      return p && withData(p);
    },
    async count(companyId) {
      return countIn(companyId);
    },
    async put(companyId, id, input, maxProjects, allow = ANY_PROJECT_WRITE) {
      const dataJson = encodeData(input.data);
      return durable(() => {
        const current = projects.get([companyId, id]);
        if (current ? !allow.replace : !allow.create) return { status: 'not_allowed' as const, wouldHave: current ? ('replaced' as const) : ('created' as const) };
        if (!current) {
          const count = countIn(companyId);
          if (count >= maxProjects) return { status: 'limit_reached' as const, count };
        }
        const project: StoredProject = current
          ? { ...withoutData(current), name: input.name, dataJson, updatedAt: input.at, updatedBy: input.by, revision: current.revision + 1 }
          : {
              companyId, id, name: input.name, dataJson, createdAt: input.at, createdBy: input.by, updatedAt: input.at, updatedBy: input.by,
              revision: 1, versionCount: 0, approvedVersionIds: [],
            };
        projects.put([companyId, id], project);
        return { status: current ? ('replaced' as const) : ('created' as const), project: withData(project) };
      });
    },
    async delete(companyId, id) {
      return durable(() => {
        const current = projects.get([companyId, id]);
        if (!current) return 'not_found' as const;
        if (current.approvedVersionIds.length > 0) return 'has_approved_version' as const;
        for (const { key } of versions.getRange({ start: [companyId, id], end: [companyId, id, '\uffff'] })) versions.remove(key);
        projects.remove([companyId, id]);
        return 'deleted' as const;
      });
    },
    async saveVersion(companyId, projectId, input, limits) {
      return durable(() => {
        const current = projects.get([companyId, projectId]);
        if (!current) return undefined;
        if (current.versionCount >= limits.perProject) {
          return { status: 'limit_reached' as const, scope: 'project' as const, count: current.versionCount, limit: limits.perProject };
        }
        const inCompany = versions.getKeysCount({ start: [companyId], end: [companyId, '\uffff'] });
        if (inCompany >= limits.perCompany) return { status: 'limit_reached' as const, scope: 'company' as const, count: inCompany, limit: limits.perCompany };
        const n = current.versionCount + 1;
        const version: StoredVersion = {
          companyId, projectId, id: String(n), label: input.label, dataJson: textOf(current), projectRevision: current.revision,
          createdAt: input.at, createdBy: input.by, approvedAt: null, approvedBy: null,
        };
        versions.put([companyId, projectId, n], version);
        projects.put([companyId, projectId], { ...current, versionCount: n });
        return { status: 'saved' as const, version: withData(version) };
      });
    },
    async listVersions(companyId, projectId) {
      if (!projects.get([companyId, projectId])) return undefined;
      return [...versions.getRange({ start: [companyId, projectId], end: [companyId, projectId, '\uffff'] })].map((e) => withoutData(e.value));
    },
    async getVersion(companyId, projectId, versionId) {
      const n = versionNumber(versionId);
      const v = n === null ? undefined : versions.get([companyId, projectId, n]);
      return v && withData(v);
    },
    async approveVersion(companyId, projectId, versionId, input) {
      const n = versionNumber(versionId);
      if (n === null) return undefined;
      const stored = await durable(() => {
        const project = projects.get([companyId, projectId]);
        const version = versions.get([companyId, projectId, n]);
        if (!project || !version) return undefined;
        if (version.approvedAt) return version;
        const approved = { ...version, approvedAt: input.at, approvedBy: input.by };
        versions.put([companyId, projectId, n], approved);
        projects.put([companyId, projectId], { ...project, approvedVersionIds: [...project.approvedVersionIds, version.id] });
        return approved;
      });
      return stored && withData(stored);
    },
  };
}

function versionNumber(id: string): number | null {
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}
