/**
 * The records the service keeps, in the project's own words. Adapters (store/lmdb, later
 * store/mongo) persist exactly these shapes; nothing outside store/ knows how.
 */

/** Member permissions (spec §3, §5). */
export const PERMISSIONS = ['manageApiKeys', 'runScripts', 'createProject', 'editProject', 'deleteProject', 'signOff'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Seat modules a company can licence. `integrations` is the seat every key request holds. */
export const LICENSABLE_MODULES = ['integrations', 'gas', 'eos', 'well', 'decline', 'econ', 'units'] as const;
export type LicensableModule = (typeof LICENSABLE_MODULES)[number];

export interface Plan {
  /** Whether members may create and use API keys. */
  apiAccess: boolean;
  /** Maximum number of saved projects (the demo project does not count). */
  maxProjects: number;
}

export interface Company {
  id: string;
  name: string;
  plan: Plan;
  /** Seats per module; a module absent here is not licensed. */
  licences: Partial<Record<LicensableModule, number>>;
  suspended: boolean;
  createdAt: string;
}

export interface Member {
  id: string;
  companyId: string;
  email: string;
  emailVerified: boolean;
  disabled: boolean;
  permissions: Permission[];
  createdAt: string;
}

export const KEY_SCOPES = ['engine:run', 'projects:read', 'projects:write'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];
export const DEFAULT_KEY_SCOPES: readonly KeyScope[] = ['engine:run', 'projects:read'];

export const KEY_EXPIRIES = { '30d': 30, '90d': 90, '1y': 365, never: null } as const;
export type KeyExpiry = keyof typeof KEY_EXPIRIES;

export interface ApiKeyRecord {
  id: string;
  companyId: string;
  memberId: string;
  name: string;
  /** The 10-character display prefix: `eng_` + the next 6 characters. */
  prefix: string;
  /** Hex SHA-256 of the whole key value; the value itself is never stored. */
  hash: string;
  scopes: KeyScope[];
  expiry: KeyExpiry;
  /** ISO time after which the key is expired; null = never. */
  expiresAt: string | null;
  createdAt: string;
  revokedAt: string | null;
  revokedBy: string | null;
  lastUsedAt: string | null;
  /** When the last `key.used` audit entry was written (first use, then at most hourly). */
  lastUseAuditedAt: string | null;
}

export type ApiKeyState = 'active' | 'expired' | 'revoked';

export function keyState(key: ApiKeyRecord, now: Date): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

export type AuditAction = 'key.created' | 'key.revoked' | 'key.used' | 'company.created' | 'company.suspended' | 'member.created' | 'member.disabled';

export interface AuditEntry {
  id: string;
  companyId: string;
  at: string;
  /** Member id, or 'operator' for the admin CLI. */
  actor: string;
  action: AuditAction;
  details: Record<string, unknown>;
}
