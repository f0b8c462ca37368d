/** Black-oil PVT: gas and water functions (module `pvt`, no seat). */
import type { AnyDefinition } from '../definition.js';
import { gasProperties } from './gasProperties.js';
import { zFactor } from './zFactor.js';
import { waterProperties } from './water/waterProperties.js';
import { gasPseudoPressure } from './gasPseudoPressure.js';
import { gasPseudoCritical } from './gasPseudoCritical.js';

export const PVT_FUNCTIONS = [gasProperties, zFactor, waterProperties, gasPseudoPressure, gasPseudoCritical] as unknown as AnyDefinition[];
