/** The quantities and units the well, decline and cash-flow functions added, with their exact factors (NIST SP 811 (2008) Appendix B). */
import { CONVERSIONS } from '../../../engine/units.js';
import { close } from './call.js';

const m = (unit: string, v: number) => (CONVERSIONS[unit] as { toMetric(v: number): number }).toMetric(v);

describe('well/decline/econ units', () => {
  it('1 MMscf/d = 28 316.846592 sm3/d', () => close(m('MMscf/d', 1), 28316.846592, 1e-15));
  it('1 STB/d/psi = 0.158987294928 x 14.503773773 sm3/d/bar = 2.30592 sm3/d/bar', () => close(m('STB/d/psi', 1), 0.158987294928 * 14.503773773, 1e-10));
  it('1 d/Mscf = 1/28.316846592 d/sm3', () => close(m('d/Mscf', 1), 1 / 28.316846592, 1e-15));
  it('70 currency/STB = 440.2868 currency/sm3; 3 currency/Mscf = 0.105944 currency/sm3', () => {
    close(m('currency/STB', 70), 70 / 0.158987294928, 1e-15);
    close(m('currency/Mscf', 3), 3 / 28.316846592, 1e-15);
  });
  it('0.433 psi/ft = 0.0979 bar/m (fresh-water gradient)', () => close(m('psi/ft', 0.433), 0.433 / (14.503773773 * 0.3048), 1e-10));
  it('a choke bean of 16/64 in = 6.35 mm (1/64 in = 25.4/64 mm exactly)', () => close(m('1/64 in', 16), 6.35, 1e-15));
});
