import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallerGone } from '../../api/routes/callerGone.js';

/** A real server whose handler hands each response to `onRequest`; answers only when told. */
async function serve(onRequest: (res: ServerResponse) => void): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => onRequest(res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

describe('api/routes/callerGone (the cancel of an HTTP engine call)', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('fires once, with aborted true, when the client closes before the answer; a removed listener and a late one are not called', async () => {
    let gone!: CallerGone;
    const calls: string[] = [];
    const fired = new Promise<void>((resolve) => {
      void serve((res) => {
        gone = new CallerGone(res);
        const removed = () => calls.push('removed');
        gone.addEventListener('abort', () => calls.push('first'), { once: true });
        gone.addEventListener('abort', removed);
        gone.addEventListener('abort', () => {
          calls.push('second');
          resolve();
        });
        gone.removeEventListener('abort', removed);
        expect(gone.aborted).to.equal(false);
      }).then((s) => {
        server = s.server;
        const req = request({ port: s.port, host: '127.0.0.1', method: 'POST', path: '/' });
        req.on('error', () => undefined);
        req.write('{}');
        setTimeout(() => req.destroy(), 50); // the client hangs up, unanswered
      });
    });
    await fired;
    expect(gone.aborted).to.equal(true);
    expect(calls).to.deep.equal(['first', 'second']);
    gone.addEventListener('abort', () => calls.push('late'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).to.deep.equal(['first', 'second']);
  });

  it('never fires for a call that was answered', async () => {
    let gone!: CallerGone;
    let called = 0;
    let closed!: Promise<unknown>;
    const s = await serve((res) => {
      gone = new CallerGone(res);
      gone.addEventListener('abort', () => called++);
      closed = once(res, 'close');
      res.end('{"ok":true}');
    });
    server = s.server;
    const res = await fetch(`http://127.0.0.1:${s.port}/`, { method: 'POST', body: '{}' });
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ ok: true });
    await closed;
    expect(gone.aborted).to.equal(false);
    expect(called).to.equal(0);
  });
});
