/** Unit conversion (module `units`). */
import type { AnyDefinition } from '../definition.js';
import { convert } from './convert.js';

export const UNITS_FUNCTIONS = [convert] as unknown as AnyDefinition[];
