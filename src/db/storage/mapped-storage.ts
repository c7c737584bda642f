import type {
  BulkWriteRow,
  EventBulk,
  PreparedQuery,
  RxDocumentData,
  RxJsonSchema,
  RxStorage,
  RxStorageBulkWriteResponse,
  RxStorageChangeEvent,
  RxStorageCountResult,
  RxStorageInstance,
  RxStorageInstanceCreationParams,
  RxStorageQueryResult,
} from 'rxdb';
import { getRxStorageMemory, type RxStorageInstanceMemory } from 'rxdb/plugins/storage-memory';
import type { Observable } from 'rxjs';
import { WriteLog, type IndexedDbSettings, type WriteRecord } from './write-log';

/**
 * An RxDB storage that keeps some collections in memory (RxDB's memory storage: its queries, indexes and
 * change events) and persists each of their writes as one record of a write log in IndexedDB; every
 * other collection goes to the `persistent` storage untouched. Made for the read-only catalogue: a first
 * sync writes ~16 records instead of 15,000 documents (docs/decisions/014-mapped-catalogue-storage.md).
 *
 * - Opening a mapped collection reads its log and loads the merged state into memory.
 * - A write resolves once its record is committed; a failed append rejects the write (the memory copy
 *   is then ahead of the disk until the same documents are written again, which a catalogue re-pull does).
 * - Other tabs: after each append a BroadcastChannel message tells every instance of the same database to
 *   read the records it has not seen and apply the newer documents to its memory, which emits RxDB change
 *   events there as if written locally. A document is newer by `_meta.lwt`, so the order records are
 *   read in does not matter.
 * - A collection opened with more than COMPACT_AFTER_RECORDS records rewrites them as chunks of its state.
 */
export interface MappedStorageOptions extends IndexedDbSettings {
  persistent: RxStorage<unknown, unknown>;
  /** Collection names kept in memory and persisted through the write log. */
  mapped: readonly string[];
}

/** The mapped instance's internals: what the catalogue snapshot reads in one go. */
export interface MappedStorageInternals<T> {
  readonly mapped: true;
  /** Every stored document, deleted ones included, as RxDB stores them. */
  allDocuments(): RxDocumentData<T>[];
}

export const COMPACT_AFTER_RECORDS = 64;
export const COMPACT_CHUNK_SIZE = 2_000;

type StoredDoc = RxDocumentData<object> & Record<string, unknown>;

/** `a` replaces `b`: written later (RxDB's lwt), or at the same time with a higher revision. */
export function isNewerDocument(a: RxDocumentData<object>, b: RxDocumentData<object>): boolean {
  if (a._rev === b._rev) return false;
  if (a._meta.lwt !== b._meta.lwt) return a._meta.lwt > b._meta.lwt;
  return revisionHeight(a._rev) > revisionHeight(b._rev);
}

function revisionHeight(rev: string): number {
  return Number.parseInt(rev.split('-', 1)[0] ?? '0', 10) || 0;
}

/** The state a stream's records add up to: the newest version of each document. */
export function mergeRecords(records: readonly WriteRecord[], primaryPath: string): Map<string, StoredDoc> {
  const merged = new Map<string, StoredDoc>();
  for (const record of records) {
    for (const doc of JSON.parse(record.docs) as StoredDoc[]) {
      const key = String(doc[primaryPath]);
      const known = merged.get(key);
      if (!known || !isNewerDocument(known, doc)) merged.set(key, doc);
    }
  }
  return merged;
}

let instanceCounter = 0;

type NoOptions = Readonly<Record<string, unknown>>;

class MappedStorageInstance<T> implements RxStorageInstance<T, MappedStorageInternals<T>, NoOptions> {
  readonly databaseName: string;
  readonly collectionName: string;
  readonly schema: Readonly<RxJsonSchema<RxDocumentData<T>>>;
  readonly options: NoOptions;
  readonly internals: MappedStorageInternals<T>;
  private readonly primaryPath: string;
  private readonly stream: string;
  /** The highest record id applied to memory from another tab (or at load). */
  private lastApplied = 0;
  private catchUps: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly onMessage = (event: MessageEvent<unknown>): void => {
    const data = event.data as { stream?: unknown } | null;
    if (data?.stream === this.stream) this.catchUp();
  };
  private readonly onVisible = (): void => {
    if (document.visibilityState === 'visible') this.catchUp();
  };

  constructor(
    params: RxStorageInstanceCreationParams<T, unknown>,
    private readonly memory: RxStorageInstanceMemory<T>,
    private readonly log: WriteLog,
    private readonly channel: BroadcastChannel | undefined,
  ) {
    this.databaseName = params.databaseName;
    this.collectionName = params.collectionName;
    this.schema = params.schema;
    this.options = {};
    this.primaryPath = memory.primaryPath;
    this.stream = `${params.collectionName}--${params.schema.version}`;
    this.internals = {
      mapped: true,
      allDocuments: () => {
        memory.ensurePersistence();
        return [...memory.internals.documents.values()];
      },
    };
  }

  /** Loads the log into memory, then follows other tabs. */
  async open(): Promise<void> {
    const records = await this.log.read(this.stream, 0);
    await this.applyRecords(records, 'mapped-storage-load');
    this.channel?.addEventListener('message', this.onMessage);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onVisible);
    // A record appended between the read above and the listener would otherwise wait for the next message.
    this.catchUp();
    if (records.length > COMPACT_AFTER_RECORDS) {
      // In the background: the state is in memory already; a failed compaction leaves the records as they were.
      void this.log
        .compact(this.stream, (all) => [...mergeRecords(all, this.primaryPath).values()], COMPACT_CHUNK_SIZE)
        .catch((error: unknown) => console.warn(`[mapped-storage] compacting ${this.stream} failed`, error));
    }
  }

  private async applyRecords(records: readonly WriteRecord[], context: string): Promise<void> {
    if (records.length === 0) return;
    const merged = mergeRecords(records, this.primaryPath);
    const stored = await this.memory.findDocumentsById([...merged.keys()], true);
    const byKey = new Map(stored.map((doc) => [String((doc as StoredDoc)[this.primaryPath]), doc as StoredDoc]));
    const rows: BulkWriteRow<T>[] = [];
    for (const [key, doc] of merged) {
      const previous = byKey.get(key);
      if (previous && !isNewerDocument(doc, previous)) continue;
      rows.push({ previous, document: doc } as unknown as BulkWriteRow<T>);
    }
    this.lastApplied = Math.max(this.lastApplied, records[records.length - 1]?.id ?? 0);
    if (rows.length === 0) return;
    const result = await this.memory.bulkWrite(rows, context);
    // Only a write of this tab racing the same documents can conflict; its own record decides later.
    if (result.error.length > 0) console.warn(`[mapped-storage] ${result.error.length} ${this.stream} documents kept their local version`);
  }

  /** Applies the records other tabs appended since the last catch-up, one catch-up at a time. */
  private catchUp(): void {
    this.catchUps = this.catchUps
      .then(async () => {
        if (this.closed) return;
        await this.applyRecords(await this.log.read(this.stream, this.lastApplied), 'mapped-storage-other-tab');
      })
      .catch((error: unknown) => console.warn(`[mapped-storage] reading ${this.stream} from another tab failed`, error));
  }

  async bulkWrite(rows: BulkWriteRow<T>[], context: string): Promise<RxStorageBulkWriteResponse<T>> {
    const result = await this.memory.bulkWrite(rows, context);
    const failed = new Set(result.error.map((error) => error.documentId));
    const written = rows.filter((row) => !failed.has(String((row.document as StoredDoc)[this.primaryPath]))).map((row) => row.document);
    if (written.length > 0) {
      await this.log.append(this.stream, written);
      this.channel?.postMessage({ stream: this.stream });
    }
    return result;
  }

  findDocumentsById(ids: string[], withDeleted: boolean): Promise<RxDocumentData<T>[]> {
    return this.memory.findDocumentsById(ids, withDeleted);
  }

  query(preparedQuery: PreparedQuery<T>): Promise<RxStorageQueryResult<T>> {
    return this.memory.query(preparedQuery);
  }

  count(preparedQuery: PreparedQuery<T>): Promise<RxStorageCountResult> {
    return this.memory.count(preparedQuery);
  }

  getAttachmentData(documentId: string, attachmentId: string, digest: string): Promise<Blob> {
    return this.memory.getAttachmentData(documentId, attachmentId, digest);
  }

  changeStream(): Observable<EventBulk<RxStorageChangeEvent<RxDocumentData<T>>, unknown>> {
    return this.memory.changeStream();
  }

  /** Drops deleted documents from memory; the log keeps them until the next compaction rewrites it. */
  cleanup(minimumDeletedTime: number): Promise<boolean> {
    return this.memory.cleanup(minimumDeletedTime);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.channel?.removeEventListener('message', this.onMessage);
    this.channel?.close();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onVisible);
    await this.catchUps;
    // The memory state belongs to this instance alone (a unique name): removing it frees the documents.
    await this.memory.remove();
    this.log.close();
  }

  async remove(): Promise<void> {
    await this.log.removeStream(this.stream);
    await this.close();
  }
}

/** The IndexedDB database of a database's write log (one per RxDB database, all mapped collections). */
export function writeLogName(databaseName: string): string {
  return `rxdb-mapped-${databaseName}`;
}

export function getRxStorageMapped(options: MappedStorageOptions): RxStorage<unknown, unknown> {
  const mapped = new Set(options.mapped);
  const memory = getRxStorageMemory();
  return {
    name: 'mapped',
    rxdbVersion: options.persistent.rxdbVersion,
    async createStorageInstance<T>(params: RxStorageInstanceCreationParams<T, unknown>): Promise<RxStorageInstance<T, unknown, unknown>> {
      if (!mapped.has(params.collectionName)) return options.persistent.createStorageInstance(params);
      instanceCounter += 1;
      const inner = (await memory.createStorageInstance<T>({
        ...params,
        // Each instance gets its own memory state: RxDB's memory storage shares state by name within a process.
        databaseName: `${params.databaseName}--mapped-${instanceCounter}-${Math.random().toString(36).slice(2)}`,
        multiInstance: false,
        options: {},
      })) as RxStorageInstanceMemory<T>;
      const log = new WriteLog(writeLogName(params.databaseName), options);
      const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(writeLogName(params.databaseName));
      const instance = new MappedStorageInstance<T>(params, inner, log, channel);
      try {
        await instance.open();
      } catch (error) {
        await instance.close();
        throw error;
      }
      return instance as RxStorageInstance<T, unknown, unknown>;
    },
  };
}
