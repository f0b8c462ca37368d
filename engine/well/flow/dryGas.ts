/**
 * Single-phase (dry) gas gradient, the integrand of Cullender & Smith (1956):
 *   dp/dz = rhoG sin(theta)/144 + f rhoG v^2/(2 gc d 144),  f Moody at rhoG v d/muG
 * Cullender & Smith integrate this balance in pressure (their I(p) = (p/zT)/(F^2 + 0.001 (p/zT)^2 sin))
 * by the trapezoid rule over two halves of the well; marching it in the same fine steps as the
 * multiphase methods (<= 100 ft, predictor–corrector per step) evaluates the same integral more
 * finely. Liquids are ignored
 * (the caller is warned when liquid rates are given).
 *
 * References:
 * - Cullender, M.H. and Smith, R.V. (1956) Practical Solution of Gas-Flow Equations for Wells and
 *   Pipelines with Large Temperature Gradients. Transactions of the AIME 207, 281-287. SPE-696-G.
 * - Lee, W.J. and Wattenbarger, R.A. (1996) Gas Reservoir Engineering. SPE Textbook Series 5, Ch. 10.
 */
import { moodyFriction } from './friction.js';
import { G, IN2_PER_FT2, reynolds, type FlowState, type Gradient } from './state.js';

export function dryGas(s: FlowState): Gradient {
  const f = moodyFriction(reynolds(s.rhoG, s.vsg, s.d, s.muG), s.roughness / s.d);
  const fric = (f * s.rhoG * s.vsg * s.vsg) / (2 * G * s.d);
  return { dpdz: (s.rhoG * Math.sin(s.theta) + fric) / IN2_PER_FT2, holdup: 0, regime: 'single-phase gas' };
}
