/**
 * LMDB adapter (embedded default): one environment under DATA_DIR with a named database per
 * record kind and small index databases for the lookups the ports need. Multi-record rules run
 * in one LMDB write transaction, so they are atomic and safe across processes on one machine.
 */
import { absentWhenKeyTooLong } from './boundedKeys.js';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import type { ApiKeyRecord, AuditEntry, Company, Member } from '../model.js';
import { keyState } from '../model.js';
import { StoreConflict, type Store } from '../ports.js';
import { lmdbProjects } from './projects.js';
import { lmdbPayments } from './payments.js';
import { lmdbApp } from './app.js';
import { lmdbRuns } from '../runs/lmdb.js';

type Key = string | (string | number)[];

/** Owner read/write only (lmdb-js passes it to mdb_env_open; its default is 0664). */
const FILE_MODE = 0o600;

export interface LmdbOptions {
  /** Directory of the environment; created when missing. */
  path: string;
}

export function openLmdbStore(options: LmdbOptions): Store {
  // Key hashes, audit logs and every company's projects live here: readable by this user only.
  // A directory we create is 0700; the files are created 0600, and made so if an older release left them wider.
  mkdirSync(options.path, { recursive: true, mode: 0o700 });
  // noSubdir false: a directory name with a dot (/tmp/tmp.Xyz) is still a directory, not a file name.
  const root: RootDatabase = open({ path: options.path, noSubdir: false, maxDbs: 64, encoding: 'msgpack', permissionsMode: FILE_MODE } as Parameters<typeof open>[0]);
  for (const file of ['data.mdb', 'lock.mdb']) {
    const at = join(options.path, file);
    if (existsSync(at) && (statSync(at).mode & 0o077) !== 0) chmodSync(at, FILE_MODE);
  }
  const db = <V>(name: string): Database<V, Key> => absentWhenKeyTooLong(root.openDB<V, Key>({ name }));

  const companies = db<Company>('companies');
  const members = db<Member>('members');
  const memberEmails = db<string>('members.byCompanyEmail'); // [companyId, email] -> memberId
  const keys = db<ApiKeyRecord>('keys');
  const keyHashes = db<string>('keys.byHash'); // hash -> keyId
  const keysByCompany = db<string>('keys.byCompany'); // [companyId, keyId] -> keyId
  const audit = db<AuditEntry>('audit'); // [companyId, at, id] -> entry
  const meta = db<unknown>('meta');

  const rangeValues = <V>(d: Database<V, Key>, prefix: string, reverse = false, limit?: number): V[] =>
    [...d.getRange({ start: reverse ? [prefix, '\uffff'] : [prefix], end: reverse ? [prefix] : [prefix, '\uffff'], reverse, limit })].map((e) => e.value);

  return {
    app: lmdbApp(root),
    projects: lmdbProjects(root),
    payments: lmdbPayments(root),
    runs: lmdbRuns(root),
    companies: {
      async create(c) {
        const ok = await companies.ifNoExists(c.id, () => companies.put(c.id, c));
        if (!ok) throw new StoreConflict(`company ${c.id} exists`);
      },
      async get(id) {
        return companies.get(id);
      },
      async update(id, patch) {
        return root.transaction(() => {
          const cur = companies.get(id);
          if (!cur) return undefined;
          const next = { ...cur, ...patch };
          companies.put(id, next);
          return next;
        });
      },
      async count() {
        return companies.getKeysCount();
      },
    },
    members: {
      async create(m) {
        const email = m.email.toLowerCase();
        const ok = await root.transaction(() => {
          if (members.get(m.id) || memberEmails.get([m.companyId, email])) return false;
          members.put(m.id, m);
          memberEmails.put([m.companyId, email], m.id);
          return true;
        });
        if (!ok) throw new StoreConflict(`member ${m.email} exists in company ${m.companyId}`);
      },
      async get(id) {
        return members.get(id);
      },
      async update(id, patch) {
        return root.transaction(() => {
          const cur = members.get(id);
          if (!cur) return undefined;
          const next = { ...cur, ...patch };
          members.put(id, next);
          return next;
        });
      },
      async setPermissions(id, permissions) {
        // One write transaction: the company's members are read and the change written with no other write between.
        return root.transaction(() => {
          const cur = members.get(id);
          if (!cur) return { refused: 'not_found' as const };
          const next = { ...cur, permissions };
          const managers = [...memberEmails.getRange({ start: [cur.companyId], end: [cur.companyId, '\uffff'] })]
            .map((e) => (e.value === id ? next : members.get(e.value)))
            .filter((m) => m && !m.disabled && m.permissions.includes('manageTeam'));
          if (managers.length === 0) return { refused: 'last_manager' as const };
          members.put(id, next);
          return { member: next };
        });
      },
      async listByCompany(companyId) {
        return [...memberEmails.getRange({ start: [companyId], end: [companyId, '\uffff'] })]
          .map((e) => members.get(e.value))
          .filter((m): m is Member => m !== undefined);
      },
    },
    keys: {
      async insertIfUnderLimit(k, maxActive, now) {
        return root.transaction(() => {
          if (keyHashes.get(k.hash) || keys.get(k.id)) throw new StoreConflict('key exists');
          const active = rangeValues(keysByCompany, k.companyId)
            .map((id) => keys.get(id))
            .filter((x): x is ApiKeyRecord => !!x && x.memberId === k.memberId && keyState(x, now) === 'active').length;
          if (active >= maxActive) return false;
          keys.put(k.id, k);
          keyHashes.put(k.hash, k.id);
          keysByCompany.put([k.companyId, k.id], k.id);
          return true;
        });
      },
      async get(id) {
        return keys.get(id);
      },
      async findByHash(hash) {
        const id = keyHashes.get(hash);
        return id === undefined ? undefined : keys.get(id);
      },
      async listByCompany(companyId) {
        return rangeValues(keysByCompany, companyId)
          .map((id) => keys.get(id))
          .filter((x): x is ApiKeyRecord => x !== undefined);
      },
      async listByMember(memberId) {
        const m = members.get(memberId);
        if (!m) return [];
        return (await this.listByCompany(m.companyId)).filter((k) => k.memberId === memberId);
      },
      async revoke(id, at, by) {
        return root.transaction(() => {
          const cur = keys.get(id);
          if (!cur) return undefined;
          if (cur.revokedAt) return { record: cur, changed: false };
          const next = { ...cur, revokedAt: at, revokedBy: by };
          keys.put(id, next);
          return { record: next, changed: true };
        });
      },
      async claimUseAudit(id, at, intervalMs) {
        return root.transaction(() => {
          const cur = keys.get(id);
          if (!cur) return false;
          if (cur.lastUseAuditedAt && Date.parse(at) - Date.parse(cur.lastUseAuditedAt) < intervalMs) return false;
          keys.put(id, { ...cur, lastUseAuditedAt: at });
          return true;
        });
      },
      async touch(id, times) {
        await root.transaction(() => {
          const cur = keys.get(id);
          if (!cur) return;
          keys.put(id, { ...cur, lastUsedAt: times.lastUsedAt });
        });
      },
    },
    audit: {
      async append(e) {
        await audit.put([e.companyId, e.at, e.id], e);
      },
      async list(companyId, options = {}) {
        return rangeValues(audit, companyId, true, options.limit ?? 100);
      },
    },
    meta: {
      async get(key) {
        return meta.get(key);
      },
      async setIfAbsent(key, value) {
        return meta.ifNoExists(key, () => meta.put(key, value));
      },
    },
    // lmdb-js reads from a snapshot it renews on the next timer turn, so a commit by another
    // process (the admin CLI) can be missed by reads until then; a reset makes the next read renew it.
    refresh() {
      root.resetReadTxn();
    },
    counter(name) {
      const at: Key = ['counter', name];
      return {
        // A fresh snapshot, then one read from the memory map: ~1 us, no system call (a stat of a file was one per request).
        read() {
          root.resetReadTxn();
          return (meta.get(at) as number | undefined) ?? 0;
        },
        // The increment runs inside LMDB's write transaction, which is exclusive across processes: no bump is lost.
        async bump() {
          await meta.transaction(() => meta.put(at, ((meta.get(at) as number | undefined) ?? 0) + 1));
        },
      };
    },
    async backup(directory, { compact }) {
      await root.flushed;
      // Owner-only, as the live files: the copy holds the same key hashes and secrets. LMDB creates
      // the file with the process umask, so it is narrowed for the copy (no moment of a wider mode).
      const umask = process.umask(0o077);
      try {
        await root.backup(directory, compact);
      } finally {
        process.umask(umask);
      }
      chmodSync(join(directory, 'data.mdb'), 0o600);
    },
    async close() {
      await root.flushed;
      await root.close();
    },
  };
}
