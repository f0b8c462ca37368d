/**
 * Reference resources a model can read before it calls anything, open to every key (as
 * GET /v1/engine/functions is): the unit systems, the conventions every function follows, and
 * each function's full definition (engcalc://functions/{name}: what a tool description leaves out).
 */
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import { describeFunction } from '../engine/describe.js';
import { CATALOGUE, findDefinition } from '../../engine/catalogue.js';
import { QUANTITIES } from '../../engine/quantity.js';
import { CONVERSIONS } from '../../engine/units.js';
import { ENGINE_RESULT_LIMIT_BYTES } from '../../engine/definition.js';
import { BATCH_RESULT_LIMIT_BYTES } from '../config.js';
import { RESULT_BUDGET_BYTES } from './result.js';
import type { ResourceProvider } from './resources.js';

export const UNITS_URI = 'engcalc://units';
export const CONVENTIONS_URI = 'engcalc://conventions';
const FUNCTION_URI = /^engcalc:\/\/functions\/([A-Za-z0-9._]+)$/;

const FIXED: Resource[] = [
  { uri: UNITS_URI, name: 'units', title: 'Unit systems: field and metric, per quantity', mimeType: 'text/markdown', description: 'Every quantity the engine knows, its field and metric unit and the exact conversion' },
  { uri: CONVENTIONS_URI, name: 'conventions', title: 'Conventions every engine function follows', mimeType: 'text/markdown', description: 'Standard conditions, temperatures, warnings versus errors, result limits, declines and discounting' },
];

export function referenceResources(): ResourceProvider {
  return {
    templates: [
      {
        uriTemplate: 'engcalc://functions/{name}',
        name: 'function',
        title: 'One engine function in full',
        mimeType: 'application/json',
        description: `Inputs and outputs with units, methods, validity ranges, references and a checked example; names: ${CATALOGUE.length} functions (list_functions)`,
      },
    ],
    async list(_ctx, cursor) {
      return { resources: cursor === undefined ? FIXED : [] };
    },
    async read(_ctx, uri) {
      if (uri === UNITS_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: unitsText() }] };
      if (uri === CONVENTIONS_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: CONVENTIONS }] };
      const m = FUNCTION_URI.exec(uri);
      if (!m) return null;
      const def = findDefinition(m[1]!);
      if (!def) return null; // not found: the caller answers -32002
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ function: describeFunction(def) }) }] };
    },
  };
}

/** Function names for completing engcalc://functions/{name}. */
export function functionNames(prefix: string): string[] {
  return CATALOGUE.map((d) => d.name).filter((n) => n.startsWith(prefix));
}

function unitsText(): string {
  const rows = Object.entries(QUANTITIES).map(([q, u]) => {
    const c = CONVERSIONS[u.field];
    // The size of one field unit in metric units: toMetric(1) - toMetric(0), which for degF (the
    // one conversion with an offset) is 5/9 degC per degree, not the reading -17.22 degC of 1 degF.
    const size = c ? c.toMetric(1) - c.toMetric(0) : 0;
    const how = u.field === u.metric ? 'same number in both' : c ? `1 ${u.field} = ${size.toPrecision(12).replace(/\.?0+$/, '')} ${u.metric}${u.field === 'degF' ? ' per degree; degC = (degF - 32) / 1.8' : ''}` : '';
    return `| ${q} | ${u.field} | ${u.metric} | ${how} |`;
  });
  return [
    '# Unit systems',
    '',
    'Every engine function computes in field units. A call with `"units": "metric"` at the top level of its inputs converts',
    'inputs in and results out; the result says `units` and gives `outputUnits`, the unit of every output. Constants are exact',
    '(1 ft = 0.3048 m, 1 lbm = 0.45359237 kg, 1 bbl = 0.158987294928 m3, 1 bar = 1e5 Pa; NIST SP 811). Warnings quote field units.',
    '',
    '| quantity | field | metric | conversion |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

const CONVENTIONS = [
  '# Conventions',
  '',
  '- Temperatures: degR = degF + 459.67; K = degC + 273.15. Standard conditions 14.696 psia and 60 degF in both unit systems',
  '  (1 lbmol = 379.48 scf, 1 kmol = 23.6903 sm3 from R T/p). Pressures are absolute (psia, bara) unless a name says gauge.',
  '- Physics first: an input outside the physically meaningful domain (a gas lighter than methane, a temperature below absolute',
  '  zero, a pressure beyond any petroleum system) is refused with engine_error and details.reason out_of_range or invalid_input,',
  '  the message naming the input, the bound and why; inside it but outside a correlation\'s data, the numbers come back with',
  '  warnings. A result never holds a number that cannot be: every output is checked against its physical range.',
  '- Defaults: methods default to the most widely used published form; each function lists its options and references',
  '  (engcalc://functions/{name}).',
  `- Sizes: one call answers at most ${ENGINE_RESULT_LIMIT_BYTES} bytes of result JSON (over REST); over MCP a result`,
  `  (structured result and its text) stays within ${RESULT_BUDGET_BYTES} bytes — a larger one is cut and says how to get`,
  `  the rest; maxPoints thins long curves evenly. A batch run (submit_batch) holds at most ${BATCH_RESULT_LIMIT_BYTES} bytes of answers by default`,
  '  (ENGINE_BATCH_RESULT_LIMIT_BYTES): items past it answer engine_error with details.reason result_limit.',
  '- Declines: nominal, tangent-effective and secant-effective declines are different numbers; time units day, month',
  '  (365.25/12 days) or year (365.25 days).',
  '- Discounting: start-, mid- or end-period (cash flow i at time i, i + 0.5 or i + 1); payback on the same timeline.',
  '- Errors: every refusal is {error: {code, message, details}}: validation_failed lists every invalid field; rate_limited and',
  '  unavailable give details.retryAfter in seconds; no_seat names who holds the seats.',
].join('\n');
