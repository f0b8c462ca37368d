/**
 * Why a mixture behaves as one substance, or null: one component makes up all but a trace of it,
 * or every component present has the same critical constants (a component given twice). Its
 * bubble and dew points then coincide: the two-phase region has no width for a stability scan
 * or an envelope trace to find, and the honest answer is the substance's vapour pressure
 * (eos.pureComponent), not "one phase at every pressure". Used to word those refusals.
 */
import type { Fluid } from './core/fluid.js';

/** A fraction above this is all but a trace. */
const DOMINANT = 1 - 1e-6;
/** Critical constants closer than this (relative) are one substance's. */
const SAME = 1e-3;

function nearlyOneSubstance(fluid: Fluid, z: ArrayLike<number>): string | null {
  const present: number[] = [];
  for (let i = 0; i < fluid.n; i++) if (z[i]! > 0) present.push(i);
  const top = present.reduce((a, i) => (z[i]! > z[a]! ? i : a), present[0] ?? 0);
  if (present.length > 0 && z[top]! >= DOMINANT) return `${fluid.names[top]} is all but a mole fraction of ${+(1 - z[top]!).toPrecision(2)} of it`;
  const close = (a: number, b: number) => Math.abs(a - b) <= SAME * Math.max(Math.abs(a), Math.abs(b), 1e-12);
  const first = present[0];
  if (first !== undefined && present.length > 1 && present.every((i) => close(fluid.tc[i]!, fluid.tc[first]!) && close(fluid.pc[i]!, fluid.pc[first]!) && close(fluid.omega[i]!, fluid.omega[first]!))) {
    return `its components (${present.map((i) => fluid.names[i]).join(', ')}) have the same critical temperature, pressure and acentric factor`;
  }
  return null;
}

/** The refusal's addition for such a fluid ('' for any other). */
export function oneSubstanceHint(fluid: Fluid, z: ArrayLike<number>): string {
  const why = nearlyOneSubstance(fluid, z);
  return why ? `; the fluid behaves as a single substance (${why}): its bubble and dew points coincide, and its saturation pressure is its vapour pressure (eos.pureComponent gives it)` : '';
}
