/**
 * Engine answers as JSON text (engine/json): the WebAssembly number writer prints every double
 * as JavaScript does (the shortest digits that read back, the closest of those, ties to even, in
 * Number::toString's layout), and answerJson gives JSON.stringify's text character for character.
 */
import { expect } from 'chai';
import { CATALOGUE } from '../../../engine/catalogue.js';
import { prepareCall, presentResult } from '../../../engine/call.js';
import { executeDefinition } from '../../../engine/execute.js';
import { numberText, NUMBER_TEXT_CHUNK } from '../../../engine/json/numberText.js';
import { answerJson } from '../../../engine/json/answerJson.js';
import { findDefinition } from '../../../engine/catalogue.js';
import { mulberry32 as seededRandom } from '../../../engine/seededRandom.js';
import { selectFluidModel } from '../../../engine/eos/model/fluidModel.js';
import { DEMO_PROJECT_DATA, DEMO_PROJECT_ID } from '../../../api/projects/demo.js';

const writer = () => {
  const w = numberText();
  if (w === null) throw new Error('WebAssembly is not available in this Node');
  return w;
};

/** The first value whose text differs from JSON.stringify's, or null. */
function firstMismatch(values: ArrayLike<number>): string | null {
  const w = writer();
  const all = Array.from(values);
  if (`[${w.list(all)}]` === JSON.stringify(all)) return null;
  for (const v of all) {
    const got = w.list([v]);
    if (got !== JSON.stringify(v)) return `${Object.is(v, -0) ? '-0' : String(v)}: wrote ${got}, JavaScript ${JSON.stringify(v)}`;
  }
  return 'the joined list differs';
}

/** Doubles from raw bits. */
function fromBits(words: Array<[number, number]>): Float64Array {
  const out = new Float64Array(words.length);
  const u = new Uint32Array(out.buffer);
  words.forEach(([hi, lo], i) => {
    u[2 * i] = lo >>> 0;
    u[2 * i + 1] = hi >>> 0;
  });
  return out;
}

describe('engine answers as JSON text (engine/json)', function () {
  this.timeout(120_000);

  it('writes the edges as JavaScript does: zeros, non-finite as null, subnormals, the largest, the 1e21 and 1e-7 switches', () => {
    const edges = [
      0, -0, NaN, Infinity, -Infinity, 5e-324, -5e-324, 1e-323, 2.225073858507201e-308, 2.2250738585072014e-308, 2.2250738585072019e-308,
      1.7976931348623157e308, -1.7976931348623157e308, 1, -1, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1e21, 999999999999999900000, 1e21 - 65536 * 2, 1e-7, 1e-6,
      0.000001234, 0.0000001234, 123e-20, 9007199254740991, 9007199254740992, 9007199254740994, 2 ** 63, 2 ** 64, 2 ** -1022, 2 ** -1074,
      1.5, 100, 1234567, 4.35, 0.1 + 0.2, 5e-7, 1.7976931348623157e308 / 2, 123456789012345680, 1e23, 8.41e21, 5.0e-324 * 3, 0.8785399927123456,
    ];
    expect(writer().list(edges)).to.equal(JSON.stringify(edges).slice(1, -1));
    expect(firstMismatch(edges)).to.equal(null);
  });

  it('every power of two and its neighbours (where the spacing below halves), and every power of ten near the double range', () => {
    const values: number[] = [];
    for (let e = -1074; e <= 1023; e++) {
      const p = 2 ** e;
      values.push(p, -p);
      if (e > -1074) values.push(p * (1 - 2 ** -53), p * (1 + 2 ** -52));
    }
    for (let e = -323; e <= 308; e++) values.push(Number(`1e${e}`), Number(`9.999999999999999e${e}`), Number(`5e${e}`));
    expect(firstMismatch(values)).to.equal(null);
  });

  it('400,000 doubles of random bits, and 400,000 random values over 40 decades', () => {
    const random = seededRandom(20261124);
    const bits: Array<[number, number]> = [];
    for (let i = 0; i < 400_000; i++) bits.push([Math.floor(random() * 2 ** 32), Math.floor(random() * 2 ** 32)]);
    expect(firstMismatch(fromBits(bits))).to.equal(null);
    const spread = Array.from({ length: 400_000 }, () => (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20));
    expect(firstMismatch(spread)).to.equal(null);
  });

  it('integers, and short decimals (the digits with trailing zeros to drop)', () => {
    const random = seededRandom(7);
    const values: number[] = [];
    for (let i = 0; i < 50_000; i++) {
      values.push(Math.floor(random() * 2 ** 53), Math.floor(random() * 1e6) / 1000, Math.round(random() * 1e4) * 1e15, Math.floor(random() * 1000) * 2 ** 60);
    }
    expect(firstMismatch(values)).to.equal(null);
  });

  it('lists longer than one chunk of the module join as one list', () => {
    const n = NUMBER_TEXT_CHUNK * 2 + 17;
    const values = Array.from({ length: n }, (_, i) => i / 7);
    expect(`[${writer().list(values)}]`).to.equal(JSON.stringify(values));
    expect(writer().list([])).to.equal('');
  });

  it('answerJson is JSON.stringify, for values of every shape', () => {
    const list = Array.from({ length: 20 }, (_, i) => i * 0.37);
    const shapes: unknown[] = [
      { a: list, b: 'x', c: undefined, d: () => 1, e: null, f: { g: list, h: [list, list] } },
      { result: { z: list, warnings: ['a "quoted" warning', 'line\nbreak'] }, ok: true },
      { mixed: [...list, 'text', null, undefined, { n: 1 }], holes: new Array(10), typed: new Float64Array(list), date: new Date(0) },
      Object.assign(Object.create(null) as Record<string, unknown>, { list, 'key "q"': 1 }),
      { nonFinite: [...list, NaN, Infinity, -0] },
      { short: [1, 2, 3], scalar: 4.5 },
      { list, units: Object.freeze({ z: 'dimensionless', p: 'psia' }), nested: Object.freeze({ list, inner: { a: 1 } }) },
      { list, getter: Object.freeze(Object.defineProperty({}, 'now', { enumerable: true, get: () => 'computed' })) },
      list,
      [list, [list]],
      'text',
      12.5,
      null,
    ];
    for (const v of shapes) expect(answerJson(v)).to.equal(JSON.stringify(v));
  });

  it('answerJson is JSON.stringify for every catalogue example answered, in both unit systems', () => {
    let answered = 0;
    for (const def of CATALOGUE) {
      for (const example of def.examples ?? []) {
        for (const units of ['field', 'metric'] as const) {
          const prepared = prepareCall(def, { ...(example.input as Record<string, unknown>), units });
          if (!prepared.ok) continue; // an example given in field units may not be valid as metric
          let input = prepared.input;
          if (def.resolve === 'fluidModel') {
            const sel = selectFluidModel(DEMO_PROJECT_DATA, input.fluidModelId as string | undefined, { projectId: DEMO_PROJECT_ID, versionId: null });
            if (!sel.ok) continue;
            input = { ...input, fluidModel: sel.model };
          }
          const out = executeDefinition(def, input, { units: prepared.units });
          if (!out.ok) continue;
          const presented = presentResult(def, out.result, out.warnings, prepared.units);
          expect(answerJson(presented), `${def.name} (${units})`).to.equal(JSON.stringify(presented));
          answered++;
        }
      }
    }
    expect(answered).to.be.greaterThan(CATALOGUE.length);
  });

  it('answerJson is JSON.stringify for a 10,000-pressure gas answer (70,000 numbers)', () => {
    const def = findDefinition('pvt.gasProperties')!;
    const psia = Array.from({ length: 10_000 }, (_, i) => 150 + i * 0.77);
    const prepared = prepareCall(def, { psia, TF: 180, gasSG: 0.7 });
    if (!prepared.ok) throw new Error(prepared.message);
    const out = executeDefinition(def, prepared.input);
    if (!out.ok) throw new Error(out.message);
    const presented = presentResult(def, out.result, out.warnings, 'field');
    const text = answerJson(presented);
    expect(text).to.equal(JSON.stringify(presented));
    expect((JSON.parse(text) as { z: number[] }).z).to.have.length(10_000);
  });
});
