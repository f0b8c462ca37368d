/**
 * MCP resources: one set of handlers (list, templates, read) over several providers — the
 * reference resources every key may read (engcalc://...) and the company's projects
 * (project://..., for keys with projects:read). A provider lists what the caller may see (an
 * empty list, not an error, when it may see nothing), and reads the URIs it owns.
 */
import { rpcError } from './rpcError.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../errors.js';
import type { McpRequestContext, McpServerSetup } from './types.js';

/** JSON-RPC code MCP gives an unknown resource. */
export const RESOURCE_NOT_FOUND = -32002;

export interface ResourceProvider {
  templates: ResourceTemplate[];
  /** What the caller may see; `cursor` pages the provider that pages (projects). */
  list(ctx: McpRequestContext, cursor: string | undefined): Promise<{ resources: Resource[]; nextCursor?: string }>;
  /** The contents of `uri` when this provider owns it, else null. */
  read(ctx: McpRequestContext, uri: string): Promise<ReadResourceResult | null>;
}

export function resourcesSetup(providers: readonly ResourceProvider[]): McpServerSetup {
  return {
    capabilities: { resources: {} },
    register(server: Server, ctx) {
      server.setRequestHandler(ListResourcesRequestSchema, async (req) =>
        safely(async () => {
          const cursor = req.params?.cursor;
          const resources: Resource[] = [];
          let nextCursor: string | undefined;
          for (const p of providers) {
            const page = await p.list(ctx, cursor);
            resources.push(...page.resources);
            nextCursor ??= page.nextCursor;
          }
          return { resources, ...(nextCursor ? { nextCursor } : {}) };
        }),
      );
      server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: providers.flatMap((p) => p.templates) }));
      server.setRequestHandler(ReadResourceRequestSchema, async (req) =>
        safely(async () => {
          for (const p of providers) {
            const contents = await p.read(ctx, req.params.uri);
            if (contents) return contents;
          }
          throw rpcError(RESOURCE_NOT_FOUND, `Resource not found: ${req.params.uri}`, { uri: req.params.uri });
        }),
      );
    },
  };
}

/** Errors of a resource handler become JSON-RPC errors: 4xx envelopes as they are, nothing internal. */
async function safely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof McpError) throw err;
    if (err instanceof ApiError && err.status < 500) throw rpcError(err.code === 'forbidden' ? -32003 : -32602, err.message, err.toBody());
    throw rpcError(-32603, 'Internal error');
  }
}
