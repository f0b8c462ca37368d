/** Well performance (module `well`, seat "Well performance"). */
import type { AnyDefinition } from '../definition.js';
import { ipr } from './ipr.js';
import { iprComposite } from './iprComposite.js';
import { iprFetkovich } from './iprFetkovich.js';
import { iprGas } from './iprGas.js';
import { iprVogel } from './iprVogel.js';
import { vlp } from './vlp.js';
import { nodal } from './nodal.js';
import { productivityIndex } from './productivityIndex.js';
import { chokeFlow } from './chokeFlow.js';

export const WELL_FUNCTIONS = [ipr, iprVogel, iprFetkovich, iprComposite, iprGas, vlp, nodal, productivityIndex, chokeFlow] as unknown as AnyDefinition[];
