/**
 * Lists of numbers as JSON text, by the WebAssembly writer in ./assembly/shortestDecimal.ts (built
 * into ./numberTextWasm.ts by `npm run kernels`): the same characters JSON.stringify writes, about
 * three times faster for a long list. Instantiated once per thread on first use; null where
 * WebAssembly is missing, and callers then use JSON.stringify.
 */
import { NUMBER_TEXT_WASM_BASE64 } from './numberTextWasm.js';

interface NumberTextExports {
  memory: WebAssembly.Memory;
  pow10Table(): number;
  scratchBase(): number;
  numberList(values: number, n: number, out: number): number;
  POW10_MIN: { value: number };
  POW10_MAX: { value: number };
}

/** Values written per call of the module (its scratch holds their doubles and their text). */
export const NUMBER_TEXT_CHUNK = 4096;
/** The longest text of one value with its comma: "-0.00000" and 17 digits, and ','. */
const MAX_VALUE_BYTES = 26;

export class NumberText {
  private readonly values: Float64Array;
  private readonly bytes: Buffer;
  private readonly valuesAt: number;
  private readonly textAt: number;

  constructor(private readonly x: NumberTextExports) {
    writePow10Table(x);
    this.valuesAt = x.scratchBase();
    this.textAt = this.valuesAt + NUMBER_TEXT_CHUNK * 8;
    // 8 bytes of slack: the writer copies digits eight bytes at a time
    if (this.textAt + NUMBER_TEXT_CHUNK * MAX_VALUE_BYTES + 8 > x.memory.buffer.byteLength) throw new Error('number text: scratch does not fit the module memory');
    this.values = new Float64Array(x.memory.buffer, this.valuesAt, NUMBER_TEXT_CHUNK);
    this.bytes = Buffer.from(x.memory.buffer);
  }

  /** The values as JSON writes an array's elements, comma-separated, without the brackets. */
  list(values: ArrayLike<number>): string {
    const n = values.length;
    let text = '';
    for (let start = 0; start < n; start += NUMBER_TEXT_CHUNK) {
      const m = Math.min(NUMBER_TEXT_CHUNK, n - start);
      const v = this.values;
      for (let i = 0; i < m; i++) v[i] = values[start + i] as number;
      const length = this.x.numberList(this.valuesAt, m, this.textAt);
      text += (start > 0 ? ',' : '') + this.bytes.toString('latin1', this.textAt, this.textAt + length);
    }
    return text;
  }
}

/**
 * Schubfach's table (Giulietti 2022, §10): for e in [POW10_MIN, POW10_MAX], floor(10^e / 2^b) + 1
 * with b = floor(log2(10^e)) - 125, a 126-bit over-estimate of 10^e's significand, stored as its
 * upper bits (>> 63) and its lower 63 bits. Computed exactly, with BigInt.
 */
function writePow10Table(x: NumberTextExports): void {
  const min = x.POW10_MIN.value;
  const max = x.POW10_MAX.value;
  const table = new BigUint64Array(x.memory.buffer, x.pow10Table(), 2 * (max - min + 1));
  const low63 = (1n << 63n) - 1n;
  for (let e = min; e <= max; e++) {
    const p = 10n ** BigInt(Math.abs(e));
    // floor(log2(10^e)): for e < 0, -ceil(log2(10^-e)), and 10^-e is no power of two
    const log2 = e >= 0 ? p.toString(2).length - 1 : -p.toString(2).length;
    const b = log2 - 125;
    let g: bigint;
    if (e < 0) g = (1n << BigInt(-b)) / p;
    else if (b < 0) g = p << BigInt(-b);
    else g = p >> BigInt(b);
    g += 1n;
    const i = 2 * (e - min);
    table[i] = g >> 63n;
    table[i + 1] = g & low63;
  }
}

let cached: NumberText | null | undefined;

/** The writer of this thread, or null where WebAssembly is not available. */
export function numberText(): NumberText | null {
  if (cached !== undefined) return cached;
  try {
    const bytes = Buffer.from(NUMBER_TEXT_WASM_BASE64, 'base64');
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
      env: {
        abort: () => {
          throw new Error('number text: abort');
        },
      },
    });
    cached = new NumberText(instance.exports as unknown as NumberTextExports);
  } catch {
    cached = null;
  }
  return cached;
}
