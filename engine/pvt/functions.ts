/** Black-oil PVT: gas and water functions (module `pvt`, no seat). */
import type { AnyDefinition } from '../definition.js';
import { gasProperties } from './gasProperties.js';
import { zFactor } from './zFactor.js';

export const PVT_FUNCTIONS = [gasProperties, zFactor] as unknown as AnyDefinition[];
