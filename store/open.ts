/**
 * Opens the configured store: MongoDB when a URL is given (distributed deployment), otherwise
 * LMDB under the data directory (embedded default). Callers only ever see the Store ports.
 */
import { openLmdbStore } from './lmdb/index.js';
import { openMongoStore } from './mongo/index.js';
import type { Store } from './ports.js';

export async function openStore(options: { dataDir: string; mongodbUrl: string | null }): Promise<Store> {
  if (options.mongodbUrl) return openMongoStore({ url: options.mongodbUrl });
  return openLmdbStore({ path: options.dataDir });
}
