import {
  createRevision,
  ensureRxStorageInstanceParamsAreCorrect,
  getPrimaryFieldOfPrimaryKey,
  now,
  type BulkWriteRow,
  type EventBulk,
  type PreparedQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageChangeEvent,
  type RxStorageCountResult,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
  type RxStorageQueryResult,
} from 'rxdb';
import type { Observable } from 'rxjs';
import { legacyStreamName, streamName } from './document-columns';
import { DocumentMap } from './document-map';
import { RepeatedValues, type RepeatedValuesSpec } from './repeated-values';
import { compactedState, mergeRecords, WriteLog, type IndexedDbSettings, type StoredDoc, type WriteRecord } from './write-log';

export { compactedState, mergeRecords } from './write-log';

/**
 * An RxDB storage that keeps some collections in memory (a map of documents, ./document-map.ts: RxDB's
 * change events) and persists each of their writes as one record of a write log in IndexedDB; every
 * other collection goes to the `persistent` storage untouched. Made for the read-only catalogue: a first
 * sync writes ~16 records instead of 15,000 documents (docs/decisions/014-mapped-catalogue-storage.md).
 *
 * - Opening a mapped collection reads its log and loads the merged state into memory.
 * - A write is checked for conflicts against memory, appended to the log, and only then applied to memory
 *   (which emits RxDB's change events): memory is never ahead of the disk, and a failed append (quota)
 *   rejects the write with nothing changed. Writes and catch-ups of an instance run one at a time.
 * - Other tabs: after each append a BroadcastChannel message tells every instance of the same database to
 *   read the records it has not seen and apply their documents to its memory, which emits RxDB change
 *   events there as if written locally.
 * - Order is the order of commits, never a clock: a later record wins. A write first applies what other
 *   tabs appended, checks its rows against that, and appends only if no other tab committed in between
 *   (one IndexedDB transaction, `WriteLog.appendAfter`), else it starts again; so two tabs inserting one new
 *   document cannot both succeed, and every record is written on top of everything its writer has seen.
 * - A collection opened with more than COMPACT_AFTER_RECORDS records rewrites them as chunks of its state,
 *   without tombstones. A tab that had not read the compacted records takes the chunks as the whole state.
 * - Attachments are refused: the log stores JSON, which cannot hold their data.
 */
export interface MappedStorageOptions extends IndexedDbSettings {
  persistent: RxStorage<unknown, unknown>;
  /**
   * Collection names kept in memory and persisted through the write log, or a test of the name (tests that
   * create collections with random names map them all with `() => true`).
   */
  mapped: readonly string[] | ((collectionName: string) => boolean);
  /**
   * How long after a collection opened its long log is compacted (default 0: at once). Compacting is main-thread
   * work on the whole collection (about a second at 100,000 products): the app waits until it has started.
   */
  compactDelayMs?: number;
  /**
   * Per collection, the properties whose string values repeat across its documents (a supplier's name, a unit),
   * each distinct value kept once in memory, and pairs of properties that usually hold one value
   * (repeated-values.ts). `_rev` is always pooled.
   */
  repeatedValues?: Readonly<Record<string, RepeatedValuesSpec>>;
}

/** The mapped instance's internals (RxDB's wrappers forward them): what the catalogue reads in one go. */
export interface MappedStorageInternals<T> {
  readonly mapped: true;
  /** Every stored document, deleted ones included, as RxDB stores them. */
  allDocuments(): RxDocumentData<T>[];
  /**
   * Applies whatever other tabs appended and this instance has not applied yet. A tab that becomes the
   * catalogue's writer calls it first, so it does not decide on a stale copy (e.g. skip a removal).
   */
  catchUp(): Promise<void>;
  /** The checkpoint last saved with this collection's documents (write-log.ts `WriteRecord.checkpoint`). */
  readCheckpoint(): Promise<unknown>;
  /** Saves a checkpoint after the documents it covers; a new schema version or a removed log has none. */
  saveCheckpoint(checkpoint: unknown): Promise<void>;
}

export const COMPACT_AFTER_RECORDS = 64;
export const COMPACT_CHUNK_SIZE = 2_000;

/** How many times a write starts again because other tabs keep committing between its check and its append. */
const MAX_WRITE_ATTEMPTS = 20;

type NoOptions = Readonly<Record<string, unknown>>;

class MappedStorageInstance<T> implements RxStorageInstance<T, MappedStorageInternals<T>, NoOptions> {
  readonly databaseName: string;
  readonly collectionName: string;
  readonly schema: Readonly<RxJsonSchema<RxDocumentData<T>>>;
  readonly options: NoOptions;
  readonly internals: MappedStorageInternals<T>;
  private readonly primaryPath: string;
  /** The documents in memory: what every read answers from. */
  private readonly memory: DocumentMap<T>;
  private readonly stream: string;
  /** Where a build before the current record form kept this collection (adopted at the first open). */
  private readonly legacyStream: string;
  private readonly token: string;
  private readonly log: WriteLog;
  /**
   * The highest record id whose documents are in memory (read from the log or written by this instance).
   * An append commits only directly above it, so every record above it is another tab's, committed later.
   */
  private lastApplied = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private closing: Promise<void> | undefined;
  private compactTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onMessage = (event: MessageEvent<unknown>): void => {
    const data = event.data as { stream?: unknown } | null;
    if (data?.stream === this.stream) this.scheduleCatchUp();
  };
  private readonly onVisible = (): void => {
    if (document.visibilityState === 'visible') this.scheduleCatchUp();
  };

  /** A tab the browser froze may have missed other tabs' messages (decision 032 §3). */
  private readonly onResume = (): void => this.scheduleCatchUp();

  constructor(
    params: RxStorageInstanceCreationParams<T, unknown>,
    private readonly openLog: () => WriteLog,
    private readonly channel: BroadcastChannel | undefined,
    private readonly compactDelayMs = 0,
    repeated: RepeatedValuesSpec = { properties: [] },
  ) {
    this.databaseName = params.databaseName;
    this.collectionName = params.collectionName;
    this.schema = params.schema;
    this.options = {};
    this.primaryPath = getPrimaryFieldOfPrimaryKey(params.schema.primaryKey);
    const pool = new RepeatedValues(new Set(['_rev', ...repeated.properties]), repeated.sameValues);
    this.memory = new DocumentMap<T>(this, this.primaryPath, pool);
    this.stream = streamName(params.collectionName, params.schema.version);
    this.legacyStream = legacyStreamName(params.collectionName, params.schema.version);
    this.token = params.databaseInstanceToken;
    this.log = openLog();
    this.internals = {
      mapped: true,
      allDocuments: () => [...this.memory.documents.values()],
      catchUp: () => this.serial(() => this.applyNewRecords()),
      readCheckpoint: () => this.log.readCheckpoint(this.stream),
      saveCheckpoint: (checkpoint) => this.serial(() => this.append([], checkpoint)).then(() => undefined),
    };
  }

  /** Loads the log into memory, then follows other tabs. */
  async open(): Promise<void> {
    await this.log.adoptStream(this.legacyStream, this.stream, (all) => compactedState(all, this.primaryPath), COMPACT_CHUNK_SIZE);
    const records = await this.log.readForOpen(this.stream);
    this.memory.load(mergeRecords(records, this.primaryPath) as Map<string, RxDocumentData<T>>);
    this.lastApplied = records[records.length - 1]?.id ?? 0;
    this.channel?.addEventListener('message', this.onMessage);
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', this.onVisible);
      document.addEventListener('resume', this.onResume);
    }
    // A record appended between the read above and the listener would otherwise wait for the next message.
    this.scheduleCatchUp();
    if (records.length > COMPACT_AFTER_RECORDS) {
      // In the background: the state is in memory already; a failed compaction leaves the records as they were.
      const compact = (): void => {
        this.compactTimer = undefined;
        if (this.closed) return;
        void this.log
          .compact(this.stream, (all) => compactedState(all, this.primaryPath), COMPACT_CHUNK_SIZE)
          .catch((error: unknown) => console.warn(`[mapped-storage] compacting ${this.stream} failed`, error));
      };
      if (this.compactDelayMs > 0) this.compactTimer = setTimeout(compact, this.compactDelayMs);
      else compact();
    }
  }

  /** Runs writes and catch-ups of this instance one after the other. */
  private serial<R>(task: () => Promise<R>): Promise<R> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Writes the documents of `records` (committed after everything in memory) into memory. `wholeState`: the
   * records start with a compaction's chunks this instance had not read; a live document missing from them
   * was removed and its tombstone dropped, so it is removed here too.
   */
  private async applyRecords(records: readonly WriteRecord[], context: string, wholeState = false): Promise<void> {
    if (records.length === 0) return;
    const merged = mergeRecords(records, this.primaryPath);
    const gone = wholeState ? [...this.memory.documents].filter(([key, doc]) => !doc._deleted && !merged.has(key)).map(([key]) => key) : [];
    const stored = this.memory.findDocumentsById([...merged.keys(), ...gone], true);
    const byKey = new Map(stored.map((doc) => [String((doc as StoredDoc)[this.primaryPath]), doc as StoredDoc]));
    const rows: BulkWriteRow<T>[] = [];
    for (const [key, doc] of merged) {
      const previous = byKey.get(key);
      if (previous?._rev === doc._rev && previous._deleted === doc._deleted) continue;
      rows.push({ previous, document: doc } as unknown as BulkWriteRow<T>);
    }
    for (const key of gone) {
      const previous = byKey.get(key);
      if (!previous || previous._deleted) continue;
      const document = {
        ...previous,
        _deleted: true,
        _rev: createRevision(this.token, previous),
        _meta: { ...previous._meta, lwt: now() },
      };
      rows.push({ previous, document } as unknown as BulkWriteRow<T>);
    }
    if (rows.length === 0) return;
    const result = this.memory.bulkWrite(rows, context);
    // Cannot happen while writes and catch-ups are serial; logged rather than thrown so reads go on.
    if (result.error.length > 0) console.warn(`[mapped-storage] ${result.error.length} ${this.stream} documents kept their local version`);
  }

  /** What other tabs appended since lastApplied; only call inside serial(). */
  private async applyNewRecords(): Promise<void> {
    // A record compacted away between reading the ids and the records lives on in chunks with higher ids:
    // read again from just below it until nothing is missing, so a caller never goes on with a stale copy.
    for (;;) {
      if (this.closed) return;
      // Ids first, so a catch-up that a compaction races can tell which records it missed.
      const ids = await this.log.readIds(this.stream, this.lastApplied);
      if (ids.length === 0) return;
      const records = await this.log.readMany(ids);
      const foreign = records.filter(
        // Chunks of a compaction hold the state of records up to compactedThrough, all applied here already.
        (record) => !(record.compactedThrough !== undefined && record.compactedThrough <= this.lastApplied),
      );
      const read = new Set(records.map((record) => record.id));
      const firstMissing = ids.find((id) => !read.has(id));
      // Chunks read whole (nothing missing) are the complete state; read in part, the next round reads them again.
      const wholeState = firstMissing === undefined && foreign.some((record) => record.compactedThrough !== undefined);
      await this.applyRecords(foreign, 'mapped-storage-other-tab', wholeState);
      const upTo = firstMissing === undefined ? ids[ids.length - 1]! : firstMissing - 1;
      this.lastApplied = Math.max(this.lastApplied, upTo);
      if (firstMissing === undefined) return;
    }
  }

  /** Appends on top of everything this instance has applied (catching up first while others commit); only inside serial(). */
  private async append(docs: readonly object[], checkpoint?: unknown): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.closed) throw new Error(`[mapped-storage] ${this.stream} is closed`);
      const id = await this.log.appendAfter(this.stream, this.lastApplied, docs, checkpoint);
      if (id !== null) return (this.lastApplied = id);
      if (attempt >= MAX_WRITE_ATTEMPTS) throw new Error(`[mapped-storage] ${this.stream}: other tabs kept writing, gave up`);
      await this.applyNewRecords();
    }
  }

  private scheduleCatchUp(): void {
    void this.serial(() => this.applyNewRecords()).catch((error: unknown) =>
      console.warn(`[mapped-storage] reading ${this.stream} from another tab failed`, error),
    );
  }

  bulkWrite(rows: BulkWriteRow<T>[], context: string): Promise<RxStorageBulkWriteResponse<T>> {
    return this.serial(async () => {
      for (let attempt = 1; ; attempt += 1) {
        if (this.closed) throw new Error(`[mapped-storage] ${this.stream} is closed`);
        // Start from the disk: another tab's committed records first, so a conflict with them is reported.
        await this.applyNewRecords();
        const categorized = this.memory.categorize(rows, context);
        const failed = new Set(categorized.errors.map((error) => error.documentId));
        const accepted =
          failed.size === 0 ? rows : rows.filter((row) => !failed.has(String((row.document as StoredDoc)[this.primaryPath])));
        if (accepted.length === 0) return { error: categorized.errors };
        // Disk first: if the append fails, memory (and every open query) keeps the previous state.
        const id = await this.log.appendAfter(
          this.stream,
          this.lastApplied,
          accepted.map((row) => row.document),
        );
        if (id === null) {
          // Another tab committed since the check: check again against its records.
          if (attempt >= MAX_WRITE_ATTEMPTS) throw new Error(`[mapped-storage] ${this.stream}: other tabs kept writing, gave up`);
          continue;
        }
        this.lastApplied = id;
        const applied = this.memory.bulkWrite(accepted, context);
        if (applied.error.length > 0)
          console.warn(`[mapped-storage] ${applied.error.length} ${this.stream} documents changed between check and write`);
        this.tellOtherTabs();
        return { error: categorized.errors };
      }
    });
  }

  /** Best effort: the write is on disk either way, and other tabs also catch up on their next write or when shown. */
  private tellOtherTabs(): void {
    try {
      this.channel?.postMessage({ stream: this.stream });
    } catch (error) {
      console.warn(`[mapped-storage] could not tell other tabs about ${this.stream}`, error);
    }
  }

  findDocumentsById(ids: string[], withDeleted: boolean): Promise<RxDocumentData<T>[]> {
    return Promise.resolve(this.memory.findDocumentsById(ids, withDeleted));
  }

  query(preparedQuery: PreparedQuery<T>): Promise<RxStorageQueryResult<T>> {
    return Promise.resolve({ documents: this.memory.query(preparedQuery) });
  }

  count(preparedQuery: PreparedQuery<T>): Promise<RxStorageCountResult> {
    return Promise.resolve({ count: this.memory.count(preparedQuery), mode: 'fast' });
  }

  getAttachmentData(documentId: string, attachmentId: string, digest: string): Promise<Blob> {
    return Promise.reject(new Error(`[mapped-storage] ${this.stream} has no attachments (${documentId}/${attachmentId}/${digest})`));
  }

  changeStream(): Observable<EventBulk<RxStorageChangeEvent<RxDocumentData<T>>, unknown>> {
    return this.memory.changes$.asObservable();
  }

  /** Drops deleted documents from memory; the next compaction drops them from the log. */
  cleanup(minimumDeletedTime: number): Promise<boolean> {
    return this.serial(async () => {
      this.memory.cleanup(minimumDeletedTime);
      return true;
    });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.closed = true;
      clearTimeout(this.compactTimer);
      this.channel?.removeEventListener('message', this.onMessage);
      if (typeof document !== 'undefined') {
        document.removeEventListener('visibilitychange', this.onVisible);
        document.removeEventListener('resume', this.onResume);
      }
      // A write under way finishes (and tells the other tabs) before the channel and the log close.
      await this.queue;
      this.channel?.close();
      this.memory.clear();
      this.log.close();
    })();
    return this.closing;
  }

  /** Deletes the collection's records (also after close(), as RxDB's removal of a collection may call it). */
  async remove(): Promise<void> {
    await this.close();
    const log = this.openLog();
    try {
      await log.removeStream(this.stream);
      await log.removeStream(this.legacyStream);
    } finally {
      log.close();
    }
  }
}

/**
 * Before deciding from a collection's stored state (what to insert, replace or remove), apply what other
 * tabs wrote: a tab that just became the catalogue's writer may not have read the old writer's last records.
 * No-op on other storages.
 */
export async function catchUpWithOtherTabs(storageInstance: { internals: unknown }): Promise<void> {
  const internals = (await storageInstance.internals) as Partial<MappedStorageInternals<unknown>> | null;
  if (internals?.mapped === true && typeof internals.catchUp === 'function') await internals.catchUp();
}

/** The IndexedDB database of a database's write log (one per RxDB database, all mapped collections). */
export function writeLogName(databaseName: string): string {
  return `rxdb-mapped-${databaseName}`;
}

function mappedTest(mapped: MappedStorageOptions['mapped']): (collectionName: string) => boolean {
  if (typeof mapped === 'function') return mapped;
  const names = new Set(mapped);
  return (collectionName) => names.has(collectionName);
}

export function getRxStorageMapped(options: MappedStorageOptions): RxStorage<unknown, unknown> {
  const isMapped = mappedTest(options.mapped);
  return {
    name: 'mapped',
    rxdbVersion: options.persistent.rxdbVersion,
    async createStorageInstance<T>(params: RxStorageInstanceCreationParams<T, unknown>): Promise<RxStorageInstance<T, unknown, unknown>> {
      if (!isMapped(params.collectionName)) return options.persistent.createStorageInstance(params);
      // As every RxDB storage: a schema asking for key compression or encryption needs RxDB's wrapper
      // storages; without them its documents would be stored uncompressed or in clear, silently.
      ensureRxStorageInstanceParamsAreCorrect(params);
      if (params.schema.attachments) {
        // The log is JSON: a Blob would come back as {} after a reload. Refused rather than lost.
        throw new Error(`[mapped-storage] ${params.collectionName}: a mapped collection cannot have attachments`);
      }
      const openLog = (): WriteLog => new WriteLog(writeLogName(params.databaseName), options);
      const channel =
        params.multiInstance && typeof BroadcastChannel !== 'undefined'
          ? new BroadcastChannel(writeLogName(params.databaseName))
          : undefined;
      const instance = new MappedStorageInstance<T>(
        params,
        openLog,
        channel,
        options.compactDelayMs,
        options.repeatedValues?.[params.collectionName],
      );
      try {
        await instance.open();
      } catch (error) {
        await instance.close().catch(() => undefined);
        throw error;
      }
      return instance as RxStorageInstance<T, unknown, unknown>;
    },
  };
}
