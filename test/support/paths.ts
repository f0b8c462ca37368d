import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root: compiled tests live in <root>/dist/test/... */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The project's own copy of the reference vectors (a clone needs nothing beside it). */
export const REFDATA_DIR = resolve(REPO_ROOT, 'test/refdata');
