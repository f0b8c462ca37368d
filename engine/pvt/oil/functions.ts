/** Black-oil PVT: oil functions and the black-oil table (module `pvt`, no seat). */
import type { AnyDefinition } from '../../definition.js';
import { blackOilTable } from './blackOilTable.js';
import { oilBubblePoint } from './oilBubblePoint.js';
import { oilCompressibility } from './oilCompressibility.js';
import { oilDensity } from './oilDensity.js';
import { oilFVF } from './oilFVF.js';
import { oilProperties } from './oilProperties.js';
import { oilSolutionGOR } from './oilSolutionGOR.js';
import { oilViscosity } from './oilViscosity.js';

export const OIL_FUNCTIONS = [oilBubblePoint, oilSolutionGOR, oilFVF, oilViscosity, oilCompressibility, oilDensity, oilProperties, blackOilTable] as unknown as AnyDefinition[];
