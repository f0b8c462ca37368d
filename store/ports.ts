/**
 * Store ports: what the service needs from persistence, in its own words. Every adapter
 * (LMDB embedded default, MongoDB) implements these and passes test/store/contract.ts.
 * Methods that must be atomic say so; adapters guarantee it (LMDB write transactions,
 * MongoDB single-document operations and unique indexes).
 */
import type { ApiKeyRecord, AuditEntry, Company, Member } from './model.js';

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
  /** Records use times (lastUsedAt, lastUseAuditedAt); fields left undefined are unchanged. */
  touch(id: string, times: { lastUsedAt?: string; lastUseAuditedAt?: string }): Promise<void>;
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

export interface Store {
  companies: CompanyStore;
  members: MemberStore;
  keys: ApiKeyStore;
  audit: AuditLog;
  meta: MetaStore;
  close(): Promise<void>;
}

/** A uniqueness rule was broken (duplicate id or email). */
export class StoreConflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConflict';
  }
}
