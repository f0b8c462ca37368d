import { randomBytes } from 'node:crypto';

/** Opaque record ids: a short kind tag and 16 random bytes (e.g. `cmp_...`, `mem_...`, `key_...`). */
export function newId(kind: 'cmp' | 'mem' | 'key' | 'aud'): string {
  return `${kind}_${randomBytes(12).toString('base64url')}`;
}
