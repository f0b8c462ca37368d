/**
 * The server processes' V8 GC flags (api/ops/gcTuning.ts): the real entry points run with the same
 * flags as `node <GC_FLAGS>` would give them, GC_TUNING=off leaves V8's defaults, and a bad
 * GC_TUNING value is a configuration error.
 *
 * How a flag is seen from outside: v8.cachedDataVersionTag() is derived from V8's version, CPU
 * features and its flags, so a process whose flags were set with setFlagsFromString reports the
 * tag of a process started with them on its command line. Each entry point runs with a preload
 * that prints the tag on exit; the web and worker are stopped by a bad PORT (configuration error,
 * exit 2), which comes after every module of the entry point has loaded.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { GC_FLAGS } from '../../api/ops/gcTuning.js';
import { loadConfig } from '../../api/config.js';
import { REPO_ROOT } from '../support/paths.js';

const PRINT_TAG_ON_EXIT = `data:text/javascript,import v8 from 'node:v8'; process.on('exit', () => process.stderr.write('\\nV8TAG ' + v8.cachedDataVersionTag() + '\\n'));`;

interface Ran {
  code: number | null;
  tag: string | undefined;
  stderr: string;
}

/** Runs node with `args`; `stopWhen` (on its output) sends SIGTERM; resolves with the exit code and the tag the preload printed. */
function runWithTag(args: string[], env: Record<string, string>, stopWhen?: RegExp): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', PRINT_TAG_ON_EXIT, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stderr = '';
    const seen = (d: Buffer) => {
      out += d;
      if (stopWhen?.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
      seen(d);
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, tag: /V8TAG (\d+)/.exec(stderr)?.[1], stderr }));
  });
}

const tagOf = async (nodeFlags: string[]): Promise<string> => (await runWithTag([...nodeFlags, '-e', '0'], {})).tag!;

describe('V8 GC flags of the server processes (api/ops/gcTuning.ts)', function () {
  this.timeout(60_000);
  let tuned: string;
  let plain: string;
  before(async () => {
    tuned = await tagOf([...GC_FLAGS]);
    plain = await tagOf([]);
    expect(tuned, 'the flags change the tag').to.not.equal(plain);
  });

  for (const [entry, env] of [
    ['dist/api/main.js', { PORT: '-1' }],
    ['dist/workers/main.js', { PORT: '-1', REDIS_URL: 'redis://127.0.0.1:1' }],
  ] as const) {
    it(`${entry} runs with GC_FLAGS, set before its modules load; GC_TUNING=off keeps V8's defaults`, async () => {
      const on = await runWithTag([resolve(REPO_ROOT, entry)], env);
      expect(on.code, on.stderr).to.equal(2); // the bad PORT: every module had loaded
      expect(on.stderr).to.include('PORT');
      expect(on.tag).to.equal(tuned);
      const off = await runWithTag([resolve(REPO_ROOT, entry)], { ...env, GC_TUNING: 'off' });
      expect(off.code).to.equal(2);
      expect(off.tag).to.equal(plain);
    });
  }

  it("the bench's floor server runs with the same flags (its comparison with the web stays like for like)", async () => {
    const floor = await runWithTag([resolve(REPO_ROOT, 'dist/scripts/bench/floorServer.js')], { PORT: '0' }, /floor listening/);
    expect(floor.tag, floor.stderr).to.equal(tuned);
  });

  it('GC_TUNING takes on or off; anything else is a configuration error naming it', () => {
    expect(() => loadConfig({ GC_TUNING: 'on' })).to.not.throw();
    expect(() => loadConfig({ GC_TUNING: 'off' })).to.not.throw();
    expect(() => loadConfig({ GC_TUNING: 'Off' })).to.throw(/GC_TUNING must be on or off \(got 'Off'\)/);
    expect(() => loadConfig({ GC_TUNING: 'false' })).to.throw(/GC_TUNING/);
  });
});
