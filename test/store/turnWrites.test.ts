/**
 * store/redis/turnWrites.ts against a real redis-server: one socket write for the commands of a
 * turn, every answer right and in order, nothing stranded by commands sent late in a turn, and a
 * reconnected connection served the same way.
 */
import type { Socket } from 'node:net';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { writePerTurn } from '../../store/redis/turnWrites.js';
import { apiRedis, redisOrSkip, type RedisServer } from '../support/redis.js';

/** Counts the writes that reach the connection's socket (one _write or _writev each). */
function countSocketWrites(redis: Redis): { writes: number } {
  const socket = redis.stream as Socket & { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void };
  const counter = { writes: 0 };
  const write = socket._write;
  const writev = socket._writev;
  socket._write = function (...a: unknown[]) {
    counter.writes++;
    return write.apply(this, a);
  };
  socket._writev = function (...a: unknown[]) {
    counter.writes++;
    return writev.apply(this, a);
  };
  return counter;
}

const untilReady = (redis: Redis) => new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve())));

describe('one Redis write per turn (store/redis/turnWrites)', function () {
  this.timeout(20_000);
  let server: RedisServer;
  const clients: Redis[] = [];
  const client = async () => {
    const c = await apiRedis(server.url, { enableOfflineQueue: true });
    clients.push(c);
    return c;
  };

  before(async function () {
    server = await redisOrSkip(this);
  });
  after(async () => {
    for (const c of clients) c.disconnect();
    await server?.stop();
  });

  it('sends the commands of one turn in one write (a plain connection writes each)', async () => {
    const plain = await client();
    const plainWrites = countSocketWrites(plain);
    await Promise.all(Array.from({ length: 50 }, (_, i) => plain.set(`tw:plain:${i}`, String(i))));
    expect(plainWrites.writes).to.be.greaterThan(1);

    const turned = writePerTurn(await client());
    const writes = countSocketWrites(turned);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => turned.set(`tw:turn:${i}`, String(i))));
    expect(answers).to.deep.equal(Array(50).fill('OK'));
    expect(writes.writes).to.equal(1);
  });

  it('answers every command of a turn right and in order, scripts and plain commands mixed', async () => {
    const r = writePerTurn(await client());
    const key = 'tw:order';
    await r.del(key);
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < 200; i++) {
      sent.push(i % 3 === 0 ? r.eval("return redis.call('INCR', KEYS[1])", 1, key) : r.incr(key));
      if (i % 10 === 0) sent.push(r.get(key));
    }
    const answers = await Promise.all(sent);
    const counts = answers.filter((_, i) => i % 11 !== 1).map(Number);
    expect(counts).to.deep.equal(Array.from({ length: 200 }, (_, i) => i + 1));
    // The GET sent right after the (10k)-th increment sees exactly 10k + 1: nothing overtook anything.
    answers.forEach((a, i) => {
      if (i % 11 === 1) expect(a).to.equal(String(((i - 1) / 11) * 10 + 1));
    });
  });

  it('answers commands sent late in a turn (from setImmediate and after an answer)', async () => {
    const r = writePerTurn(await client());
    const late = await new Promise<string | null>((resolve, reject) => {
      setImmediate(() => {
        void r.set('tw:late', 'x').then(() => r.get('tw:late')).then(resolve, reject);
      });
    });
    expect(late).to.equal('x');
    // A chain of dependent round trips: each one in its own turn.
    let v = 0;
    for (let i = 0; i < 20; i++) v = await r.incr('tw:chain');
    expect(v).to.equal(20);
  });

  it('keeps working on the new socket after the connection is killed', async () => {
    const r = writePerTurn(await client());
    await r.client('SETNAME', 'tw-victim');
    const admin = await client();
    const list = String(await admin.client('LIST'));
    const id = /id=(\d+) [^\n]*name=tw-victim/.exec(list)?.[1];
    expect(id, 'the victim connection in CLIENT LIST').to.be.a('string');
    await admin.client('KILL', 'ID', id!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await untilReady(r);
    const writes = countSocketWrites(r);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => r.incr(`tw:after:${i}`)));
    expect(answers).to.deep.equal(Array(20).fill(1));
    expect(writes.writes).to.equal(1);
  });
});
