/**
 * First start on an empty store: a demo company (API access, every module licensed), a verified
 * member with every permission and one key, so `npm start` is usable at once. Runs once per
 * store: a marker is set atomically before anything is created, so a restart never repeats it.
 */
import { createCompany, createMember } from './companies.js';
import { createKey } from './keys.js';
import { KEY_SCOPES, LICENSABLE_MODULES, PERMISSIONS } from '../../store/model.js';
import type { Store } from '../../store/ports.js';

export interface DemoAccount {
  companyId: string;
  memberId: string;
  email: string;
  keyValue: string;
  keyPrefix: string;
}

export const DEMO_MARKER = 'demo.seeded';

/** Creates the demo account when the store has no company yet; returns it (with the key value) or null. */
export async function seedDemoAccount(store: Store): Promise<DemoAccount | null> {
  if ((await store.companies.count()) > 0) return null;
  if (!(await store.meta.setIfAbsent(DEMO_MARKER, new Date().toISOString()))) return null;
  const licences = Object.fromEntries(LICENSABLE_MODULES.map((m) => [m, 5]));
  const company = await createCompany(store, { name: 'Demo Energy', apiAccess: true, maxProjects: 100, licences });
  const member = await createMember(store, { companyId: company.id, email: 'demo@example.com', emailVerified: true, permissions: [...PERMISSIONS] });
  const created = await createKey(store, { memberId: member.id, name: 'demo key', scopes: [...KEY_SCOPES], expiry: 'never' });
  return { companyId: company.id, memberId: member.id, email: member.email, keyValue: created.value, keyPrefix: created.key.prefix };
}
