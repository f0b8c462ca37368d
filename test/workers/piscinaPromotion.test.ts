/**
 * piscina's per-task worker interfaces (workers/piscinaInterfaces.ts says why): with the cache,
 * what the main thread's scavenges promote per task stays small. A count of bytes from V8's own
 * trace (--trace-gc-nvp), not a time: the machine's load does not move it much.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('./fixtures/promotionProbe.js', import.meta.url));
const TASKS = 50_000;

/** Bytes promoted by scavenges per task in a probe run. */
function promotedPerTask(patch: boolean): number {
  const r = spawnSync(process.execPath, ['--no-allocation-site-pretenuring', '--trace-gc-nvp', PROBE], {
    env: { ...process.env, PATCH: patch ? '1' : '0', TASKS: String(TASKS) },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 120_000,
  });
  expect(r.status, r.stderr).to.equal(0);
  const ran = Number(/^tasks (\d+)$/m.exec(r.stdout)?.[1]);
  expect(ran).to.be.at.least(TASKS);
  let promoted = 0;
  for (const line of r.stdout.split('\n')) {
    if (!line.includes(' gc=s ')) continue;
    const m = / promoted=(\d+)/.exec(line);
    if (m) promoted += Number(m[1]);
  }
  return promoted / ran;
}

describe('piscina worker interfaces (promoted garbage per task)', function () {
  this.timeout(240_000);
  let cached = 0;
  before(() => {
    cached = promotedPerTask(true);
  });

  it('with one interface object per worker, scavenges promote under 250 bytes a task (piscina as published: ~750)', () => {
    expect(cached).to.be.below(250);
  });

  it('the probe can see the difference: piscina as published promotes several times more', () => {
    const published = promotedPerTask(false);
    expect(published).to.be.above(3 * Math.max(cached, 20));
  });
});
