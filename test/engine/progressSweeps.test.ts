/**
 * RunContext.progress of the functions that sweep (besides the phase envelope, test/engine/eos/progress.test.ts):
 * the nodal VLP scan, the decline fit's starts, the CVD and differential-liberation stages. On
 * each function's first example: reports never decrease, share one total, end at it, and the
 * result is the same with or without a listener.
 */
import { expect } from 'chai';
import { findDefinition } from '../../engine/catalogue.js';
import { executeDefinition } from '../../engine/execute.js';
import { validateInput } from '../../engine/validation.js';
import { attachResolved } from './resolveInputs.js';

const SWEEPS: [name: string, total: (input: Record<string, unknown>) => number][] = [
  ['well.nodal', (input) => (input.nodalPoints as number | undefined) ?? 50],
  ['decline.fit', () => 12], // the heuristic start and 11 seeded ones
  ['eos.model.cvd', () => -1], // stages below the saturation pressure: known to the run only
  ['eos.model.differentialLiberation', () => -1],
];

describe('engine progress of sweeping functions (RunContext.progress)', () => {
  for (const [name, expectedTotal] of SWEEPS) {
    it(`${name}: steps never decrease, one total, ending at it; same result without a listener`, () => {
      const def = findDefinition(name)!;
      const v = validateInput(def, def.examples[0]!.input);
      if (!v.ok) throw new Error(JSON.stringify(v.fields));
      const resolved = attachResolved(def, v.input);
      if (!resolved.ok) throw new Error(resolved.why);
      const seen: [number, number][] = [];
      const heard = executeDefinition(def, resolved.input, { units: 'field', progress: (d, t) => seen.push([d, t]) });
      const plain = executeDefinition(def, resolved.input, { units: 'field' });
      expect(heard.ok, JSON.stringify(heard).slice(0, 400)).to.equal(true);
      expect(heard).to.deep.equal(plain);
      expect(seen.length).to.be.at.least(2);
      const total = seen[0]![1];
      if (expectedTotal(resolved.input) > 0) expect(total).to.equal(expectedTotal(resolved.input));
      expect(total).to.be.greaterThan(0);
      for (const [, t] of seen) expect(t).to.equal(total);
      for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).to.be.at.least(seen[i - 1]![0]);
      expect(seen.at(-1)).to.deep.equal([total, total]);
    });
  }
});
