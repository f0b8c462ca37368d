/**
 * Requests Node's HTTP server would answer itself, before Koa sees them, are answered in the same
 * error envelope as everything else, each with a request id of its own (X-Request-Id): a request
 * the parser refuses (malformed request line or headers, headers over the size limit, not
 * received in time: instead of Node's bare 400/431/408), an HTTP/1.1 request without a Host
 * header (400, where Node answered an empty 400) and a CONNECT (405, where Node closed the
 * connection without a word). An Expect other than 100-continue is ignored, as RFC 9110 allows,
 * instead of Node's bare 417: api/server.ts passes such requests on as any other.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from './errors.js';

interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

function refusalFor(err: NodeJS.ErrnoException): Refusal {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers_too_large', message: 'The request headers are larger than this server accepts (16 KiB in all)' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request was not received completely in time' };
    default:
      return { status: 400, code: 'validation_failed', message: 'Malformed HTTP request', details: { fields: { request: `the HTTP parser refused it (${err.code ?? 'unknown'})` } } };
  }
}

const envelope = (r: Refusal) => JSON.stringify({ error: { code: r.code, message: r.message, ...(r.details ? { details: r.details } : {}) } });

/** Writes the refusal on a socket no response object owns (parser errors, CONNECT), then closes it. */
function endSocket(socket: Duplex, r: Refusal, headers = ''): void {
  const body = envelope(r);
  socket.end(
    `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status]}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nX-Request-Id: ${randomUUID()}\r\n${headers}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing to answer on a connection the client already dropped.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    endSocket(socket, refusalFor(err));
  });
  // A proxy's tunnel request: this is an origin server.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    endSocket(socket, { status: 405, code: 'method_not_allowed', message: 'CONNECT is not served here: this is an API server, not a proxy' }, 'Allow: GET, HEAD, POST, PUT, PATCH, DELETE\r\n');
  });
}

/**
 * Answers 400 to an HTTP/1.1 request without a Host header (RFC 9112 requires one, and the
 * server is created with requireHostHeader off so that the answer is this envelope); true when
 * it answered.
 */
export function refuseWithoutHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.headers.host !== undefined || req.httpVersionMajor !== 1 || req.httpVersionMinor < 1) return false;
  const body = envelope({ status: 400, code: 'validation_failed', message: 'An HTTP/1.1 request must carry a Host header', details: { fields: { Host: 'required in HTTP/1.1' } } });
  res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'X-Request-Id': randomUUID(), 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  res.end(body);
  return true;
}
