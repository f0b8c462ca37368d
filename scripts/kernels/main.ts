/**
 * `npm run kernels`: compiles the WebAssembly modules (scripts/kernels/compile.ts WASM_MODULES)
 * and writes the TypeScript modules that carry them. `--check` writes nothing and exits 1 when a
 * committed module is not what its source compiles to.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { compileModule, renderModule, WASM_MODULES } from './compile.js';

const check = process.argv.includes('--check');
let stale = 0;
for (const m of WASM_MODULES) {
  const text = renderModule(m, await compileModule(m));
  if (check) {
    const same = readFileSync(m.module, 'utf8') === text;
    if (!same) stale++;
    console.log(same ? `kernels: ${m.module} up to date` : `kernels: ${m.module} is stale; run npm run kernels`);
  } else {
    writeFileSync(m.module, text);
    console.log(`kernels: wrote ${m.module}`);
  }
}
process.exit(stale > 0 ? 1 : 0);
