/**
 * Command line of `npm run bench`. Plain flags, parsed by hand (no CLI dependency for five flags);
 * a bad flag stops the bench with a message before anything is started.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export const SCENARIOS = ['raw', 'speed', 'floor', 'embedded', 'distributed', 'timeouts', 'eos', 'batch'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface BenchOptions {
  /** Measured runs per row; the row shows their median. */
  runs: number;
  /** Seconds per measured run. */
  duration: number;
  /** Concurrent HTTP connections of autocannon. */
  connections: number;
  /** Where the full result (every run) is written. */
  json: string;
  /** Scenarios to run, in this order. */
  only: Scenario[];
  /** Functions to measure (default all workloads). */
  fns: string[] | null;
  /** ENGINE_THREADS of the web (embedded) and worker (distributed) processes. */
  threads: number;
  /** ENGINE_MAX_QUEUE: high enough that no call is refused as saturated at this concurrency. */
  maxQueue: number;
}

export const USAGE = `usage: npm run bench -- [--runs N] [--duration S] [--connections C] [--json PATH]
                        [--only raw,speed,floor,embedded,distributed,timeouts,eos,batch] [--fn LIST] [--threads T]
  --runs N          measured runs per row, the table shows the median (default 3)
  --duration S      seconds per run (default 5)
  --connections C   concurrent HTTP connections (default 16)
  --json PATH       full results, every run (default bench-results/latest.json)
  --only LIST       comma-separated scenarios (default all): ${SCENARIOS.join(', ')}
                    (timeouts: what a call stopped at the time limit costs the pool;
                     batch: 1,000-item batches over HTTP against the raw rate x threads;
                     speed: array and black-oil scalar rates, with the numpy peer when python3 has numpy)
  --fn LIST         comma-separated functions to measure (default all workloads, e.g. well.vlp,well.nodal,decline.fit)
  --threads T       ENGINE_THREADS for web/worker (default: available cores)`;

export class UsageError extends Error {}

export function parseOptions(argv: string[], cwd = process.cwd()): BenchOptions {
  const opts: BenchOptions = {
    runs: 3,
    duration: 5,
    connections: 16,
    json: resolve(cwd, 'bench-results/latest.json'),
    only: [...SCENARIOS],
    fns: null,
    threads: Math.max(1, availableParallelism()),
    maxQueue: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const [name, inline] = flag.includes('=') ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)] : [flag, undefined];
    if (name === '--help' || name === '-h') throw new UsageError(USAGE);
    if (!['--runs', '--duration', '--connections', '--threads', '--json', '--only', '--fn'].includes(name)) throw new UsageError(`unknown option ${name}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`${name} needs a value\n${USAGE}`);
    const int = (min: number, max: number) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${name} must be an integer from ${min} to ${max} (got '${value}')`);
      return n;
    };
    switch (name) {
      case '--runs':
        opts.runs = int(1, 50);
        break;
      case '--duration':
        // Any length works with the per-key limit: a key is never used for more than 100
        // requests in its whole life (see accounts.ts), whatever the window.
        opts.duration = int(1, 600);
        break;
      case '--connections':
        opts.connections = int(1, 1000);
        break;
      case '--threads':
        opts.threads = int(1, 256);
        break;
      case '--json':
        opts.json = resolve(cwd, value);
        break;
      case '--only': {
        const list = value.split(',').map((s) => s.trim()).filter(Boolean);
        const bad = list.filter((s) => !(SCENARIOS as readonly string[]).includes(s));
        if (bad.length || list.length === 0) throw new UsageError(`--only takes ${SCENARIOS.join(', ')} (got '${value}')`);
        opts.only = SCENARIOS.filter((s) => list.includes(s)); // always in the natural order
        break;
      }
      case '--fn': {
        const list = value.split(',').map((s) => s.trim()).filter(Boolean);
        if (list.length === 0) throw new UsageError(`--fn takes a comma-separated list of function names (got '${value}')`);
        opts.fns = list;
        break;
      }
      default:
        throw new UsageError(`unknown option ${name}\n${USAGE}`);
    }
  }
  // Every connection may have one call waiting for a thread: keep the waiting room well above the
  // connection count so a 429 'engine busy' can only mean a real problem, never the bench itself.
  opts.maxQueue = Math.max(256, 2 * opts.connections);
  return opts;
}
