/** The shared reference vectors of one function, run as an API call would run them (scripts/refdata library). */
import { findDefinition } from '../../../../engine/catalogue.js';
import { loadRefdataDir, runVector, type RefVector, type VectorOutcome } from '../../../../scripts/refdata/index.js';
import { REFDATA_DIR } from '../../../support/paths.js';

let cache: ReturnType<typeof loadRefdataDir> | undefined;

export function refdataRows(fn: string, file?: string): { v: RefVector; run: () => VectorOutcome }[] {
  cache ??= loadRefdataDir(REFDATA_DIR);
  return cache
    .filter((f) => file === undefined || f.file === file)
    .flatMap((f) => f.vectors.filter((v) => v.function === fn).map((v) => ({ v, run: () => runVector(f.file, v, findDefinition) })));
}
