/** Reads every *.json reference file of a directory (sorted by name). Throws if the directory or a file cannot be read. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RefFile, RefVector } from './types.js';

export function loadRefdataDir(dir: string): RefFile[] {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort();
  return names.map((file) => ({ file, vectors: vectorsOf(file, JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown) }));
}

function vectorsOf(file: string, doc: unknown): RefVector[] {
  const vectors = (doc as { vectors?: unknown } | null)?.vectors;
  if (!Array.isArray(vectors)) throw new Error(`${file}: no "vectors" array`);
  for (const [i, v] of vectors.entries()) {
    const ok = v && typeof v === 'object' && typeof v.id === 'string' && typeof v.function === 'string' && v.inputs && v.expected;
    if (!ok) throw new Error(`${file}: vector ${i} lacks id, function, inputs or expected`);
  }
  return vectors as RefVector[];
}
