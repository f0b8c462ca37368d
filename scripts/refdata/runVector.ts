/**
 * Runs one reference vector the way an API call does: catalogue lookup, name mapping, request
 * body (inputs + method options + units), then engine/call.ts (validateInput and units in),
 * executeDefinition, engine/call.ts again (units out), and every expected output compared
 * within the vector's tolerance.
 */
import { prepareCall, presentResult } from '../../engine/call.js';
import type { AnyDefinition } from '../../engine/definition.js';
import { executeDefinition } from '../../engine/execute.js';
import { compareOutput } from './compare.js';
import { converter, resolveQuantity } from '../../engine/units/conversion.js';

const STANDARD_ATMOSPHERE_PSIA = 14.696;
import { DESCRIPTIVE_METHOD_KEYS, KNOWN_DISCREPANCIES, MAPPINGS, type FunctionMapping } from './mapping.js';
import type { Mismatch, RefVector, VectorOutcome } from './types.js';

export type FindDefinition = (name: string) => AnyDefinition | undefined;

export function runVector(file: string, v: RefVector, find: FindDefinition): VectorOutcome {
  const base = { file, id: v.id, function: v.function };
  if (v.informational) return { ...base, status: 'skipped', reason: 'informational' };
  const mapping = MAPPINGS[v.function] ?? {};
  const def = find(mapping.name ?? v.function);
  if (!def) return { ...base, status: 'skipped', reason: 'function not in catalogue' };

  const body = requestBody(v, def, mapping);
  if (typeof body === 'string') return { ...base, status: 'skipped', reason: body };
  const outcome = evaluate(v, def, mapping, body);
  if (outcome.status === 'failed' && KNOWN_DISCREPANCIES[v.id]) {
    return { ...base, ...outcome, status: 'skipped', reason: `known discrepancy: ${KNOWN_DISCREPANCIES[v.id]}` };
  }
  return { ...base, ...outcome };
}

type Evaluated = Pick<VectorOutcome, 'status' | 'reason' | 'mismatches' | 'warnings'>;

function evaluate(v: RefVector, def: AnyDefinition, mapping: FunctionMapping, body: Record<string, unknown>): Evaluated {
  const call = prepareCall(def, body);
  if (!call.ok) return { status: 'failed', reason: `validation failed: ${call.message} ${JSON.stringify(call.fields)}` };
  let run;
  try {
    run = executeDefinition(def, call.input, { units: call.units });
  } catch (err) {
    return { status: 'failed', reason: `threw: ${(err as Error).message}` };
  }
  if (!run.ok) return { status: 'failed', reason: `engine failure (${run.reason}): ${run.message}` };
  const result = presentResult(def, run.result, run.warnings, call.units);

  const mismatches: Mismatch[] = [];
  for (const [name, expected] of Object.entries(v.expected)) {
    // '_'-prefixed entries annotate the vector (e.g. _helperCheckMaxAbsDiff, a second solver's agreement), not outputs.
    if (name.startsWith('_')) continue;
    const own = mapping.outputs?.[name] ?? name;
    if (!(own in result)) {
      mismatches.push({ output: name, got: undefined, expected, message: `${def.name} does not produce '${own}'` });
      continue;
    }
    const got = inExpectedUnit(result[own], (result.outputUnits as Record<string, string> | undefined)?.[own], mapping.expectedUnits?.[name] ?? v.expectedUnits?.[name]);
    mismatches.push(...compareOutput(name, got, expected, v.tolerance?.[name] ?? v.tolerance?.default));
  }
  if (mismatches.length === 0) return { status: 'passed', warnings: run.warnings };
  const first = mismatches[0] as Mismatch;
  return { status: 'failed', reason: `${first.output}: ${first.message}`, mismatches, warnings: run.warnings };
}

/**
 * The value in the unit the vector states, when the function reported another unit of the same
 * quantity (e.g. a metric call answers bara, an SI vector states kPa): converted with the tables
 * of units.convert. Unknown or descriptive unit labels leave the value as it is.
 */
function inExpectedUnit(value: unknown, fromUnit: string | undefined, toUnit: string | undefined): unknown {
  if (!fromUnit || !toUnit || fromUnit === toUnit) return value;
  let c;
  try {
    c = converter(fromUnit, toUnit, resolveQuantity(fromUnit, toUnit), STANDARD_ATMOSPHERE_PSIA, []);
  } catch {
    return value;
  }
  const one = (x: unknown) => (typeof x === 'number' ? c.convert(x, 'result') : x);
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** The request body, or a skip reason when the vector asks for a method the function does not offer. */
function requestBody(v: RefVector, def: AnyDefinition, mapping: FunctionMapping): Record<string, unknown> | string {
  const props = def.input.properties as Record<string, Record<string, unknown>>;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v.method ?? {})) {
    if (DESCRIPTIVE_METHOD_KEYS.includes(key)) continue;
    const own = mapping.methodKeys && key in mapping.methodKeys ? mapping.methodKeys[key] : key;
    if (own === null || own === undefined) continue;
    const valueMap = mapping.methodValues?.[key];
    const ownValue = valueMap && typeof value === 'string' && value in valueMap ? valueMap[value] : value;
    if (ownValue === null) continue;
    if (own === 'units') {
      body.units = ownValue;
      continue;
    }
    const schema = props[own];
    const allowed = schema ? allowedValues(schema) : null;
    if (!schema || (allowed && !allowed.includes(ownValue))) return `method not offered: ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    body[own] = ownValue;
  }
  // Inputs last: where a file repeats a method option among the inputs, the inputs are what was computed.
  for (const [key, value] of Object.entries(v.inputs)) {
    const own = mapping.inputs && key in mapping.inputs ? mapping.inputs[key] : key;
    if (own !== null && own !== undefined) body[own] = value;
  }
  return body;
}

function allowedValues(s: Record<string, unknown>): unknown[] | null {
  if (Array.isArray(s.enum)) return s.enum;
  const anyOf = s.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every((b) => 'const' in b)) return anyOf.map((b) => b.const);
  if ('const' in s) return [s.const];
  return null;
}
