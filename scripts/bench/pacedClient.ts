/**
 * The paced client (./paced.ts runPaced) in a process of its own: reads its LoadSpec as JSON on
 * stdin, writes the RunResult as JSON on stdout. Started by runPacedApart for every half-peak and
 * control run.
 *
 * Why a process of its own: in the bench's process the client shared an event loop and a heap
 * with what the bench did before (the speed rows' 100,000-point columns, autocannon's runs), and
 * that heap's full collections landed in the paced runs as late answers of whichever server was
 * being measured (the floor paced as a control showed p99 10-13 ms at 3,700 calls/s). It runs with
 * the servers' GC flags (api/ops/gcTuning.ts) for the same reason they do.
 */
import '../../api/ops/applyGcTuning.js';
import { runPaced } from './paced.js';

try {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const result = await runPaced(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Parameters<typeof runPaced>[0]);
  process.stdout.write(JSON.stringify(result));
} catch (err) {
  // One line, for the bench's own message (runPacedApart).
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
}
