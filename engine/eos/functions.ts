/** EOS (module `eos`, a licensed module with seats): inline compositions and saved fluid models. */
import type { AnyDefinition } from '../definition.js';
import { characterizePlus } from './characterizePlus.js';
import { componentLibrary } from './componentLibrary.js';
import { EOS_MODEL_FUNCTIONS } from './model/functions.js';
import { flash } from './flash.js';
import { phaseEnvelope } from './phaseEnvelope.js';
import { pureComponent } from './pureComponent.js';
import { rachfordRice } from './rachfordRiceFunction.js';
import { saturationPressure } from './saturationPressure.js';

export const EOS_FUNCTIONS = [pureComponent, rachfordRice, flash, saturationPressure, phaseEnvelope, componentLibrary, characterizePlus, ...EOS_MODEL_FUNCTIONS] as unknown as AnyDefinition[];
