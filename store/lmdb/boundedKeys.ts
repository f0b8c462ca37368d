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

/** `read`, answering `absent` where its key is too long to have been stored. */
function orAbsent<R>(read: (...args: unknown[]) => R, absent: R): (...args: unknown[]) => R {
  return (...args) => {
    try {
      return read(...args);
    } catch (err) {
      if (keyTooLong(err)) return absent;
      throw err;
    }
  };
}

export function absentWhenKeyTooLong<D extends Database<any, any>>(db: D): D {
  db.get = orAbsent(db.get.bind(db) as (...args: unknown[]) => unknown, undefined) as D['get'];
  db.doesExist = orAbsent(db.doesExist.bind(db) as (...args: unknown[]) => boolean, false) as D['doesExist'];
  return db;
}
