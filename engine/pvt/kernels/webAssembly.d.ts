/**
 * The part of the WebAssembly JavaScript API that ./gasKernels.ts uses. Node has it as a global;
 * @types/node 20 does not declare it, and the DOM library (which does) is not ours to include.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
  }
  function validate(bytes: Uint8Array): boolean;
}
