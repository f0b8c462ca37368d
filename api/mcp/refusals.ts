/**
 * An HTTP-level refusal of POST /v1/mcp (401, 402, 403, 409, 413, 429, 503: anything answered
 * before a tool runs) as JSON-RPC: an error object whose `data` is the REST error envelope
 * (`details.retryAfter` included), the HTTP status kept. The MCP transport spec asks exactly this
 * of a server that cannot accept a message: an HTTP error status, and a JSON-RPC error without
 * an id (null) in the body. JSON-RPC codes: the -32000 server range, one per kind of refusal.
 */
import type { ApiError, ErrorCode } from '../errors.js';

const RPC_CODES: Partial<Record<ErrorCode, number>> = {
  validation_failed: -32600,
  payload_too_large: -32600,
  unsupported_media_type: -32600,
  method_not_allowed: -32600,
  not_found: -32601,
  unauthenticated: -32001,
  forbidden: -32003,
  email_not_verified: -32003,
  tenant_suspended: -32003,
  plan_limit: -32004,
  no_seat: -32009,
  rate_limited: -32029,
  unavailable: -32050,
  internal: -32603,
};

/** The JSON-RPC code an HTTP-level refusal of /v1/mcp carries. */
export function rpcCodeOf(code: ErrorCode): number {
  return RPC_CODES[code] ?? -32000;
}

export function jsonRpcRefusal(err: ApiError): { jsonrpc: '2.0'; id: null; error: { code: number; message: string; data: ReturnType<ApiError['toBody']> } } {
  const body = err.toBody();
  const retryAfter = err.headers['Retry-After'];
  if (retryAfter !== undefined && body.error.details?.retryAfter === undefined) body.error.details = { ...body.error.details, retryAfter: Number(retryAfter) };
  // A refusal that names its JSON-RPC code (a body that is not JSON: -32700; the transport's own) keeps it.
  return { jsonrpc: '2.0', id: null, error: { code: err.rpcCode ?? rpcCodeOf(err.code), message: err.message, data: body } };
}
