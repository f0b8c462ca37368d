/**
 * The shape of an engine function. One file per function under engine/<module>/ exports one
 * definition; engine/catalogue.ts lists them. Validation, units, the catalogue endpoints, OpenAPI
 * and the MCP tool list are all generated from these objects, never written twice.
 */
import type { TObject, TSchema, Static } from 'typebox';

/**
 * The most one call may answer: 4 MiB of result JSON. Every array input has a maxItems and every
 * generated grid a cap chosen so that the largest input of each function stays under it
 * (test/engine/resultSize.test.ts runs every catalogue function at its largest input).
 */
export const ENGINE_RESULT_LIMIT_BYTES = 4 * 1024 * 1024;

/** Seat modules. `pvt` (black-oil PVT) needs no module seat. */
export const MODULES = ['pvt', 'gas', 'eos', 'well', 'decline', 'econ', 'units'] as const;
export type ModuleName = (typeof MODULES)[number];

/** A documented calibration range of one input (or derived) quantity; outside it -> a warning. */
export interface ValidityRange {
  /** Input field name, or a derived quantity the function checks itself (e.g. 'Tpr'). */
  field: string;
  min?: number;
  max?: number;
  /** Unit of min/max (field units), for the documentation. */
  unit?: string;
  /** Where the range comes from. */
  note?: string;
}

export interface EngineExample<I> {
  title: string;
  input: I;
  /** Expected values of selected outputs (field units) and the relative tolerance to check them. */
  expected: Record<string, unknown>;
  tolerance: number;
  /** Where the expected numbers come from (paper and table, worked example, independent library). */
  source: string;
}

/**
 * An input the author states gives one of the function's largest results, for the size check
 * (test/engine/resultSize.test.ts). Not shown to callers.
 */
export interface SizeExample<I> {
  title: string;
  input: I;
  /**
   * For a definition with `resolve`: the saved project data the API node would read the
   * attachment from (the largest fluid model, say); default: the demo project's data.
   */
  projectData?: Record<string, unknown>;
}

export interface EngineDefinition<I extends TObject = TObject, O extends TObject = TObject> {
  /** `module.function`, e.g. `pvt.gasProperties`. */
  name: string;
  module: ModuleName;
  title: string;
  /** What it computes, its methods, units and validity, in plain words (shown to REST and MCP callers). */
  description: string;
  input: I;
  output: O;
  examples: EngineExample<Static<I>>[];
  references: string[];
  validity: ValidityRange[];
  /**
   * Inputs that give the function's largest results: every array at its schema's maxItems (the
   * size check verifies that), the most components, the longest lists. The size check runs them
   * in both unit systems besides its generic attempt (each example with every array at its
   * maxItems), which cannot build inputs whose arrays are linked (lists that must agree in
   * length, names that must be unique) nor attach a saved model of the largest size. A function
   * with array inputs whose generic attempt fails must give one, or the check fails.
   */
  sizeExamples?: SizeExample<Static<I>>[];
  /**
   * Rules across fields that a JSON schema cannot state (a matrix symmetric with a zero
   * diagonal, fractions summing to 1, two lists of one length), checked on the validated
   * field-unit input before the run: every problem as `field path -> message`, answered like a
   * schema error (400 validation_failed). Pure and cheap; null or {} when the input is fine.
   */
  check?(input: Static<I>): Record<string, string> | null;
  /**
   * Something the API node supplies before the run, because workers never touch the store:
   * 'fluidModel' - the saved project's fluid model named by the input's projectId,
   * fluidModelId and versionId, loaded under the project rules (company scope, projects:read),
   * validated and attached to the input as `fluidModel` (engine/eos/model/resolved.ts).
   * Callers never send it; it is not part of `input`.
   */
  resolve?: 'fluidModel';
  /**
   * Pure calculation in field units. Returns the output (without `warnings`/`units`, which the
   * executor adds) and may push warnings for derived quantities outside their range.
   * Throws EngineFailure when there is no physical answer.
   */
  run(input: Static<I>, warnings: string[], context: RunContext): Static<O>;
}

/**
 * Facts about the call a pure function may need beyond its input. `units` is the caller's unit
 * system: numbers are converted by the units layer, but text output (a simulator deck) is
 * written by the function itself, in the caller's units unless the input says otherwise.
 */
export interface RunContext {
  units: 'field' | 'metric';
  /**
   * Where a long calculation reports its countable steps (`done` of `total`, total an upper
   * bound that the last report reaches). Writing it must cost next to nothing: the thread stores
   * two integers that the pool reads when it wants (workers/startFlags.ts). Absent unless the
   * caller listens (an MCP call with a progress token), so a function checks it before counting.
   */
  progress?: (done: number, total: number) => void;
}

/** Identity helper that keeps the input/output types of a definition literal. */
export function defineFunction<I extends TObject, O extends TObject>(def: EngineDefinition<I, O>): EngineDefinition<I, O> {
  return def;
}

export type AnyDefinition = EngineDefinition<TObject, TObject>;
export type { TSchema };
