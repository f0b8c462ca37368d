/** Gas engineering (module `gas`, its own seat). */
import type { AnyDefinition } from '../definition.js';

export const GAS_FUNCTIONS = [] as unknown as AnyDefinition[];
