/**
 * Approving a version for reporting (sign-off). Never through an API key: members approve in the
 * app (POST /app/projects/{id}/versions/{versionId}/approve, a signed-in session), operators with
 * the admin CLI (`project approve`) on behalf of a member who holds the signOff permission.
 */
import { AccountError } from '../accounts/accountError.js';
import { newId } from '../accounts/ids.js';
import type { ProjectVersionSummary } from '../../store/model.js';
import type { Store } from '../../store/ports.js';

export async function approveVersion(store: Store, req: { companyId: string; projectId: string; versionId: string; memberId: string }, now = new Date()): Promise<ProjectVersionSummary> {
  const member = await store.members.get(req.memberId);
  if (!member || member.companyId !== req.companyId) throw new AccountError('not_found', `member ${req.memberId} not found in company ${req.companyId}`);
  if (!member.permissions.includes('signOff')) throw new AccountError('forbidden', 'approving a version needs the signOff permission');
  if (member.disabled) throw new AccountError('forbidden', 'the member is disabled');
  const version = await store.projects.approveVersion(req.companyId, req.projectId, req.versionId, { by: member.id, at: now.toISOString() });
  if (!version) throw new AccountError('not_found', `no version ${req.versionId} of project ${req.projectId}`);
  await store.audit.append({
    id: newId('aud'),
    companyId: req.companyId,
    at: now.toISOString(),
    actor: member.id,
    action: 'version.approved',
    details: { projectId: req.projectId, versionId: req.versionId, label: version.label },
  });
  const { data: _d, ...summary } = version as typeof version & { data?: unknown };
  return summary;
}
