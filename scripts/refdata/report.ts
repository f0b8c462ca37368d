/** Per-function counts of a refdata run and the plain-text table the CLI prints. */
import type { FunctionSummary, VectorOutcome } from './types.js';

const empty = (): FunctionSummary => ({ vectors: 0, checked: 0, passed: 0, failed: 0, skipped: 0, skipReasons: {} });

export function summarize(outcomes: VectorOutcome[]): { functions: Record<string, FunctionSummary>; totals: FunctionSummary } {
  const functions: Record<string, FunctionSummary> = {};
  const totals = empty();
  for (const o of outcomes) {
    const f = (functions[o.function] ??= empty());
    for (const s of [f, totals]) {
      s.vectors++;
      s[o.status]++;
      if (o.status !== 'skipped') s.checked++;
      else {
        const reason = skipCategory(o.reason ?? '');
        s.skipReasons[reason] = (s.skipReasons[reason] ?? 0) + 1;
      }
    }
  }
  return { functions, totals };
}

/** Known discrepancies are counted under one heading; their full reason is in the outcome. */
function skipCategory(reason: string): string {
  return reason.startsWith('known discrepancy') ? 'known discrepancy' : reason;
}

export function formatReport(dir: string, functions: Record<string, FunctionSummary>, totals: FunctionSummary, outcomes: VectorOutcome[]): string {
  const rows = [...Object.entries(functions).sort(([a], [b]) => a.localeCompare(b)), ['TOTAL', totals] as const];
  const width = Math.max(8, ...rows.map(([n]) => n.length));
  const lines = [`refdata: ${dir}`, '', `${'function'.padEnd(width)}  vectors  checked  passed  failed  skipped  skip reasons`];
  for (const [name, s] of rows) {
    const reasons = Object.entries(s.skipReasons)
      .map(([r, n]) => `${r} (${n})`)
      .join('; ');
    lines.push(`${name.padEnd(width)}  ${num(s.vectors)}  ${num(s.checked)}  ${num(s.passed, 6)}  ${num(s.failed, 6)}  ${num(s.skipped)}  ${reasons}`);
  }
  const failures = outcomes.filter((o) => o.status === 'failed');
  if (failures.length) {
    lines.push('', `FAILURES (${failures.length}):`);
    for (const o of failures) lines.push(`  ${o.file} ${o.id} [${o.function}]: ${o.reason}`);
  }
  const known = outcomes.filter((o) => o.reason?.startsWith('known discrepancy'));
  if (known.length) {
    lines.push('', `KNOWN DISCREPANCIES (${known.length}, not counted as failures):`);
    for (const o of known) lines.push(`  ${o.file} ${o.id} [${o.function}]: ${o.mismatches?.[0]?.message ?? ''} -- ${o.reason}`);
  }
  lines.push('', `reference vectors: ${totals.passed} of ${totals.vectors} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return lines.join('\n');
}

const num = (n: number, w = 7) => String(n).padStart(w);
