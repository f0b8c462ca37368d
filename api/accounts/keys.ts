/**
 * Key lifecycle (spec §3): create (permission, plan, 25 active per member, name, scopes, expiry),
 * revoke (own key always, any key of the company with Manage API keys), list (owner shown, never
 * the value or hash). Shared by the admin CLI today and the app's key-management routes later.
 */
import { displayTextProblem, fieldMessages } from '../text.js';
import { AccountError } from './accountError.js';
import { newId } from './ids.js';
import { displayPrefix, generateKeyValue, hashKey } from './keyValue.js';
import {
  DEFAULT_KEY_SCOPES,
  KEY_EXPIRIES,
  KEY_SCOPES,
  keyState,
  type ApiKeyRecord,
  type ApiKeyState,
  type KeyExpiry,
  type KeyScope,
} from '../../store/model.js';
import type { Store } from '../../store/ports.js';

export const MAX_ACTIVE_KEYS_PER_MEMBER = 25;
export const KEY_NAME_MAX = 80;

export interface CreateKeyRequest {
  memberId: string;
  name: string;
  scopes?: string[];
  expiry?: string;
  /** Who asks: the member themself (app) or 'operator' (admin CLI acting for the member). */
  actor?: string;
}

export interface CreatedKey {
  /** Shown once; never stored. */
  value: string;
  key: KeyView;
}

export interface KeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: KeyScope[];
  expiry: KeyExpiry;
  expiresAt: string | null;
  state: ApiKeyState;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  owner: { id: string; email: string | null };
}

export async function createKey(store: Store, req: CreateKeyRequest, now = new Date()): Promise<CreatedKey> {
  const member = await store.members.get(req.memberId);
  if (!member) throw new AccountError('not_found', `member ${req.memberId} not found`);
  const company = await store.companies.get(member.companyId);
  if (!company) throw new AccountError('not_found', `company of member ${member.id} not found`);

  const name = (req.name ?? '').trim();
  const fields = fieldMessages();
  const nameProblem = displayTextProblem(name, KEY_NAME_MAX);
  if (nameProblem) fields.name = nameProblem;
  const scopes = parseScopes(req.scopes, fields);
  const expiry = req.expiry ?? 'never';
  if (!Object.hasOwn(KEY_EXPIRIES, expiry)) fields.expiry = `must be one of: ${Object.keys(KEY_EXPIRIES).join(', ')}`;
  if (Object.keys(fields).length) throw new AccountError('validation_failed', 'invalid key request', { fields });

  if (!member.permissions.includes('manageApiKeys')) throw new AccountError('forbidden', 'creating a key needs the Manage API keys permission');
  if (!company.plan.apiAccess) throw new AccountError('plan_limit', "the company's plan does not include API access");
  if (member.disabled) throw new AccountError('forbidden', 'the member is disabled');
  if (company.suspended) throw new AccountError('tenant_suspended', 'the company account is suspended');

  const days = KEY_EXPIRIES[expiry as KeyExpiry];
  const value = generateKeyValue();
  const record: ApiKeyRecord = {
    id: newId('key'),
    companyId: company.id,
    memberId: member.id,
    name,
    prefix: displayPrefix(value),
    hash: hashKey(value),
    scopes,
    expiry: expiry as KeyExpiry,
    expiresAt: days === null ? null : new Date(now.getTime() + days * 86_400_000).toISOString(),
    createdAt: now.toISOString(),
    revokedAt: null,
    revokedBy: null,
    lastUsedAt: null,
    lastUseAuditedAt: null,
  };
  const inserted = await store.keys.insertIfUnderLimit(record, MAX_ACTIVE_KEYS_PER_MEMBER, now);
  if (!inserted) throw new AccountError('conflict', `a member can hold at most ${MAX_ACTIVE_KEYS_PER_MEMBER} active keys; revoke one first`);
  await store.audit.append({
    id: newId('aud'),
    companyId: company.id,
    at: now.toISOString(),
    actor: req.actor ?? member.id,
    action: 'key.created',
    details: { keyId: record.id, name, prefix: record.prefix, scopes, expiry: record.expiry, expiresAt: record.expiresAt, owner: member.id },
  });
  return { value, key: viewKey(record, member.email, now) };
}

/**
 * Revokes a key. `actorMemberId` null means the operator (admin CLI). A member may revoke their
 * own key, or any key of their company with Manage API keys; another company's key is not found.
 */
export async function revokeKey(store: Store, keyId: string, actorMemberId: string | null, now = new Date()): Promise<KeyView> {
  const key = await store.keys.get(keyId);
  if (!key) throw new AccountError('not_found', `key ${keyId} not found`);
  if (actorMemberId !== null && actorMemberId !== key.memberId) {
    const actor = await store.members.get(actorMemberId);
    if (!actor || actor.companyId !== key.companyId) throw new AccountError('not_found', `key ${keyId} not found`);
    if (!actor.permissions.includes('manageApiKeys')) throw new AccountError('forbidden', "revoking another member's key needs the Manage API keys permission");
  }
  const result = await store.keys.revoke(keyId, now.toISOString(), actorMemberId ?? 'operator');
  if (!result) throw new AccountError('not_found', `key ${keyId} not found`);
  if (result.changed) {
    await store.audit.append({
      id: newId('aud'),
      companyId: key.companyId,
      at: now.toISOString(),
      actor: actorMemberId ?? 'operator',
      action: 'key.revoked',
      details: { keyId, name: key.name, prefix: key.prefix, owner: key.memberId },
    });
  }
  const owner = await store.members.get(key.memberId);
  return viewKey(result.record, owner?.email ?? null, now);
}

export async function listCompanyKeys(store: Store, companyId: string, now = new Date()): Promise<KeyView[]> {
  const [keys, members] = await Promise.all([store.keys.listByCompany(companyId), store.members.listByCompany(companyId)]);
  const emails = new Map(members.map((m) => [m.id, m.email]));
  return keys.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((k) => viewKey(k, emails.get(k.memberId) ?? null, now));
}

export function viewKey(k: ApiKeyRecord, ownerEmail: string | null, now: Date): KeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    expiry: k.expiry,
    expiresAt: k.expiresAt,
    state: keyState(k, now),
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    revokedAt: k.revokedAt,
    owner: { id: k.memberId, email: ownerEmail },
  };
}

function parseScopes(input: string[] | undefined, fields: Record<string, string>): KeyScope[] {
  // Absent: the defaults. An explicit empty list asks for a key with no scope, which cannot be made (spec 5.7).
  if (input === undefined) return [...DEFAULT_KEY_SCOPES];
  const valid = [...new Set(input.filter((s): s is KeyScope => (KEY_SCOPES as readonly string[]).includes(s)))];
  const invalid = input.filter((s) => !(KEY_SCOPES as readonly string[]).includes(s));
  if (valid.length === 0) fields.scopes = `at least one valid scope is needed: ${KEY_SCOPES.join(', ')}`;
  else if (invalid.length) fields.scopes = `unknown scope ${invalid.map((s) => `'${s}'`).join(', ')}; valid: ${KEY_SCOPES.join(', ')}`;
  return valid;
}
