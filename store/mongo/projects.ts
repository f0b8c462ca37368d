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
 */
import { randomUUID } from 'node:crypto';
import type { Collection } from 'mongodb';
import type { Project, ProjectVersion } from '../model.js';
import type { ProjectStore } from '../ports.js';

export type ProjectDoc = Project & { generation: string };
export type VersionDoc = ProjectVersion & { generation: string; n: number };

const PROJECT_FIELDS = { _id: 0, generation: 0 } as const;
const SUMMARY_FIELDS = { _id: 0, generation: 0, data: 0 } as const;
const VERSION_FIELDS = { _id: 0, generation: 0, n: 0 } as const;

export function mongoProjects(projects: Collection<ProjectDoc>, versions: Collection<VersionDoc>): ProjectStore {
  return {
    async list(companyId, { limit, after }) {
      const filter = after === undefined ? { companyId } : { companyId, id: { $gt: after } };
      return (await projects.find(filter, { projection: SUMMARY_FIELDS }).sort({ id: 1 }).limit(limit).toArray()) as never;
    },
    async get(companyId, id) {
      return ((await projects.findOne({ companyId, id }, { projection: PROJECT_FIELDS })) ?? undefined) as Project | undefined;
    },
    async count(companyId) {
      return projects.countDocuments({ companyId });
    },
    async put(companyId, id, input, maxProjects) {
      const exists = await projects.findOne({ companyId, id }, { projection: { _id: 1 } });
      if (!exists) {
        const count = await projects.countDocuments({ companyId });
        if (count >= maxProjects) return { status: 'limit_reached', count };
      }
      const res = await projects.findOneAndUpdate(
        { companyId, id },
        {
          $set: { name: input.name, data: input.data, updatedAt: input.at, updatedBy: input.by },
          $inc: { revision: 1 },
          $setOnInsert: { companyId, id, createdAt: input.at, createdBy: input.by, versionCount: 0, approvedVersionIds: [], generation: randomUUID() },
        },
        { upsert: true, returnDocument: 'after', projection: PROJECT_FIELDS, includeResultMetadata: true },
      );
      return { status: res.lastErrorObject?.updatedExisting ? 'replaced' : 'created', project: res.value as unknown as Project };
    },
    async delete(companyId, id) {
      const deleted = await projects.findOneAndDelete({ companyId, id, approvedVersionIds: { $size: 0 } });
      if (deleted) {
        await versions.deleteMany({ companyId, projectId: id, generation: deleted.generation });
        return 'deleted';
      }
      return (await projects.findOne({ companyId, id }, { projection: { _id: 1 } })) ? 'has_approved_version' : 'not_found';
    },
    async saveVersion(companyId, projectId, input) {
      const project = await projects.findOneAndUpdate({ companyId, id: projectId }, { $inc: { versionCount: 1 } }, { returnDocument: 'after' });
      if (!project) return undefined;
      const version: VersionDoc = {
        companyId, projectId, id: String(project.versionCount), n: project.versionCount, generation: project.generation, label: input.label,
        data: project.data, projectRevision: project.revision, createdAt: input.at, createdBy: input.by, approvedAt: null, approvedBy: null,
      };
      await versions.insertOne({ ...version });
      const { generation: _g, n: _n, ...plain } = version;
      return plain;
    },
    async listVersions(companyId, projectId) {
      const project = await projects.findOne({ companyId, id: projectId }, { projection: { generation: 1 } });
      if (!project) return undefined;
      return (await versions.find({ companyId, projectId, generation: project.generation }, { projection: { ...VERSION_FIELDS, data: 0 } }).sort({ n: 1 }).toArray()) as never;
    },
    async getVersion(companyId, projectId, versionId) {
      const project = await projects.findOne({ companyId, id: projectId }, { projection: { generation: 1 } });
      if (!project) return undefined;
      return ((await versions.findOne({ companyId, projectId, generation: project.generation, id: versionId }, { projection: VERSION_FIELDS })) ?? undefined) as ProjectVersion | undefined;
    },
    async approveVersion(companyId, projectId, versionId, input) {
      const project = await projects.findOne({ companyId, id: projectId }, { projection: { generation: 1 } });
      if (!project) return undefined;
      const filter = { companyId, projectId, generation: project.generation, id: versionId };
      if (!(await versions.findOne(filter, { projection: { _id: 1 } }))) return undefined;
      await projects.updateOne({ companyId, id: projectId }, { $addToSet: { approvedVersionIds: versionId } });
      await versions.updateOne({ ...filter, approvedAt: null }, { $set: { approvedAt: input.at, approvedBy: input.by } });
      return ((await versions.findOne(filter, { projection: VERSION_FIELDS })) ?? undefined) as ProjectVersion | undefined;
    },
  };
}
