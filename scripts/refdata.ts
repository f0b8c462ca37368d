/**
 * Checks the engine catalogue against the reference vectors.
 *
 *   node dist/scripts/refdata.js [--dir DIR] [--json]
 *
 * DIR defaults to test/refdata in the repository (the project's own copy of the vectors). Prints a
 * per-function table (or, with --json, the whole report) and exits 1 when any vector fails,
 * 2 when the directory or a file cannot be read or the arguments are wrong.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRefdataDir, formatReport, runRefdata } from './refdata/index.js';

const USAGE = 'usage: node dist/scripts/refdata.js [--dir DIR] [--json]';

function parseArgs(argv: string[]): { dir?: string; json: boolean } | string {
  const out: { dir?: string; json: boolean } = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') out.json = true;
    else if (a === '--dir' && argv[i + 1] !== undefined) out.dir = argv[++i];
    else if (a?.startsWith('--dir=')) out.dir = a.slice('--dir='.length);
    else return `unknown argument '${a}'\n${USAGE}`;
  }
  return out;
}

function main(): number {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n`);
    return 2;
  }
  // dist/scripts/refdata.js -> repository root is two folders up.
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dir = args.dir ? resolve(args.dir) : defaultRefdataDir(repoRoot);
  let report;
  try {
    report = runRefdata(dir);
  } catch (err) {
    process.stderr.write(`refdata: cannot read ${dir}: ${(err as Error).message}\n`);
    return 2;
  }
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report.dir, report.functions, report.totals, report.outcomes)}\n`);
  return report.totals.failed > 0 ? 1 : 0;
}

process.exitCode = main();
