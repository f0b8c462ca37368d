/**
 * The file piscina loads in each thread. CommonJS on purpose: piscina require()s its entry first,
 * and on Node >= 20.19 require() of an ES module loads it synchronously — two tasks reaching a
 * fresh thread together then load the module graph twice at once, which aborts the whole process
 * (V8 fatal error "IsGraphAsync must be used on an instantiated module"). Here require() finds a
 * plain function, and the ES module (workers/thread.js, or a test's substitute named in
 * workerData) is loaded once by import(), which shares one load between concurrent callers.
 */
import { workerData } from 'node:worker_threads';

type Handler = (task: unknown) => unknown;
let handler: Promise<Handler> | undefined;

export = async function engineThread(task: unknown): Promise<unknown> {
  handler ??= import((workerData as { module: string }).module).then((m: { default: Handler }) => m.default);
  return (await handler)(task);
};
