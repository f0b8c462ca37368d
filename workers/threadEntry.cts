/**
 * The file piscina loads in each thread. CommonJS on purpose: piscina require()s its entry first,
 * and on Node >= 20.19 require() of an ES module loads it synchronously — two tasks reaching a
 * fresh thread together then load the module graph twice at once, which aborts the whole process
 * (V8 fatal error "IsGraphAsync must be used on an instantiated module"). Here require() finds a
 * plain function, and the ES module (workers/thread.js, or a test's substitute named in
 * workerData) is loaded once by import(), which shares one load between concurrent callers.
 *
 * The load starts as the thread starts (not at its first task), and the thread tells the pool
 * when it is done (THREAD_READY), so the pool can report when every thread can take a call.
 * The export is the promise of the handler: piscina awaits it before it reports the thread
 * ready, so it never hands a call to a thread that is still loading the engine (a call handed
 * to a loading thread would wait there while a loaded one sits idle).
 */
import { parentPort, workerData } from 'node:worker_threads';

type Handler = (task: unknown) => unknown;

/** Posted once per thread when the engine module has loaded; piscina passes it on as a pool 'message'. */
const THREAD_READY = 'engcalc:thread-ready';

const handler: Promise<Handler> = import((workerData as { module: string }).module).then((m: { default: Handler }) => {
  parentPort?.postMessage(THREAD_READY);
  return m.default;
});

export = handler;
