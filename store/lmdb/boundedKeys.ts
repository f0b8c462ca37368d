/**
 * LMDB keys are at most ~2 KB (its maxKeySize), and lmdb-js throws on a longer one, reads
 * included. An id a caller sends (a path segment of a few KB) would then answer 500 wherever it
 * is looked up. A key too long to be stored cannot be there: reads of one answer "absent"
 * (get: undefined, doesExist: false); writes still throw, as inputs are checked before any write.
 */
import type { Database } from 'lmdb';

/** lmdb-js's error for a key past maxKeySize (ordered-binary's key writer). */
function keyTooLong(err: unknown): boolean {
  return err instanceof Error && /does not fit in target buffer|key size|Key is too large/i.test(err.message);
}

export function absentWhenKeyTooLong<D extends Database<any, any>>(db: D): D {
  const get = db.get.bind(db);
  const doesExist = db.doesExist.bind(db);
  db.get = ((key: unknown, ...rest: unknown[]) => {
    try {
      return (get as (...a: unknown[]) => unknown)(key, ...rest);
    } catch (err) {
      if (keyTooLong(err)) return undefined;
      throw err;
    }
  }) as D['get'];
  db.doesExist = ((key: unknown, ...rest: unknown[]) => {
    try {
      return (doesExist as (...a: unknown[]) => boolean)(key, ...rest);
    } catch (err) {
      if (keyTooLong(err)) return false;
      throw err;
    }
  }) as D['doesExist'];
  return db;
}
