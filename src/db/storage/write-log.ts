import Dexie, { type Table } from 'dexie';
import { decodeDocuments, encodeDocuments, type StoredDoc, type StoredDocuments } from './document-columns';

export type { StoredDoc } from './document-columns';

/**
 * The persisted side of the mapped storage (./mapped-storage.ts): every successful write of a mapped
 * collection is appended as one record holding its documents as JSON, their Greek text in columns of its own
 * (./document-columns.ts). IndexedDB's cost is per record and per structured-cloned object, so a few strings
 * per write are far cheaper than one record per document (docs/decisions/014-mapped-catalogue-storage.md has
 * the figures).
 */
export interface WriteRecord {
  /** Auto-increment: the order in which writes committed, across tabs. A later record wins. */
  id?: number;
  /** `<collection>--<schema version>`: a new schema version starts an empty stream. */
  stream: string;
  /** The written documents (RxDB's stored shape: `_rev`, `_meta`, `_deleted`), with text columns or as one JSON array. */
  docs: StoredDocuments;
  /** On a chunk written by compact(): the highest record id whose documents it holds. */
  compactedThrough?: number;
  /**
   * Where the stream's writer stands with its source (the catalogue pull's feed position), written after
   * the documents it covers. Kept in the stream, so it lives and dies with them: a new schema version (a new
   * stream), a removed stream or a deleted database starts from nothing.
   */
  checkpoint?: unknown;
}

export interface IndexedDbSettings {
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

/**
 * The state a stream's records add up to, given in commit order (ascending id): each document's version in
 * the last record that holds it. `_meta.lwt` is not compared: a device clock that stepped back must not
 * bring back an older price.
 */
export function mergeRecords(records: readonly WriteRecord[], primaryPath: string): Map<string, StoredDoc> {
  const merged = new Map<string, StoredDoc>();
  for (const record of records) {
    let docs: StoredDoc[];
    try {
      docs = parsedAhead.get(record) ?? decodeDocuments(record.docs);
    } catch (error) {
      // Cannot be written by append(); skipped rather than making every open and write fail.
      console.warn(`[mapped-storage] record ${record.id ?? '?'} of ${record.stream} is unreadable and skipped`, error);
      continue;
    }
    for (const doc of docs) merged.set(String(doc[primaryPath]), doc);
  }
  return merged;
}

/** What a compaction keeps: the live documents (tombstones are dropped; a tab behind learns it from the chunks). */
export function compactedState(records: readonly WriteRecord[], primaryPath: string): StoredDoc[] {
  return [...mergeRecords(records, primaryPath).values()].filter((doc) => !doc._deleted);
}

/**
 * Documents of records read ahead, parsed as each batch arrived (records never change once written, so the
 * parse stays right for as long as the record object lives).
 */
const parsedAhead = new WeakMap<WriteRecord, StoredDoc[]>();
/** Records per read of the read-ahead: a compacted log of 100,000 products is about 40 records of 2,000. */
const READ_AHEAD_BATCH = 4;

/**
 * Every record of the log in commit order, `READ_AHEAD_BATCH` at a time: each batch is parsed on the main
 * thread while IndexedDB reads the next one, instead of one read of the whole log (about 84 MB at 100,000
 * products, during which the main thread had nothing to do) followed by one parse of all of it. Each batch is
 * its own transaction: a compaction or removal between two is caught by readForOpen's check of the ids.
 */
async function readAndParse(log: WriteLog): Promise<WriteRecord[]> {
  const all: WriteRecord[] = [];
  let batch = await log.readBatch(0, READ_AHEAD_BATCH);
  while (batch.length > 0) {
    const last = batch[batch.length - 1]!.id!;
    const next = batch.length < READ_AHEAD_BATCH ? Promise.resolve([]) : log.readBatch(last, READ_AHEAD_BATCH);
    for (const record of batch) {
      try {
        parsedAhead.set(record, decodeDocuments(record.docs));
      } catch {
        // Left to mergeRecords, which skips it and says so.
      }
      all.push(record);
    }
    batch = await next;
  }
  return all;
}

/** Whole logs read ahead of their database (prefetchWriteLog), by log name, then by stream. */
const readAhead = new Map<string, { factory: IDBFactory | undefined; reading: Promise<Map<string, WriteRecord[]>> }>();
/** A read-ahead nobody takes (a stream of an old schema version, a database that never opened) is dropped. */
const READ_AHEAD_KEPT_MS = 30_000;

/**
 * Starts reading a whole write log before the database that will open it exists: on a warm start with
 * 100,000 products the read is a third of the time to the first product card, and this way it runs while
 * RxDB sets itself up. Each stream's first open takes its records from here (`readForOpen`).
 */
export function prefetchWriteLog(name: string, settings: IndexedDbSettings = {}): void {
  if (readAhead.has(name)) return;
  const log = new WriteLog(name, settings);
  const reading = readAndParse(log)
    .then((records) => {
      const byStream = new Map<string, WriteRecord[]>();
      for (const record of records) {
        const list = byStream.get(record.stream);
        if (list) list.push(record);
        else byStream.set(record.stream, [record]);
      }
      return byStream;
    })
    .finally(() => {
      log.close();
      setTimeout(() => {
        if (readAhead.get(name)?.reading === reading) readAhead.delete(name);
      }, READ_AHEAD_KEPT_MS);
    });
  reading.catch(() => undefined);
  readAhead.set(name, { factory: settings.indexedDB, reading });
}

/**
 * The state `records` add up to as records of `stream`, `chunkSize` documents each, the last one carrying the
 * latest checkpoint: the documents and the checkpoint that covers them move together.
 */
function chunksOf(
  stream: string,
  records: readonly WriteRecord[],
  merge: (records: readonly WriteRecord[]) => readonly object[],
  chunkSize: number,
): WriteRecord[] {
  const compactedThrough = records[records.length - 1]!.id!;
  const docs = merge(records);
  const chunks: WriteRecord[] = [];
  // At least one chunk, even empty: it tells a tab behind that everything before it is gone.
  for (let start = 0; start === 0 || start < docs.length; start += chunkSize) {
    chunks.push({ stream, docs: encodeDocuments(docs.slice(start, start + chunkSize)), compactedThrough });
  }
  const checkpoint = records.findLast((record) => record.checkpoint !== undefined)?.checkpoint;
  if (checkpoint !== undefined) chunks[chunks.length - 1]!.checkpoint = checkpoint;
  return chunks;
}

export class WriteLog {
  private readonly dexie: Dexie;
  private readonly records: Table<WriteRecord, number>;

  constructor(
    private readonly name: string,
    private readonly settings: IndexedDbSettings,
  ) {
    this.dexie = new Dexie(name, settings.indexedDB ? { indexedDB: settings.indexedDB, IDBKeyRange: settings.IDBKeyRange } : {});
    this.dexie.version(1).stores({ records: '++id, [stream+id]' });
    this.records = this.dexie.table('records');
  }

  /** At most `count` records of any stream with an id above `afterId`, in commit order. */
  readBatch(afterId: number, count: number): Promise<WriteRecord[]> {
    return this.records.where(':id').above(afterId).limit(count).toArray();
  }

  /** The stream's records with an id above `afterId`, in commit order. */
  read(stream: string, afterId: number): Promise<WriteRecord[]> {
    return this.records.where('[stream+id]').between([stream, afterId], [stream, Dexie.maxKey], false, true).toArray();
  }

  /**
   * All of the stream's records, for its first open: from prefetchWriteLog's read when there is one and every
   * record it holds is still there. Records never change once written; only a compaction or a removal
   * deletes them, and then the stream is read again. Records appended after the read-ahead are not in it;
   * the opening instance catches up on them as on any other tab's writes.
   */
  async readForOpen(stream: string): Promise<WriteRecord[]> {
    const early = await this.takeReadAhead(stream);
    if (early) {
      const present = new Set(await this.readIds(stream, 0));
      if (early.every((record) => present.has(record.id!))) return early;
    }
    return this.read(stream, 0);
  }

  private async takeReadAhead(stream: string): Promise<WriteRecord[] | undefined> {
    const entry = readAhead.get(this.name);
    // Another IndexedDB (tests give each database a factory of its own) is another log of the same name.
    if (!entry || entry.factory !== this.settings.indexedDB) return undefined;
    const byStream = await entry.reading.catch(() => undefined);
    const records = byStream?.get(stream);
    byStream?.delete(stream);
    if (byStream?.size === 0 && readAhead.get(this.name) === entry) readAhead.delete(this.name);
    // A stream without records then (or taken already by an earlier open) is read as usual.
    return records;
  }

  /** The ids of the stream's records above `afterId`, without their documents. */
  readIds(stream: string, afterId: number): Promise<number[]> {
    return this.records.where('[stream+id]').between([stream, afterId], [stream, Dexie.maxKey], false, true).primaryKeys();
  }

  /** Records by id, in the order given (a record deleted meanwhile by a compaction is left out). */
  async readMany(ids: readonly number[]): Promise<WriteRecord[]> {
    return (await this.records.bulkGet([...ids])).filter((record): record is WriteRecord => record !== undefined);
  }

  /**
   * Appends the documents as one record, unless the stream has a record above `afterId` (another tab
   * committed meanwhile): then nothing is written and the answer is `null`. The check and the append are
   * one read-write transaction, and IndexedDB runs such transactions of one store one after the other,
   * across tabs, so a writer never appends on top of a record it has not seen.
   */
  async appendAfter(stream: string, afterId: number, docs: readonly object[], checkpoint?: unknown): Promise<number | null> {
    // Serialised before the transaction: a document JSON cannot hold fails here, with nothing written.
    const stored = encodeDocuments(docs);
    return this.dexie.transaction('rw', this.records, async () => {
      const newer = await this.records
        .where('[stream+id]')
        .between([stream, afterId], [stream, Dexie.maxKey], false, true)
        .limit(1)
        .primaryKeys();
      if (newer.length > 0) return null;
      return this.records.add(checkpoint === undefined ? { stream, docs: stored } : { stream, docs: stored, checkpoint });
    });
  }

  /**
   * Replaces the stream's records with `chunks` of the state they add up to, in one transaction, so a
   * reader sees either the old records or the new ones. `merge` turns the records read inside the
   * transaction into that state; a record another tab appends after it commits keeps its own, newer ids.
   */
  async compact(stream: string, merge: (records: readonly WriteRecord[]) => readonly object[], chunkSize: number): Promise<void> {
    await this.dexie.transaction('rw', this.records, async () => {
      const records = await this.read(stream, 0);
      if (records.length === 0) return;
      await this.records.bulkDelete(records.map((record) => record.id!));
      await this.records.bulkAdd(chunksOf(stream, records, merge, chunkSize));
    });
  }

  /**
   * Moves a stream written by an earlier build (`from`) into `to` as compacted chunks, checkpoint included, when
   * `to` has no record yet; one transaction, so two tabs cannot both do it and a reader sees one stream or the
   * other. Returns whether it moved anything.
   */
  async adoptStream(
    from: string,
    to: string,
    merge: (records: readonly WriteRecord[]) => readonly object[],
    chunkSize: number,
  ): Promise<boolean> {
    const hasRecords = async (stream: string) =>
      (await this.records.where('[stream+id]').between([stream, 0], [stream, Dexie.maxKey], false, true).limit(1).primaryKeys()).length > 0;
    // The usual case, answered by a read-only look: the stream was adopted (or started) already.
    if (await hasRecords(to)) return false;
    return this.dexie.transaction('rw', this.records, async () => {
      if (await hasRecords(to)) return false;
      const records = await this.read(from, 0);
      if (records.length === 0) return false;
      await this.records.bulkDelete(records.map((record) => record.id!));
      await this.records.bulkAdd(chunksOf(to, records, merge, chunkSize));
      return true;
    });
  }

  /** The stream's latest checkpoint (normally on its last record), or undefined. */
  async readCheckpoint(stream: string): Promise<unknown> {
    const record = await this.records
      .where('[stream+id]')
      .between([stream, Dexie.minKey], [stream, Dexie.maxKey])
      .reverse()
      .filter((r) => r.checkpoint !== undefined)
      .first();
    return record?.checkpoint;
  }

  async removeStream(stream: string): Promise<void> {
    await this.records.where('[stream+id]').between([stream, Dexie.minKey], [stream, Dexie.maxKey]).delete();
  }

  close(): void {
    this.dexie.close();
  }
}
