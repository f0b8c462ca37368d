/**
 * Robustness sweep: eos.flash over a 60 x 60 P-T grid (-250 to 800 degF, 10 to 10000 psia,
 * log-spaced) for every mixture of eos.json and the demo model, through the definition as a call
 * runs it (input build, run, result check). Every point answers: converged, or reported as not
 * converged with its residual; never NaN, never a thrown error (a 500). Along every isotherm the
 * phase count changes only where a saturation point lies between the two pressures.
 */
import { expect } from 'chai';
import { findDefinition } from '../../../engine/catalogue.js';
import { executeDefinition } from '../../../engine/execute.js';
import { traceEnvelope } from '../../../engine/eos/core/envelope.js';
import { PhaseModel } from '../../../engine/eos/core/phase.js';
import { bracketSaturation, refineSaturation } from '../../../engine/eos/core/saturation.js';
import type { FluidInput } from '../../../engine/eos/fluidInput.js';
import { EOS_VECTORS, demo, kelvin, psi, vectorFluidInput, type NamedFluid } from './fluids.js';
import { DEMO_PROJECT_DATA } from '../../../api/projects/demo.js';
import { selectFluidModel } from '../../../engine/eos/model/fluidModel.js';
import { modelFluidInput } from '../../../engine/eos/model/resolved.js';
import { buildFluid } from '../../../engine/eos/fluidInput.js';

const N = 60;
const TF = Array.from({ length: N }, (_, i) => -250 + (1050 * i) / (N - 1));
const PSIA = Array.from({ length: N }, (_, i) => 10 * 1000 ** (i / (N - 1)));

function fluidsUnderTest(): { name: string; input: FluidInput }[] {
  const seen = new Map<string, FluidInput>();
  for (const v of EOS_VECTORS) {
    if (!v.inputs.composition || v.inputs.composition.length < 2) continue;
    const name = `${/^(?:flash|sat)-(?:PR|SRK)-(.+?)-(?:bubble-|dew-)?-?\d+F/.exec(v.id)?.[1]} (${v.method.eos})`;
    if (!seen.has(name)) seen.set(name, vectorFluidInput(v));
  }
  const sel = selectFluidModel(DEMO_PROJECT_DATA, undefined, { projectId: 'demo', versionId: null });
  if (!sel.ok) throw new Error(sel.message);
  seen.set(demo().name, modelFluidInput(sel.model));
  return [...seen].map(([name, input]) => ({ name, input }));
}

describe('eos.flash robustness sweep (60 x 60 P-T grid per fluid)', function () {
  this.timeout(600_000);
  const flash = findDefinition('eos.flash')!;

  for (const { name, input } of fluidsUnderTest()) {
    it(`${name}: every point answers (converged or its residual reported), no NaN, no throw; phases change only across the envelope`, () => {
      const phases: number[][] = [];
      let notConverged = 0;
      for (const t of TF) {
        const column: number[] = [];
        for (const p of PSIA) {
          const out = executeDefinition(flash, { ...input, TF: t, psia: p });
          expect(out.ok, `${t} degF ${p} psia: ${out.ok ? '' : out.message}`).to.equal(true);
          if (!out.ok) continue;
          const r = out.result as { phaseCount: number; converged: boolean; residual: number };
          if (!r.converged) {
            notConverged++;
            expect(Number.isFinite(r.residual)).to.equal(true);
          }
          column.push(r.phaseCount);
        }
        phases.push(column);
      }
      const { fluid, z } = buildFluid(input);
      const named: NamedFluid = { name, fluid, z };
      const env = traceEnvelope(named.fluid, named.z, { beta: 0, pStart: psi(1), maxPoints: 2000, pMax: psi(100_000), tMin: 30, tMax: 3000 })!;
      let changes = 0;
      TF.forEach((t, i) => {
        const col = phases[i]!;
        for (let k = 1; k < col.length; k++) {
          if (col[k] === col[k - 1]) continue;
          changes++;
          const [lo, hi] = [psi(PSIA[k - 1]!), psi(PSIA[k]!)];
          expect(boundaryBetween(named, env.points, kelvin(t), lo, hi), `${name}: phase count ${col[k - 1]} -> ${col[k]} between ${PSIA[k - 1]!.toFixed(2)} and ${PSIA[k]!.toFixed(2)} psia at ${t.toFixed(1)} degF`).to.equal(true);
        }
      });
      expect(changes, 'the grid crosses the envelope').to.be.greaterThan(0);
      expect(notConverged, 'points reported not converged').to.be.at.most(N * N * 0.01);
    });
  }
});

/** A saturation point at T between lo and hi (Pa): from the saturation solver, or a crossing of the traced envelope. */
function boundaryBetween(m: NamedFluid, env: { T: number; P: number }[], T: number, lo: number, hi: number): boolean {
  const within = (P: number) => P >= lo * (1 - 1e-6) && P <= hi * (1 + 1e-6);
  const pm = new PhaseModel(m.fluid.atTemperature(T, true));
  const br = bracketSaturation(pm, m.z, true);
  for (const b of [br.upper, br.lower]) {
    const s = b && refineSaturation(pm, m.z, b);
    if (s && within(s.P)) return true;
  }
  for (let k = 1; k < env.length; k++) {
    const a = env[k - 1]!;
    const b = env[k]!;
    if ((a.T - T) * (b.T - T) > 0 || a.T === b.T) continue;
    const P = Math.exp(Math.log(a.P) + ((T - a.T) / (b.T - a.T)) * (Math.log(b.P) - Math.log(a.P)));
    if (P >= lo * 0.999 && P <= hi * 1.001) return true;
  }
  return false;
}
