import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { cpuPerCall, readCpu } from '../../scripts/bench/cpu.js';

describe('scripts/bench/cpu (CPU and run-queue wait per answered call from /proc)', () => {
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

  it("reads each thread's run-queue wait (schedstat), and a thread that ends between two readings takes nothing off the total", async function () {
    if (!linux || !existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`)) this.skip();
    const mainOnly = readCpu({ web: process.pid })!.wait.web!;
    expect(mainOnly[String(process.pid)]).to.be.a('number').and.to.be.at.least(0);
    const thread = new Worker('let x = 0; for (let i = 0; i < 2e7; i++) x += Math.sqrt(i); require("node:worker_threads").parentPort.postMessage(x); setInterval(() => {}, 1000);', { eval: true });
    await once(thread, 'message');
    const before = readCpu({ web: process.pid })!;
    expect(Object.keys(before.wait.web!).length, 'the thread is listed').to.be.greaterThan(Object.keys(mainOnly).length);
    await thread.terminate();
    const after = readCpu({ web: process.pid })!;
    const c = cpuPerCall(before, after, 1)!;
    expect(c.waitUs.web).to.be.at.least(0);
  });

  it('is null for a process that does not exist, and skips unset pids', function () {
    if (!linux) this.skip();
    expect(readCpu({ gone: 2 ** 22 + 12345 })).to.equal(null);
    expect(readCpu({ none: undefined })).to.deep.equal({ main: {}, all: {}, wait: {} });
  });

  it('divides the CPU between two readings by the calls answered, in microseconds', () => {
    // wait by thread id: web's thread 12 ended between the readings and thread 13 started.
    const before = { main: { web: 1.0, worker: 2.0 }, all: { web: 1.5, worker: 3.0 }, wait: { web: { '10': 0.25, '12': 0.75 }, worker: { '20': 0.5 } } };
    const after = { main: { web: 1.5, worker: 2.1 }, all: { web: 2.5, worker: 3.5 }, wait: { web: { '10': 0.375, '13': 0.125 }, worker: { '20': 0.5 } } };
    const c = cpuPerCall(before, after, 10_000)!;
    expect(c.mainUs.web).to.be.closeTo(50, 1e-9);
    expect(c.mainUs.worker).to.be.closeTo(10, 1e-9);
    expect(c.allUs.web).to.be.closeTo(100, 1e-9);
    expect(c.allUs.worker).to.be.closeTo(50, 1e-9);
    expect(c.waitUs.web).to.be.closeTo(25, 1e-9); // (0.375 - 0.25) + 0.125, the ended thread left out
    expect(c.waitUs.worker).to.equal(0);
    expect(cpuPerCall(before, after, 0)).to.equal(undefined);
    expect(cpuPerCall(null, after, 10)).to.equal(undefined);
  });
});
