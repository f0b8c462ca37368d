/** Shapes of the reference-vector files (refdata/README.md) and of the check's outcomes. */

export type Tolerance = { rel?: number; abs?: number };

export interface RefVector {
  id: string;
  function: string;
  method?: Record<string, unknown>;
  inputs: Record<string, unknown>;
  /** Unit of each input as the vector states it; converted to the unit the function reads. */
  inputUnits?: Record<string, string>;
  expected: Record<string, unknown>;
  /** Unit of each expected output as the vector states it (descriptive labels are allowed). */
  expectedUnits?: Record<string, string>;
  tolerance?: Record<string, Tolerance>;
  informational?: boolean;
  source?: string;
}

export interface RefFile {
  /** File name within the directory. */
  file: string;
  vectors: RefVector[];
}

export interface Mismatch {
  /** Output name as in the vector, with a path inside it for arrays/objects (e.g. `z[3]`). */
  output: string;
  got: unknown;
  expected: unknown;
  tolerance?: Tolerance;
  message: string;
}

export type VectorStatus = 'passed' | 'failed' | 'skipped';

export interface VectorOutcome {
  file: string;
  id: string;
  function: string;
  status: VectorStatus;
  /** Skip reason, or a one-line failure summary. */
  reason?: string;
  mismatches?: Mismatch[];
  warnings?: string[];
}

export interface FunctionSummary {
  vectors: number;
  checked: number;
  passed: number;
  failed: number;
  skipped: number;
  skipReasons: Record<string, number>;
}

export interface RefdataReport {
  dir: string;
  files: string[];
  functions: Record<string, FunctionSummary>;
  totals: FunctionSummary;
  outcomes: VectorOutcome[];
}
