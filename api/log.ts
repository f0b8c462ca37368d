/**
 * A small JSON-lines logger. Lines carry request ids and key display prefixes, never key values
 * or request bodies.
 */
import type { LogLevel } from './config.js';

const ORDER: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
  /** Whether lines of this level are written (a caller skips building their fields when not). */
  enabled(level: LogLevel): boolean;
}

export function createLogger(level: LogLevel, write: (line: string) => void = stdoutLines()): Logger {
  const enabled = (lvl: LogLevel) => ORDER[lvl] <= ORDER[level];
  const emit = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (!enabled(lvl)) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
  };
  return {
    error: (m, f) => emit('error', m, f),
    info: (m, f) => emit('info', m, f),
    debug: (m, f) => emit('debug', m, f),
    enabled,
  };
}

/**
 * Lines to stdout, written together once per turn of the event loop: a busy API node makes one
 * write (a system call: stdout is a pipe or a file, written synchronously) per turn, not one per
 * request line. Whatever is pending is written when the process exits.
 */
function stdoutLines(): (line: string) => void {
  let pending: string[] = [];
  let queued = false;
  const flush = () => {
    queued = false;
    if (pending.length === 0) return;
    const out = pending.join('\n') + '\n';
    pending = [];
    process.stdout.write(out);
  };
  process.once('exit', flush);
  return (line) => {
    pending.push(line);
    if (queued) return;
    queued = true;
    setImmediate(flush);
  };
}
