/**
 * What one call may produce is bounded (issue 10, item 3): every catalogue function, run at its
 * largest input (each array at its schema's maxItems, built from its own examples), answers at
 * most ENGINE_RESULT_LIMIT_BYTES of result JSON. Generic over CATALOGUE: a new function is checked
 * as soon as it is listed.
 */
import { expect } from 'chai';
import { prepareCall, presentResult } from '../../engine/call.js';
import { CATALOGUE } from '../../engine/catalogue.js';
import { ENGINE_RESULT_LIMIT_BYTES } from '../../engine/definition.js';
import { executeDefinition } from '../../engine/execute.js';
import { arrayKeys, largestInputs } from './schemaInputs.js';

/** Bytes of the result JSON a call answers, in both unit systems (metric labels and numbers differ). */
function resultBytes(def: (typeof CATALOGUE)[number], input: Record<string, unknown>): number | string {
  const call = prepareCall(def, input);
  if (!call.ok) return `validation: ${call.message}`;
  const run = executeDefinition(def, call.input, { units: 'field' });
  if (!run.ok) return `${run.reason}: ${run.message}`;
  return Math.max(...(['field', 'metric'] as const).map((u) => Buffer.byteLength(JSON.stringify(presentResult(def, run.result, run.warnings, u)))));
}

describe('result size of every catalogue function at its largest input', () => {
  it(`the limit is 4 MiB (${ENGINE_RESULT_LIMIT_BYTES} bytes)`, () => expect(ENGINE_RESULT_LIMIT_BYTES).to.equal(4_194_304));

  for (const def of CATALOGUE) {
    it(`${def.name}: every array at its maxItems answers at most ENGINE_RESULT_LIMIT_BYTES`, function () {
      this.timeout(60_000);
      const cases = largestInputs(def);
      if (arrayKeys(def).length === 0 || cases.length === 0) {
        // No array input: the examples are the only inputs, and they must fit too.
        for (const ex of def.examples) {
          const b = resultBytes(def, ex.input as Record<string, unknown>);
          if (typeof b === 'number') expect(b).to.be.at.most(ENGINE_RESULT_LIMIT_BYTES);
        }
        return;
      }
      let measured = 0;
      const failures: string[] = [];
      for (const c of cases) {
        const b = resultBytes(def, c.input);
        if (typeof b === 'string') {
          failures.push(`${c.label}: ${b}`);
          continue;
        }
        measured++;
        expect(b, `${def.name} ${c.label}`).to.be.at.most(ENGINE_RESULT_LIMIT_BYTES);
      }
      // At least one largest input must run, or the bound is not shown.
      expect(measured, `no largest input of ${def.name} ran: ${failures.join('; ')}`).to.be.greaterThan(0);
    });
  }
});
