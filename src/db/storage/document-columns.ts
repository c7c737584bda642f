import type { RxDocumentData } from 'rxdb';

/** A document as RxDB stores it (`_rev`, `_meta`, `_deleted`), keyed by its collection's primary path. */
export type StoredDoc = RxDocumentData<object> & Record<string, unknown>;

/**
 * How a write record holds its documents: one JSON array per property instead of one JSON array of objects.
 *
 * Why: a warm start reads the whole log back from IndexedDB, and that read, not the parse, is what a buyer
 * waits for (docs/decisions/035-column-records.md). Written as objects, every document repeats its property
 * names (a third of a product's characters), and one Greek name makes the whole record a two-byte string in
 * IndexedDB. Written by column, the names are written once per record and only the columns that hold Greek
 * text are two-byte strings: a 100,000-product log is half as many bytes.
 *
 * A record written before this format holds a JSON array of documents (a string); both are read.
 */
export interface DocumentColumns {
  /** How many documents the record holds. */
  count: number;
  /** Every top-level property name of the documents, in the order first met. */
  keys: string[];
  /** Per property, a JSON array of `count` values: the documents' values in order, 0 where a document has none. */
  values: string[];
  /** Per property, a JSON array of the positions of the documents without it; '' when every document has it. */
  absent: string[];
}

/** What a write record holds: columns, or the JSON array of documents written before them. */
export type StoredDocuments = string | DocumentColumns;

/** A property name that cannot be set by assignment without changing the object's prototype. */
const PROTO = '__proto__';

/**
 * The documents as columns. Properties JSON leaves out of an object (undefined, functions, symbols) are left
 * out here too, so a document reads back as `JSON.parse(JSON.stringify(doc))` would. A document with an own
 * `__proto__` property is written as the JSON array of documents instead.
 */
export function encodeDocuments(docs: readonly object[]): StoredDocuments {
  const keys: string[] = [];
  const columnOf = new Map<string, number>();
  const values: unknown[][] = [];
  const absent: number[][] = [];
  for (let row = 0; row < docs.length; row += 1) {
    const doc = docs[row] as Record<string, unknown>;
    for (const key of Object.keys(doc)) {
      const value = doc[key];
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
      if (key === PROTO) return JSON.stringify(docs);
      let column = columnOf.get(key);
      if (column === undefined) {
        column = keys.length;
        columnOf.set(key, column);
        keys.push(key);
        values.push(new Array<unknown>(row).fill(0));
        absent.push(Array.from({ length: row }, (_, earlier) => earlier));
      }
      values[column]!.push(value);
    }
    for (let column = 0; column < keys.length; column += 1) {
      if (values[column]!.length > row) continue;
      values[column]!.push(0);
      absent[column]!.push(row);
    }
  }
  return {
    count: docs.length,
    keys,
    values: values.map((column) => JSON.stringify(column)),
    absent: absent.map((rows) => (rows.length > 0 ? JSON.stringify(rows) : '')),
  };
}

/** The documents of a record, in the order written. Throws on a record this module did not write. */
export function decodeDocuments(stored: StoredDocuments): StoredDoc[] {
  if (typeof stored === 'string') {
    const docs: unknown = JSON.parse(stored);
    if (!Array.isArray(docs)) throw new Error('the record does not hold an array of documents');
    return docs as StoredDoc[];
  }
  const { count, keys, values, absent } = stored;
  if (!Number.isSafeInteger(count) || count < 0 || !Array.isArray(keys) || !Array.isArray(values) || !Array.isArray(absent)) {
    throw new Error('the record holds malformed columns');
  }
  if (values.length !== keys.length || absent.length !== keys.length || keys.some((key) => typeof key !== 'string' || key === PROTO)) {
    throw new Error('the record holds malformed columns');
  }
  const columns = values.map((text) => {
    const column: unknown = JSON.parse(text);
    if (!Array.isArray(column) || column.length !== count) throw new Error('a column of the record has the wrong length');
    return column as unknown[];
  });
  const missing = absent.map((text) => (text === '' ? undefined : missingMask(JSON.parse(text), count)));
  const docs = new Array<StoredDoc>(count);
  for (let row = 0; row < count; row += 1) {
    const doc: Record<string, unknown> = {};
    for (let column = 0; column < keys.length; column += 1) {
      const mask = missing[column];
      if (mask !== undefined && mask[row] === 1) continue;
      doc[keys[column]!] = columns[column]![row];
    }
    docs[row] = doc as StoredDoc;
  }
  return docs;
}

function missingMask(rows: unknown, count: number): Uint8Array {
  if (!Array.isArray(rows)) throw new Error('the record holds malformed columns');
  const mask = new Uint8Array(count);
  for (const row of rows) {
    if (!Number.isSafeInteger(row) || (row as number) < 0 || (row as number) >= count)
      throw new Error('the record holds malformed columns');
    mask[row as number] = 1;
  }
  return mask;
}
