import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root: compiled tests live in <root>/dist/test/... */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const REFDATA_DIR = resolve(REPO_ROOT, '../shared/refdata');
