/**
 * Tool groups a client selects on the MCP URL, so tools/list fits its budget: `?tools=` takes
 * `core` (the default: the most used direct tools, the function and project tools), `all`,
 * `minimal` (no direct engine tools: list_functions, describe_function, run_function and the
 * project tools reach everything), or a comma list of groups added to the core: engine modules
 * (`pvt`, `gas`, `eos`, `well`, `decline`, `econ`, `units`) — e.g. `/v1/mcp?tools=eos,well`.
 */
import { errors } from '../errors.js';
import { MODULES } from '../../engine/definition.js';
import type { McpTool, ToolSelection } from './types.js';

const GROUPS: readonly string[] = [...MODULES];
const WORDS = ['core', 'all', 'minimal'];

export function parseSelection(raw: unknown): ToolSelection {
  if (raw === undefined) return { kind: 'core' };
  if (typeof raw !== 'string' || raw.trim() === '') throw invalid(raw);
  const parts = raw.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 1 && WORDS.includes(parts[0]!)) return { kind: parts[0] as 'core' | 'all' | 'minimal' };
  const unknown = parts.filter((p) => !GROUPS.includes(p));
  if (unknown.length) throw invalid(raw);
  return { kind: 'groups', groups: new Set(parts) };
}

export function isSelected(selection: ToolSelection, tool: McpTool): boolean {
  const engine = GROUPS.includes(tool.group);
  switch (selection.kind) {
    case 'all':
      return true;
    case 'minimal':
      return !engine;
    case 'core':
      return !engine || tool.core;
    case 'groups':
      return !engine || tool.core || selection.groups.has(tool.group);
  }
}

function invalid(raw: unknown) {
  return errors.validation('Unknown tool selection', {
    tools: `must be core, all, minimal or a comma list of ${GROUPS.join(', ')} (got ${JSON.stringify(raw)?.slice(0, 60)})`,
  });
}
