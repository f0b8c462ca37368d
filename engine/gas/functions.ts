/** Gas engineering (module `gas`, its own seat). */
import type { AnyDefinition } from '../definition.js';
import { criticalRate } from './criticalRate.js';
import { hydrateTemperature } from './hydrateTemperature.js';
import { pressureFromPOverZDefinition } from './pressureFromPOverZ.js';
import { pzMaterialBalance } from './pzMaterialBalance.js';
import { waterContent } from './waterContent.js';

export const GAS_FUNCTIONS = [pzMaterialBalance, pressureFromPOverZDefinition, criticalRate, hydrateTemperature, waterContent] as unknown as AnyDefinition[];
