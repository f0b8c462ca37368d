/** eos.model.*: the EOS functions on a saved project's fluid model (resolve: 'fluidModel'). */
import { modelCce } from './cce.js';
import { modelCvd } from './cvd.js';
import { describe } from './describe.js';
import { modelDifferentialLiberation } from './differentialLiberation.js';
import { modelFlash } from './flash.js';
import { modelPhaseEnvelope } from './phaseEnvelope.js';
import { modelSaturationPressure } from './saturationPressure.js';
import { modelSeparatorTest } from './separatorTest.js';

export const EOS_MODEL_FUNCTIONS = [describe, modelFlash, modelSaturationPressure, modelPhaseEnvelope, modelCce, modelDifferentialLiberation, modelCvd, modelSeparatorTest];
