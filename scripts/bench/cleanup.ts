/**
 * Everything the bench starts (child processes, temp dirs, the store handle) is registered here
 * and released in reverse order: at the normal end, on an error, and on Ctrl-C / SIGTERM / SIGHUP.
 * A synchronous last resort on process 'exit' SIGKILLs children still alive and removes temp
 * dirs, so no redis-server, web or worker outlives the bench even if a graceful stop hangs.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';

interface Entry {
  label: string;
  release: () => Promise<void>;
}

const entries: Entry[] = [];
const children = new Set<ChildProcess>();
const dirs = new Set<string>();
let releasing: Promise<void> | undefined;
let signalled = false;

/** True once a signal asked the bench to stop (errors from torn-down processes are expected then). */
export function stoppedBySignal(): boolean {
  return signalled;
}

/** Registers an async release step; steps run last-registered first. */
export function onCleanup(label: string, release: () => Promise<void>): void {
  entries.push({ label, release });
}

/** A child process: stopped with `signal`, then SIGKILL after `graceMs` if it is still alive. */
export function trackChild(label: string, child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): () => Promise<void> {
  children.add(child);
  child.once('exit', () => children.delete(child));
  const stop = () => stopChild(child, signal, graceMs);
  onCleanup(label, stop);
  return stop;
}

/** A temp dir, removed at cleanup (after the processes using it are stopped). */
export function trackDir(dir: string): void {
  dirs.add(dir);
  onCleanup(`remove ${dir}`, async () => {
    rmSync(dir, { recursive: true, force: true });
    dirs.delete(dir);
  });
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}

/** The current depth of the registry; `releaseTo(mark)` later releases what was registered since. */
export function cleanupMark(): number {
  return entries.length;
}

/** Releases (last first) every step registered after `mark`: the end of one scenario. */
export async function releaseTo(mark: number): Promise<void> {
  while (entries.length > mark && !releasing) {
    const e = entries.pop()!;
    try {
      await e.release();
    } catch (err) {
      process.stderr.write(`cleanup: ${e.label} failed: ${(err as Error).message}\n`);
    }
  }
}

/** Runs every release step once (later calls wait for the same run); errors are reported, not thrown. */
export function releaseAll(): Promise<void> {
  releasing ??= (async () => {
    while (entries.length) {
      const e = entries.pop()!;
      try {
        await e.release();
      } catch (err) {
        process.stderr.write(`cleanup: ${e.label} failed: ${(err as Error).message}\n`);
      }
    }
  })();
  return releasing;
}

/**
 * Installs the signal and exit hooks. On a signal the bench stops what it started and exits with
 * 128 + signal number; a second signal while cleaning up falls through to the 'exit' hook.
 */
export function installCleanupHooks(): void {
  process.on('exit', () => {
    for (const c of children) c.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const codes: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (releasing) process.exit(codes[signal]); // second signal: give up waiting, the exit hook kills
      signalled = true;
      process.stderr.write(`\n${signal}: stopping everything the bench started...\n`);
      void releaseAll().finally(() => process.exit(codes[signal]));
    });
  }
}
