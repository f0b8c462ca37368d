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
 *
 * A flag's value is not its effect: V8 gives a heap its memory reducer when it sets the heap up,
 * so HEAP_SETUP_FLAGS set at run time miss the main thread although the tag above changes
 * (gcTuning.ts). The launchers (Procfile, npm scripts, the bench) are checked to put them on
 * node's command line, and the start line to say when a main thread lacks them.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GC_FLAGS, HEAP_SETUP_FLAGS, gcLaunchFlags, gcState } from '../../api/ops/gcTuning.js';
import { loadConfig } from '../../api/config.js';
import { REPO_ROOT } from '../support/paths.js';

const PRINT_TAG_ON_EXIT = `data:text/javascript,import v8 from 'node:v8'; process.on('exit', () => process.stderr.write('\\nV8TAG ' + v8.cachedDataVersionTag() + '\\n'));`;

interface Ran {
  code: number | null;
  tag: string | undefined;
  /** stdout and stderr together, as they came. */
  output: string;
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
    child.on('close', (code) => done({ code, tag: /V8TAG (\d+)/.exec(stderr)?.[1], output: out, stderr }));
  });
}

/** The `node ...` commands of a file (Procfile lines, npm scripts) that start `entry`. */
const launches = (text: string, entry: string) => text.split(/\n|",\s*"/).filter((line) => line.includes(`node `) && line.includes(entry));

/** Starts dist/api/main.js on an empty store with `nodeFlags`; resolves with its start line's gc field, then stops it. */
async function webStartGc(nodeFlags: string[], env: Record<string, string> = {}): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gc-web-'));
  try {
    const ran = await runWithTag([...nodeFlags, resolve(REPO_ROOT, 'dist/api/main.js')], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', ENGINE_THREADS: '1', REDIS_URL: '', MONGODB_URL: '', ...env }, /"msg":"listening".*\n/);
    const line = /^.*"msg":"listening".*$/m.exec(ran.output);
    if (!line) throw new Error(ran.output);
    const start = JSON.parse(line[0]) as { gc: string; piscinaInterfaces: string };
    expect(start.piscinaInterfaces, 'workers/piscinaInterfaces.ts applied to the installed piscina').to.equal('cached');
    return start.gc;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
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

  it('the Procfile and the npm scripts start the web, the worker and the bench with HEAP_SETUP_FLAGS on the command line', () => {
    const procfile = readFileSync(resolve(REPO_ROOT, 'Procfile'), 'utf8');
    const pkg = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as { config: Record<string, string>; scripts: Record<string, string> };
    const scripts = Object.values(pkg.scripts).join('\n').replaceAll('$npm_package_config_heapSetupFlags', pkg.config.heapSetupFlags!);
    for (const [text, entries] of [
      [procfile, ['dist/api/main.js', 'dist/workers/main.js']],
      [scripts, ['dist/api/main.js', 'dist/workers/main.js', 'dist/scripts/bench/main.js']],
    ] as const) {
      for (const entry of entries) {
        const lines = launches(text, entry);
        expect(lines, entry).to.not.be.empty;
        for (const line of lines) for (const flag of HEAP_SETUP_FLAGS) expect(line, entry).to.include(`node ${flag} `);
      }
    }
  });

  it('the bench starts its servers and paced clients as the Procfile does: HEAP_SETUP_FLAGS on the command line, none with GC_TUNING=off', () => {
    expect(gcLaunchFlags({})).to.deep.equal([...HEAP_SETUP_FLAGS]);
    expect(gcLaunchFlags({ GC_TUNING: 'on' })).to.deep.equal([...HEAP_SETUP_FLAGS]);
    expect(gcLaunchFlags({ GC_TUNING: 'off' })).to.deep.equal([]);
    for (const flag of HEAP_SETUP_FLAGS) expect(GC_FLAGS).to.include(flag);
  });

  it("the web's start line says whether its main thread has the command-line flags", async () => {
    const [without, withFlags, off] = await Promise.all([webStartGc([]), webStartGc(['--no-memory-reducer']), webStartGc([], { GC_TUNING: 'off' })]);
    expect(without).to.equal("on, except the main thread's --no-memory-reducer: start node with it (the Procfile and npm scripts do)");
    expect(withFlags).to.equal('on');
    expect(off).to.equal('off');
    expect(gcState({}, ['--no-memory-reducer', '--inspect'])).to.equal('on');
  });

  it('GC_TUNING takes on or off; anything else is a configuration error naming it', () => {
    expect(() => loadConfig({ GC_TUNING: 'on' })).to.not.throw();
    expect(() => loadConfig({ GC_TUNING: 'off' })).to.not.throw();
    expect(() => loadConfig({ GC_TUNING: 'Off' })).to.throw(/GC_TUNING must be on or off \(got 'Off'\)/);
    expect(() => loadConfig({ GC_TUNING: 'false' })).to.throw(/GC_TUNING/);
  });
});
