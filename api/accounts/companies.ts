/**
 * Companies and members: creation and the account switches (suspend, disable) that stop every
 * key of the company or member at once. Used by the admin CLI and the first-start demo seed.
 */
import { displayTextProblem, fieldMessages } from '../text.js';
import { AccountError } from './accountError.js';
import { newId } from './ids.js';
import { DEFAULT_VERSION_LIMITS, LICENSABLE_MODULES, PERMISSIONS, type Company, type LicensableModule, type Member, type Permission } from '../../store/model.js';
import { StoreConflict, type Store } from '../../store/ports.js';

export const COMPANY_NAME_MAX = 200;
export const DEFAULT_MAX_PROJECTS = 50;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CreateCompanyRequest {
  name: string;
  apiAccess?: boolean;
  maxProjects?: number;
  /** Named versions one project may hold (default DEFAULT_VERSION_LIMITS.perProject). */
  maxVersionsPerProject?: number;
  /** Named versions across the company (default DEFAULT_VERSION_LIMITS.perCompany). */
  maxVersions?: number;
  licences?: Record<string, number>;
}

export async function createCompany(store: Store, req: CreateCompanyRequest, now = new Date()): Promise<Company> {
  const fields = fieldMessages();
  const name = (req.name ?? '').trim();
  const nameProblem = displayTextProblem(name, COMPANY_NAME_MAX);
  if (nameProblem) fields.name = nameProblem;
  const maxProjects = req.maxProjects ?? DEFAULT_MAX_PROJECTS;
  if (!Number.isInteger(maxProjects) || maxProjects < 0) fields.maxProjects = 'must be a non-negative integer';
  const maxVersionsPerProject = req.maxVersionsPerProject ?? DEFAULT_VERSION_LIMITS.perProject;
  if (!Number.isInteger(maxVersionsPerProject) || maxVersionsPerProject < 0) fields.maxVersionsPerProject = 'must be a non-negative integer';
  const maxVersions = req.maxVersions ?? DEFAULT_VERSION_LIMITS.perCompany;
  if (!Number.isInteger(maxVersions) || maxVersions < 0) fields.maxVersions = 'must be a non-negative integer';
  const licences: Company['licences'] = {};
  for (const [module, seats] of Object.entries(req.licences ?? {})) {
    if (!(LICENSABLE_MODULES as readonly string[]).includes(module)) fields[`licences.${module}`] = `unknown module; valid: ${LICENSABLE_MODULES.join(', ')}`;
    else if (!Number.isInteger(seats) || seats < 1) fields[`licences.${module}`] = 'seats must be a positive integer';
    else licences[module as LicensableModule] = seats;
  }
  if (Object.keys(fields).length) throw new AccountError('validation_failed', 'invalid company', { fields });
  const company: Company = {
    id: newId('cmp'),
    name,
    plan: { apiAccess: req.apiAccess ?? false, maxProjects, maxVersionsPerProject, maxVersions },
    licences,
    suspended: false,
    createdAt: now.toISOString(),
  };
  await store.companies.create(company);
  await store.audit.append({ id: newId('aud'), companyId: company.id, at: company.createdAt, actor: 'operator', action: 'company.created', details: { name } });
  return company;
}

export async function setCompanySuspended(store: Store, id: string, suspended: boolean, now = new Date()): Promise<Company> {
  const company = await store.companies.update(id, { suspended });
  if (!company) throw new AccountError('not_found', `company ${id} not found`);
  await store.audit.append({ id: newId('aud'), companyId: id, at: now.toISOString(), actor: 'operator', action: 'company.suspended', details: { suspended } });
  return company;
}

export interface CreateMemberRequest {
  companyId: string;
  email: string;
  emailVerified?: boolean;
  permissions?: string[];
}

export async function createMember(store: Store, req: CreateMemberRequest, now = new Date()): Promise<Member> {
  const fields = fieldMessages();
  const email = (req.email ?? '').trim();
  if (!EMAIL.test(email) || email.length > 254) fields.email = 'must be an email address';
  const permissions = [...new Set(req.permissions ?? [])];
  const unknown = permissions.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length) fields.permissions = `unknown permission ${unknown.map((p) => `'${p}'`).join(', ')}; valid: ${PERMISSIONS.join(', ')}`;
  if (Object.keys(fields).length) throw new AccountError('validation_failed', 'invalid member', { fields });
  if (!(await store.companies.get(req.companyId))) throw new AccountError('not_found', `company ${req.companyId} not found`);
  const member: Member = {
    id: newId('mem'),
    companyId: req.companyId,
    email,
    emailVerified: req.emailVerified ?? false,
    disabled: false,
    permissions: permissions as Permission[],
    createdAt: now.toISOString(),
  };
  try {
    await store.members.create(member);
  } catch (err) {
    if (err instanceof StoreConflict) throw new AccountError('conflict', `a member with email ${email} already exists in this company`);
    throw err;
  }
  await store.audit.append({ id: newId('aud'), companyId: member.companyId, at: member.createdAt, actor: 'operator', action: 'member.created', details: { memberId: member.id, email } });
  return member;
}

/**
 * The operator sets a member's permissions (also the way back when a company lost its last Manage
 * team holder some other way, e.g. by disabling). Refused when it would leave no enabled member
 * holding Manage team.
 */
export async function setMemberPermissions(store: Store, id: string, wanted: string[], now = new Date()): Promise<Member> {
  const unknown = wanted.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length) throw new AccountError('validation_failed', 'invalid permissions', { fields: { permissions: `unknown permission ${unknown.map((p) => `'${p}'`).join(', ')}; valid: ${PERMISSIONS.join(', ')}` } });
  const before = await store.members.get(id);
  const set = await store.members.setPermissions(id, PERMISSIONS.filter((p) => wanted.includes(p)));
  if ('refused' in set) {
    if (set.refused === 'not_found') throw new AccountError('not_found', `member ${id} not found`);
    throw new AccountError('conflict', 'this would leave the company with no enabled member holding manageTeam; give it to another member first');
  }
  await store.audit.append({ id: newId('aud'), companyId: set.member.companyId, at: now.toISOString(), actor: 'operator', action: 'member.permissions', details: { memberId: id, from: before?.permissions ?? [], to: set.member.permissions } });
  return set.member;
}

export async function setMemberDisabled(store: Store, id: string, disabled: boolean, now = new Date()): Promise<Member> {
  const member = await store.members.update(id, { disabled });
  if (!member) throw new AccountError('not_found', `member ${id} not found`);
  await store.audit.append({ id: newId('aud'), companyId: member.companyId, at: now.toISOString(), actor: 'operator', action: 'member.disabled', details: { memberId: id, disabled } });
  return member;
}
