/**
 * The MCP reference resources read directly (no server): engcalc://units states each quantity's
 * conversion as the size of one field unit in metric units, checked against the exact definitions
 * (NIST SP 811 Appendix B; pint 0.25.3 gives the same numbers).
 */
import { expect } from 'chai';
import { referenceResources, UNITS_URI } from '../../api/mcp/reference.js';

async function unitsText(): Promise<string> {
  const r = await referenceResources().read({} as never, UNITS_URI);
  return (r?.contents[0] as { text: string }).text;
}

describe('MCP reference resources', () => {
  it('engcalc://units: a degree Fahrenheit is 5/9 degC (0.555555555556), not the reading of 1 degF (-17.22 degC); scaled units state their factor', async () => {
    const text = await unitsText();
    expect(text).to.include('| temperature | degF | degC | 1 degF = 0.555555555556 degC per degree; degC = (degF - 32) / 1.8 |');
    expect(text).not.to.match(/-17\.2/);
    expect(text).to.include('| temperatureAbsolute | degR | K | 1 degR = 0.555555555556 K |');
    expect(text).to.include('| pressure | psia | bara | 1 psia = 0.0689475729317 bara |');
    expect(text).to.include('| gasRate | Mscf/d | sm3/d | 1 Mscf/d = 28.316846592 sm3/d |');
  });
});
