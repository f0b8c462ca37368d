/**
 * The text a model reads of a tool result: not the structured JSON a second time, but a compact
 * rendering of it — scalars one per line with their units, parallel lists and lists of rows as
 * tables, warnings as a list — cut to a character budget with a line saying what was left out.
 * Clients that read only `content` (most chat clients) get every number they need; clients that
 * read `structuredContent` get the JSON. Numbers keep 7 significant digits here; the structured
 * result has them all.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Fields of a result that are about the result, rendered apart (or not at all). */
const META = new Set(['units', 'outputUnits', 'warnings', 'truncated', 'truncation']);

export function renderResult(title: string, result: Record<string, unknown>, budgetChars: number): string {
  const units = (result.outputUnits ?? {}) as Record<string, string>;
  const lines: string[] = [`${title}${typeof result.units === 'string' ? ` (${result.units} units)` : ''}`];
  const tables: Table[] = [];
  walk(result as Json, '', units, lines, tables, true);
  const warnings = Array.isArray(result.warnings) ? (result.warnings as unknown[]).map(String) : [];
  if (warnings.length) lines.push('warnings:', ...warnings.map((w) => `- ${w}`));
  return fit(lines, tables, budgetChars);
}

/** Rows are formatted as they are written: a 10,000-point result fills the budget in a few hundred. */
interface Table {
  title: string;
  header: string[];
  rowCount: number;
  row(i: number): string[];
}

function walk(value: Json, path: string, units: Record<string, string>, lines: string[], tables: Table[], top = false): void {
  if (value === null || typeof value !== 'object') {
    lines.push(`${path} = ${format(value)}${unitOf(units, path)}`);
    return;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) {
      lines.push(`${path} = [${value.map(format).join(', ')}]${unitOf(units, path)}`);
    } else if (value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))) {
      tables.push(rowsTable(path, value as Record<string, Json>[], units));
    } else {
      lines.push(`${path} = ${JSON.stringify(value)}`);
    }
    return;
  }
  const entries = Object.entries(value).filter(([k]) => !(top && META.has(k)));
  // Lists of numbers of one length side by side: one table (z, Bg, density per pressure).
  const lists = entries.filter(([, v]) => Array.isArray(v) && v.length > 1 && v.every((x) => typeof x === 'number' || x === null));
  const byLength = new Map<number, [string, Json[]][]>();
  for (const [k, v] of lists) {
    const group = byLength.get((v as Json[]).length) ?? [];
    group.push([k, v as Json[]]);
    byLength.set((v as Json[]).length, group);
  }
  const tabled = new Set<string>();
  for (const [length, group] of byLength) {
    if (group.length < 2) continue;
    for (const [k] of group) tabled.add(k);
    tables.push({
      title: path || 'per point',
      header: ['#', ...group.map(([k]) => `${k}${unitOf(units, join(path, k))}`)],
      rowCount: length,
      row: (i) => [String(i + 1), ...group.map(([, list]) => format(list[i]!))],
    });
  }
  for (const [k, v] of entries) if (!tabled.has(k)) walk(v as Json, join(path, k), units, lines, tables);
}

function rowsTable(path: string, rows: Record<string, Json>[], units: Record<string, string>): Table {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return {
    title: path,
    header: keys.map((k) => `${k}${unitOf(units, `${path}[].${k}`) || unitOf(units, `${path}.${k}`)}`),
    rowCount: rows.length,
    row: (i) => keys.map((k) => {
      const v = rows[i]![k];
      return v === undefined ? '' : typeof v === 'object' && v !== null ? JSON.stringify(v) : format(v);
    }),
  };
}

/** All of the scalar lines, then tables row by row while they fit; then what was left out. */
function fit(lines: string[], tables: Table[], budget: number): string {
  const out: string[] = [];
  let used = 0;
  let cut = 0;
  const push = (line: string): boolean => {
    if (used + line.length + 1 > budget) return false;
    out.push(line);
    used += line.length + 1;
    return true;
  };
  for (const line of lines) if (!push(line.length > 2_000 ? `${line.slice(0, 2_000)}…` : line)) cut++;
  for (const t of tables) {
    if (!push('') || !push(`${t.title}:`) || !push(`| ${t.header.join(' | ')} |`) || !push(`|${t.header.map(() => '---').join('|')}|`)) {
      cut += t.rowCount;
      continue;
    }
    let shown = 0;
    while (shown < t.rowCount && push(`| ${t.row(shown).join(' | ')} |`)) shown++;
    cut += t.rowCount - shown;
  }
  if (cut) out.push(`(${cut} more lines or rows not shown here; structuredContent and the REST call have the whole result)`);
  return out.join('\n');
}

function unitOf(units: Record<string, string>, path: string): string {
  const u = units[path] ?? units[path.replace(/\[\d+\]/g, '[]')];
  return u && u !== '-' ? ` [${u}]` : '';
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function format(v: Json): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(7)));
  if (typeof v === 'string') return v.length > 200 ? `${v.slice(0, 200)}… (${v.length} characters)` : v;
  return JSON.stringify(v);
}
