import { expect } from 'chai';
import { cpuPerCall, readCpu } from '../../scripts/bench/cpu.js';

describe('scripts/bench/cpu (CPU per answered call from /proc)', () => {
  const linux = process.platform === 'linux';

  it('reads this process: its main thread used some CPU, never more than the whole process', function () {
    if (!linux) this.skip();
    let x = 0;
    for (let i = 0; i < 3e7; i++) x += Math.sqrt(i); // ~50 ms of CPU on the main thread
    expect(x).to.be.greaterThan(0);
    const r = readCpu({ web: process.pid })!;
    expect(r).to.not.equal(null);
    expect(r.main.web).to.be.greaterThan(0);
    expect(r.all.web! + 1e-9).to.be.at.least(r.main.web!);
  });

  it('is null for a process that does not exist, and skips unset pids', function () {
    if (!linux) this.skip();
    expect(readCpu({ gone: 2 ** 22 + 12345 })).to.equal(null);
    expect(readCpu({ none: undefined })).to.deep.equal({ main: {}, all: {} });
  });

  it('divides the CPU between two readings by the calls answered, in microseconds', () => {
    const before = { main: { web: 1.0, worker: 2.0 }, all: { web: 1.5, worker: 3.0 } };
    const after = { main: { web: 1.5, worker: 2.1 }, all: { web: 2.5, worker: 3.5 } };
    const c = cpuPerCall(before, after, 10_000)!;
    expect(c.mainUs.web).to.be.closeTo(50, 1e-9);
    expect(c.mainUs.worker).to.be.closeTo(10, 1e-9);
    expect(c.allUs.web).to.be.closeTo(100, 1e-9);
    expect(c.allUs.worker).to.be.closeTo(50, 1e-9);
    expect(cpuPerCall(before, after, 0)).to.equal(undefined);
    expect(cpuPerCall(null, after, 10)).to.equal(undefined);
  });
});
