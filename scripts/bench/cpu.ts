/**
 * CPU time the servers spend per answered call, read from Linux's /proc around each run: the
 * main thread of each process (the API's event loop; the floor does everything there) and all
 * its threads together (engine threads, LMDB's writer, GC helpers). Calls per second on two
 * shared vCPUs move 20-25% between runs with the machine; CPU per call is what the code costs
 * and moves far less, so the bench shows both (issue 17: the API path's overhead per call).
 * Elsewhere than Linux nothing is read and the columns stay empty.
 *
 * Beside the CPU, the time the servers' threads were ready to run but waited for a CPU (the run
 * queue: /proc/<pid>/task/<tid>/schedstat, second field). On two vCPUs shared by the client and
 * up to four busy processes, each hop of a distributed call (web, redis-server, worker, engine
 * thread) waits there before it runs (eighteenth session: ~1 s of waiting in 3 s for each of the
 * web, the worker and redis-server, 170-250 us a wake-up); this column shows how much of a row is
 * that, not code. It is read per thread and compared thread by thread: a thread that ended
 * between two readings drops out of both (its wait is lost, unlike its CPU, which the process's
 * own stat keeps), and one that started counts from zero.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime: USER_HZ, 100 on every Linux ABI Node runs on. */
const TICKS_PER_S = 100;

export interface CpuReading {
  /** Seconds of CPU of each process's main thread, by label. */
  main: Record<string, number>;
  /** Seconds of CPU of each process (all threads), by label. */
  all: Record<string, number>;
  /** Seconds each of its threads waited, ready, for a CPU, by label and thread id (absent where schedstat cannot be read). */
  wait: Record<string, Record<string, number>>;
}

/** utime + stime of a /proc stat line, in seconds (fields 14 and 15; the name in parentheses may hold spaces). */
function statSeconds(path: string): number | null {
  try {
    const text = readFileSync(path, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/** Run-queue wait of each live thread of `pid` (thread id -> seconds); null where schedstat is not there (a kernel without CONFIG_SCHED_INFO). */
function waitSeconds(pid: number): Record<string, number> | null {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  const out: Record<string, number> = {};
  for (const tid of tids) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
      if (Number.isFinite(ns)) out[tid] = ns / 1e9;
    } catch {
      // the thread ended since the listing, or there is no schedstat
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The CPU used so far by the labelled processes; null where /proc cannot be read. */
export function readCpu(pids: Record<string, number | undefined>): CpuReading | null {
  const main: Record<string, number> = {};
  const all: Record<string, number> = {};
  const wait: Record<string, Record<string, number>> = {};
  for (const [label, pid] of Object.entries(pids)) {
    if (!pid) continue;
    const a = statSeconds(`/proc/${pid}/stat`);
    const m = statSeconds(`/proc/${pid}/task/${pid}/stat`);
    if (a === null || m === null) return null;
    all[label] = a;
    main[label] = m;
    const w = waitSeconds(pid);
    if (w !== null) wait[label] = w;
  }
  return { main, all, wait };
}

/** Microseconds of CPU per answered call between two readings, by label. */
export interface CpuPerCall {
  mainUs: Record<string, number>;
  allUs: Record<string, number>;
  /** Microseconds its threads waited for a CPU per answered call, by label. */
  waitUs: Record<string, number>;
}

export function cpuPerCall(before: CpuReading | null, after: CpuReading | null, calls: number): CpuPerCall | undefined {
  if (!before || !after || calls <= 0) return undefined;
  const per = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(Object.keys(a).filter((k) => k in b).map((k) => [k, ((a[k]! - b[k]!) * 1e6) / calls]));
  // Thread by thread, over the threads alive at the second reading (see the header).
  const waited = (a: Record<string, number>, b: Record<string, number> = {}) => Object.entries(a).reduce((sum, [tid, s]) => sum + s - (b[tid] ?? 0), 0);
  const waitUs = Object.fromEntries(Object.keys(after.wait).filter((k) => k in before.wait).map((k) => [k, (waited(after.wait[k]!, before.wait[k]) * 1e6) / calls]));
  return { mainUs: per(after.main, before.main), allUs: per(after.all, before.all), waitUs };
}
