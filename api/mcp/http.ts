/**
 * POST /v1/mcp inside Koa: Streamable HTTP, stateless; JSON responses, or an SSE stream for a
 * tool call that asked for progress (`_meta.progressToken`) and accepts `text/event-stream`. By the time this runs the
 * gate has authenticated the key, checked the account, counted the request against the key's
 * 120/min (shared with REST) and taken the Integrations seat; no JSON-RPC has been read.
 *
 * The SDK's web-standard transport is used (the Node one wraps it): it takes a `Request` and
 * the body we already parsed and returns a `Response`, which goes back through Koa like any
 * other answer, so request ids, the access log and the error envelope apply as on every route.
 * A stateless transport serves one request only (the SDK refuses reuse), so a server and a
 * transport are built per request; the tool list they serve is built once.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { readJsonBody } from '../body.js';
import { ApiError, errors, type ErrorCode } from '../errors.js';
import type { Logger } from '../log.js';
import type { RouteContext } from '../routes/route.js';
import { createMcpServer, MCP_PROTOCOL_VERSIONS, type McpServerOptions } from './server.js';
import { invalidParams } from './params.js';
import { parseSelection } from './selection.js';
import { CallCanceled, eitherSignal, type CancelBus, type RpcId } from './cancellation.js';
import { Readable } from 'node:stream';

/** Transport refusals (malformed JSON-RPC and the like) answered in the error envelope, status kept. */
const REFUSAL_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  403: 'forbidden',
  404: 'not_found',
  406: 'unsupported_media_type',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

export interface McpHttpOptions extends McpServerOptions {
  /** Where cancellations of running tool calls travel (in-process, or Redis across nodes). */
  cancelBus: CancelBus;
}

export async function serveMcpPost(ctx: RouteContext, options: McpHttpOptions, log: Logger): Promise<void> {
  const selection = parseSelection(ctx.query.tools);
  const body = await readJsonBody(ctx); // 4 MB, JSON only, malformed -> 400, as every JSON body
  // One message per request: a JSON-RPC batch would multiply what one request costs (its answers,
  // its writes) past every per-request bound. MCP 2025-06-18 removed batching; 2025-03-26 clients
  // send single messages in practice (the SDKs never batch).
  if (Array.isArray(body)) {
    throw errors.validation('JSON-RPC batches are not accepted: send one message per request (MCP 2025-06-18 removed batching)', {
      body: 'must be one JSON-RPC message (an object), not an array',
    });
  }
  // Refused here, whatever the JSON: everything below reads the message as an object (null once reached it).
  if (body === null || typeof body !== 'object') {
    throw errors.validation('The body must be one JSON-RPC message (an object)', { body: `must be a JSON object, not ${body === null ? 'null' : typeof body}` });
  }

  const version = ctx.get('MCP-Protocol-Version');
  if (version && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    throw errors.validation(
      `Unsupported MCP protocol version '${version.slice(0, 40)}'; this server speaks ${MCP_PROTOCOL_VERSIONS.join(', ')}`,
      { 'MCP-Protocol-Version': `must be one of: ${MCP_PROTOCOL_VERSIONS.join(', ')}` },
      { supportedVersions: [...MCP_PROTOCOL_VERSIONS] },
    );
  }

  const badParams = invalidParams(body);
  if (badParams) {
    ctx.type = 'application/json';
    ctx.body = badParams;
    return;
  }

  const message = body as { method?: unknown; id?: unknown; params?: { requestId?: unknown; reason?: unknown; _meta?: { progressToken?: unknown } } };
  const auth = ctx.state.auth!;
  if (message.method === 'notifications/cancelled' && message.id !== undefined) {
    // A notification sent as a request (with an id) gets the error a request is owed, not silence.
    ctx.type = 'application/json';
    ctx.body = { jsonrpc: '2.0', id: typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null, error: { code: -32600, message: 'notifications/cancelled is a notification: send it without an id' } };
    return;
  }
  if (message.method === 'notifications/cancelled') {
    // Cancels a call running on this node or another; answered like any notification.
    const rpcId = message.params?.requestId;
    const reason = typeof message.params?.reason === 'string' ? message.params.reason.slice(0, 200) : 'canceled by the client';
    if (typeof rpcId === 'string' || typeof rpcId === 'number') await options.cancelBus.cancel(auth.key.id, rpcId, reason);
    ctx.body = null;
    ctx.status = 202;
    return;
  }

  // A tool call can be canceled (by a notification, on any node) and stops when its client goes away.
  const isCall = message.method === 'tools/call' && (typeof message.id === 'string' || typeof message.id === 'number');
  const tracked = isCall ? options.cancelBus.track(auth.key.id, message.id as RpcId) : null;
  const disconnected = new AbortController();
  const onClose = () => {
    if (!ctx.res.writableFinished) disconnected.abort(new CallCanceled('the client disconnected'));
  };
  ctx.res.once('close', onClose);
  const signal = tracked ? eitherSignal(tracked.signal, disconnected.signal) : disconnected.signal;
  // Progress needs a stream to travel on: SSE when asked for and accepted, JSON otherwise.
  const streaming = isCall && message.params?._meta?.progressToken !== undefined && acceptsEventStream(ctx.get('Accept'));

  const server = createMcpServer(options, { auth, requestId: ctx.state.requestId, log, selection, signal, streaming });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !streaming });
  let streamed = false;
  const release = () => {
    tracked?.done();
    ctx.res.off('close', onClose);
    void server.close();
  };
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(webRequest(ctx, version), { parsedBody: body });
    if (streaming && response.status === 200 && response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) {
      // The server stays up until the stream ends: it writes progress, then the answer, then closes.
      const stream = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
      stream.once('close', release);
      streamed = true;
      ctx.status = 200;
      ctx.type = 'text/event-stream';
      ctx.set('Cache-Control', 'no-cache, no-transform');
      ctx.set('X-Accel-Buffering', 'no');
      ctx.body = stream;
      return;
    }
    const text = await response.text();
    if (response.status >= 400) {
      if (!REFUSAL_CODES[response.status]) log.error('mcp transport failed', { requestId: ctx.state.requestId, status: response.status, body: text.slice(0, 500) });
      throw refusal(response.status, text);
    }
    if (response.status === 202) {
      ctx.body = null; // only notifications or responses were posted: 202, no body
      ctx.status = 202;
      return;
    }
    ctx.status = response.status;
    ctx.type = 'application/json';
    ctx.body = text;
  } finally {
    if (!streamed) release();
  }
}

/** Whether the client's Accept header admits an SSE answer (the MCP spec asks clients to send both types). */
function acceptsEventStream(accept: string): boolean {
  return /(^|,)\s*(text\/event-stream|text\/\*|\*\/\*)\s*(;|,|$)/i.test(accept);
}

/**
 * The request the transport sees. We always answer JSON, so Accept is stated for it (a client
 * without the Accept header the spec asks for, e.g. curl, still gets its answer); the body was
 * parsed as JSON already, so Content-Type is JSON too.
 */
function webRequest(ctx: RouteContext, version: string): Request {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
  if (version) headers.set('mcp-protocol-version', version);
  return new Request('http://localhost/v1/mcp', { method: 'POST', headers });
}

function refusal(status: number, text: string): ApiError {
  let rpc: { code?: number; message?: string } = {};
  try {
    rpc = (JSON.parse(text) as { error?: typeof rpc }).error ?? {};
  } catch {
    /* not JSON: keep the status only */
  }
  const code = REFUSAL_CODES[status];
  if (!code) return new ApiError('internal', 'Internal server error; the request id identifies it in the server log');
  // The body is JSON (it was parsed before the transport saw it), so the SDK's "Parse error"
  // (-32700) for a message it cannot read as JSON-RPC is, in JSON-RPC 2.0's terms, an Invalid Request.
  const parseError = rpc.code === -32700;
  const said = parseError ? `Invalid Request: the body is JSON but not a JSON-RPC 2.0 message (jsonrpc "2.0", a method, an id that is a string or an integer)` : rpc.message;
  const message = `Not a valid MCP request: ${said ?? `HTTP ${status}`}`;
  const rpcCode = rpc.code === undefined ? undefined : parseError ? -32600 : rpc.code;
  const jsonrpc = rpcCode !== undefined ? { jsonrpcCode: rpcCode } : {};
  const refused = code === 'validation_failed' ? errors.validation(message, { body: rpc.message ?? 'invalid' }, jsonrpc) : new ApiError(code, message, jsonrpc);
  refused.rpcCode = rpcCode;
  return refused;
}
