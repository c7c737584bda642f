import type { RxDocumentData } from 'rxdb';

/** A document as RxDB stores it (`_rev`, `_meta`, `_deleted`), keyed by its collection's primary path. */
export type StoredDoc = RxDocumentData<object> & Record<string, unknown>;

/**
 * How a write record holds its documents: one JSON array of the documents with their text in other alphabets
 * taken out into columns, one JSON array per property.
 *
 * Why: a warm start reads the whole log back from IndexedDB, and a JavaScript string holding one character
 * above U+00FF (one Greek letter) is kept two bytes a character there, so one Greek name made the whole record
 * twice its size (docs/decisions/035-column-records.md). With the Greek-bearing properties (names, the sort key,
 * the supplier's name, options and children with labels) moved into columns of their own, the rest of a
 * record (keys, skus, ids, prices, flags, paths, dates, revisions) is a one-byte string: a 100,000-product log
 * is a third smaller. The documents themselves are still made by `JSON.parse`, so they are as compact in memory
 * as before (built property by property, they took a third more heap).
 *
 * A record written before this format holds a JSON array of documents (a string); both are read.
 */
export interface DocumentColumns {
  /** JSON array of the documents, each property of `keys` a document has written as null. */
  rows: string;
  /** The properties whose values are in `values` instead, in the order first met. */
  keys: string[];
  /** Per property of `keys`, a JSON array with one value per document (0 for a document without it). */
  values: string[];
}

/** What a write record holds: documents with text columns, or the JSON array of documents written before them. */
export type StoredDocuments = string | DocumentColumns;

/** A property name that cannot be set by assignment without changing the object's prototype. */
const PROTO = '__proto__';
/** A character that makes its string two bytes a character (V8 keeps strings of U+0000–U+00FF in one). */
const WIDE = /[\u0100-\u{10FFFF}]/u;

/** Whether JSON of the value would hold a character above U+00FF (in a string or a property name). */
function hasWideText(value: unknown): boolean {
  if (typeof value === 'string') return WIDE.test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasWideText);
  return Object.entries(value).some(([key, item]) => WIDE.test(key) || hasWideText(item));
}

const kept = (value: unknown) => value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';

/**
 * The documents with their wide text in columns. A document reads back as `JSON.parse(JSON.stringify(doc))`
 * would (properties JSON leaves out, undefined, functions and symbols, are left out). Documents with an own
 * `__proto__` property, or without wide text, are written as one JSON array, as before.
 */
export function encodeDocuments(docs: readonly object[]): StoredDocuments {
  const keys: string[] = [];
  const taken = new Set<string>();
  for (const doc of docs as ReadonlyArray<Record<string, unknown>>) {
    if (Object.hasOwn(doc, PROTO)) return JSON.stringify(docs);
    for (const key of Object.keys(doc)) {
      if (taken.has(key)) continue;
      const value = doc[key];
      if (kept(value) && hasWideText(value)) {
        taken.add(key);
        keys.push(key);
      }
    }
  }
  if (keys.length === 0) return JSON.stringify(docs);
  const columns = keys.map(() => new Array<unknown>(docs.length));
  const rows = docs.map((doc, row) => {
    const record = doc as Record<string, unknown>;
    const copy: Record<string, unknown> = { ...record };
    for (let column = 0; column < keys.length; column += 1) {
      const key = keys[column]!;
      const value = record[key];
      if (Object.hasOwn(record, key) && kept(value)) {
        copy[key] = null;
        columns[column]![row] = value;
      } else {
        columns[column]![row] = 0;
      }
    }
    return copy;
  });
  return { rows: JSON.stringify(rows), keys, values: columns.map((column) => JSON.stringify(column)) };
}

const malformed = () => new Error('the record holds malformed columns');

/** The documents of a record, in the order written. Throws on a record this module did not write. */
export function decodeDocuments(stored: StoredDocuments): StoredDoc[] {
  if (typeof stored === 'string') {
    const docs: unknown = JSON.parse(stored);
    if (!Array.isArray(docs)) throw new Error('the record does not hold an array of documents');
    return docs as StoredDoc[];
  }
  const { rows, keys, values } = stored;
  if (typeof rows !== 'string' || !Array.isArray(keys) || !Array.isArray(values) || values.length !== keys.length) throw malformed();
  if (keys.some((key) => typeof key !== 'string' || key === PROTO) || new Set(keys).size !== keys.length) throw malformed();
  const docs: unknown = JSON.parse(rows);
  if (!Array.isArray(docs) || docs.some((doc) => typeof doc !== 'object' || doc === null || Array.isArray(doc))) throw malformed();
  for (let column = 0; column < keys.length; column += 1) {
    const key = keys[column]!;
    const text = values[column];
    const items: unknown = typeof text === 'string' ? JSON.parse(text) : undefined;
    if (!Array.isArray(items) || items.length !== docs.length) throw new Error('a column of the record has the wrong length');
    // Only over the placeholder a document was written with: the documents keep the shape JSON.parse gave them.
    for (let row = 0; row < docs.length; row += 1) {
      const doc = docs[row] as Record<string, unknown>;
      if (Object.hasOwn(doc, key)) doc[key] = items[row];
    }
  }
  return docs as StoredDoc[];
}
