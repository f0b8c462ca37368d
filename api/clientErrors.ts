/**
 * Requests Node's HTTP parser refuses before Koa sees them (malformed request line or headers,
 * headers over the size limit, a request not received in time) are answered in the same error
 * envelope as everything else, instead of Node's bare 400/431/408. There is no request id yet:
 * the request never got that far.
 */
import { STATUS_CODES, type Server } from 'node:http';
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

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing to answer on a connection the client already dropped.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const r = refusalFor(err);
    const body = JSON.stringify({ error: { code: r.code, message: r.message, ...(r.details ? { details: r.details } : {}) } });
    socket.end(
      `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
