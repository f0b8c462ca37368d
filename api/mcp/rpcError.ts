/**
 * A JSON-RPC error for a handler to throw. The SDK's McpError writes "MCP error <code>: " in
 * front of its message, and the server sends that message on, so every answer carried the prefix
 * (and a client adding its own showed it twice); the text also often names what the caller sent
 * (a URI, a prompt name), so it is cut to a bound.
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { cut } from '../errors.js';

const MAX_RPC_MESSAGE_CHARS = 500;

export function rpcError(code: number, message: string, data?: unknown): McpError {
  const text = cut(message, MAX_RPC_MESSAGE_CHARS);
  const err = new McpError(code, text, data);
  err.message = text;
  return err;
}
