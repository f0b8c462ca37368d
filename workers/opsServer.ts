/**
 * A worker process's operations port (WORKER_PORT): GET /healthz, /readyz and /metrics with the
 * same meaning and bodies as on an API node (api/routes/ops.ts). A bare node:http server: a
 * worker serves no API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIVE_BODY, readinessBody, type Readiness } from '../api/ops/health.js';
import { metricsAuthorized, type Metrics } from '../api/ops/metrics.js';

export interface OpsServerOptions {
  port: number;
  host: string;
  readiness(): Promise<Readiness>;
  metrics: Metrics;
  metricsToken: string | null;
}

export interface OpsServer {
  url: string;
  close(): Promise<void>;
}

export async function startOpsServer(o: OpsServerOptions): Promise<OpsServer> {
  const server = createServer((req, res) => {
    handle(o, req, res).catch(() => send(res, 500, { error: { code: 'internal', message: 'Internal server error' } }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = o.host === '0.0.0.0' || o.host === '::' ? 'localhost' : o.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(o: OpsServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (!['/healthz', '/readyz', '/metrics'].includes(path)) return send(res, 404, { error: { code: 'not_found', message: `No endpoint ${req.method} ${path}` } });
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return send(res, 405, { error: { code: 'method_not_allowed', message: `${req.method} is not allowed on ${path}; allowed: GET, HEAD` } });
  }
  if (path === '/healthz') return send(res, 200, LIVE_BODY);
  if (path === '/readyz') {
    const { status, body, retryAfterS } = readinessBody(await o.readiness());
    if (retryAfterS !== undefined) res.setHeader('Retry-After', String(retryAfterS));
    return send(res, status, body);
  }
  if (!metricsAuthorized(o.metricsToken, req.headers.authorization)) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="engcalc"');
    return send(res, 401, { error: { code: 'unauthenticated', message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>' } });
  }
  const { contentType, body } = await o.metrics.render();
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}
