/**
 * The request's Authorization header, read once for every kind of key. Node keeps only the first
 * of several Authorization headers, so a request carrying two credentials was judged on the
 * first alone (a valid key followed by anything passed); a request must carry exactly one.
 */
import type { Context } from 'koa';

/** The header's value; '' when none was sent, null when it was sent more than once. */
export function authorizationHeader(ctx: Context): string | null {
  const raw = ctx.req.rawHeaders;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === 13 && raw[i]!.toLowerCase() === 'authorization' && ++seen > 1) return null;
  }
  return ctx.get('Authorization');
}

export const DUPLICATE_AUTHORIZATION = 'More than one Authorization header: send exactly one (Authorization: Bearer <key>)';

/**
 * The request presents a merchant secret key (sk_live_ or sk_sand_): a /v1 path no route matches
 * is then judged by the payments gate (a known key gets 404, as on any payments path), not by the
 * engineering gate, which knows no such key and would answer 401 as if the key were wrong.
 */
export function presentsPaymentsKey(ctx: Context): boolean {
  const bearer = /^Bearer[ ]+(\S+)/i.exec(ctx.get('Authorization'));
  return bearer !== null && looksLikePaymentsKey(bearer[1]!);
}

/** A key value with a merchant secret key's prefix (sk_live_ or sk_sand_), well-formed or not. */
export const looksLikePaymentsKey = (value: string): boolean => /^sk_(live|sand)_/.test(value);
