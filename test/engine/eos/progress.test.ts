/**
 * Progress of the phase envelope (RunContext.progress): points traced, never decreasing, of a
 * fixed total (maxPoints per curve), ending at the total; and the result is the same with or
 * without a listener.
 */
import { expect } from 'chai';
import { findDefinition } from '../../../engine/catalogue.js';
import { prepareCall } from '../../../engine/call.js';
import { executeDefinition } from '../../../engine/execute.js';

describe('eos.phaseEnvelope progress', () => {
  it('reports points traced of maxPoints per curve, monotonic, ending at the total, without changing the result', () => {
    const def = findDefinition('eos.phaseEnvelope')!;
    const prepared = prepareCall(def, { ...(def.examples[0]!.input as object), maxPoints: 200, qualityLines: [0.5] });
    if (!prepared.ok) throw new Error(prepared.message);
    const seen: [number, number][] = [];
    const withProgress = executeDefinition(def, prepared.input, { units: 'field', progress: (d, t) => seen.push([d, t]) });
    const without = executeDefinition(def, prepared.input, { units: 'field' });
    expect(withProgress).to.deep.equal(without);
    expect(seen.length).to.be.greaterThan(20);
    for (const [, total] of seen) expect(total).to.equal(400); // 2 curves x 200 points
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).to.be.at.least(seen[i - 1]![0]);
    expect(seen.at(-1)).to.deep.equal([400, 400]);
    expect(seen[0]![0]).to.be.greaterThan(0);
  });
});
