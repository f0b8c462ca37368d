/**
 * MCP tool input schemas (api/mcp/portableSchema.ts) read directly, without a server: a number
 * whose unit converts in metric calls says that its bounds and default are field values, since a
 * metric call is converted to field units before it is checked (engine/call.ts).
 */
import { expect } from 'chai';
import { findDefinition } from '../../engine/catalogue.js';
import type { AnyDefinition } from '../../engine/definition.js';
import { publicInputSchema } from '../../api/engine/describe.js';
import { portableSchema } from '../../api/mcp/portableSchema.js';

const property = (name: string, key: string) =>
  (portableSchema(publicInputSchema(findDefinition(name) as AnyDefinition)).properties as Record<string, { description?: string; minimum?: number; default?: number }>)[key]!;

describe('MCP portable schemas: bounds of converted units', () => {
  it("well.chokeFlow upstreamPsia says '> 14.696 psia' (a metric caller read '> 14.696' as bara: 213 psia); pvt.gasProperties TF '> -459.67 degF'", () => {
    expect(property('well.chokeFlow', 'upstreamPsia').description).to.match(/unit psia \(metric calls: bara\), > 14\.696 psia$/);
    expect(property('pvt.gasProperties', 'TF').description).to.match(/> -459\.67 degF$/);
  });

  it('minimum, maximum and default kept as keywords are said to be field values (eos.phaseEnvelope startPsia default 14.696 psia = 1.01325 bara; eos.flash TF -400..1500 degF)', () => {
    const start = property('eos.phaseEnvelope', 'startPsia');
    expect(start).to.include({ minimum: 0.1, default: 14.696 });
    expect(start.description).to.include('bounds and default are field values (psia)');
    expect(property('eos.flash', 'TF').description).to.include('bounds and default are field values (degF)');
    // A unit that is the same number in both systems needs no unit on its bound.
    expect(property('well.productivityIndex', 'kMd').description).to.match(/unit md, > 0$/);
  });
});
