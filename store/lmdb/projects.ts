/**
 * Projects and versions in LMDB. Keys are [companyId, projectId] and [companyId, projectId, n], so
 * every read is a point lookup or a range scan inside one company, and each write that touches
 * more than one record runs in one write transaction (atomic, isolated, across processes).
 */
import type { Database, RootDatabase } from 'lmdb';
import type { Project, ProjectVersion } from '../model.js';
import type { ProjectStore } from '../ports.js';

type Key = (string | number)[];

export function lmdbProjects(root: RootDatabase): ProjectStore {
  /** Runs a write transaction and answers only once it is flushed to disk: an acknowledged save survives a power cut. */
  const durable = async <T>(work: () => T): Promise<T> => {
    const result = await root.transaction(work);
    await root.flushed;
    return result;
  };
  const projects: Database<Project, Key> = root.openDB({ name: 'projects' });
  const versions: Database<ProjectVersion, Key> = root.openDB({ name: 'projects.versions' });

  const countIn = (companyId: string) => projects.getKeysCount({ start: [companyId], end: [companyId, '\uffff'] });
  const summary = <T extends { data: unknown }>(p: T): Omit<T, 'data'> => {
    const { data: _data, ...rest } = p;
    return rest;
  };

  return {
    async list(companyId, { limit, after }) {
      const start = after === undefined ? [companyId] : [companyId, after + '\u0000'];
      return [...projects.getRange({ start, end: [companyId, '\uffff'], limit })].map((e) => summary(e.value));
    },
    async get(companyId, id) {
      return projects.get([companyId, id]);
    },
    async count(companyId) {
      return countIn(companyId);
    },
    async put(companyId, id, input, maxProjects) {
      return durable(() => {
        const current = projects.get([companyId, id]);
        if (!current) {
          const count = countIn(companyId);
          if (count >= maxProjects) return { status: 'limit_reached' as const, count };
        }
        const project: Project = current
          ? { ...current, name: input.name, data: input.data, updatedAt: input.at, updatedBy: input.by, revision: current.revision + 1 }
          : {
              companyId, id, name: input.name, data: input.data, createdAt: input.at, createdBy: input.by, updatedAt: input.at, updatedBy: input.by,
              revision: 1, versionCount: 0, approvedVersionIds: [],
            };
        projects.put([companyId, id], project);
        return { status: current ? ('replaced' as const) : ('created' as const), project };
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
    async saveVersion(companyId, projectId, input) {
      return durable(() => {
        const current = projects.get([companyId, projectId]);
        if (!current) return undefined;
        const n = current.versionCount + 1;
        const version: ProjectVersion = {
          companyId, projectId, id: String(n), label: input.label, data: current.data, projectRevision: current.revision,
          createdAt: input.at, createdBy: input.by, approvedAt: null, approvedBy: null,
        };
        versions.put([companyId, projectId, n], version);
        projects.put([companyId, projectId], { ...current, versionCount: n });
        return version;
      });
    },
    async listVersions(companyId, projectId) {
      if (!projects.get([companyId, projectId])) return undefined;
      return [...versions.getRange({ start: [companyId, projectId], end: [companyId, projectId, '\uffff'] })].map((e) => summary(e.value));
    },
    async getVersion(companyId, projectId, versionId) {
      const n = versionNumber(versionId);
      return n === null ? undefined : versions.get([companyId, projectId, n]);
    },
    async approveVersion(companyId, projectId, versionId, input) {
      const n = versionNumber(versionId);
      if (n === null) return undefined;
      return durable(() => {
        const project = projects.get([companyId, projectId]);
        const version = versions.get([companyId, projectId, n]);
        if (!project || !version) return undefined;
        if (version.approvedAt) return version;
        const approved = { ...version, approvedAt: input.at, approvedBy: input.by };
        versions.put([companyId, projectId, n], approved);
        projects.put([companyId, projectId], { ...project, approvedVersionIds: [...project.approvedVersionIds, version.id] });
        return approved;
      });
    },
  };
}

function versionNumber(id: string): number | null {
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}
