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
 * `exports` does not expose WorkerInfo, so it is reached beside piscina's resolved entry file;
 * if that file or the getter is not there (another piscina version), nothing is changed.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A worker's own interface object. */
const CACHED = Symbol('engcalc.piscinaInterface');
/** Set on the prototype once its getter is replaced. */
const PATCHED = Symbol('engcalc.piscinaInterfacePatched');

/** True when the getter is (now) cached; false when this piscina has no such getter to cache. */
export function cacheWorkerInterfaces(): boolean {
  const require = createRequire(import.meta.url);
  let WorkerInfo: { prototype: object } | undefined;
  try {
    WorkerInfo = (require(join(dirname(require.resolve('piscina')), 'worker_pool', 'index.js')) as { WorkerInfo?: { prototype: object } }).WorkerInfo;
  } catch {
    return false;
  }
  if (WorkerInfo === undefined) return false;
  const proto = WorkerInfo.prototype as Record<PropertyKey, unknown>;
  if (proto[PATCHED] === true) return true;
  const original = Object.getOwnPropertyDescriptor(proto, 'interface');
  if (original?.get === undefined) return false;
  const make = original.get;
  Object.defineProperty(proto, 'interface', {
    configurable: true,
    enumerable: original.enumerable ?? false,
    get(this: Record<PropertyKey, unknown>) {
      return (this[CACHED] ??= make.call(this));
    },
  });
  Object.defineProperty(proto, PATCHED, { value: true });
  return true;
}

cacheWorkerInterfaces();
