/**
 * The floor: the least a Koa HTTP server can do for an engine call. One POST route on the same
 * path as the real API, the body parsed and the function run inline on the event loop
 * (executeDefinition), no auth, no validation, no limits, no seats, no thread pool, no log.
 * A separate process (like the web), so it does not share an event loop with autocannon.
 * Prints `floor listening <port>` when ready; exits on SIGTERM/SIGINT.
 */
// The web's and worker's GC flags here too, so the floor and the API run on the same V8 settings.
import '../../api/ops/applyGcTuning.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { findDefinition } from '../../engine/catalogue.js';
import { executeDefinition } from '../../engine/execute.js';

const PREFIX = '/v1/engine/functions/';

const app = new Koa();
app.use(async (ctx) => {
  const def = ctx.method === 'POST' && ctx.path.startsWith(PREFIX) ? findDefinition(ctx.path.slice(PREFIX.length)) : undefined;
  if (!def) {
    ctx.status = 404;
    ctx.body = { error: { code: 'not_found', message: 'floor server: POST /v1/engine/functions/<name> only' } };
    return;
  }
  const started = performance.now();
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const outcome = executeDefinition(def, raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
  if (!outcome.ok) {
    ctx.status = 422;
    ctx.body = { error: { code: 'engine_error', message: outcome.message } };
    return;
  }
  ctx.body = { name: def.name, module: def.module, result: { ...outcome.result, warnings: outcome.warnings }, ms: Math.round((performance.now() - started) * 100) / 100 };
});

const server = createServer(app.callback());
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`floor listening ${(server.address() as AddressInfo).port}\n`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
