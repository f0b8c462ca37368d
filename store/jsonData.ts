/**
 * Project data crosses the store as JSON text, in both adapters: what the caller sent comes back
 * exactly (own keys named `__proto__` or `$x` or `a.b`, lone surrogates — escaped by
 * JSON.stringify — every string and number), which a structured encoding (msgpack, BSON) does not
 * promise. It also makes snapshots and list views cheap: a version copies the text, a summary
 * never decodes it.
 */
export function encodeData(data: Record<string, unknown>): string {
  return JSON.stringify(data);
}

export function decodeData(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}
