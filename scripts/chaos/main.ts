/**
 * `npm run chaos`: load plus scheduled faults against a local distributed cluster (a private
 * redis-server, two `web` nodes and two `worker` processes, all on 127.0.0.1), bounded in time
 * and in calls. For each scenario it prints the statuses, latencies, hung calls (no answer
 * within HUNG_MS), wrong results (a 200 whose result differs from the engine's own, or a status
 * outside the table) and whether every 429 and every answer came within the README's bounds.
 *
 *   npm run chaos -- [--json PATH] [--only name,name]
 *
 * Not a test (it takes about four minutes, and stops itself at fifteen); the README quotes its
 * latest run. Exit code 0 when every scenario kept its bounds, 1 otherwise.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createCompany, createMember } from '../../api/accounts/companies.js';
import { createKey } from '../../api/accounts/keys.js';
import { openLmdbStore } from '../../store/lmdb/index.js';
import { PERMISSIONS } from '../../store/model.js';
import { installCleanupHooks, releaseAll, trackDir } from '../bench/cleanup.js';
import { Cluster } from './cluster.js';
import { buildBodies, runClients, type ClientPlan, type Sample } from './load.js';

const START_BUDGET_MS = 5_000;
const TIME_LIMIT_MS = 800;
const HUNG_MS = 60_000;
/** README bounds: a refusal (429) comes at admission or at the start budget... */
const BOUND_429_MS = START_BUDGET_MS + 1_500;
/** ...and every call is answered within start budget + time limit + worker TTL + check (+1.5 s slack). */
const BOUND_ANY_MS = START_BUDGET_MS + TIME_LIMIT_MS + 5_000 + 500 + 1_500;

interface Fault {
  at: number;
  what: string;
  run(c: Cluster): Promise<void> | void;
}
interface Scenario {
  name: string;
  seconds: number;
  load: ClientPlan[];
  faults: Fault[];
}

const mixed: ClientPlan[] = [
  { kind: 'light', clients: 3 },
  { kind: 'econ', clients: 3 },
  { kind: 'heavy', clients: 2 },
];

const SCENARIOS: Scenario[] = [
  { name: 'baseline', seconds: 10, load: [{ kind: 'light', clients: 4 }, { kind: 'econ', clients: 2 }], faults: [] },
  { name: 'time limits', seconds: 10, load: [{ kind: 'heavy', clients: 2 }, { kind: 'light', clients: 4 }], faults: [] },
  { name: 'saturation', seconds: 10, load: [{ kind: 'light', clients: 40 }, { kind: 'heavy', clients: 4 }], faults: [] },
  { name: 'large bodies (450 KB)', seconds: 12, load: [{ kind: 'large', clients: 4 }, { kind: 'light', clients: 2 }], faults: [] },
  {
    name: 'worker kill -9',
    seconds: 14,
    load: mixed,
    faults: [
      { at: 3, what: 'kill -9 worker 0', run: (c) => c.stopWorker(0, 'SIGKILL') },
      { at: 9, what: 'start worker 0', run: (c) => c.startWorker(0) },
    ],
  },
  {
    name: 'all workers kill -9',
    seconds: 16,
    load: mixed,
    faults: [
      { at: 3, what: 'kill -9 both workers', run: (c) => Promise.all([c.stopWorker(0, 'SIGKILL'), c.stopWorker(1, 'SIGKILL')]).then(() => undefined) },
      { at: 10, what: 'start both workers', run: (c) => Promise.all([c.startWorker(0), c.startWorker(1)]).then(() => undefined) },
    ],
  },
  {
    name: 'worker frozen 8 s (SIGSTOP)',
    seconds: 16,
    load: mixed,
    faults: [
      { at: 3, what: 'SIGSTOP worker 0', run: (c) => void c.workers[0]?.child.kill('SIGSTOP') },
      { at: 11, what: 'SIGCONT worker 0', run: (c) => void c.workers[0]?.child.kill('SIGCONT') },
    ],
  },
  {
    name: 'web node kill -9',
    seconds: 12,
    load: [{ kind: 'light', clients: 4 }, { kind: 'econ', clients: 2 }],
    faults: [
      { at: 3, what: 'kill -9 web 0', run: (c) => c.stopWeb(0, 'SIGKILL') },
      { at: 7, what: 'start web 0', run: (c) => c.startWeb(0) },
    ],
  },
  {
    name: 'redis restart',
    seconds: 14,
    load: mixed,
    faults: [
      { at: 3, what: 'kill -9 redis', run: (c) => c.killRedis() },
      { at: 6, what: 'start redis (empty)', run: (c) => c.startRedis() },
    ],
  },
  {
    name: 'redis frozen 4 s (SIGSTOP)',
    seconds: 14,
    load: mixed,
    faults: [
      { at: 3, what: 'SIGSTOP redis', run: (c) => c.pauseRedis() },
      { at: 7, what: 'SIGCONT redis', run: (c) => c.resumeRedis() },
    ],
  },
  {
    name: 'graceful stops (SIGTERM)',
    seconds: 16,
    load: mixed,
    faults: [
      { at: 3, what: 'SIGTERM worker 1', run: (c) => c.stopWorker(1, 'SIGTERM') },
      { at: 5, what: 'SIGTERM web 1', run: (c) => c.stopWeb(1, 'SIGTERM') },
      { at: 10, what: 'start worker 1 and web 1', run: (c) => Promise.all([c.startWorker(1), c.startWeb(1)]).then(() => undefined) },
    ],
  },
];

interface Row {
  scenario: string;
  faults: string;
  calls: number;
  byStatus: Record<string, number>;
  hung: number;
  wrong: number;
  p50: number;
  p99: number;
  max: number;
  max429: number | null;
  max503: number | null;
  memory: { beforeMB: number | null; peakMB: number | null; afterMB: number | null };
  bounds: string;
  examples: Record<string, string>;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const jsonPath = resolve(args.includes('--json') ? args[args.indexOf('--json') + 1]! : 'bench-results/chaos-latest.json');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1]!.split(',') : null;
  installCleanupHooks();
  // Bounded whatever happens: the scenarios take about four minutes; stop everything at fifteen.
  setTimeout(() => {
    process.stderr.write('chaos run: over 15 minutes, stopping\n');
    void releaseAll().then(() => process.exit(2));
  }, 15 * 60_000).unref();
  const dataDir = mkdtempSync(join(tmpdir(), 'engcalc-chaos-'));
  trackDir(dataDir);

  process.stderr.write('computing expected results...\n');
  const bodies = buildBodies();
  const key = await makeKey(dataDir);
  const cluster = new Cluster({
    dataDir,
    env: {
      LOG_LEVEL: 'info',
      ENGINE_THREADS: '1',
      ENGINE_TIMEOUT_MS: String(TIME_LIMIT_MS),
      ENGINE_START_TIMEOUT_MS: String(START_BUDGET_MS),
      KEY_REQUESTS_PER_MINUTE: '1000000', // a load test, not a test of the per-key limit
      SHUTDOWN_GRACE_MS: '10000',
    },
  });
  process.stderr.write('starting redis-server, 2 workers, 2 web nodes...\n');
  await cluster.start();
  await cluster.heal();

  const rows: Row[] = [];
  const runStarted = Date.now();
  for (const s of SCENARIOS) {
    if (only && !only.some((o) => s.name.startsWith(o))) continue;
    process.stderr.write(`scenario: ${s.name} (${s.seconds} s)\n`);
    rows.push(await runScenario(s, cluster, bodies, key));
    await cluster.heal();
  }
  await cluster.close();

  const out = [header(), '', table(rows), '', notes(rows)].join('\n');
  process.stdout.write(out + '\n');
  mkdirSync(dirname(jsonPath), { recursive: true });
  writeFileSync(jsonPath, JSON.stringify({ date: new Date().toISOString(), settings: settings(), rows, elapsedS: Math.round((Date.now() - runStarted) / 1000) }, null, 2) + '\n');
  process.stderr.write(`written ${jsonPath}\n`);
  return rows.every((r) => r.bounds === 'ok') ? 0 : 1;
}

async function runScenario(s: Scenario, cluster: Cluster, bodies: ReturnType<typeof buildBodies>, key: string): Promise<Row> {
  const before = await cluster.redisMemory();
  let peak = before ?? 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const m = await cluster.redisMemory();
      if (m !== null) peak = Math.max(peak, m);
      await delay(250);
    }
  })();
  const started = Date.now();
  const stopAt = started + s.seconds * 1_000;
  const faults = s.faults.map(async (f) => {
    await delay(f.at * 1_000);
    process.stderr.write(`  t=${f.at}s ${f.what}\n`);
    await f.run(cluster);
  });
  const samples = await runClients(s.load, bodies, () => cluster.urls, key, stopAt, HUNG_MS);
  await Promise.all(faults);
  sampling = false;
  await sampler;
  await delay(1_000); // idle: what Redis keeps once every caller has its answer
  const after = await cluster.redisMemory();
  return summarise(s, samples, { before, peak: peak || null, after });
}

function summarise(s: Scenario, samples: Sample[], mem: { before: number | null; peak: number | null; after: number | null }): Row {
  const byStatus: Record<string, number> = {};
  const examples: Record<string, string> = {};
  for (const x of samples) {
    byStatus[String(x.status)] = (byStatus[String(x.status)] ?? 0) + 1;
    if (x.message && !examples[String(x.status)]) examples[String(x.status)] = x.message;
  }
  const answered = samples.filter((x) => typeof x.status === 'number').map((x) => x.ms).sort((a, b) => a - b);
  const pct = (p: number) => (answered.length ? answered[Math.min(answered.length - 1, Math.ceil((p / 100) * answered.length) - 1)]! : 0);
  const maxOf = (st: number) => {
    const v = samples.filter((x) => x.status === st).map((x) => x.ms);
    return v.length ? Math.max(...v) : null;
  };
  const hung = samples.filter((x) => x.status === 'hung').length;
  const wrong = samples.filter((x) => x.wrong).length;
  const max429 = maxOf(429);
  const problems: string[] = [];
  if (hung) problems.push(`${hung} hung`);
  if (wrong) problems.push(`${wrong} wrong`);
  if (max429 !== null && max429 > BOUND_429_MS) problems.push(`429 after ${Math.round(max429)} ms`);
  if (answered.length && answered.at(-1)! > BOUND_ANY_MS) problems.push(`answer after ${Math.round(answered.at(-1)!)} ms`);
  const mb = (b: number | null) => (b === null ? null : Math.round((b / 1048576) * 10) / 10);
  return {
    scenario: s.name,
    faults: s.faults.map((f) => `t=${f.at}s ${f.what}`).join('; '),
    calls: samples.length,
    byStatus,
    hung,
    wrong,
    p50: pct(50),
    p99: pct(99),
    max: answered.at(-1) ?? 0,
    max429,
    max503: maxOf(503),
    memory: { beforeMB: mb(mem.before), peakMB: mb(mem.peak), afterMB: mb(mem.after) },
    bounds: problems.length ? `FAIL: ${problems.join(', ')}` : 'ok',
    examples,
  };
}

function settings() {
  return {
    cluster: '1 redis-server 7 (no persistence), 2 web, 2 worker x ENGINE_THREADS 1, one LMDB dir, all on 127.0.0.1',
    ENGINE_TIMEOUT_MS: TIME_LIMIT_MS,
    ENGINE_START_TIMEOUT_MS: START_BUDGET_MS,
    ENGINE_MAX_QUEUE: 'unset (16 x live worker threads = 32)',
    hungAfterMs: HUNG_MS,
    bound429Ms: BOUND_429_MS,
    boundAnyMs: BOUND_ANY_MS,
  };
}

function header(): string {
  return [
    `engcalc chaos run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} x ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    `cluster: redis-server + 2 web + 2 worker (1 thread each) on 127.0.0.1; ENGINE_TIMEOUT_MS ${TIME_LIMIT_MS}, ENGINE_START_TIMEOUT_MS ${START_BUDGET_MS}, backlog 16 x live threads`,
    `bounds: every 429 within ${BOUND_429_MS} ms, every answer within ${BOUND_ANY_MS} ms; hung = no answer within ${HUNG_MS} ms; conn = connection refused/reset by a node that was down`,
  ].join('\n');
}

function table(rows: Row[]): string {
  const head = ['scenario', 'calls', '200', '422', '429', '503', 'conn', 'hung', 'wrong', 'p50 ms', 'p99 ms', 'max ms', 'max 429 ms', 'max 503 ms', 'Redis MB before/peak/after', 'bounds'];
  const n = (v: number | null) => (v === null ? '-' : String(Math.round(v)));
  const body = rows.map((r) => [
    r.scenario,
    String(r.calls),
    String(r.byStatus['200'] ?? 0),
    String(r.byStatus['422'] ?? 0),
    String(r.byStatus['429'] ?? 0),
    String(r.byStatus['503'] ?? 0),
    String(r.byStatus.conn ?? 0),
    String(r.hung),
    String(r.wrong),
    n(r.p50),
    n(r.p99),
    n(r.max),
    n(r.max429),
    n(r.max503),
    `${r.memory.beforeMB ?? '-'}/${r.memory.peakMB ?? '-'}/${r.memory.afterMB ?? '-'}`,
    r.bounds,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
  return [line(head), '|' + widths.map((w, i) => (i === 0 || i === widths.length - 1 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|', ...body.map(line)].join('\n');
}

function notes(rows: Row[]): string {
  const lines = ['Faults:'];
  for (const r of rows) if (r.faults) lines.push(`  ${r.scenario}: ${r.faults}`);
  lines.push('Messages seen (first of each status):');
  for (const r of rows) for (const [st, m] of Object.entries(r.examples)) lines.push(`  ${r.scenario} ${st}: ${m.slice(0, 150)}`);
  const other = rows.flatMap((r) => Object.keys(r.byStatus).filter((k) => !['200', '422', '429', '503', 'conn', 'hung'].includes(k)).map((k) => `${r.scenario}: ${k} x${r.byStatus[k]}`));
  if (other.length) lines.push(`Other statuses: ${other.join('; ')}`);
  return lines.join('\n');
}

/** A company with every module and a verified member's key, written straight into the shared LMDB. */
async function makeKey(dataDir: string): Promise<string> {
  const store = openLmdbStore({ path: dataDir });
  try {
    const company = await createCompany(store, { name: 'Chaos Co', apiAccess: true, licences: { integrations: 5, econ: 5, gas: 5, eos: 5, well: 5, decline: 5, units: 5 } });
    const member = await createMember(store, { companyId: company.id, email: 'chaos@example.com', emailVerified: true, permissions: [...PERMISSIONS] });
    return (await createKey(store, { memberId: member.id, name: 'chaos', scopes: ['engine:run'] })).value;
  } finally {
    await store.close();
  }
}

main()
  .then(
    async (code) => {
      await releaseAll();
      process.exit(code);
    },
    async (err: unknown) => {
      process.stderr.write(`chaos run failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      await releaseAll();
      process.exit(2);
    },
  );
