import {
  categorizeBulkWriteRows,
  getQueryMatcher,
  getSortComparator,
  now,
  type BulkWriteRow,
  type EventBulk,
  type PreparedQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorageBulkWriteResponse,
  type RxStorageChangeEvent,
  type RxStorageInstance,
  type StringKeys,
} from 'rxdb';
import { Subject } from 'rxjs';
import type { RepeatedValues } from './repeated-values';

type ChangeBulk<T> = EventBulk<RxStorageChangeEvent<RxDocumentData<T>>, { id: string; lwt: number }>;

/**
 * The in-memory side of the mapped storage: the documents by primary key, nothing else. RxDB's memory
 * storage keeps a sorted array per index besides (eight for the products: 53 MB for 15,323 products against
 * 10 MB without indexes, measured in Node), and the storefront never queries the catalogue through them: it
 * reads documents by id and lists from its own snapshot (docs/decisions/031-catalogue-memory.md). Queries
 * still work, by a scan with RxDB's own matcher and sort, so any RxDB query gives the same answer.
 *
 * Only RxDB's public helpers are used (categorizeBulkWriteRows, getQueryMatcher, getSortComparator).
 */
export class DocumentMap<T> {
  readonly documents = new Map<string, RxDocumentData<T>>();
  readonly changes$ = new Subject<ChangeBulk<T>>();

  constructor(
    /** The storage instance the documents belong to: its schema and names go into conflict errors. */
    private readonly owner: Pick<RxStorageInstance<T, unknown, unknown>, 'schema' | 'collectionName' | 'databaseName'>,
    readonly primaryPath: string,
    /** Strings repeated across documents, kept once (repeated-values.ts): every document stored is shared in idle time. */
    private readonly repeated?: RepeatedValues,
  ) {}

  get schema(): Readonly<RxJsonSchema<RxDocumentData<T>>> {
    return this.owner.schema;
  }

  /** Checks `rows` against the documents (409 on a stale `previous`) without writing anything. */
  categorize(rows: BulkWriteRow<T>[], context: string): ReturnType<typeof categorizeBulkWriteRows<T>> {
    return categorizeBulkWriteRows<T>(
      this.owner as RxStorageInstance<T, unknown, unknown>,
      this.primaryPath as StringKeys<T>,
      this.documents,
      rows,
      context,
    );
  }

  /**
   * Fills an empty map with the stored state when a collection opens: nothing to check against and nobody
   * subscribed to changes yet, so no conflict check and no events (about a tenth of a warm start at 100,000
   * products went into checking and announcing every document).
   */
  load(state: ReadonlyMap<string, RxDocumentData<T>>): void {
    if (this.documents.size > 0) throw new Error('DocumentMap.load() is for an empty map');
    for (const [key, doc] of state) this.documents.set(key, doc);
    this.repeated?.shareLater(this.documents.values());
  }

  /** Writes the rows that do not conflict and emits their change events, as an RxDB storage does. */
  bulkWrite(rows: BulkWriteRow<T>[], context: string): RxStorageBulkWriteResponse<T> {
    const categorized = this.categorize(rows, context);
    const stored: RxDocumentData<T>[] = [];
    for (const row of categorized.bulkInsertDocs) stored.push(row.document);
    for (const row of categorized.bulkUpdateDocs) stored.push(row.document);
    for (const doc of stored) this.documents.set(this.keyOf(doc), doc);
    this.repeated?.shareLater(stored);
    const bulk = categorized.eventBulk as ChangeBulk<T>;
    if (bulk.events.length > 0) {
      const last = categorized.newestRow!.document;
      bulk.checkpoint = { id: this.keyOf(last), lwt: last._meta.lwt };
      this.changes$.next(bulk);
    }
    return { error: categorized.errors };
  }

  findDocumentsById(ids: readonly string[], withDeleted: boolean): RxDocumentData<T>[] {
    const found: RxDocumentData<T>[] = [];
    for (const id of ids) {
      const doc = this.documents.get(id);
      if (doc && (withDeleted || !doc._deleted)) found.push(doc);
    }
    return found;
  }

  /** Every document matching the query (RxDB adds `_deleted: false` to it), sorted, then skip and limit. */
  query(prepared: PreparedQuery<T>): RxDocumentData<T>[] {
    const matches = getQueryMatcher(this.schema, prepared.query);
    const result: RxDocumentData<T>[] = [];
    for (const doc of this.documents.values()) if (matches(doc)) result.push(doc);
    result.sort(getSortComparator(this.schema, prepared.query));
    const skip = prepared.query.skip ?? 0;
    const limit = prepared.query.limit ?? Infinity;
    return skip === 0 && limit >= result.length ? result : result.slice(skip, skip + limit);
  }

  /** How many documents match the query's selector (skip and limit do not apply, as in RxDB's storages). */
  count(prepared: PreparedQuery<T>): number {
    const matches = getQueryMatcher(this.schema, prepared.query);
    let count = 0;
    for (const doc of this.documents.values()) if (matches(doc)) count += 1;
    return count;
  }

  /** Forgets documents deleted longer than `minimumDeletedTime` ago. */
  cleanup(minimumDeletedTime: number): void {
    const before = now() - minimumDeletedTime;
    for (const [key, doc] of this.documents) if (doc._deleted && doc._meta.lwt < before) this.documents.delete(key);
  }

  clear(): void {
    this.repeated?.stop();
    this.documents.clear();
    this.changes$.complete();
  }

  private keyOf(doc: RxDocumentData<T>): string {
    return String((doc as Record<string, unknown>)[this.primaryPath]);
  }
}
