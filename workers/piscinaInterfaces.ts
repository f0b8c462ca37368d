/**
 * One `interface` object per piscina worker, made once, instead of a new one each time piscina
 * asks for it (piscina 5.3.2 asks for every ready worker's on every task it dispatches).
 *
 * Why: piscina's `WorkerInfo.interface` is an object literal with getters, and on Node 20's V8
 * such a literal keeps its getter closures (and what they capture) alive through scavenges until
 * the next full collection. Measured (seventeenth session, 8 callers, 2 threads, a trivial task,
 * --trace-gc-nvp): 104 MB promoted to the old generation for 150,000 tasks, ~700 bytes a task;
 * with one interface per worker, 4 MB. In the web that garbage filled the old generation at
 * ~1.8 MB/s under load, and the full collections it brought every ~80 s are what put the
 * embedded light call's p99 at half peak above 20 ms in the runs that met one.
 *
 * Same behaviour: the object's getters read the worker's live state (usage, histogram,
 * terminating, destroyed), so one object per worker answers as a new one would. piscina's
 * `exports` does not expose WorkerInfo, so it is reached beside piscina's resolved entry file.
 * The change is made only on the version it was read against (PISCINA_VERSION, the version
 * package.json pins): on any other, nothing is changed, and the web's and the worker's start lines
 * say so (`piscinaInterfaces`), so an upgrade is a decision to re-measure, not a silent change.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The piscina release whose WorkerInfo this was written against. */
export const PISCINA_VERSION = '5.3.2';
/** A worker's own interface object (a registered symbol, so two copies of this module agree). */
const CACHED = Symbol.for('engcalc.piscinaInterface');
/** Set on the prototype once its getter is replaced. */
const PATCHED = Symbol.for('engcalc.piscinaInterfacePatched');

/** `cached`, or why not (for the start lines). */
export let piscinaInterfaces = 'not tried';

const require = createRequire(import.meta.url);

/**
 * True when the getter is (now) cached; false, with the reason in `piscinaInterfaces`, when not.
 * `entry`: piscina's main file (the installed one; a test passes another).
 */
export function cacheWorkerInterfaces(entry?: string): boolean {
  let WorkerInfo: { prototype: object } | undefined;
  try {
    // Resolved inside the try: a piscina whose exports offer no require path throws here, and is left as published.
    const dist = dirname(entry ?? require.resolve('piscina'));
    const { version } = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as { version?: unknown };
    if (version !== PISCINA_VERSION) return notCached(`piscina ${String(version)} is not ${PISCINA_VERSION}: left as published`);
    WorkerInfo = (require(join(dist, 'worker_pool', 'index.js')) as { WorkerInfo?: { prototype: object } }).WorkerInfo;
  } catch (err) {
    return notCached(`piscina's WorkerInfo could not be read (${(err as Error).message})`);
  }
  if (WorkerInfo === undefined) return notCached("piscina's worker_pool exports no WorkerInfo");
  const proto = WorkerInfo.prototype as Record<PropertyKey, unknown>;
  if (proto[PATCHED] === true) return cached();
  const original = Object.getOwnPropertyDescriptor(proto, 'interface');
  if (original?.get === undefined) return notCached("piscina's WorkerInfo has no interface getter");
  const make = original.get;
  Object.defineProperty(proto, 'interface', {
    configurable: true,
    enumerable: original.enumerable ?? false,
    get(this: Record<PropertyKey, unknown>) {
      return (this[CACHED] ??= make.call(this));
    },
  });
  Object.defineProperty(proto, PATCHED, { value: true });
  return cached();
}

function cached(): true {
  piscinaInterfaces = 'cached';
  return true;
}

function notCached(why: string): false {
  piscinaInterfaces = why;
  return false;
}

cacheWorkerInterfaces();
