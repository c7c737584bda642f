import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../testing/documents';
import { decodeDocuments, encodeDocuments, type DocumentColumns } from './document-columns';

const asJson = (docs: readonly object[]) => JSON.parse(JSON.stringify(docs)) as unknown;

/** A document of JSON values: what RxDB stores, with properties that come and go from one document to the next. */
const jsonDoc = fc.dictionary(
  fc.constantFrom('sku', 'name', 'price', 'special_price', 'category_ids', '_meta', 'constructor', 'toString', 'a.b', ''),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 8 },
);

describe('document columns', () => {
  it('reads back what JSON would, whatever properties each document has', () => {
    fc.assert(
      fc.property(fc.array(jsonDoc, { maxLength: 30 }), (docs) => {
        const stored = encodeDocuments(docs);
        expect(decodeDocuments(stored)).toEqual(asJson(docs));
        // Through IndexedDB's structured clone, as the write log keeps it.
        expect(decodeDocuments(structuredClone(stored))).toEqual(asJson(docs));
      }),
    );
  });

  it('keeps a property absent where a document has none, and null where it holds null', () => {
    const docs = [
      { sku: 'A', special_price: 250 },
      { sku: 'B' },
      { sku: 'C', special_price: null },
      { sku: 'D', special_price: undefined },
    ];
    const back = decodeDocuments(encodeDocuments(docs));
    expect(back).toEqual([{ sku: 'A', special_price: 250 }, { sku: 'B' }, { sku: 'C', special_price: null }, { sku: 'D' }]);
    expect(Object.hasOwn(back[1]!, 'special_price')).toBe(false);
    expect(Object.hasOwn(back[3]!, 'special_price')).toBe(false);
  });

  it('writes each property name once and keeps Greek text out of the other columns', () => {
    const products = Array.from({ length: 50 }, (_, i) => ({
      ...makeProduct({ sku: `SKU-${i}`, name: `Ελαιόλαδο ${i}` }),
      _rev: `1-${i}`,
    }));
    const stored = encodeDocuments(products) as DocumentColumns;
    expect(stored.count).toBe(50);
    expect(new Set(stored.keys).size).toBe(stored.keys.length);
    const twoByte = (text: string) => [...text].some((char) => char.charCodeAt(0) > 0xff);
    const greekColumns = stored.keys.filter((_, column) => twoByte(stored.values[column]!));
    expect(greekColumns.sort()).toEqual(['name', 'name_az', 'supplier_name']);
    expect(stored.values.join('').length).toBeLessThan(JSON.stringify(products).length * 0.75);
    expect(decodeDocuments(stored)).toEqual(asJson(products));
  });

  it('writes a document with an own __proto__ property as a JSON array, and reads it back as it was', () => {
    const docs = [{ sku: 'A' }, JSON.parse('{"sku":"B","__proto__":{"polluted":true}}') as object];
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
    const good = encodeDocuments([{ sku: 'A' }, { sku: 'B', qty: 1 }]) as DocumentColumns;
    const bad: unknown[] = [
      '{"sku":"A"}',
      { ...good, count: 3 },
      { ...good, count: -1 },
      { ...good, keys: ['sku'] },
      { ...good, values: [good.values[0], '[1]'] },
      { ...good, absent: [good.absent[0], '[7]'] },
      { ...good, absent: [good.absent[0], '{}'] },
      { ...good, keys: ['sku', '__proto__'] },
      { count: 1 },
    ];
    for (const record of bad) expect(() => decodeDocuments(record as DocumentColumns)).toThrow();
    expect(decodeDocuments(good)).toEqual([{ sku: 'A' }, { sku: 'B', qty: 1 }]);
  });

  it('fails on a document JSON cannot hold, as JSON.stringify does', () => {
    const circular: Record<string, unknown> = { sku: 'A' };
    circular.self = circular;
    expect(() => encodeDocuments([circular])).toThrow();
    expect(() => encodeDocuments([{ sku: 'A', qty: 1n }])).toThrow();
  });
});
