/**
 * The JSON-lines logger (api/log.ts) in a real child process writing to a real pipe: lines of one
 * turn leave in one write, nothing is lost when the process exits right after logging, and a
 * level below the configured one writes nothing.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../support/paths.js';

const LOG_MODULE = pathToFileURL(resolve(REPO_ROOT, 'dist/api/log.js')).href;

/** Runs `body` as an ES module with `createLogger` imported; returns its stdout and exit status. */
function run(body: string): { stdout: string; status: number | null } {
  const source = `import { createLogger } from ${JSON.stringify(LOG_MODULE)};\n${body}`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  return { stdout: r.stdout, status: r.status };
}

const lines = (out: string) => out.split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('logger (api/log.ts)', () => {
  it('writes every line of a turn, in order, one JSON object per line', () => {
    const { stdout, status } = run(`
      const log = createLogger('info');
      for (let i = 0; i < 5; i++) log.info('request', { i });
      log.debug('hidden');
    `);
    expect(status).to.equal(0);
    const got = lines(stdout);
    expect(got.map((l) => l.i)).to.deep.equal([0, 1, 2, 3, 4]);
    expect(got.every((l) => l.level === 'info' && l.msg === 'request' && typeof l.time === 'string')).to.equal(true);
  });

  it('loses no line when the process exits in the same turn it logged', () => {
    const { stdout, status } = run(`
      const log = createLogger('info');
      log.info('first');
      log.error('last words', { code: 3 });
      process.exit(3);
    `);
    expect(status).to.equal(3);
    expect(lines(stdout).map((l) => l.msg)).to.deep.equal(['first', 'last words']);
  });

  it('says which levels it writes, so callers skip building fields for the others', () => {
    const { stdout } = run(`
      const log = createLogger('error');
      console.log(JSON.stringify({ info: log.enabled('info'), error: log.enabled('error'), debug: log.enabled('debug') }));
      log.info('not written');
    `);
    expect(lines(stdout)).to.deep.equal([{ info: false, error: true, debug: false }]);
  });
});
