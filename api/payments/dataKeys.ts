/**
 * The payments data keys: what seals bank account numbers at rest (./sealed.ts).
 *
 * From PAYMENTS_DATA_KEY (32 random bytes, base64), with PAYMENTS_DATA_KEYS_PREVIOUS (the keys it
 * replaced, comma-separated) still opening what they sealed. Without it, the embedded deployment
 * (LMDB) keeps a key of its own in DATA_DIR/payments-data.key (owner-only, made on first start,
 * shared by every process on that data directory); with MONGODB_URL the key must come from the
 * environment (api/config.ts refuses to start without it): nodes on other machines need the same
 * key, and a database backup should not carry it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes of a key (AES-256). */
export const DATA_KEY_BYTES = 32;
/** The key file of the embedded deployment, in DATA_DIR. */
export const DATA_KEY_FILE = 'payments-data.key';

/** One key: never printed, logged or serialised (toJSON and inspect show only its id). */
export class DataKey {
  /** The first 12 hex digits of its SHA-256: names the key in what it sealed, without revealing it. */
  readonly id: string;
  readonly #bytes: Buffer;

  constructor(bytes: Buffer) {
    if (bytes.length !== DATA_KEY_BYTES) throw new Error(`a payments data key is ${DATA_KEY_BYTES} bytes (got ${bytes.length})`);
    this.#bytes = Buffer.from(bytes);
    this.id = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  }

  get bytes(): Buffer {
    return this.#bytes;
  }

  toJSON(): string {
    return `[payments data key ${this.id}]`;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toJSON();
  }
}

/** The key that seals, and every key that may open (the current one and the previous ones) by id. */
export interface DataKeys {
  current: DataKey;
  byId: ReadonlyMap<string, DataKey>;
}

export function dataKeys(current: DataKey, previous: readonly DataKey[] = []): DataKeys {
  return { current, byId: new Map([...previous, current].map((k) => [k.id, k])) };
}

/** The keys a process uses: PAYMENTS_DATA_KEY (and the previous ones) when set, else the data directory's key file. */
export function configuredDataKeys(config: { dataDir: string; paymentsDataKey: DataKey | null; paymentsDataKeysPrevious: readonly DataKey[] }): DataKeys {
  return dataKeys(config.paymentsDataKey ?? keyFileKey(config.dataDir), config.paymentsDataKeysPrevious);
}

/** A key written as base64 (or base64url) of 32 bytes, or why the text is not one. */
export function parseDataKey(text: string): DataKey | string {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return 'is not base64';
  const bytes = Buffer.from(trimmed, 'base64');
  if (bytes.length !== DATA_KEY_BYTES) return `is ${bytes.length} bytes, not ${DATA_KEY_BYTES} (make one with: openssl rand -base64 32)`;
  return new DataKey(bytes);
}

/**
 * The embedded deployment's key, from DATA_DIR/payments-data.key, made there (mode 0600) when
 * absent. Made by writing a file of its own and linking it into place, so processes starting
 * together agree on one key and none reads a half-written file.
 */
export function keyFileKey(dataDir: string): DataKey {
  const path = join(dataDir, DATA_KEY_FILE);
  try {
    return fromFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(DATA_KEY_BYTES).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process made it first: use theirs
  } finally {
    unlinkSync(draft);
  }
  return fromFile(path);
}

function fromFile(path: string): DataKey {
  const key = parseDataKey(readFileSync(path, 'utf8'));
  if (typeof key === 'string') throw new Error(`${path} ${key}`);
  return key;
}
