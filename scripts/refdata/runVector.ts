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
import { unitsOf } from '../../engine/units.js';

const STANDARD_ATMOSPHERE_PSIA = 14.696;
import { DESCRIPTIVE_METHOD_KEYS, KNOWN_DISCREPANCIES, MAPPINGS, SOURCE_RULES, type FunctionMapping } from './mapping.js';
import type { Mismatch, RefVector, VectorOutcome } from './types.js';

export type FindDefinition = (name: string) => AnyDefinition | undefined;

export function runVector(file: string, v: RefVector, find: FindDefinition): VectorOutcome {
  const base = { file, id: v.id, function: v.function };
  if (v.informational) return { ...base, status: 'skipped', reason: 'informational' };
  const mapping = MAPPINGS[v.function] ?? {};
  const def = find(mapping.name ?? v.function);
  if (!def) return { ...base, status: 'skipped', reason: 'function not in catalogue' };

  const body = requestBody(v, def, mapping, file);
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
    const got = inUnit(result[own], (result.outputUnits as Record<string, string> | undefined)?.[own], mapping.expectedUnits?.[name] ?? v.expectedUnits?.[name]);
    mismatches.push(...compareOutput(name, got, expected, v.tolerance?.[name] ?? v.tolerance?.default));
  }
  if (mismatches.length === 0) return { status: 'passed', warnings: run.warnings };
  const first = mismatches[0] as Mismatch;
  return { status: 'failed', reason: `${first.output}: ${first.message}`, mismatches, warnings: run.warnings };
}

/** The request body, or a skip reason when the vector asks for a method the function does not offer. */
function requestBody(v: RefVector, def: AnyDefinition, mapping: FunctionMapping, file: string): Record<string, unknown> | string {
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
  // Each input stated in another unit than the one the call reads (its field unit, or its metric
  // unit when the vector asks for metric) is converted with the tables of units.convert.
  const system = body.units === 'metric' ? 'metric' : 'field';
  const readUnits = unitsOf(def.input, system);
  for (const [key, value] of Object.entries(v.inputs)) {
    // An input mapped to null only restates others (e.g. TK beside TF): not sent.
    const own = mapping.inputs && key in mapping.inputs ? mapping.inputs[key] : key;
    if (own === null || own === undefined) continue;
    body[own] = inUnit(value, v.inputUnits?.[key], readUnits[own]);
  }
  for (const rule of SOURCE_RULES) {
    if (rule.file !== file || !(v.source ?? '').startsWith(rule.sourcePrefix)) continue;
    for (const [from, to] of Object.entries(rule.copyInputs)) if (body[from] !== undefined && body[to] === undefined && to in props) body[to] = body[from];
  }
  return body;
}

/**
 * The value in unit `to`, when `from` is another unit of the same quantity that units.convert
 * knows (a pressure in kPa for a psia input, a temperature in degC for a degF one); unknown or
 * descriptive labels ('air=1', 'psia (survey pressures)') and equal units leave it as it is.
 */
export function inUnit(value: unknown, from: string | undefined, to: string | undefined): unknown {
  if (!from || !to || from === to) return value;
  let c;
  try {
    c = converter(from, to, resolveQuantity(from, to), STANDARD_ATMOSPHERE_PSIA, []);
  } catch {
    return value;
  }
  const one = (x: unknown) => (typeof x === 'number' ? c.convert(x, 'value') : x);
  return Array.isArray(value) ? value.map(one) : one(value);
}

function allowedValues(s: Record<string, unknown>): unknown[] | null {
  if (Array.isArray(s.enum)) return s.enum;
  const anyOf = s.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every((b) => 'const' in b)) return anyOf.map((b) => b.const);
  if ('const' in s) return [s.const];
  return null;
}
