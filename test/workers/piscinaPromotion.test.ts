/**
 * piscina's per-task worker interfaces (workers/piscinaInterfaces.ts says why): with the cache,
 * what the main thread's scavenges promote per task stays small. A count of bytes from V8's own
 * trace (--trace-gc-nvp), not a time: the machine's load does not move it much.
 *
 * Only the main thread's isolate is counted: the trace prefixes each line with `[pid:isolate]`,
 * and the engine threads' isolates (~1.2 MB each, whatever the task count) would otherwise
 * swamp the figure. The probe scavenges once before it starts any thread, so the first
 * scavenge's isolate is the main one.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PISCINA_VERSION, cacheWorkerInterfaces, piscinaInterfaces } from '../../workers/piscinaInterfaces.js';

const PROBE = fileURLToPath(new URL('./fixtures/promotionProbe.js', import.meta.url));
const TASKS = 50_000;

/** Bytes promoted by scavenges per task in a probe run. */
function promotedPerTask(patch: boolean): number {
  const r = spawnSync(process.execPath, ['--no-allocation-site-pretenuring', '--expose-gc', '--trace-gc-nvp', PROBE], {
    env: { ...process.env, PATCH: patch ? '1' : '0', TASKS: String(TASKS) },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 120_000,
  });
  expect(r.status, r.stderr).to.equal(0);
  const ran = Number(/^tasks (\d+)$/m.exec(r.stdout)?.[1]);
  expect(ran).to.be.at.least(TASKS);
  let main: string | undefined;
  let promoted = 0;
  for (const line of r.stdout.split('\n')) {
    const m = /^\[(\d+:0x[0-9a-f]+)\].* gc=s .* promoted=(\d+) /.exec(line);
    if (m === null) continue;
    main ??= m[1];
    if (m[1] === main) promoted += Number(m[2]);
  }
  expect(main, 'no scavenge in the trace').to.not.equal(undefined);
  return promoted / ran;
}

/** Below this the runtime itself does not promote the published interfaces (a later V8, say), so there is nothing to tell apart. */
const PUBLISHED_VISIBLE = 200;

describe('piscina worker interfaces (promoted garbage per task)', function () {
  this.timeout(240_000);
  let cached = 0;
  before(() => {
    cached = promotedPerTask(true);
  });

  it("with one interface object per worker, the main thread's scavenges promote under 100 bytes a task (piscina as published: ~700 on Node 20)", () => {
    expect(cached).to.be.below(100);
  });

  it('the probe can see the difference: piscina as published promotes several times more', function () {
    const published = promotedPerTask(false);
    if (published < PUBLISHED_VISIBLE) this.skip();
    expect(published).to.be.above(3 * Math.max(cached, 20));
  });
});

describe('piscina worker interfaces: applied only to the piscina they were written for', () => {
  it(`caches the installed piscina's interfaces (${PISCINA_VERSION}, as package.json pins), and again is a no-op`, () => {
    expect(cacheWorkerInterfaces()).to.equal(true);
    expect(cacheWorkerInterfaces()).to.equal(true);
    expect(piscinaInterfaces).to.equal('cached');
  });

  it('leaves another piscina version as published and says why', () => {
    const root = mkdtempSync(join(tmpdir(), 'piscina-other-'));
    try {
      mkdirSync(join(root, 'dist'));
      writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'piscina', version: '5.4.0' }));
      expect(cacheWorkerInterfaces(join(root, 'dist', 'main.js'))).to.equal(false);
      expect(piscinaInterfaces).to.equal(`piscina 5.4.0 is not ${PISCINA_VERSION}: left as published`);
    } finally {
      rmSync(root, { recursive: true, force: true });
      cacheWorkerInterfaces();
    }
  });
});
