/**
 * The WebAssembly array kernels of the gas functions (AssemblyScript). Built by
 * `npm run kernels` (scripts/kernels/compile.ts) into engine/pvt/kernels/gasKernelsWasm.ts; loaded by
 * engine/pvt/kernels/gasKernels.ts, which owns the memory layout.
 */
export { dakTableNewton } from './dakNewton';
export { gasPropertyColumns } from './gasProperties';
export { gasBlock } from './gasBlock';

/** Where the callers' scratch may start: past the kernels' constants, 16-byte aligned. */
export function scratchBase(): usize {
  return (__heap_base + 15) & ~(<usize>15);
}
