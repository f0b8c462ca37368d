/**
 * JSON-RPC requests whose params do not fit the method are answered here with -32602 Invalid
 * params and a readable list of what is wrong (`data` carries our validation_failed envelope with
 * `details.fields`), before the SDK sees them: the SDK would parse them itself and answer -32603
 * Internal error with its schema library's dump as the message. Methods not listed go on to the
 * SDK (an unknown method is its -32601).
 */
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** What this module needs of the SDK's request schemas. */
interface RequestSchema {
  safeParse(x: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

const SCHEMAS: Record<string, RequestSchema> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
  'completion/complete': CompleteRequestSchema,
} as unknown as Record<string, RequestSchema>;

export interface InvalidParams {
  jsonrpc: '2.0';
  id: string | number;
  error: { code: number; message: string; data: { error: { code: 'validation_failed'; message: string; details: { fields: Record<string, string> } } } };
}

/** The JSON-RPC error answer for a request whose params do not fit its method, or null. */
export function invalidParams(message: unknown): InvalidParams | null {
  if (!message || typeof message !== 'object') return null;
  const m = message as { id?: unknown; method?: unknown };
  if ((typeof m.id !== 'string' && typeof m.id !== 'number') || typeof m.method !== 'string') return null;
  const schema = Object.hasOwn(SCHEMAS, m.method) ? SCHEMAS[m.method] : undefined;
  const parsed = schema?.safeParse(message);
  if (!parsed || parsed.success) return null;
  const fields: Record<string, string> = Object.create(null);
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || 'params';
    fields[path] ??= issue.message;
  }
  const text = `Invalid params for ${m.method}: ${Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('; ')}`;
  return {
    jsonrpc: '2.0',
    id: m.id,
    error: { code: ErrorCode.InvalidParams, message: text, data: { error: { code: 'validation_failed', message: text, details: { fields: { ...fields } } } } },
  };
}
