/**
 * The batch rows of the bench (`--only batch`): a batch of 1 000 pvt.gasProperties items (the
 * bench's gasProperties input, 10 pressures each) POSTed to /v1/engine/functions/{name}/batch
 * over HTTP, items per second, against the raw engine rate on all threads measured in this same
 * invocation (the raw loop's calls/s on one thread x threads):
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
import { WORKLOADS } from './workloads.js';

export const BATCH_ITEMS = 1_000;
/** Batches in flight at once: enough to keep every thread busy while answers are written. */
const BATCH_CLIENTS = 4;
const FN = 'pvt.gasProperties';

export interface BatchRow {
  scenario: 'batch embedded' | 'batch distributed';
  itemsPerSec: number;
  /** itemsPerSec / (raw calls/s x threads), and the bar the issue sets. */
  ratio: number;
  target: number;
  runs: number[];
  p50BatchMs: number;
}

export interface BatchBench {
  fn: string;
  items: number;
  threads: number;
  rawCallsPerSec: number;
  rawAllThreads: number;
  rows: BatchRow[];
}

export async function measureBatch(opts: BenchOptions, progress: (line: string) => void): Promise<BatchBench> {
  const w = WORKLOADS.find((x) => x.fn === FN)!;
  const raws = Array.from({ length: opts.runs }, (_, i) => rawLoop(w, opts.duration, i === 0 ? 1 : 0).callsPerSec);
  const rawCallsPerSec = median(raws);
  const rawAllThreads = rawCallsPerSec * opts.threads;
  progress(`batch: raw ${FN} ${rawCallsPerSec.toFixed(0)} calls/s on one thread, x ${opts.threads} threads = ${rawAllThreads.toFixed(0)}`);
  const input = JSON.parse(w.body) as Record<string, unknown>;
  const body = JSON.stringify({ items: Array.from({ length: BATCH_ITEMS }, (_, i) => ({ id: i, input })) });

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
      const post = async () => {
        const started = performance.now();
        const res = await fetch(`${url}/v1/engine/functions/${FN}/batch`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body });
        const text = await res.text();
        if (res.status !== 200 || !text.includes(`"counts":{"total":${BATCH_ITEMS},"succeeded":${BATCH_ITEMS},"failed":0}`)) {
          throw new Error(`${scenario}: batch answered ${res.status}: ${text.slice(0, 300)}`);
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
        const itemsPerSec = (batches * BATCH_ITEMS) / ((performance.now() - started) / 1000);
        runs.push(itemsPerSec);
        progress(`${scenario} run ${r + 1}/${opts.runs}: ${itemsPerSec.toFixed(0)} items/s (${(itemsPerSec / rawAllThreads).toFixed(2)} of raw x threads)`);
      }
      const itemsPerSec = median(runs);
      rows.push({ scenario, itemsPerSec, ratio: itemsPerSec / rawAllThreads, target: scenario === 'batch embedded' ? 0.5 : 0.3, runs, p50BatchMs: median(times) });
    } finally {
      await releaseTo(mark);
    }
  }
  return { fn: FN, items: BATCH_ITEMS, threads: opts.threads, rawCallsPerSec, rawAllThreads, rows };
}

export function renderBatch(b: BatchBench): string {
  const lines = [
    `Batch of ${b.items} ${b.fn} items over HTTP (raw ${b.rawCallsPerSec.toFixed(0)} calls/s per thread x ${b.threads} threads = ${b.rawAllThreads.toFixed(0)}, measured in this run)`,
    '  scenario             items/s   p50 batch ms   of raw x threads   target',
    ...b.rows.map(
      (r) =>
        `  ${r.scenario.padEnd(19)} ${r.itemsPerSec.toFixed(0).padStart(8)}   ${r.p50BatchMs.toFixed(1).padStart(12)}   ${r.ratio.toFixed(2).padStart(16)}   >= ${r.target}${r.ratio >= r.target ? '' : '  (below)'}`,
    ),
  ];
  return lines.join('\n');
}
