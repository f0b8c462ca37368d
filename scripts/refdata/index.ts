/**
 * The refdata check as a library: runs every vector of every *.json file in a directory against
 * the engine catalogue. The CLI (scripts/refdata.ts) and the tests both call `runRefdata`.
 */
import { resolve } from 'node:path';
import { findDefinition } from '../../engine/catalogue.js';
import { loadRefdataDir } from './load.js';
import { summarize } from './report.js';
import { runVector, type FindDefinition } from './runVector.js';
import type { RefdataReport } from './types.js';

export { formatReport, summarize } from './report.js';
export { runVector } from './runVector.js';
export { loadRefdataDir } from './load.js';
export { KNOWN_DISCREPANCIES, MAPPINGS, SOURCE_RULES } from './mapping.js';
export type * from './types.js';

/** The reference vectors the project keeps in its own tree: <repo>/test/refdata. */
export function defaultRefdataDir(repoRoot: string): string {
  return resolve(repoRoot, 'test', 'refdata');
}

/** Runs every vector in `dir`. Throws when the directory or one of its files cannot be read. */
export function runRefdata(dir: string, find: FindDefinition = findDefinition): RefdataReport {
  const files = loadRefdataDir(dir);
  const outcomes = files.flatMap((f) => f.vectors.map((v) => runVector(f.file, v, find)));
  return { dir, files: files.map((f) => f.file), ...summarize(outcomes), outcomes };
}
