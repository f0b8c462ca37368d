/**
 * The per-pressure properties of pvt.gasProperties for pairs of points (WebAssembly SIMD), from
 * pressure p (psia), z and dz/dPpr (engine/pvt/gasProperties.ts gives the equations and the
 * constants, which are per call):
 *
 *   Bg = z (T psc/Tsc) / p (rcf/scf), BgRbPerMscf = Bg 1000/5.6145833, density = p (MW/(R T)) / z
 *   (lbm/ft3), cg = 1/p - dz/dPpr / (z Ppc) (1/psi),
 *   viscosity = 1e-4 K exp(X (density/unit)^Y) (cp; Lee, Gonzalez & Eakin 1966, with
 *   (density/unit)^Y as exp(Y ln(density/unit)), as the JavaScript loop computes it)
 *
 * Bg, BgRbPerMscf, density and cg by the same operations in the same order as the JavaScript
 * loop (the same numbers); viscosity within a few ulp of it (its own exp and log,
 * ./simdMath.ts). A lane whose outputs are not all positive, finite and at most their maxima (the
 * output schema's physical ceilings, e.g. density <= 1000 lbm/ft3, passed in by the caller; Infinity
 * where there is none), or whose log or exp argument is outside the kernels' range, is flagged 0
 * in `ok` for the caller to compute;
 * returns how many of the n lanes are ok (so the caller needs no pass over the flags).
 * Validity: Lee–Gonzalez–Eakin 100-8000 psia and 100-340 degF (the caller warns outside).
 * Reference: Lee, A.L., Gonzalez, M.H. and Eakin, B.E. (1966) The Viscosity of Natural Gases.
 * Journal of Petroleum Technology 18(8), 997-1000. SPE-1340-PA.
 */
import { expInRange, expv, logInRange, logv, positiveFinite, splatK } from './simdMath';

export function gasPropertyColumns(
  pIn: usize,
  zIn: usize,
  dzIn: usize,
  bgOut: usize,
  bgRbOut: usize,
  densityOut: usize,
  cgOut: usize,
  viscosityOut: usize,
  okOut: usize,
  n: i32,
  bgPerZOverP: f64,
  densityPerPOverZ: f64,
  rbPerMscfPerRcfScf: f64,
  invPpc: f64,
  muScale: f64,
  invRhoUnit: f64,
  lgeX: f64,
  lgeY: f64,
  bgMax: f64,
  bgRbMax: f64,
  densityMax: f64,
  cgMax: f64,
  viscosityMax: f64,
): i32 {
  const one = splatK(112);
  const bgMaxK = f64x2.splat(bgMax);
  const bgRbMaxK = f64x2.splat(bgRbMax);
  const densityMaxK = f64x2.splat(densityMax);
  const cgMaxK = f64x2.splat(cgMax);
  const viscosityMaxK = f64x2.splat(viscosityMax);
  const bgK = f64x2.splat(bgPerZOverP);
  const rhoK = f64x2.splat(densityPerPOverZ);
  const rbK = f64x2.splat(rbPerMscfPerRcfScf);
  const ppcK = f64x2.splat(invPpc);
  const muK = f64x2.splat(muScale);
  const unitK = f64x2.splat(invRhoUnit);
  const xK = f64x2.splat(lgeX);
  const yK = f64x2.splat(lgeY);
  // Four passes over the block, each a short loop of independent pairs: the viscosity's log and
  // two exponentials are one long dependent chain a pair, and in one loop the core could not
  // overlap one pair's chain with the next's (measured alone over 2,048 points: one loop 21 ns a
  // point, four passes 13.5). Between passes a pair's value is in the viscosity column.
  // Pass 1: Bg, BgRbPerMscf, density, cg; density/unit into the viscosity column.
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 3;
    const p = v128.load(pIn + o);
    const z = v128.load(zIn + o);
    const dz = v128.load(dzIn + o);
    const invP = f64x2.div(one, p);
    const invZ = f64x2.div(one, z);
    const bg = f64x2.mul(f64x2.mul(z, bgK), invP);
    const rho = f64x2.mul(f64x2.mul(p, rhoK), invZ);
    const bgRb = f64x2.mul(bg, rbK);
    const cg = f64x2.sub(invP, f64x2.mul(f64x2.mul(dz, invZ), ppcK));
    const reduced = f64x2.mul(rho, unitK);
    const ok = v128.and(
      v128.and(v128.and(upTo(bg, bgMaxK), upTo(bgRb, bgRbMaxK)), v128.and(upTo(rho, densityMaxK), upTo(cg, cgMaxK))),
      logInRange(reduced),
    );
    v128.store(bgOut + o, bg);
    v128.store(bgRbOut + o, bgRb);
    v128.store(densityOut + o, rho);
    v128.store(cgOut + o, cg);
    v128.store(viscosityOut + o, reduced);
    v128.store(okOut + o, ok);
  }
  // Pass 2: a1 = Y ln(density/unit).
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 3;
    v128.store(viscosityOut + o, f64x2.mul(yK, logv(v128.load(viscosityOut + o))));
  }
  // Pass 3: a2 = X exp(a1).
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 3;
    const a1 = v128.load(viscosityOut + o);
    v128.store(viscosityOut + o, f64x2.mul(xK, expv(a1)));
    v128.store(okOut + o, v128.and(v128.load(okOut + o), expInRange(a1)));
  }
  // Pass 4: viscosity = 1e-4 K exp(a2); the flags as 1 or 0, counted.
  // ok lanes are all ones (-1 as an integer): subtracting them counts them.
  let computed = i64x2.splat(0);
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 3;
    const a2 = v128.load(viscosityOut + o);
    const mu = f64x2.mul(muK, expv(a2));
    const ok = v128.and(v128.load(okOut + o), v128.and(expInRange(a2), upTo(mu, viscosityMaxK)));
    v128.store(viscosityOut + o, mu);
    v128.store(okOut + o, v128.and(ok, one));
    computed = i64x2.sub(computed, ok);
  }
  return <i32>(i64x2.extract_lane(computed, 0) + i64x2.extract_lane(computed, 1));
}

/** Lanes positive, finite and at most max. */
// @ts-ignore: decorator
@inline function upTo(x: v128, max: v128): v128 {
  return v128.and(positiveFinite(x), f64x2.le(x, max));
}
