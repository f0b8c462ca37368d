/** Black-oil PVT: oil functions and the black-oil table (module `pvt`, no seat). */
import type { AnyDefinition } from '../../definition.js';

export const OIL_FUNCTIONS = [] as unknown as AnyDefinition[];
