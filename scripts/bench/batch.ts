/**
 * The batch rows of the bench (`--only batch`): batches POSTed to /v1/engine/functions/{name}/batch
 * over HTTP (see batchCases), items per second, against the raw engine rate of the same function
 * on all threads measured in this same invocation (the raw loop's calls/s on one thread x threads):
 * - embedded: one web process with the bench's threads;
 * - distributed: one web + one worker (the bench's threads) + a private redis-server.
 * BATCH_CLIENTS clients post batches back to back; each answer is read whole and its counts
 * checked (every item succeeded). The per-key request limit is raised for these webs: a batch is
 * one request, and what is measured here is the engine path, not the limit.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { KeyPool } from './accounts.js';
import { cleanupMark, releaseTo, trackDir } from './cleanup.js';
import type { BenchOptions } from './options.js';
import { spawnNode, startWeb } from './processes.js';
import { rawLoop } from './raw.js';
import { startRedis } from './redis.js';
import { median } from './stats.js';
import { WORKLOADS, type Workload } from './workloads.js';
import { findDefinition } from '../../engine/catalogue.js';
import { prepareCall } from '../../engine/call.js';

/** Batches in flight at once: enough to keep every thread busy while answers are written. */
const BATCH_CLIENTS = 4;

/**
 * What is batched. The issue's row: 1 000 pvt.gasProperties items (the bench's input, 10 pressures).
 * Beside it, for reading that row, 200 eos.flash items (the catalogue's first example): a
 * calculation hundreds of times dearer than its answer's JSON, where the batch path's own cost
 * (validation, thread hand-off, serialisation, HTTP) is small against the work.
 */
interface BatchCase {
  fn: string;
  items: number;
  /** The body each item sends. */
  input: Record<string, unknown>;
  /** The issue's bars (embedded, distributed), or none for an informational row. */
  targets: { embedded: number; distributed: number } | null;
}

function batchCases(): BatchCase[] {
  const gas = WORKLOADS.find((x) => x.fn === 'pvt.gasProperties')!;
  const flash = findDefinition('eos.flash')!;
  return [
    { fn: gas.fn, items: 1_000, input: JSON.parse(gas.body) as Record<string, unknown>, targets: { embedded: 0.5, distributed: 0.3 } },
    { fn: flash.name, items: 200, input: flash.examples[0]!.input as Record<string, unknown>, targets: null },
  ];
}

/** The raw loop's workload for a case: its item input validated once (defaults applied), as a thread runs it. */
function rawWorkload(c: BatchCase): Workload {
  const def = findDefinition(c.fn)!;
  const prepared = prepareCall(def, c.input);
  if (!prepared.ok) throw new Error(`${c.fn}: the batch input is invalid: ${prepared.message}`);
  return { fn: c.fn, describe: c.fn, body: JSON.stringify(prepared.input), check: () => null };
}

export interface BatchRow {
  scenario: 'batch embedded' | 'batch distributed';
  fn: string;
  items: number;
  itemsPerSec: number;
  /** itemsPerSec / (raw calls/s x threads), and the bar the issue sets (null: informational). */
  ratio: number;
  target: number | null;
  runs: number[];
  p50BatchMs: number;
  /** The raw rate of this function on one thread, and times the threads. */
  rawCallsPerSec: number;
  rawAllThreads: number;
}

export interface BatchBench {
  threads: number;
  rows: BatchRow[];
}

export async function measureBatch(opts: BenchOptions, progress: (line: string) => void): Promise<BatchBench> {
  // --fn keeps the cases of those functions (e.g. to profile one)
  const cases = batchCases().filter((c) => !opts.fns || opts.fns.includes(c.fn));
  if (cases.length === 0) throw new Error(`--fn: no batch case is of ${opts.fns?.join(', ')} (cases: ${batchCases().map((c) => c.fn).join(', ')})`);
  const raw = new Map<string, number>();
  for (const c of cases) {
    const w = rawWorkload(c);
    const rate = median(Array.from({ length: opts.runs }, (_, i) => rawLoop(w, opts.duration, i === 0 ? 1 : 0).callsPerSec));
    raw.set(c.fn, rate);
    progress(`batch: raw ${c.fn} ${rate.toFixed(0)} calls/s on one thread, x ${opts.threads} threads = ${(rate * opts.threads).toFixed(0)}`);
  }

  const rows: BatchRow[] = [];
  for (const scenario of ['batch embedded', 'batch distributed'] as const) {
    const mark = cleanupMark();
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'engcalc-bench-batch-'));
      trackDir(dataDir);
      const env: Record<string, string> = {
        DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'error', ENGINE_THREADS: String(opts.threads), MONGODB_URL: '',
        KEY_REQUESTS_PER_MINUTE: '1000000', WORKER_IN_PROCESS: 'false', REDIS_URL: '',
      };
      if (scenario === 'batch distributed') {
        const redis = await startRedis(dataDir);
        env.REDIS_URL = redis.url;
        const worker = spawnNode('worker', 'workers/main.js', { REDIS_URL: redis.url, LOG_LEVEL: 'info', ENGINE_THREADS: String(opts.threads), MONGODB_URL: '', WORKER_PORT: '0' });
        await worker.waitFor(/"msg":"worker ready"/);
      }
      const { url } = await startWeb(`web (${scenario})`, env);
      const [key] = await new KeyPool(dataDir, scenario).take(1);
      for (const c of cases) rows.push(await measureCase(scenario, c, url, key!, raw.get(c.fn)!, opts, progress));
    } finally {
      await releaseTo(mark);
    }
  }
  return { threads: opts.threads, rows };
}

async function measureCase(scenario: BatchRow['scenario'], c: BatchCase, url: string, key: string, rawCallsPerSec: number, opts: BenchOptions, progress: (line: string) => void): Promise<BatchRow> {
  const rawAllThreads = rawCallsPerSec * opts.threads;
  const body = JSON.stringify({ items: Array.from({ length: c.items }, (_, i) => ({ id: i, input: c.input })) });
  const post = async () => {
    const started = performance.now();
    const res = await fetch(`${url}/v1/engine/functions/${c.fn}/batch`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body });
    const text = await res.text();
    if (res.status !== 200 || !text.includes(`"counts":{"total":${c.items},"succeeded":${c.items},"failed":0}`)) {
      throw new Error(`${scenario} ${c.fn}: batch answered ${res.status}: ${text.slice(0, 300)}`);
    }
    return performance.now() - started;
  };
  await post(); // checked, and the warm-up of the JIT in web and threads
  const warmEnd = performance.now() + 2_000;
  while (performance.now() < warmEnd) await post();
  const runs: number[] = [];
  const times: number[] = [];
  for (let r = 0; r < opts.runs; r++) {
    let batches = 0;
    const started = performance.now();
    const end = started + opts.duration * 1000;
    await Promise.all(
      Array.from({ length: BATCH_CLIENTS }, async () => {
        while (performance.now() < end) {
          times.push(await post());
          batches++;
        }
      }),
    );
    const itemsPerSec = (batches * c.items) / ((performance.now() - started) / 1000);
    runs.push(itemsPerSec);
    progress(`${scenario} ${c.fn} run ${r + 1}/${opts.runs}: ${itemsPerSec.toFixed(0)} items/s (${(itemsPerSec / rawAllThreads).toFixed(2)} of raw x threads)`);
  }
  const itemsPerSec = median(runs);
  const target = c.targets ? (scenario === 'batch embedded' ? c.targets.embedded : c.targets.distributed) : null;
  return { scenario, fn: c.fn, items: c.items, itemsPerSec, ratio: itemsPerSec / rawAllThreads, target, runs, p50BatchMs: median(times), rawCallsPerSec, rawAllThreads };
}

export function renderBatch(b: BatchBench): string {
  const lines = [
    `Batches over HTTP, items/s against the raw rate of the same function on all ${b.threads} threads (raw measured in this run)`,
    '  scenario             function            items   items/s   p50 batch ms   raw x threads   of raw x threads   target',
    ...b.rows.map(
      (r) =>
        `  ${r.scenario.padEnd(19)}  ${r.fn.padEnd(18)} ${String(r.items).padStart(6)} ${r.itemsPerSec.toFixed(0).padStart(9)}   ${r.p50BatchMs.toFixed(1).padStart(12)}   ${r.rawAllThreads.toFixed(0).padStart(13)}   ${r.ratio.toFixed(2).padStart(16)}   ${r.target === null ? '(informational)' : `>= ${r.target}${r.ratio >= r.target ? '' : '  (below)'}`}`,
    ),
  ];
  return lines.join('\n');
}
