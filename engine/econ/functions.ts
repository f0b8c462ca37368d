/** Economics (module `econ`, its own seat). */
import type { AnyDefinition } from '../definition.js';
import { cashFlow } from './cashFlow.js';
import { metrics } from './metrics.js';

export const ECON_FUNCTIONS = [metrics, cashFlow] as unknown as AnyDefinition[];
