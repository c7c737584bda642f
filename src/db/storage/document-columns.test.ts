import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../testing/documents';
import { decodeDocuments, encodeDocuments, type DocumentColumns } from './document-columns';

const asJson = <T>(value: T) => JSON.parse(JSON.stringify(value)) as T;
const isWide = (text: string) => [...text].some((char) => (char.codePointAt(0) ?? 0) > 0xff);

/** A document of JSON values: what RxDB stores, with properties that come and go from one document to the next. */
const jsonDoc = fc.dictionary(
  fc.constantFrom('sku', 'name', 'price', 'special_price', 'category_ids', '_meta', 'constructor', 'toString', 'a.b', ''),
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('Ελαιόλαδο', 'Κρήτη 5L', 'café', '😀', ['Α', 1], { label: 'Μέγεθος' })),
  { maxKeys: 8 },
);

describe('document columns', () => {
  it('reads back what JSON would, property order included, whatever properties each document has', () => {
    fc.assert(
      fc.property(fc.array(jsonDoc, { maxLength: 30 }), (docs) => {
        const stored = encodeDocuments(docs);
        const expected = asJson(docs);
        for (const back of [decodeDocuments(stored), decodeDocuments(structuredClone(stored))]) {
          expect(back).toEqual(expected);
          expect(back.map((doc) => Object.keys(doc))).toEqual(expected.map((doc) => Object.keys(doc)));
        }
      }),
    );
  });

  it('writes what JSON would for values with toJSON, and documents that are not plain objects', () => {
    class Priced {
      constructor(readonly sku: string) {}
    }
    const cases: unknown[][] = [
      [{ name: 'Ω' }, { name: { toJSON: () => undefined } }, { name: new Date(0) }, { name: { toJSON: () => 'Ψ' } }],
      [{ name: 'Ω' }, new Priced('A')],
      [{ name: 'Ω' }, new Date(0)],
      [{ name: 'Ω' }, null],
      [{ name: 'Ω' }, ['Α']],
      // eslint-disable-next-line no-sparse-arrays
      [{ name: 'Ω' }, , { name: 'Σ' }],
    ];
    for (const docs of cases) {
      const stored = encodeDocuments(docs as object[]);
      const expected = asJson(docs);
      if (expected.some((doc) => typeof doc !== 'object' || doc === null || Array.isArray(doc))) {
        // JSON writes them, but they are no documents: such a record is refused when read (no RxDB document is one).
        expect(() => decodeDocuments(stored)).toThrow();
      } else {
        expect(decodeDocuments(stored)).toEqual(expected);
      }
    }
  });

  it('keeps a property absent where a document has none, and null where it holds null', () => {
    const docs = [
      { sku: 'A', name: 'Άλφα' },
      { sku: 'B' },
      { sku: 'C', name: null },
      { sku: 'D', name: undefined },
      { sku: 'E', name: 'Ε' },
    ];
    const stored = encodeDocuments(docs);
    expect(typeof stored).toBe('object');
    const back = decodeDocuments(stored);
    expect(back).toEqual([{ sku: 'A', name: 'Άλφα' }, { sku: 'B' }, { sku: 'C', name: null }, { sku: 'D' }, { sku: 'E', name: 'Ε' }]);
    expect(Object.hasOwn(back[1]!, 'name')).toBe(false);
    expect(Object.hasOwn(back[3]!, 'name')).toBe(false);
  });

  it('moves the properties with Greek text into columns and leaves the rest one byte a character', () => {
    const products = Array.from({ length: 50 }, (_, i) => ({
      ...makeProduct({ sku: `SKU-${i}`, name: `Ελαιόλαδο ${i}` }),
      _rev: `1-${i}`,
    }));
    const stored = encodeDocuments(products) as DocumentColumns;
    expect([...stored.keys].sort()).toEqual(['name', 'name_az', 'supplier_name']);
    expect(isWide(stored.rows)).toBe(false);
    expect(stored.values.every(isWide)).toBe(true);
    expect(decodeDocuments(stored)).toEqual(asJson(products));
  });

  it('writes documents without wide text, or with an own __proto__ property, as one JSON array', () => {
    const latin = [{ sku: 'A', name: 'Café crème' }];
    expect(encodeDocuments(latin)).toBe(JSON.stringify(latin));
    const docs = [{ sku: 'A', name: 'Άλφα' }, JSON.parse('{"sku":"B","__proto__":{"polluted":true}}') as object];
    const stored = encodeDocuments(docs);
    expect(typeof stored).toBe('string');
    const back = decodeDocuments(stored);
    expect(Object.getPrototypeOf(back[1])).toBe(Object.prototype);
    expect(back).toEqual(asJson(docs));
  });

  it('reads a record written before columns: a JSON array of documents', () => {
    const docs = [makeProduct({ sku: 'OLD' })];
    expect(decodeDocuments(JSON.stringify(docs))).toEqual(asJson(docs));
  });

  it('refuses a record it did not write', () => {
    const good = encodeDocuments([
      { sku: 'A', name: 'Άλφα' },
      { sku: 'B', name: 'Βήτα', qty: 1 },
    ]) as DocumentColumns;
    const bad: unknown[] = [
      '{"sku":"A"}',
      '[null]',
      '[1]',
      '[["sku"]]',
      { ...good, rows: '{"sku":"A"}' },
      { ...good, rows: '[1, 2]' },
      { ...good, rows: '[null, {}]' },
      { ...good, keys: [] },
      { ...good, keys: ['__proto__'] },
      { ...good, keys: ['name', 'name'], values: [good.values[0], good.values[0]] },
      { ...good, values: ['["Άλφα"]'] },
      { ...good, values: ['{}'] },
      { ...good, values: [7] },
      { keys: [], values: [] },
    ];
    for (const record of bad) expect(() => decodeDocuments(record as DocumentColumns)).toThrow();
    expect(decodeDocuments(good)).toEqual([
      { sku: 'A', name: 'Άλφα' },
      { sku: 'B', name: 'Βήτα', qty: 1 },
    ]);
  });

  it('fails on a document JSON cannot hold, as JSON.stringify does', () => {
    const circular: Record<string, unknown> = { sku: 'A', name: 'Άλφα' };
    circular.self = circular;
    expect(() => encodeDocuments([circular])).toThrow();
    expect(() => encodeDocuments([{ sku: 'A', name: 'Άλφα', qty: 1n }])).toThrow();
  });
});
