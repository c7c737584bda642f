import Dexie, { type Table } from 'dexie';

/**
 * The persisted side of the mapped storage (./mapped-storage.ts): every successful write of a mapped
 * collection is appended as one record holding its documents as a JSON string. IndexedDB's cost is per
 * record and per structured-cloned object, so one string per write is far cheaper than one record per
 * document (docs/decisions/014-mapped-catalogue-storage.md has the figures).
 */
export interface WriteRecord {
  /** Auto-increment: the order in which writes committed, across tabs. */
  id?: number;
  /** `<collection>--<schema version>`: a new schema version starts an empty stream. */
  stream: string;
  /** JSON array of the written documents (RxDB's stored shape: `_rev`, `_meta`, `_deleted`). */
  docs: string;
  /** On a chunk written by compact(): the highest record id whose documents it holds. */
  compactedThrough?: number;
}

export interface IndexedDbSettings {
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

export class WriteLog {
  private readonly dexie: Dexie;
  private readonly records: Table<WriteRecord, number>;

  constructor(name: string, settings: IndexedDbSettings) {
    this.dexie = new Dexie(name, settings.indexedDB ? { indexedDB: settings.indexedDB, IDBKeyRange: settings.IDBKeyRange } : {});
    this.dexie.version(1).stores({ records: '++id, [stream+id]' });
    this.records = this.dexie.table('records');
  }

  /** The stream's records with an id above `afterId`, in commit order. */
  read(stream: string, afterId: number): Promise<WriteRecord[]> {
    return this.records.where('[stream+id]').between([stream, afterId], [stream, Dexie.maxKey], false, true).toArray();
  }

  /** The ids of the stream's records above `afterId`, without their documents. */
  readIds(stream: string, afterId: number): Promise<number[]> {
    return this.records.where('[stream+id]').between([stream, afterId], [stream, Dexie.maxKey], false, true).primaryKeys();
  }

  /** Records by id, in the order given (a record deleted meanwhile by a compaction is left out). */
  async readMany(ids: readonly number[]): Promise<WriteRecord[]> {
    return (await this.records.bulkGet([...ids])).filter((record): record is WriteRecord => record !== undefined);
  }

  /** Resolves with the new record's id once it is committed. */
  async append(stream: string, docs: readonly object[]): Promise<number> {
    return this.records.add({ stream, docs: JSON.stringify(docs) });
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
      const compactedThrough = records[records.length - 1]!.id!;
      const docs = merge(records);
      await this.records.bulkDelete(records.map((record) => record.id!));
      const chunks: WriteRecord[] = [];
      for (let start = 0; start < docs.length; start += chunkSize) {
        chunks.push({ stream, docs: JSON.stringify(docs.slice(start, start + chunkSize)), compactedThrough });
      }
      await this.records.bulkAdd(chunks);
    });
  }

  async removeStream(stream: string): Promise<void> {
    await this.records.where('[stream+id]').between([stream, Dexie.minKey], [stream, Dexie.maxKey]).delete();
  }

  close(): void {
    this.dexie.close();
  }
}
