/**
 * Newton on the Dranchuk & Abou-Kassem (1975) equation for pairs of points (WebAssembly SIMD):
 * the last step of engine/pvt/correlations/zDAKTable.ts, which gives every point a target
 * h = 0.27 Ppr/Tpr and a starting reduced density close to its root.
 *
 *   h(rho) = rho z(rho),  z = 1 + c1 rho + c2 rho^2 - c3 rho^5 + c4 (1 + A11 rho^2) rho^2 exp(-A11 rho^2)
 *
 * At most two Newton evaluations a point. A lane is accepted as zDAKSweep (engine/pvt/
 * correlations/zDAK.ts) accepts it: the step at most 1e-4 max(1, rho) and Newton's next error,
 * (h''/2h') step^2, at most 1e-15 max(1, rho); the root is then x - step, and z, dz/drho there
 * follow from x by Taylor (z'' exact). Lanes not accepted, or whose z is not positive and
 * finite, are flagged 0 in `ok` for the caller to solve by the scalar solver.
 *
 * Inputs at byte offsets (n values each, n even): targets, starting densities. Outputs: z,
 * dz/dPpr = dz/drho 0.27/(Tpr h'), ok (1 or 0); returns how many of the n lanes are ok (so a
 * caller learns that every point settled, z positive and finite and dz/dPpr finite, without a
 * pass of its own). Units: dimensionless.
 * Validity: DAK's (the caller's table decides where this path is used).
 * Reference: Dranchuk, P.M. and Abou-Kassem, J.H. (1975) Calculation of Z Factors for Natural
 * Gases Using Equations of State. Journal of Canadian Petroleum Technology 14(3), 34-36.
 */
import { expv, finite, positiveFinite, splatK } from './simdMath';

const A11: f64 = 0.721;
const ACCEPT_STEP: f64 = 1e-4;
const ACCEPT_ERROR: f64 = 1e-15;

/** Bytes of one table record: h_j, rho_j, a1, a2, a3 (rho(u) = rho_j + u (a1 + u (a2 + u a3))), 1/(h_{j+1} - h_j). */
const RECORD: usize = 48;

/** The cell of the previous point (where the next one's search starts). */
let hint: i32 = 0;

/**
 * The starting density of target t from the table (`cells` records, then one holding only
 * h_cells, the largest target): the cubic of t's cell. NaN when t is not in (0, h_cells].
 */
function startOf(t: f64, table: usize, cells: i32): f64 {
  if (!(t > 0.0 && t <= load<f64>(table + <usize>cells * RECORD))) return NaN;
  let c = hint;
  if (!(t >= load<f64>(table + <usize>c * RECORD) && t <= load<f64>(table + <usize>(c + 1) * RECORD))) {
    if (t > load<f64>(table + <usize>(c + 1) * RECORD) && t <= load<f64>(table + <usize>(c + 2) * RECORD)) c++;
    else {
      // The last cell j with h_j <= t.
      let lo = 0;
      let hi = cells - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (load<f64>(table + <usize>mid * RECORD) <= t) lo = mid;
        else hi = mid - 1;
      }
      c = lo;
    }
  }
  hint = c;
  const r = table + <usize>c * RECORD;
  const u = (t - load<f64>(r)) * load<f64>(r, 40);
  return load<f64>(r, 8) + u * (load<f64>(r, 16) + u * (load<f64>(r, 24) + u * load<f64>(r, 32)));
}

/**
 * dakNewton with each point's target (k Ppr) and start computed here from its Ppr and the table
 * (engine/pvt/correlations/zDAKTable.ts writes it): the targets and starts are left in their
 * columns too.
 */
export function dakTableNewton(ppr: usize, targets: usize, starts: usize, zOut: usize, dzOut: usize, okOut: usize, n: i32, table: usize, cells: i32, c1s: f64, c2s: f64, c3s: f64, c4s: f64, k: f64): i32 {
  hint = 0;
  const kk = f64x2.splat(k);
  const zero = f64x2.splat(0.0);
  let r = table; // the record of the hint cell
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 3;
    const t = f64x2.mul(kk, v128.load(ppr + o));
    v128.store(targets + o, t);
    const h = v128.load64_splat(r);
    // Both points of the pair in the hint cell (in a sorted list, nearly every pair): its cubic
    // on both lanes, the same operations as startOf, so the same numbers.
    if (i64x2.all_true(v128.and(v128.and(f64x2.ge(t, h), f64x2.le(t, v128.load64_splat(r + RECORD))), f64x2.gt(t, zero)))) {
      const u = f64x2.mul(f64x2.sub(t, h), v128.load64_splat(r + 40));
      const a = f64x2.add(v128.load64_splat(r + 24), f64x2.mul(u, v128.load64_splat(r + 32)));
      v128.store(starts + o, f64x2.add(v128.load64_splat(r + 8), f64x2.mul(u, f64x2.add(v128.load64_splat(r + 16), f64x2.mul(u, a)))));
      continue;
    }
    // Else each point by startOf, in order (it moves the hint as the scalar loop did).
    store<f64>(starts + o, startOf(f64x2.extract_lane(t, 0), table, cells));
    store<f64>(starts + o + 8, startOf(f64x2.extract_lane(t, 1), table, cells));
    r = table + <usize>hint * RECORD;
  }
  return dakNewton(targets, starts, zOut, dzOut, okOut, n, c1s, c2s, c3s, c4s, k);
}

export function dakNewton(targets: usize, starts: usize, zOut: usize, dzOut: usize, okOut: usize, n: i32, c1s: f64, c2s: f64, c3s: f64, c4s: f64, k: f64): i32 {
  const c1 = f64x2.splat(c1s);
  const c2 = f64x2.splat(c2s);
  const c3 = f64x2.splat(c3s);
  const c4 = f64x2.splat(c4s);
  // Each Newton evaluation in a pass of its own over the block: an evaluation (its exp, two
  // divisions) is one long dependent chain a pair, and a short loop of independent pairs lets the
  // core overlap one pair's chain with the next's. Between passes a pair's state is in the
  // columns: its iterate (or root) in starts, z and dz/drho at its root in zOut and dzOut, and
  // whether it settled in okOut (all ones).
  for (let i = 0; i < n; i += 2) newtonStep(<usize>i << 3, true, targets, starts, zOut, dzOut, okOut, c1, c2, c3, c4);
  const kk = f64x2.splat(k);
  const one = splatK(112);
  // ok lanes are all ones (-1 as an integer): subtracting them counts them.
  let settled = i64x2.splat(0);
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 3;
    if (!i64x2.all_true(v128.load(okOut + o))) newtonStep(o, false, targets, starts, zOut, dzOut, okOut, c1, c2, c3, c4);
    const zr = v128.load(zOut + o);
    const dzr = v128.load(dzOut + o);
    const root = v128.load(starts + o);
    const d = f64x2.div(f64x2.mul(dzr, kk), f64x2.add(zr, f64x2.mul(root, dzr)));
    const ok = v128.and(v128.and(v128.load(okOut + o), positiveFinite(zr)), v128.and(finite(d), f64x2.gt(root, f64x2.splat(0.0))));
    v128.store(dzOut + o, d);
    v128.store(okOut + o, v128.and(ok, one));
    settled = i64x2.sub(settled, ok);
  }
  return <i32>(i64x2.extract_lane(settled, 0) + i64x2.extract_lane(settled, 1));
}

/**
 * One Newton evaluation of the pair at byte offset o, at its iterate in starts: a lane not yet
 * settled (okOut, unless first) whose step is accepted gets z and dz/drho at its root (x - step)
 * by Taylor from x; every unsettled lane moves to x - step (its root when accepted).
 */
// @ts-ignore: decorator
@inline function newtonStep(o: usize, first: bool, targets: usize, starts: usize, zOut: usize, dzOut: usize, okOut: usize, c1: v128, c2: v128, c3: v128, c4: v128): void {
  const one = splatK(112);
  const half = splatK(104);
  const two = splatK(184);
  const a11 = f64x2.splat(A11);
  const t = v128.load(targets + o);
  const x = v128.load(starts + o);
  const done = first ? i64x2.splat(0) : v128.load(okOut + o);
  const r2 = f64x2.mul(x, x);
  const a11r2 = f64x2.mul(a11, r2);
  const e = expv(f64x2.neg(a11r2));
  const r4 = f64x2.mul(r2, r2);
  const a2r4 = f64x2.mul(a11r2, a11r2);
  const c4e = f64x2.mul(c4, e);
  // z, z' and z'' at x (the formulas of zDAKSweep).
  const zx = f64x2.sub(
    f64x2.add(f64x2.add(f64x2.add(one, f64x2.mul(c1, x)), f64x2.mul(c2, r2)), f64x2.mul(f64x2.mul(c4e, f64x2.add(one, a11r2)), r2)),
    f64x2.mul(f64x2.mul(c3, r4), x),
  );
  const dzx = f64x2.add(
    f64x2.sub(f64x2.add(c1, f64x2.mul(f64x2.mul(two, c2), x)), f64x2.mul(f64x2.mul(f64x2.splat(5.0), c3), r4)),
    f64x2.mul(f64x2.mul(c4e, x), f64x2.mul(two, f64x2.sub(f64x2.add(one, a11r2), a2r4))),
  );
  const d2zx = f64x2.add(
    f64x2.sub(f64x2.mul(two, c2), f64x2.mul(f64x2.mul(f64x2.splat(20.0), c3), f64x2.mul(r2, x))),
    f64x2.mul(c4e, f64x2.add(f64x2.sub(f64x2.add(two, f64x2.mul(two, a11r2)), f64x2.mul(f64x2.splat(14.0), a2r4)), f64x2.mul(f64x2.splat(4.0), f64x2.mul(a2r4, a11r2)))),
  );
  const fx = f64x2.sub(f64x2.mul(x, zx), t);
  const h1 = f64x2.add(zx, f64x2.mul(x, dzx));
  const step = f64x2.div(fx, h1);
  const err = f64x2.div(f64x2.mul(f64x2.mul(half, f64x2.add(f64x2.mul(two, dzx), f64x2.mul(x, d2zx))), f64x2.mul(step, step)), h1);
  const scale = f64x2.pmax(one, x);
  const accept = v128.and(
    f64x2.le(f64x2.abs(step), f64x2.mul(f64x2.splat(ACCEPT_STEP), scale)),
    f64x2.le(f64x2.abs(err), f64x2.mul(f64x2.splat(ACCEPT_ERROR), scale)),
  );
  const fresh = v128.andnot(accept, done);
  v128.store(zOut + o, v128.bitselect(f64x2.sub(zx, f64x2.mul(step, f64x2.sub(dzx, f64x2.mul(f64x2.mul(half, step), d2zx)))), v128.load(zOut + o), fresh));
  v128.store(dzOut + o, v128.bitselect(f64x2.sub(dzx, f64x2.mul(step, d2zx)), v128.load(dzOut + o), fresh));
  v128.store(starts + o, v128.bitselect(x, f64x2.sub(x, step), done));
  v128.store(okOut + o, v128.or(done, accept));
}
