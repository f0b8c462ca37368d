/**
 * The per-pressure columns of the array paths (pvt.zFactor, pvt.gasProperties): plain arrays up
 * to PLAIN_COLUMN_MAX values, Float64Array beyond.
 *
 * Why: V8 keeps a plain array of more than 16,384 doubles (its 128 KiB regular-object limit) as
 * a large object on freshly mapped pages, and frees those pages when it dies, so every long list
 * pays its page faults again: measured ~5-7 ns a value at 100,000 against ~2 ns at 1,000, seven
 * columns a call for pvt.gasProperties. A Float64Array's memory comes from malloc and is reused,
 * provided malloc keeps what is freed: glibc by default hands blocks this size back to the kernel
 * (mmap, or a trim of the heap top), so the processes run with GLIBC_TUNABLES that keep them
 * (package.json config.glibcTunables, the Procfile): measured at 100,000 pressures, 74,700 page
 * faults in 5 s of pvt.zFactor without, 29,600 with, and per-point speed then no worse than at
 * 1,000. Only direct engine callers see such columns: the API's lists stop at 10,000 values
 * (engine/quantity.ts quantityOrArray maxItems, checked against this limit by
 * test/engine/pvt/columns.test.ts), so every REST/MCP/batch result stays a plain JSON array.
 */

export const PLAIN_COLUMN_MAX = 16_384;

export type Column = number[] | Float64Array;

/**
 * A column of n values, every index to be written by the caller before the column is returned.
 * Past PLAIN_COLUMN_MAX its memory is not zeroed first (numpy's `empty`, not `zeros`): at 100,000
 * pressures zeroing pvt.gasProperties' seven columns was ~2 ns of its ~25 a point (seventeenth
 * session). Safe because each caller writes every index or throws (pvt.zFactor, pvt.gasProperties:
 * a point without a root ends the call with no_solution), and because such columns never leave
 * the process: the API's lists stop at 10,000 values (see the header), so only direct engine
 * callers, which share the process's memory anyway, ever hold one. test/engine/pvt/columns.test.ts
 * compares long lists with the same points in API-sized lists.
 */
export function newColumn(n: number): Column {
  if (n <= PLAIN_COLUMN_MAX) return new Array<number>(n);
  const bytes = Buffer.allocUnsafeSlow(n * 8); // its own ArrayBuffer, offset 0: aligned for doubles
  return new Float64Array(bytes.buffer, bytes.byteOffset, n);
}

/**
 * The column as the output schema's list type. A Float64Array is read like one (index, length,
 * iteration) but is not an Array: JSON.stringify would write it as an object, so a caller that
 * serialises a direct engine result longer than PLAIN_COLUMN_MAX converts it (Array.from).
 */
export const asList = (col: Column): number[] => col as unknown as number[];
