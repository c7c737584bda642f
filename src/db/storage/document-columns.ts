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

/**
 * The record form, part of each stream's name: a build that knows only an older form reads only its own stream and
 * never meets a record it cannot read (it would skip it, and a compaction of its own would then drop it for good).
 */
export const RECORD_FORM = 'text-columns';

/** The stream a collection's records of this form are written to. */
export function streamName(collection: string, schemaVersion: number): string {
  return `${collection}--${schemaVersion}--${RECORD_FORM}`;
}

/** The stream builds before RECORD_FORM wrote (one JSON string per record); its records are adopted once. */
export function legacyStreamName(collection: string, schemaVersion: number): string {
  return `${collection}--${schemaVersion}`;
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

/** What JSON.stringify writes for a property's value: its toJSON() answer when it has one. */
function jsonValueOf(value: unknown, key: string): unknown {
  const toJSON = (value as { toJSON?: unknown } | null | undefined)?.toJSON;
  return typeof toJSON === 'function' ? (toJSON as (key: string) => unknown).call(value, key) : value;
}

/** Whether JSON.stringify writes the property at all (it leaves out undefined, functions and symbols). */
const kept = (value: unknown) => value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';

/** A document JSON writes as an object of its own properties: neither null, an array nor an instance of a class. */
function isPlainDocument(doc: unknown): doc is Record<string, unknown> {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return false;
  const proto: unknown = Object.getPrototypeOf(doc);
  return (proto === Object.prototype || proto === null) && typeof (doc as { toJSON?: unknown }).toJSON !== 'function';
}

/**
 * The documents with their wide text in columns. A document reads back as `JSON.parse(JSON.stringify(doc))`
 * would (properties JSON leaves out, undefined, functions and symbols, are left out). Documents with an own
 * `__proto__` property, or without wide text, are written as one JSON array, as before.
 */
export function encodeDocuments(docs: readonly object[]): StoredDocuments {
  const keys: string[] = [];
  const taken = new Set<string>();
  for (let row = 0; row < docs.length; row += 1) {
    const doc: unknown = docs[row];
    if (!isPlainDocument(doc) || Object.hasOwn(doc, PROTO)) return JSON.stringify(docs);
    for (const key of Object.keys(doc)) {
      if (taken.has(key)) continue;
      const value = jsonValueOf(doc[key], key);
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
      const value = Object.hasOwn(record, key) ? jsonValueOf(record[key], key) : undefined;
      if (kept(value)) {
        copy[key] = null;
        columns[column]![row] = value;
      } else {
        delete copy[key];
        columns[column]![row] = 0;
      }
    }
    return copy;
  });
  return { rows: JSON.stringify(rows), keys, values: columns.map((column) => JSON.stringify(column)) };
}

const malformed = () => new Error('the record holds malformed columns');

/** Parsed JSON that must be an array of documents (objects): anything else is a record this module did not write. */
function documentsOf(parsed: unknown): StoredDoc[] {
  if (!Array.isArray(parsed) || parsed.some((doc) => typeof doc !== 'object' || doc === null || Array.isArray(doc))) {
    throw new Error('the record does not hold an array of documents');
  }
  return parsed as StoredDoc[];
}

/** The documents of a record, in the order written. Throws on a record this module did not write. */
export function decodeDocuments(stored: StoredDocuments): StoredDoc[] {
  if (typeof stored === 'string') return documentsOf(JSON.parse(stored));
  const { rows, keys, values } = stored;
  if (typeof rows !== 'string' || !Array.isArray(keys) || !Array.isArray(values) || values.length !== keys.length) throw malformed();
  if (keys.some((key) => typeof key !== 'string' || key === PROTO) || new Set(keys).size !== keys.length) throw malformed();
  const docs = documentsOf(JSON.parse(rows));
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
