/**
 * The records the service keeps, in the project's own words. Adapters (store/lmdb, later
 * store/mongo) persist exactly these shapes; nothing outside store/ knows how.
 */

/** Member permissions (spec §3, §5). */
export const PERMISSIONS = ['manageApiKeys', 'runScripts', 'createProject', 'editProject', 'deleteProject', 'signOff', 'manageTeam'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Seat modules a company can licence. `integrations` is the seat every key request holds. */
export const LICENSABLE_MODULES = ['integrations', 'gas', 'eos', 'well', 'decline', 'econ', 'units'] as const;
export type LicensableModule = (typeof LICENSABLE_MODULES)[number];

export interface Plan {
  /** Whether members may create and use API keys. */
  apiAccess: boolean;
  /** Maximum number of saved projects (the demo project does not count). */
  maxProjects: number;
  /** Maximum named versions one project may hold (records made before this field: DEFAULT_VERSION_LIMITS). */
  maxVersionsPerProject?: number;
  /** Maximum named versions across all the company's projects. */
  maxVersions?: number;
}

/**
 * Version limits when a plan states none. A version is a full snapshot of up to 1.5 MiB, so the
 * limits bound what one project (150 MiB) and one company (3 GiB) can hold.
 */
export const DEFAULT_VERSION_LIMITS = { perProject: 100, perCompany: 2_000 } as const;

export interface VersionLimits {
  perProject: number;
  perCompany: number;
}

export function versionLimits(plan: Plan): VersionLimits {
  return { perProject: plan.maxVersionsPerProject ?? DEFAULT_VERSION_LIMITS.perProject, perCompany: plan.maxVersions ?? DEFAULT_VERSION_LIMITS.perCompany };
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

export type AuditAction =
  | 'key.created'
  | 'key.revoked'
  | 'key.used'
  | 'company.created'
  | 'company.suspended'
  | 'member.created'
  | 'member.disabled'
  | 'member.invited'
  | 'member.permissions'
  | 'member.passwordSet'
  | 'version.approved';

export interface AuditEntry {
  id: string;
  companyId: string;
  at: string;
  /** Member id, or 'operator' for the admin CLI. */
  actor: string;
  action: AuditAction;
  details: Record<string, unknown>;
}

/**
 * A company's saved project. `data` is the caller's JSON object, stored so that it reads back
 * exactly as accepted (as JSON: own keys such as `__proto__`, escaped lone surrogates, every
 * string and number) — the contract suite holds every adapter to it.
 */
export interface Project {
  companyId: string;
  id: string;
  name: string;
  data: Record<string, unknown>;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  /** Increments on every replace (1 at creation). */
  revision: number;
  /** Versions saved so far; the next version's number is versionCount + 1. */
  versionCount: number;
  /** Versions approved for reporting; a project holding one cannot be deleted. */
  approvedVersionIds: string[];
}

export type ProjectSummary = Omit<Project, 'data'>;

/** A named, immutable snapshot of a project's data. */
export interface ProjectVersion {
  companyId: string;
  projectId: string;
  /** `1`, `2`, ... in saving order, unique within the project. */
  id: string;
  label: string;
  data: Record<string, unknown>;
  /** The project revision the snapshot was taken from. */
  projectRevision: number;
  createdAt: string;
  createdBy: string;
  approvedAt: string | null;
  approvedBy: string | null;
}

export type ProjectVersionSummary = Omit<ProjectVersion, 'data'>;

/** Who signs in to the app (/app): a company member, or a user of a payments merchant. */
export type AppSubject = { kind: 'member'; id: string } | { kind: 'merchant'; id: string };

/** A sign-in of the app: one per email address across the service. */
export interface AppLogin {
  /** Lower-cased email address; the record's identity. */
  email: string;
  subject: AppSubject;
  /** `scrypt$N$r$p$salt$hash` (api/app/password.ts); the password itself is never stored. */
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Wrong passwords given for one email address, whether or not it signs in to anything (so an
 * unknown address answers as a known one does, lock included: api/app/signIn.ts). Keyed by a
 * hash of the address, so addresses people tried are not kept.
 */
export interface SignInGuard {
  key: string;
  /** Wrong passwords since the last success or lock, the last of them at lastFailureAt. */
  failures: number;
  lastFailureAt: string;
  /** While in the future, sign-in with this address is refused whatever the password. */
  lockedUntil: string | null;
  /** When the guard no longer matters (its failures forgotten, its lock over): stores drop it then. */
  expiresAt: string;
}

/** A one-time link to set a password (printed by the admin CLI; no mail is sent). */
/** How long an invitation is kept after it expires (store/ports.ts AppStore.createInvitation): 7 days. */
export const INVITATION_KEPT_MS = 7 * 24 * 3_600_000;

export interface AppInvitation {
  /** Hex SHA-256 of the token in the link; the token itself is never stored. */
  tokenHash: string;
  email: string;
  subject: AppSubject;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  /** When a newer invitation of the same email and account replaced this unused one (it then works no more); absent or null while it stands. */
  supersededAt?: string | null;
}

/** A signed-in browser. Found by the hash of the cookie value only. */
export interface AppSession {
  /** Hex SHA-256 of the session id the cookie carries. */
  idHash: string;
  email: string;
  subject: AppSubject;
  /** The synchronizer token every state-changing request must echo in X-CSRF-Token. */
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  /** Absolute end, whatever the activity. */
  expiresAt: string;
}
