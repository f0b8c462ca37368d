import { expect } from 'chai';
import { bradleyPitzerDielectric } from '../../../../engine/pvt/water/dielectricConstant.js';

describe('bradleyPitzerDielectric (Bradley & Pitzer 1979)', () => {
  it('is 78.4 at 25 degC and 1 bar (IAPWS 1997 formulation of Fernandez et al.: 78.41) and falls with temperature, rises with pressure', () => {
    expect(bradleyPitzerDielectric(298.15, 1)).to.be.closeTo(78.41, 0.08);
    expect(bradleyPitzerDielectric(373.15, 1)).to.be.closeTo(55.5, 0.3); // Fernandez et al. (1997): 55.5 at 100 degC near saturation
    expect(bradleyPitzerDielectric(298.15, 1000)).to.be.greaterThan(bradleyPitzerDielectric(298.15, 1));
  });
});
