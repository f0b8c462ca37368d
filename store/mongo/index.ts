/**
 * MongoDB adapter (distributed deployment, MONGODB_URL). Thin on purpose: no MongoDB server can
 * run on our machines, so every rule here is a single-document atomic operation or a unique
 * index, easy to check by reading, and the same contract suite runs against it whenever
 * MONGODB_URL is set. No transactions (standalone servers refuse them).
 */
import { MongoClient, MongoServerError, type Collection, type Db } from 'mongodb';
import type { ApiKeyRecord, AuditEntry, Company, Member } from '../model.js';
import { keyState } from '../model.js';
import { StoreConflict, type Store } from '../ports.js';
import { mongoProjects, type ProjectDoc, type VersionDoc } from './projects.js';
import { mongoPayments } from './payments.js';
import { mongoApp } from './app.js';
import { mongoRuns } from '../runs/mongo.js';

export interface MongoOptions {
  url: string;
  /** Database name (default: the one in the URL, else `engcalc`). */
  dbName?: string;
  /** How long to look for a server before failing a call (ms, default 3000). */
  serverSelectionTimeoutMS?: number;
}

type WithId<T> = T & { _id: string };
const DUPLICATE_KEY = 11000;
export const isDuplicate = (err: unknown) => err instanceof MongoServerError && err.code === DUPLICATE_KEY;

/** Strips Mongo's `_id` from a document read back. */
export function plain<T>(doc: (T & { _id?: unknown }) | null): T | undefined {
  if (!doc) return undefined;
  const { _id, ...rest } = doc;
  return rest as T;
}

export async function openMongoStore(options: MongoOptions): Promise<Store> {
  const client = new MongoClient(options.url, { serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 3_000, appName: 'engcalc' });
  await client.connect();
  const db: Db = client.db(options.dbName);
  const companies: Collection<WithId<Company>> = db.collection('companies');
  const members: Collection<WithId<Member & { emailKey: string }>> = db.collection('members');
  const keys: Collection<WithId<ApiKeyRecord>> = db.collection('apiKeys');
  const audit: Collection<WithId<AuditEntry>> = db.collection('audit');
  const meta: Collection<{ _id: string; value: unknown }> = db.collection('meta');
  const projects: Collection<ProjectDoc> = db.collection('projects');
  const versions: Collection<VersionDoc> = db.collection('projectVersions');

  await Promise.all([
    members.createIndex({ companyId: 1, emailKey: 1 }, { unique: true }),
    keys.createIndex({ hash: 1 }, { unique: true }),
    keys.createIndex({ companyId: 1, createdAt: 1 }),
    keys.createIndex({ memberId: 1 }),
    audit.createIndex({ companyId: 1, at: -1 }),
    projects.createIndex({ companyId: 1, id: 1 }, { unique: true }),
    versions.createIndex({ companyId: 1, projectId: 1, generation: 1, n: 1 }, { unique: true }),
  ]);

  const conflictOnDuplicate = async (work: Promise<unknown>, message: string) => {
    try {
      await work;
    } catch (err) {
      if (isDuplicate(err)) throw new StoreConflict(message);
      throw err;
    }
  };

  return {
    app: await mongoApp(db),
    companies: {
      async create(c) {
        await conflictOnDuplicate(companies.insertOne({ _id: c.id, ...c }), `company ${c.id} exists`);
      },
      async get(id) {
        return plain(await companies.findOne({ _id: id }));
      },
      async update(id, patch) {
        return plain(await companies.findOneAndUpdate({ _id: id }, { $set: patch }, { returnDocument: 'after' }));
      },
      async count() {
        return companies.countDocuments();
      },
    },
    members: {
      async create(m) {
        await conflictOnDuplicate(members.insertOne({ _id: m.id, ...m, emailKey: m.email.toLowerCase() }), `member ${m.email} exists in company ${m.companyId}`);
      },
      async get(id) {
        return withoutEmailKey(plain(await members.findOne({ _id: id })));
      },
      async update(id, patch) {
        return withoutEmailKey(plain(await members.findOneAndUpdate({ _id: id }, { $set: patch }, { returnDocument: 'after' })));
      },
      // No transaction: write, then count the company's managers; none left -> put this member's
      // permissions back (only if still ours) and refuse. Of two managers removing each other at
      // once, the later count sees both writes: at least one puts back, and at worst both do.
      async setPermissions(id, permissions) {
        const before = await members.findOneAndUpdate({ _id: id }, { $set: { permissions } }, { returnDocument: 'before' });
        if (!before) return { refused: 'not_found' };
        if (!permissions.includes('manageTeam') && before.permissions.includes('manageTeam')) {
          const managers = await members.countDocuments({ companyId: before.companyId, disabled: { $ne: true }, permissions: 'manageTeam' });
          if (managers === 0) {
            await members.updateOne({ _id: id, permissions: { $eq: permissions } }, { $set: { permissions: before.permissions } });
            return { refused: 'last_manager' };
          }
        }
        return { member: withoutEmailKey(plain({ ...before, permissions }))! };
      },
      async listByCompany(companyId) {
        const docs = await members.find({ companyId }).sort({ emailKey: 1 }).toArray();
        return docs.map((d) => withoutEmailKey(plain(d))!);
      },
    },
    keys: {
      // Insert, then count: if concurrent inserts pushed the member over the limit, this one
      // withdraws. Never over the limit; at worst two racing inserts both withdraw.
      async insertIfUnderLimit(k, maxActive, now) {
        await conflictOnDuplicate(keys.insertOne({ _id: k.id, ...k }), 'key exists');
        const mine = await keys.find({ memberId: k.memberId, revokedAt: null }).toArray();
        const active = mine.filter((x) => keyState(x, now) === 'active');
        if (active.length > maxActive) {
          await keys.deleteOne({ _id: k.id });
          return false;
        }
        return true;
      },
      async get(id) {
        return plain(await keys.findOne({ _id: id }));
      },
      async findByHash(hash) {
        return plain(await keys.findOne({ hash }));
      },
      async listByCompany(companyId) {
        return (await keys.find({ companyId }).sort({ createdAt: 1 }).toArray()).map((d) => plain(d)!);
      },
      async listByMember(memberId) {
        return (await keys.find({ memberId }).sort({ createdAt: 1 }).toArray()).map((d) => plain(d)!);
      },
      async revoke(id, at, by) {
        const changed = await keys.findOneAndUpdate({ _id: id, revokedAt: null }, { $set: { revokedAt: at, revokedBy: by } }, { returnDocument: 'after' });
        if (changed) return { record: plain(changed)!, changed: true };
        const current = plain(await keys.findOne({ _id: id }));
        return current ? { record: current, changed: false } : undefined;
      },
      async touch(id, times) {
        await keys.updateOne({ _id: id }, { $set: { lastUsedAt: times.lastUsedAt } });
      },
      async claimUseAudit(id, at, intervalMs) {
        // ISO times of one format compare as strings.
        const due = new Date(Date.parse(at) - intervalMs).toISOString();
        const claimed = await keys.findOneAndUpdate(
          { _id: id, $or: [{ lastUseAuditedAt: null }, { lastUseAuditedAt: { $lte: due } }] },
          { $set: { lastUseAuditedAt: at } },
        );
        return claimed !== null;
      },
    },
    audit: {
      async append(e) {
        await audit.insertOne({ _id: e.id, ...e });
      },
      async list(companyId, options = {}) {
        return (await audit.find({ companyId }).sort({ at: -1 }).limit(options.limit ?? 100).toArray()).map((d) => plain(d)!);
      },
    },
    meta: {
      async get(key) {
        return (await meta.findOne({ _id: key }))?.value;
      },
      async setIfAbsent(key, value) {
        try {
          await meta.insertOne({ _id: key, value });
          return true;
        } catch (err) {
          if (isDuplicate(err)) return false;
          throw err;
        }
      },
    },
    projects: mongoProjects(projects, versions),
    payments: await mongoPayments(db),
    runs: await mongoRuns(db),
    async close() {
      await client.close();
    },
  };
}

function withoutEmailKey(m: (Member & { emailKey?: string }) | undefined): Member | undefined {
  if (!m) return undefined;
  const { emailKey: _k, ...rest } = m;
  return rest;
}
