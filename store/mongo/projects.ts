/**
 * Projects and versions in MongoDB, each rule one atomic single-document operation:
 * - put: findOneAndUpdate with upsert ($setOnInsert for creation facts, $inc revision) tells
 *   created from replaced and never mixes two writes' data;
 * - saveVersion: $inc versionCount returns the document as of that increment, so the snapshot
 *   is exactly one revision's data;
 * - delete: conditional on no approved version; versions carry the project's `generation`, so a
 *   later project with the same id never sees an old one's versions even if cleanup was cut off;
 * - approve: the project's approved list is updated first, so a crash between the two writes can
 *   only leave a project undeletable, never an approved version unprotected.
 * The project count limit is checked before a creation; concurrent creations may exceed it by
 * the number racing (a soft limit), which the LMDB adapter does not allow (noted in the README).
 * The same holds for the company's version count; the per-project version limit is atomic (the
 * $inc of versionCount is conditional on it).
 * Data is kept as JSON text (store/jsonData.ts): BSON would refuse or reshape keys such as `$x`
 * or `a.b` and replace lone surrogates; the text reads back exactly.
 */
import { randomUUID } from 'node:crypto';
import type { Collection } from 'mongodb';
import type { Project, ProjectVersion } from '../model.js';
import { ANY_PROJECT_WRITE, type ProjectStore } from '../ports.js';
import { decodeData, encodeData } from '../jsonData.js';

export type ProjectDoc = Omit<Project, 'data'> & { dataJson: string; generation: string };
export type VersionDoc = Omit<ProjectVersion, 'data'> & { dataJson: string; generation: string; n: number };

const PROJECT_FIELDS = { _id: 0, generation: 0 } as const;
const SUMMARY_FIELDS = { _id: 0, generation: 0, dataJson: 0 } as const;
const VERSION_FIELDS = { _id: 0, generation: 0, n: 0 } as const;

function withData<T extends { dataJson: string }>(doc: T | null): (Omit<T, 'dataJson'> & { data: Record<string, unknown> }) | undefined {
  if (!doc) return undefined;
  const { dataJson, ...rest } = doc;
  return { ...rest, data: decodeData(dataJson) };
}

export function mongoProjects(projects: Collection<ProjectDoc>, versions: Collection<VersionDoc>): ProjectStore {
  return {
    async list(companyId, { limit, after }) {
      const filter = after === undefined ? { companyId } : { companyId, id: { $gt: after } };
      return (await projects.find(filter, { projection: SUMMARY_FIELDS }).sort({ id: 1 }).limit(limit).toArray()) as never;
    },
    async get(companyId, id) {
      return withData(await projects.findOne({ companyId, id }, { projection: PROJECT_FIELDS })) as Project | undefined;
    },
    async count(companyId) {
      return projects.countDocuments({ companyId });
    },
    async put(companyId, id, input, maxProjects, allow = ANY_PROJECT_WRITE) {
      const exists = await projects.findOne({ companyId, id }, { projection: { _id: 1 } });
      if (!exists) {
        if (!allow.create) return { status: 'not_allowed', wouldHave: 'created' };
        const count = await projects.countDocuments({ companyId });
        if (count >= maxProjects) return { status: 'limit_reached', count };
      } else if (!allow.replace) return { status: 'not_allowed', wouldHave: 'replaced' };
      const set = { name: input.name, dataJson: encodeData(input.data), updatedAt: input.at, updatedBy: input.by };
      const created = { companyId, id, createdAt: input.at, createdBy: input.by, versionCount: 0, approvedVersionIds: [], generation: randomUUID() };
      // Allowed one kind of write only: the write itself refuses the other (the unique index on
      // companyId + id refuses a create over a project made meanwhile; a replace does not upsert).
      if (!allow.replace) {
        const doc = { ...created, ...set, revision: 1 };
        try {
          await projects.insertOne({ ...doc }); // a copy: the driver adds _id to what it inserts
        } catch (err) {
          if ((err as { code?: number }).code === 11000) return { status: 'not_allowed', wouldHave: 'replaced' };
          throw err;
        }
        // What this write made (a read back could already see someone else's replace).
        const { generation: _g, ...made } = doc;
        return { status: 'created', project: withData(made) as unknown as Project };
      }
      const res = await projects.findOneAndUpdate(
        { companyId, id },
        { $set: set, $inc: { revision: 1 }, ...(allow.create ? { $setOnInsert: created } : {}) },
        { upsert: allow.create, returnDocument: 'after', projection: PROJECT_FIELDS, includeResultMetadata: true },
      );
      if (!res.value) return { status: 'not_allowed', wouldHave: 'created' }; // deleted meanwhile
      return { status: res.lastErrorObject?.updatedExisting ? 'replaced' : 'created', project: withData(res.value) as unknown as Project };
    },
    async delete(companyId, id) {
      const deleted = await projects.findOneAndDelete({ companyId, id, approvedVersionIds: { $size: 0 } });
      if (deleted) {
        await versions.deleteMany({ companyId, projectId: id, generation: deleted.generation });
        return 'deleted';
      }
      return (await projects.findOne({ companyId, id }, { projection: { _id: 1 } })) ? 'has_approved_version' : 'not_found';
    },
    async saveVersion(companyId, projectId, input, limits) {
      const inCompany = await versions.countDocuments({ companyId });
      if (inCompany >= limits.perCompany) {
        if (!(await projects.findOne({ companyId, id: projectId }, { projection: { _id: 1 } }))) return undefined;
        return { status: 'limit_reached', scope: 'company', count: inCompany, limit: limits.perCompany };
      }
      const project = await projects.findOneAndUpdate(
        { companyId, id: projectId, versionCount: { $lt: limits.perProject } },
        { $inc: { versionCount: 1 } },
        { returnDocument: 'after' },
      );
      if (!project) {
        const current = await projects.findOne({ companyId, id: projectId }, { projection: { versionCount: 1 } });
        return current ? { status: 'limit_reached', scope: 'project', count: current.versionCount, limit: limits.perProject } : undefined;
      }
      const version: VersionDoc = {
        companyId, projectId, id: String(project.versionCount), n: project.versionCount, generation: project.generation, label: input.label,
        dataJson: project.dataJson, projectRevision: project.revision, createdAt: input.at, createdBy: input.by, approvedAt: null, approvedBy: null,
      };
      await versions.insertOne({ ...version });
      const { generation: _g, n: _n, ...plain } = version;
      return { status: 'saved', version: withData(plain) as ProjectVersion };
    },
    async listVersions(companyId, projectId) {
      const project = await projects.findOne({ companyId, id: projectId }, { projection: { generation: 1 } });
      if (!project) return undefined;
      return (await versions.find({ companyId, projectId, generation: project.generation }, { projection: { ...VERSION_FIELDS, dataJson: 0 } }).sort({ n: 1 }).toArray()) as never;
    },
    async getVersion(companyId, projectId, versionId) {
      const project = await projects.findOne({ companyId, id: projectId }, { projection: { generation: 1 } });
      if (!project) return undefined;
      return withData(await versions.findOne({ companyId, projectId, generation: project.generation, id: versionId }, { projection: VERSION_FIELDS })) as ProjectVersion | undefined;
    },
    async approveVersion(companyId, projectId, versionId, input) {
      const project = await projects.findOne({ companyId, id: projectId }, { projection: { generation: 1 } });
      if (!project) return undefined;
      const filter = { companyId, projectId, generation: project.generation, id: versionId };
      if (!(await versions.findOne(filter, { projection: { _id: 1 } }))) return undefined;
      // The generation read above: a project deleted and made again meanwhile is not marked.
      if ((await projects.updateOne({ companyId, id: projectId, generation: project.generation }, { $addToSet: { approvedVersionIds: versionId } })).matchedCount === 0) return undefined;
      await versions.updateOne({ ...filter, approvedAt: null }, { $set: { approvedAt: input.at, approvedBy: input.by } });
      return withData(await versions.findOne(filter, { projection: VERSION_FIELDS })) as ProjectVersion | undefined;
    },
  };
}
