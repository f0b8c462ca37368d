/**
 * What a signed-in member does in the app: their API keys (every member's with Manage API keys),
 * the company's seats and licences, the team and its permissions (with Manage team), and the
 * sign-off of project versions (with signOff). Every change is audited as the admin CLI's are.
 */
import { ApiError, errors } from '../errors.js';
import { newId } from '../accounts/ids.js';
import { createKey, listCompanyKeys, revokeKey, viewKey } from '../accounts/keys.js';
import { approveVersion } from '../projects/approval.js';
import { checkProjectId } from '../projects/service.js';
import { LICENSABLE_MODULES, PERMISSIONS, type Permission } from '../../store/model.js';
import type { Store } from '../../store/ports.js';
import type { Seats } from '../../store/governance.js';
import type { RouteSpec } from '../routes/route.js';
import { appRoute, formBody, memberOf, noStore } from './route.js';

const PROJECTS_SHOWN = 200;

export function memberRoutes(deps: { store: Store; seats: Seats }): RouteSpec[] {
  const { store, seats } = deps;
  const emailsOf = async (companyId: string) => new Map((await store.members.listByCompany(companyId)).map((m) => [m.id, m.email]));

  return [
    appRoute({
      method: 'GET',
      path: '/app/keys',
      operationId: 'appListKeys',
      summary: 'Own API keys; every member\'s, with owner, with Manage API keys',
      account: 'member',
      async handler(ctx) {
        const { member } = memberOf(ctx);
        const all = member.permissions.includes('manageApiKeys');
        const keys = all
          ? await listCompanyKeys(store, member.companyId)
          : (await store.keys.listByMember(member.id)).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((k) => viewKey(k, member.email, new Date()));
        ctx.body = { keys, all };
      },
    }),
    appRoute({
      method: 'POST',
      path: '/app/keys',
      operationId: 'appCreateKey',
      summary: 'Create a key: the value is in this answer only',
      account: 'member',
      async handler(ctx) {
        const { member } = memberOf(ctx);
        const body = await formBody(ctx);
        const scopes = body.scopes;
        if (scopes !== undefined && (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string'))) throw errors.validation('invalid key request', { scopes: 'must be a list of scope names' });
        if (body.name !== undefined && typeof body.name !== 'string') throw errors.validation('invalid key request', { name: 'must be a string' });
        if (body.expiry !== undefined && typeof body.expiry !== 'string') throw errors.validation('invalid key request', { expiry: 'must be 30d, 90d, 1y or never' });
        const created = await createKey(store, { memberId: member.id, name: (body.name as string | undefined) ?? '', scopes: scopes as string[] | undefined, expiry: body.expiry as string | undefined, actor: member.id });
        noStore(ctx);
        ctx.status = 201;
        ctx.body = { value: created.value, key: created.key, note: 'This is the only time the key is shown. Copy it now; it cannot be shown again.' };
      },
    }),
    appRoute({
      method: 'DELETE',
      path: '/app/keys/{id}',
      operationId: 'appRevokeKey',
      summary: 'Revoke a key (own always; anyone\'s with Manage API keys)',
      account: 'member',
      async handler(ctx) {
        const { member } = memberOf(ctx);
        ctx.body = { key: await revokeKey(store, ctx.params.id!, member.id) };
      },
    }),
    appRoute({
      method: 'GET',
      path: '/app/seats',
      operationId: 'appSeats',
      summary: 'Licences per module and who holds each seat since when, and when it frees',
      account: 'member',
      async handler(ctx) {
        const { company } = memberOf(ctx);
        const emails = await emailsOf(company.id);
        const modules = await Promise.all(
          LICENSABLE_MODULES.filter((m) => (company.licences[m] ?? 0) > 0).map(async (module) => ({
            module,
            seats: company.licences[module]!,
            holders: (await seats.holders(company.id, module)).map((h) => ({ ...h, email: emails.get(h.member) ?? null })),
          })),
        );
        ctx.body = { modules, apiAccess: company.plan.apiAccess };
      },
    }),
    appRoute({
      method: 'GET',
      path: '/app/team',
      operationId: 'appTeam',
      summary: 'Members and their permissions (Manage team)',
      account: 'member',
      async handler(ctx) {
        const { member } = memberOf(ctx);
        if (!member.permissions.includes('manageTeam')) throw errors.forbidden('Seeing and changing the team needs the Manage team permission');
        const members = await store.members.listByCompany(member.companyId);
        ctx.body = {
          permissions: PERMISSIONS,
          members: members.map((m) => ({ id: m.id, email: m.email, emailVerified: m.emailVerified, disabled: m.disabled, permissions: m.permissions, createdAt: m.createdAt })),
        };
      },
    }),
    appRoute({
      method: 'PUT',
      path: '/app/team/{memberId}/permissions',
      operationId: 'appSetPermissions',
      summary: "Set a member's permissions (Manage team)",
      account: 'member',
      async handler(ctx) {
        const { member } = memberOf(ctx);
        if (!member.permissions.includes('manageTeam')) throw errors.forbidden('Changing permissions needs the Manage team permission');
        const body = await formBody(ctx);
        const wanted = body.permissions;
        if (!Array.isArray(wanted) || !wanted.every((p) => typeof p === 'string')) throw errors.validation('invalid permissions', { permissions: 'must be a list of permission names' });
        const unknown = wanted.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
        if (unknown.length) throw errors.validation('invalid permissions', { permissions: `unknown permission ${unknown.map((p) => `'${String(p).slice(0, 40)}'`).join(', ')}; valid: ${PERMISSIONS.join(', ')}` });
        const target = await store.members.get(ctx.params.memberId!);
        if (!target || target.companyId !== member.companyId) throw errors.notFound(`member ${ctx.params.memberId} not found`);
        const permissions = PERMISSIONS.filter((p) => wanted.includes(p)) as Permission[];
        // Nobody removes their own Manage team: the company would risk losing the last person able to give it back.
        if (target.id === member.id && !permissions.includes('manageTeam')) throw errors.forbidden('You cannot remove your own Manage team permission; ask another member who has it');
        // The store keeps an enabled Manage team holder in the company even when two members remove each other's at once.
        const set = await store.members.setPermissions(target.id, permissions);
        if ('refused' in set) {
          if (set.refused === 'not_found') throw errors.notFound(`member ${ctx.params.memberId} not found`);
          throw new ApiError('conflict', 'This would leave the company with no enabled member holding Manage team (another change may have just removed the others); nothing was changed');
        }
        const updated = set.member;
        await store.audit.append({ id: newId('aud'), companyId: member.companyId, at: new Date().toISOString(), actor: member.id, action: 'member.permissions', details: { memberId: target.id, from: target.permissions, to: permissions } });
        ctx.body = { member: { id: updated.id, email: updated.email, permissions: updated.permissions } };
      },
    }),
    appRoute({
      method: 'GET',
      path: '/app/projects',
      operationId: 'appProjects',
      summary: "The company's saved projects, for sign-off",
      account: 'member',
      async handler(ctx) {
        const { company } = memberOf(ctx);
        const projects = await store.projects.list(company.id, { limit: PROJECTS_SHOWN });
        ctx.body = { projects: projects.map((p) => ({ id: p.id, name: p.name, updatedAt: p.updatedAt, versionCount: p.versionCount, approvedVersionIds: p.approvedVersionIds })) };
      },
    }),
    appRoute({
      method: 'GET',
      path: '/app/projects/{id}/versions',
      operationId: 'appProjectVersions',
      summary: "A project's saved versions and which are approved",
      account: 'member',
      async handler(ctx) {
        const { company } = memberOf(ctx);
        checkProjectId(ctx.params.id!);
        const versions = await store.projects.listVersions(company.id, ctx.params.id!);
        if (!versions) throw errors.notFound(`project ${ctx.params.id} not found`);
        const emails = await emailsOf(company.id);
        ctx.body = { versions: versions.map((v) => ({ id: v.id, label: v.label, createdAt: v.createdAt, createdBy: emails.get(v.createdBy) ?? v.createdBy, approvedAt: v.approvedAt, approvedBy: v.approvedBy ? (emails.get(v.approvedBy) ?? v.approvedBy) : null })) };
      },
    }),
    appRoute({
      method: 'POST',
      path: '/app/projects/{id}/versions/{versionId}/approve',
      operationId: 'appApproveVersion',
      summary: 'Approve a version for reporting (signOff; audited)',
      account: 'member',
      async handler(ctx) {
        const { member, company } = memberOf(ctx);
        checkProjectId(ctx.params.id!);
        if (!member.permissions.includes('signOff')) throw errors.forbidden('Approving a version needs the signOff permission');
        ctx.body = { version: await approveVersion(store, { companyId: company.id, projectId: ctx.params.id!, versionId: ctx.params.versionId!, memberId: member.id }) };
      },
    }),
  ];
}
