/**
 * The EOS rows of the bench (`--only eos`): on one thread, no HTTP,
 * - PT flashes per second of the demo project's 11-component PR78 fluid over ten P-T points
 *   (one- and two-phase), as an eos.flash call (input checked, fluid built, result checked) and
 *   as the bare core flash on a prepared fluid;
 * - the time of the demo fluid's whole phase envelope (eos.phaseEnvelope, 14.696 psia to the
 *   critical point and back), median of runs;
 * - side by side, the same flashes with thermo (pip package `thermo`, run by python3 in this same
 *   invocation) and, since thermo 0.6.1 has no envelope tracer, its saturation points (bubble and
 *   dew temperature) at the pressures of our envelope's points, time per point compared.
 * When python3 or thermo is missing, the peer rows are skipped with the reason printed.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { findDefinition } from '../../engine/catalogue.js';
import { prepareCall } from '../../engine/call.js';
import { executeDefinition } from '../../engine/execute.js';
import { flashPT, Isotherm } from '../../engine/eos/core/flashPT.js';
import { buildFluid } from '../../engine/eos/fluidInput.js';
import { selectFluidModel } from '../../engine/eos/model/fluidModel.js';
import { modelFluidInput } from '../../engine/eos/model/resolved.js';
import { DEMO_PROJECT_DATA } from '../../api/projects/demo.js';
import { median } from './stats.js';

export interface EosBench {
  fluid: string;
  points: string;
  flashCallsPerSec: number;
  coreFlashesPerSec: number;
  envelopeMs: number;
  envelopePoints: number;
  envelopeMsPerPoint: number;
  peer: { skip: string } | { thermo: string; python: string; flashesPerSec: number; saturationPoints: number; saturationFailures: number; saturationMs: number; msPerPoint: number };
  flashRatio: number | null;
  envelopePointRatio: number | null;
}

const POINTS_F_PSIA: [number, number][] = [
  [212, 500], [212, 1000], [212, 2000], [212, 3000], [212, 5000],
  [100, 300], [150, 1500], [250, 2500], [300, 800], [60, 14.696],
];

export async function measureEos(durationS: number, runs: number, progress: (line: string) => void): Promise<EosBench> {
  const sel = selectFluidModel(DEMO_PROJECT_DATA, undefined, { projectId: 'demo', versionId: null });
  if (!sel.ok) throw new Error(sel.message);
  const fluidInput = modelFluidInput(sel.model);
  const flash = findDefinition('eos.flash')!;
  const inputs = POINTS_F_PSIA.map(([TF, psia]) => {
    const c = prepareCall(flash, { ...fluidInput, TF, psia });
    if (!c.ok) throw new Error(`bench input invalid: ${c.message}`);
    return c.input;
  });

  const rate = (fn: (i: number) => void) => {
    for (const [k] of inputs.entries()) fn(k); // warm-up pass (JIT)
    const rates: number[] = [];
    for (let r = 0; r < runs; r++) {
      let count = 0;
      const start = performance.now();
      const end = start + durationS * 1000;
      let now = start;
      while (now < end) {
        fn(count % inputs.length);
        count++;
        if ((count & 15) === 0) now = performance.now();
      }
      rates.push(count / ((performance.now() - start) / 1000));
    }
    return median(rates);
  };
  const flashCallsPerSec = rate((i) => {
    const out = executeDefinition(flash, inputs[i]!);
    if (!out.ok) throw new Error(out.message);
  });
  progress(`eos: eos.flash calls ${flashCallsPerSec.toFixed(0)}/s`);
  const { fluid, z } = buildFluid(fluidInput);
  const isos = POINTS_F_PSIA.map(([TF]) => new Isotherm(fluid, (TF + 459.67) / 1.8));
  const coreFlashesPerSec = rate((i) => {
    if (!flashPT(isos[i]!, z, POINTS_F_PSIA[i]![1] * 6894.757293168)) throw new Error('flash failed');
  });
  progress(`eos: core flashes ${coreFlashesPerSec.toFixed(0)}/s`);

  const envelope = findDefinition('eos.phaseEnvelope')!;
  const envCall = prepareCall(envelope, { ...fluidInput });
  if (!envCall.ok) throw new Error(envCall.message);
  const times: number[] = [];
  let result: Record<string, unknown> = {};
  for (let r = 0; r < Math.max(3, runs) + 1; r++) {
    const t0 = performance.now();
    const out = executeDefinition(envelope, envCall.input);
    const ms = performance.now() - t0;
    if (!out.ok) throw new Error(out.message);
    result = out.result;
    if (r > 0) times.push(ms); // the first run warms the JIT
  }
  const envelopeMs = median(times);
  const envPsia = result.psia as number[];
  progress(`eos: envelope ${envelopeMs.toFixed(1)} ms, ${envPsia.length} points`);

  // Peer: thermo at the same points; its saturation points at the pressures of our dew side.
  const dewSide = (result.kind as string[]).map((k, i) => (k === 'dew' ? envPsia[i]! : null)).filter((p): p is number => p !== null);
  const peer = runThermo(fluid, z, POINTS_F_PSIA, durationS, dewSide.filter((_, i) => i % 2 === 0));
  const envelopeMsPerPoint = envelopeMs / envPsia.length;
  const out: EosBench = {
    fluid: `demo project volatile-oil-pr78: ${fluid.n} components, PR78, Peneloux shift`,
    points: POINTS_F_PSIA.map(([t, p]) => `${t} degF/${p} psia`).join(', '),
    flashCallsPerSec,
    coreFlashesPerSec,
    envelopeMs,
    envelopePoints: envPsia.length,
    envelopeMsPerPoint,
    peer,
    flashRatio: 'flashesPerSec' in peer ? coreFlashesPerSec / peer.flashesPerSec : null,
    envelopePointRatio: 'msPerPoint' in peer ? peer.msPerPoint / envelopeMsPerPoint : null,
  };
  return out;
}

function runThermo(fluid: ReturnType<typeof buildFluid>['fluid'], z: Float64Array, points: [number, number][], durationS: number, pressuresPsia: number[]): EosBench['peer'] {
  const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'scripts', 'bench', 'thermoPeer.py');
  const kij = Array.from({ length: fluid.n }, (_, i) => Array.from({ length: fluid.n }, (_, j) => fluid.kij[i * fluid.n + j]!));
  const doc = {
    eos: fluid.family.name,
    Tcs: Array.from(fluid.tc),
    Pcs: Array.from(fluid.pc),
    omegas: Array.from(fluid.omega),
    MWs: Array.from(fluid.mw),
    kij,
    zs: Array.from(z),
    points: points.map(([TF, psia]) => [(TF + 459.67) / 1.8, psia * 6894.757293168]),
    durationS,
    envelope: { pressures: pressuresPsia.map((p) => p * 6894.757293168) },
  };
  const r = spawnSync('python3', [script], { input: JSON.stringify(doc), encoding: 'utf8', timeout: (durationS + 120) * 1000 });
  if (r.error) return { skip: `python3 could not be run: ${r.error.message}` };
  if (r.status !== 0) return { skip: `the thermo peer failed: ${(r.stderr || '').trim().split('\n').slice(-1)[0]}` };
  const parsed = JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
  if (typeof parsed.skip === 'string') return { skip: parsed.skip };
  const p = parsed as { thermo: string; python: string; flashesPerSec: number; saturationPoints: number; saturationFailures: number; saturationMs: number };
  return { ...p, msPerPoint: p.saturationMs / Math.max(1, p.saturationPoints + p.saturationFailures) };
}

export function renderEos(b: EosBench): string {
  const f = (x: number) => Math.round(x).toLocaleString('en-US');
  const lines = [
    `EOS on one thread (no HTTP): ${b.fluid}; flashes cycle over ${b.points}`,
    `  eos.flash call (input checked, fluid built, result checked)   ${f(b.flashCallsPerSec)} flashes/s`,
    `  core PT flash (stability + split, fluid prepared)             ${f(b.coreFlashesPerSec)} flashes/s`,
  ];
  if ('skip' in b.peer) lines.push(`  thermo peer skipped: ${b.peer.skip}`);
  else {
    lines.push(`  thermo ${b.peer.thermo} FlashVL (python ${b.peer.python}), same points       ${f(b.peer.flashesPerSec)} flashes/s   -> ours ${b.flashRatio!.toFixed(1)}x faster (core)`);
  }
  lines.push(`  phase envelope (eos.phaseEnvelope, ${b.envelopePoints} points, critical point)  ${b.envelopeMs.toFixed(1)} ms  (${b.envelopeMsPerPoint.toFixed(3)} ms/point)`);
  if (!('skip' in b.peer)) {
    lines.push(
      `  thermo: no envelope tracer; ${b.peer.saturationPoints} saturation points (flash(P, VF=0|1), ${b.peer.saturationFailures} failed)  ${b.peer.saturationMs.toFixed(0)} ms  (${b.peer.msPerPoint.toFixed(2)} ms/point) -> ours ${b.envelopePointRatio!.toFixed(0)}x faster per point`,
    );
  }
  return lines.join('\n');
}
