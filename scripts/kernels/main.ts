/**
 * `npm run kernels`: compiles engine/pvt/kernels/assembly and writes
 * engine/pvt/kernels/gasKernelsWasm.ts (the bytes the engine loads). `--check` writes nothing and
 * exits 1 when the committed module is not what the source compiles to.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { compileKernels, KERNEL_MODULE, renderKernelModule } from './compile.js';

const text = renderKernelModule(await compileKernels());
if (process.argv.includes('--check')) {
  const same = readFileSync(KERNEL_MODULE, 'utf8') === text;
  console.log(same ? 'kernels: up to date' : `kernels: ${KERNEL_MODULE} is stale; run npm run kernels`);
  process.exit(same ? 0 : 1);
}
writeFileSync(KERNEL_MODULE, text);
console.log(`kernels: wrote ${KERNEL_MODULE}`);
