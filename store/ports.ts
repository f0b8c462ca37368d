/**
 * Store ports: what the service needs from persistence, in its own words. Every adapter
 * (LMDB embedded default, MongoDB) implements these and passes test/store/contract.ts.
 * Methods that must be atomic say so; adapters guarantee it (LMDB write transactions,
 * MongoDB single-document operations and unique indexes).
 */
import type { PaymentsStore } from './payments/ports.js';
import type { ApiKeyRecord, AppInvitation, AppLogin, AppSession, AppSubject, SignInGuard, AuditEntry, Company, Member, Permission, Project, ProjectSummary, ProjectVersion, ProjectVersionSummary, VersionLimits } from './model.js';
import type { RunStore } from './runs/ports.js';

export interface CompanyStore {
  create(company: Company): Promise<void>;
  get(id: string): Promise<Company | undefined>;
  update(id: string, patch: Partial<Omit<Company, 'id' | 'createdAt'>>): Promise<Company | undefined>;
  count(): Promise<number>;
}

export interface MemberStore {
  /** Fails with StoreConflict when the email is taken in the company. */
  create(member: Member): Promise<void>;
  get(id: string): Promise<Member | undefined>;
  update(id: string, patch: Partial<Pick<Member, 'emailVerified' | 'disabled' | 'permissions'>>): Promise<Member | undefined>;
  /**
   * Sets a member's permissions unless that would leave their company with no enabled member
   * holding manageTeam (nobody left able to give permissions back): then 'last_manager' and the
   * member keeps theirs. Holds against concurrent changes (two managers removing each other's):
   * at most one of them is kept.
   */
  setPermissions(id: string, permissions: Permission[]): Promise<{ member: Member } | { refused: 'not_found' | 'last_manager' }>;
  listByCompany(companyId: string): Promise<Member[]>;
}

export interface ApiKeyStore {
  /**
   * Atomically: counts the member's active keys at `now` and inserts only when fewer than
   * `maxActive`. Returns false (nothing written) when the member is at the limit.
   */
  insertIfUnderLimit(key: ApiKeyRecord, maxActive: number, now: Date): Promise<boolean>;
  get(id: string): Promise<ApiKeyRecord | undefined>;
  findByHash(hash: string): Promise<ApiKeyRecord | undefined>;
  listByCompany(companyId: string): Promise<ApiKeyRecord[]>;
  listByMember(memberId: string): Promise<ApiKeyRecord[]>;
  /** Atomically sets revokedAt/revokedBy when not yet revoked; returns the record after. */
  revoke(id: string, at: string, by: string): Promise<{ record: ApiKeyRecord; changed: boolean } | undefined>;
  /** Records the key's last-used time. */
  touch(id: string, times: { lastUsedAt: string }): Promise<void>;
  /**
   * Atomically: when the key's last use audit is older than `intervalMs` (or there is none), sets
   * it to `at` and returns true; otherwise false. Every API node asks this before writing a
   * `key.used` audit entry, so a key is audited at most once per interval across all of them.
   */
  claimUseAudit(id: string, at: string, intervalMs: number): Promise<boolean>;
}

export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  list(companyId: string, options?: { limit?: number }): Promise<AuditEntry[]>;
}

/** Small key-value facts of the store itself (e.g. whether the demo account was created). */
export interface MetaStore {
  get(key: string): Promise<unknown>;
  /** Atomically sets the key only when absent; returns false when it was already set. */
  setIfAbsent(key: string, value: unknown): Promise<boolean>;
}

export type ProjectPutOutcome =
  | { status: 'created' | 'replaced'; project: Project }
  /** Creating would exceed the plan's project count. */
  | { status: 'limit_reached'; count: number }
  /** The write would have created (or replaced) the project, which `allow` forbids; nothing was written. */
  | { status: 'not_allowed'; wouldHave: 'created' | 'replaced' };

/**
 * Which writes a put may make: a member may be allowed to create projects and not to replace them,
 * or the reverse. Decided inside the write, against what the store holds then, so a project
 * created or deleted by someone else meanwhile cannot turn a refused write into an applied one.
 */
export interface ProjectPutAllow {
  create: boolean;
  replace: boolean;
}

/** A put that may create or replace (the store's own callers: seeding, the admin CLI, tests). */
export const ANY_PROJECT_WRITE: ProjectPutAllow = Object.freeze({ create: true, replace: true });

export type ProjectDeleteOutcome = 'deleted' | 'not_found' | 'has_approved_version';

export type VersionSaveOutcome =
  | { status: 'saved'; version: ProjectVersion }
  /** Saving would exceed the project's or the company's version limit; nothing was written. */
  | { status: 'limit_reached'; scope: 'project' | 'company'; count: number; limit: number };

/**
 * Projects and their versions, always scoped by company: no method reads or writes across
 * companies. Writes are atomic: a replace never leaves a torn or mixed document, a version is
 * a snapshot of exactly one revision, and the project count limit holds under concurrency.
 */
export interface ProjectStore {
  /** In id order, `limit` at most, starting after the `after` id. */
  list(companyId: string, options: { limit: number; after?: string }): Promise<ProjectSummary[]>;
  get(companyId: string, id: string): Promise<Project | undefined>;
  count(companyId: string): Promise<number>;
  /** Creates (refused at `maxProjects`) or replaces, keeping createdAt/versions; only as `allow` permits (default: both). */
  put(companyId: string, id: string, input: { name: string; data: Record<string, unknown>; by: string; at: string }, maxProjects: number, allow?: ProjectPutAllow): Promise<ProjectPutOutcome>;
  /** Deletes the project and its versions unless it holds an approved version. */
  delete(companyId: string, id: string): Promise<ProjectDeleteOutcome>;
  /**
   * Snapshots the project's current data as the next version, unless the project already holds
   * `limits.perProject` versions (atomic) or the company `limits.perCompany` (atomic on LMDB; on
   * MongoDB checked just before, like the project count); undefined when the project is missing.
   */
  saveVersion(companyId: string, projectId: string, input: { label: string; by: string; at: string }, limits: VersionLimits): Promise<VersionSaveOutcome | undefined>;
  /** Saving order; undefined when the project is missing. */
  listVersions(companyId: string, projectId: string): Promise<ProjectVersionSummary[] | undefined>;
  getVersion(companyId: string, projectId: string, versionId: string): Promise<ProjectVersion | undefined>;
  /** Marks a version approved for reporting (idempotent); undefined when it is missing. */
  approveVersion(companyId: string, projectId: string, versionId: string, input: { by: string; at: string }): Promise<ProjectVersion | undefined>;
}

export type SetPasswordOutcome = 'set' | 'taken';

export type ConsumeInvitationOutcome =
  | { status: 'consumed'; invitation: AppInvitation }
  | { status: 'not_found' }
  | { status: 'used' }
  | { status: 'expired' }
  | { status: 'superseded' };

/** AppStore.reserveSignInAttempt's answer: refused while locked, else counted; the guard after. */
export interface SignInReservation {
  refused: boolean;
  guard: SignInGuard;
}

/**
 * The app's sign-ins, invitations and sessions. Secrets arrive hashed (password: scrypt; tokens
 * and session ids: SHA-256); nothing here can give a usable credential back.
 */
export interface AppStore {
  getLogin(email: string): Promise<AppLogin | undefined>;
  /**
   * Atomically sets the password of `email`, creating the login for `subject` when absent;
   * 'taken' (nothing written) when the email already signs in as another subject. Clears failures and lock.
   */
  setPassword(email: string, subject: AppSubject, passwordHash: string, at: string): Promise<SetPasswordOutcome>;
  /** The wrong-password record of an email address's key (store/model.ts SignInGuard), if any. */
  getSignInGuard(key: string): Promise<SignInGuard | undefined>;
  /**
   * Atomically, before a password is checked: refused (nothing written; `guard` is the lock in
   * force) while `key` is locked at `at`; otherwise counts the attempt as a wrong password at
   * `at`, whether or not a login has it (the right password then clears the guard): the failures
   * are forgotten first when the last was before `forgetBefore`; at `maxFailures` the key is
   * locked until `lockUntil` and the count starts again. Counting before the check means attempts
   * sent together never check more than `maxFailures` passwords. `forgetAt` is when this failure
   * will be forgotten; the guard expires at the later of it and its lock's end, and stores drop
   * guards past that (LMDB a bounded number as each attempt is counted, MongoDB by a TTL index).
   * Returns the guard after.
   */
  reserveSignInAttempt(key: string, maxFailures: number, lockUntil: string, at: string, forgetBefore: string, forgetAt: string): Promise<SignInReservation>;
  /** A successful sign-in, or a password set again: the key's failures and lock end. */
  clearSignInGuard(key: string): Promise<void>;
  /**
   * Stores an invitation. An invitation is forgotten INVITATION_KEPT_MS after it expires, used or
   * not (until then a second use answers 'used' or 'expired', after it 'not_found'): LMDB removes
   * those past it as another is created, MongoDB by its TTL index. The unused invitations of the
   * same email and account are superseded by it (supersededAt = its createdAt): an operator sends
   * a new link when the last was lost or leaked, so the last must stop working.
   */
  createInvitation(invitation: AppInvitation): Promise<void>;
  /** Atomically marks the invitation used when it is unused, not superseded and not expired at `at`. */
  consumeInvitation(tokenHash: string, at: string): Promise<ConsumeInvitationOutcome>;
  createSession(session: AppSession): Promise<void>;
  /** The session, or undefined when absent (expiry is the caller's rule). */
  getSession(idHash: string): Promise<AppSession | undefined>;
  touchSession(idHash: string, lastSeenAt: string): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Signs a subject out everywhere (password set again); returns how many sessions ended. */
  deleteSessionsOf(subject: AppSubject): Promise<number>;
}

/**
 * A counter every process on one store shares, read without a round trip: the embedded store's
 * auth version (api/accounts/authLookup.ts). `read()` sees every bump committed before it, by any
 * process on the store; `bump()` resolves once its increment is committed.
 */
export interface SharedCounter {
  read(): number;
  bump(): Promise<void>;
}

export interface Store {
  /** Sign-ins, invitations and sessions of the app (/app). */
  app: AppStore;
  companies: CompanyStore;
  projects: ProjectStore;
  members: MemberStore;
  keys: ApiKeyStore;
  audit: AuditLog;
  meta: MetaStore;
  /** The merchant payments records (store/payments/ports.ts). */
  payments: PaymentsStore;
  /** Runs: asynchronous engine calls (store/runs/ports.ts). */
  runs: RunStore;
  /**
   * Stores whose reads can lag other processes' commits (LMDB serves reads from a snapshot kept
   * until the next timer turn): reads after this call see every write committed before it. Absent
   * where every read is current (MongoDB).
   */
  refresh?(): void;
  /** The store's shared counter of that name, where the store can keep one (LMDB; absent for MongoDB, which has Redis beside it). */
  counter?(name: string): SharedCounter;
  /**
   * A consistent copy of the whole store, taken while it serves, into `directory` (existing and
   * empty), usable as a DATA_DIR. `compact`: only the pages in use are copied, so freed pages,
   * which can still hold bytes since overwritten (an account number before its re-seal), are not.
   * LMDB; absent for MongoDB (mongodump backs it up).
   */
  backup?(directory: string, options: { compact: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** A uniqueness rule was broken (duplicate id or email). */
export class StoreConflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConflict';
  }
}
