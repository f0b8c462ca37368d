/** Decline-curve analysis (module `decline`, its own seat). */
import type { AnyDefinition } from '../definition.js';
import { arps } from './arps.js';
import { convertDecline } from './convertDecline.js';
import { duong } from './duong.js';
import { eur } from './eur.js';
import { fit } from './fit.js';
import { forecast } from './forecast.js';
import { modifiedHyperbolic } from './modifiedHyperbolic.js';
import { powerLawExponential } from './powerLawExponential.js';
import { stretchedExponential } from './stretchedExponential.js';
import { transientHyperbolic } from './transientHyperbolic.js';

export const DECLINE_FUNCTIONS = [
  arps,
  modifiedHyperbolic,
  convertDecline,
  eur,
  duong,
  powerLawExponential,
  stretchedExponential,
  transientHyperbolic,
  fit,
  forecast,
] as unknown as AnyDefinition[];
