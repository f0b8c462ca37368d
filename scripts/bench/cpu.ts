/**
 * CPU time the servers spend per answered call, read from Linux's /proc around each run: the
 * main thread of each process (the API's event loop; the floor does everything there) and all
 * its threads together (engine threads, LMDB's writer, GC helpers). Calls per second on two
 * shared vCPUs move 20-25% between runs with the machine; CPU per call is what the code costs
 * and moves far less, so the bench shows both (issue 17: the API path's overhead per call).
 * Elsewhere than Linux nothing is read and the columns stay empty.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime: USER_HZ, 100 on every Linux ABI Node runs on. */
const TICKS_PER_S = 100;

export interface CpuReading {
  /** Seconds of CPU of each process's main thread, by label. */
  main: Record<string, number>;
  /** Seconds of CPU of each process (all threads), by label. */
  all: Record<string, number>;
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

/** The CPU used so far by the labelled processes; null where /proc cannot be read. */
export function readCpu(pids: Record<string, number | undefined>): CpuReading | null {
  const main: Record<string, number> = {};
  const all: Record<string, number> = {};
  for (const [label, pid] of Object.entries(pids)) {
    if (!pid) continue;
    const a = statSeconds(`/proc/${pid}/stat`);
    const m = statSeconds(`/proc/${pid}/task/${pid}/stat`);
    if (a === null || m === null) return null;
    all[label] = a;
    main[label] = m;
  }
  return { main, all };
}

/** Microseconds of CPU per answered call between two readings, by label. */
export interface CpuPerCall {
  mainUs: Record<string, number>;
  allUs: Record<string, number>;
}

export function cpuPerCall(before: CpuReading | null, after: CpuReading | null, calls: number): CpuPerCall | undefined {
  if (!before || !after || calls <= 0) return undefined;
  const per = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(Object.keys(a).filter((k) => k in b).map((k) => [k, ((a[k]! - b[k]!) * 1e6) / calls]));
  return { mainUs: per(after.main, before.main), allUs: per(after.all, before.all) };
}
