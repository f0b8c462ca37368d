/** Economics (module `econ`, its own seat). */
import type { AnyDefinition } from '../definition.js';
import { metrics } from './metrics.js';

export const ECON_FUNCTIONS = [metrics] as unknown as AnyDefinition[];
