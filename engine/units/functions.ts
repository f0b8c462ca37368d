/** Unit conversion (module `units`). */
import type { AnyDefinition } from '../definition.js';

export const UNITS_FUNCTIONS = [] as unknown as AnyDefinition[];
