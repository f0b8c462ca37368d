/**
 * JSON request bodies: empty = {}; a body sent with a Content-Type other than JSON, a charset
 * other than UTF-8, or a Content-Encoding other than identity, is 415 (one sent without a Content-Type is read as JSON); the size
 * limit is enforced on the bytes as they arrive (413, without buffering more than the limit),
 * nesting past JSON_MAX_DEPTH, an object of more than JSON_MAX_OBJECT_MEMBERS members and
 * malformed JSON are 400 validation_failed.
 */
import type { Context } from 'koa';
import { ApiError, errors } from './errors.js';

/** JSON-RPC 2.0's code for a body that is not JSON (the MCP endpoint answers it; REST ignores it). */
export const JSONRPC_PARSE_ERROR = -32700;

export const ENGINE_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Deepest nesting of arrays and objects a JSON body may have. Parsing copes with any depth, but
 * serialising a deeply nested value again (to store, queue or log it) overflows the stack: the
 * bound keeps every body something the server can write back. Real inputs nest a few levels.
 */
export const JSON_MAX_DEPTH = 64;

/**
 * Most members one JSON object of a body may have. Parsing an object of many keys is slow (V8
 * makes it a dictionary: 356,000 keys in a 4 MB body took 0.4 s to parse and 1 s more to validate,
 * all on the event loop, so one request stalled every other for seconds); lists of values cost
 * nothing like it and are bounded by the functions' own maxItems. No input of ours has more than a
 * few dozen names in one object; a project's data may hold a map, so the bound is generous.
 */
export const JSON_MAX_OBJECT_MEMBERS = 10_000;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
/** A charset parameter of the Content-Type (quoted or not). */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

export interface JsonBodyOptions {
  /**
   * Refuse a number written with a fraction that parsing would round to a whole number
   * (100.0000000000000001 is 100 as a double): for bodies of whole amounts (payments' minor
   * units), where a fraction must be refused, never rounded.
   */
  wholeNumbersExact?: boolean;
}

export async function readJsonBody(ctx: Context, limit = ENGINE_BODY_LIMIT, options: JsonBodyOptions = {}): Promise<unknown> {
  // Compressed bodies are not read (they would be parsed as their compressed bytes): 415, named.
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    throw new ApiError('unsupported_media_type', `Request bodies are read as sent: Content-Encoding '${encoding.slice(0, 40)}' is not accepted; send the JSON uncompressed`);
  }
  const declared = Number(ctx.get('Content-Length') || NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const raw = await readRaw(ctx, limit);
  if (raw.length === 0) return {};
  const type = ctx.get('Content-Type');
  if (type && !JSON_TYPE.test(type)) {
    throw new ApiError('unsupported_media_type', `Request bodies must be JSON; send Content-Type: application/json (got '${type.slice(0, 100)}')`);
  }
  // JSON travels as UTF-8 (RFC 8259): a body declared in another charset would be misread as UTF-8, so it is refused, named.
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError('unsupported_media_type', `Request bodies are read as UTF-8: charset '${charset.slice(0, 40)}' is not accepted; send the JSON as UTF-8 (charset=utf-8 or none)`);
  }
  const shape = shapeProblem(raw, JSON_MAX_DEPTH, JSON_MAX_OBJECT_MEMBERS);
  if (shape === 'depth') {
    throw errors.validation(`The request body nests arrays and objects deeper than ${JSON_MAX_DEPTH} levels`, { body: `must nest at most ${JSON_MAX_DEPTH} levels deep` });
  }
  if (shape === 'members') {
    throw errors.validation(`An object in the request body has more than ${JSON_MAX_OBJECT_MEMBERS} members`, { body: `each object must have at most ${JSON_MAX_OBJECT_MEMBERS} members` }, { maxObjectMembers: JSON_MAX_OBJECT_MEMBERS });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    const refusal = errors.validation('The request body is not valid JSON', { body: (err as Error).message });
    refusal.rpcCode = JSONRPC_PARSE_ERROR;
    throw refusal;
  }
  const rounded = options.wholeNumbersExact ? fractionRoundedAway(raw) : null;
  if (rounded !== null) {
    throw errors.validation(`The number ${rounded.slice(0, 60)} has a fraction too small for a double to hold: it would be read as ${Number(rounded)}`, { body: `holds ${rounded.slice(0, 60)}, a fraction that would be rounded away` });
  }
  return parsed;
}

/**
 * The first number token (outside strings) whose decimal value is not whole but which a double
 * reads as whole, or null. The body is valid JSON here, so a token is [-]digits[.digits][e[+-]digits].
 */
const NUMBER = /-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?/y;

function fractionRoundedAway(raw: Buffer): string | null {
  const text = raw.toString('latin1'); // numbers are ASCII; strings are skipped
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text)!;
      if (!isWholeDecimal(m[1]!, m[2] ?? '', Number(m[3] ?? 0)) && Number.isInteger(Number(m[0]))) return m[0];
      i += m[0].length - 1;
    }
  }
  return null;
}

/** Whether int.frac x 10^exp is a whole number: every digit right of the point, once shifted, is 0. */
function isWholeDecimal(int: string, frac: string, exp: number): boolean {
  const digits = int + frac;
  const point = int.length + exp; // digits left of the point after shifting
  if (point >= digits.length) return true;
  return /^0*$/.test(digits.slice(Math.max(point, 0)));
}

/**
 * Whether the raw JSON nests deeper than maxDepth ('depth') or has an object of more than
 * maxMembers members ('members'), in one pass over the bytes before parsing (null: neither).
 * Strings are skipped (brackets, braces and colons inside them are text); a colon outside a
 * string separates a member's name from its value, so each counts one member of its object.
 */
function shapeProblem(raw: Buffer, maxDepth: number, maxMembers: number): 'depth' | 'members' | null {
  // Members so far of each open container, -1 for an array (not counted).
  const members = new Int32Array(maxDepth + 1);
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true; // backslash
      else if (c === 0x22) inString = false; // quote
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return 'depth';
      members[depth] = c === 0x7b ? 0 : -1;
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    } else if (c === 0x3a && depth > 0 && members[depth]! >= 0 && ++members[depth]! > maxMembers) return 'members';
  }
  return null;
}

function tooLarge(limit: number): ApiError {
  return new ApiError('payload_too_large', `The request body is larger than ${limit} bytes`, { limitBytes: limit });
}

function readRaw(ctx: Context, limit: number): Promise<Buffer> {
  const req = ctx.req;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: Error | null, value?: Buffer) => {
      if (done) return;
      done = true;
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (err) reject(err);
      else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.resume(); // drain the rest so the 413 can still be written
        finish(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(null, Buffer.concat(chunks, size));
    const onError = (err: Error) => finish(new ApiError('validation_failed', `The request body could not be read: ${err.message}`, { fields: { body: 'unreadable' } }));
    const onAborted = () => finish(new ApiError('validation_failed', 'The request was aborted', { fields: { body: 'aborted' } }));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}
