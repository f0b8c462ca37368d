/** Imported first by each server entry point: V8's GC flags (./gcTuning.ts) before anything else loads. */
import { applyGcTuning } from './gcTuning.js';

applyGcTuning(process.env);
