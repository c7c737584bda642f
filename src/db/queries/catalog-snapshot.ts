import { Observable, shareReplay, type Subscription } from 'rxjs';
import type { RxChangeEventBulk, RxCollection } from 'rxdb';
import type { AppDatabase } from '../database';
import type { MappedStorageInternals } from '../storage/mapped-storage';
import type { CategoryDoc } from '../schema/categories';
import type { ProductDoc } from '../schema/products';
import type { SupplierDoc } from '../schema/suppliers';

/**
 * The whole catalogue in memory, immutable per version. Listing pages, home and search read this
 * instead of sorted RxDB queries: a sorted query with limit 50 over 20,000 Dexie documents took
 * 1.2 s even with an index (docs/field-notes.md §1.4), a sort of 20,000 in-memory rows takes a few ms.
 *
 * On the mapped storage the documents are the storage's own objects, shared, not copied (a copy of every
 * product cost about 30 MB of a tab's heap at 100,000 products, decision 031): they may carry RxDB's
 * bookkeeping fields (`_meta`, `_rev`, `_deleted`, `_attachments`) and nothing may change them.
 */
export interface CatalogSnapshot {
  /** 1 for the first full read, +1 per emitted change batch; caches key on it (or on the object). */
  readonly version: number;
  /** Listable products only: status 0 or 1, visibility 2, 3 or 4. */
  readonly products: readonly ProductDoc[];
  /** The same listable products by sku. */
  readonly bySku: ReadonlyMap<string, ProductDoc>;
  /** Every category (active or not): pages decide what an inactive one means. */
  readonly categories: readonly CategoryDoc[];
  /** Every supplier (any status): pages decide what inactive and locked mean. */
  readonly suppliers: readonly SupplierDoc[];
}

/** docs/product-rules.md §4: status 2 or more is disabled; visibility 1 is "not visible individually". */
export function isListableProduct(doc: Pick<ProductDoc, 'status' | 'visibility'>): boolean {
  return (doc.status === 0 || doc.status === 1) && doc.visibility >= 2 && doc.visibility <= 4;
}

/** Bulk writes of the first sync arrive as many event bulks; one snapshot per this many ms at most. */
export const SNAPSHOT_THROTTLE_MS = 100;
/**
 * While documents arrive by the thousand (a first sync, a long catch-up), one snapshot per this many ms: every
 * snapshot copies the catalogue's arrays and every page on screen redraws from it, work taken from the writes.
 */
export const SNAPSHOT_BULK_THROTTLE_MS = 1_000;
/** Changes waiting for the next snapshot from which it waits the longer time. */
export const SNAPSHOT_BULK_CHANGES = 500;

/**
 * One collection mirrored into a Map, fed by a full read and then by change event bulks. The Map a snapshot
 * holds is never changed: changes after it wait in `pending`, and the next snapshot gets a new Map. The mirror
 * keeps no Map of its own beside the snapshot's (at 100,000 products a second one cost about 1.8 MB of a tab).
 */
class CollectionMirror<T extends object> {
  private current = new Map<string, T>();
  /** Whether `current` was handed to a snapshot (then changes wait in `pending`). */
  private published = false;
  /** Changes since the last snapshot: the document, or undefined for a removal. */
  private readonly pending = new Map<string, T | undefined>();
  changed = false;

  constructor(
    private readonly keyOf: (doc: T) => string,
    private readonly keep: (doc: T) => boolean,
  ) {}

  put(doc: T): void {
    const key = this.keyOf(doc);
    this.set(key, this.keep(doc) ? doc : undefined);
    this.changed = true;
  }

  remove(key: string): void {
    const present = this.pending.has(key) ? this.pending.get(key) !== undefined : this.current.has(key);
    if (!present) return;
    this.set(key, undefined);
    this.changed = true;
  }

  applyBulk(bulk: RxChangeEventBulk<T>): void {
    for (const event of bulk.events) {
      if (event.operation === 'DELETE') this.remove(event.documentId);
      else this.put(event.documentData as T);
    }
  }

  /** The documents by key as of now, for a snapshot: nothing changes the Map returned. */
  publish(): ReadonlyMap<string, T> {
    if (this.pending.size > 0) {
      const next = new Map(this.current);
      for (const [key, doc] of this.pending) {
        if (doc === undefined) next.delete(key);
        else next.set(key, doc);
      }
      this.pending.clear();
      this.current = next;
    }
    this.published = true;
    return this.current;
  }

  private set(key: string, doc: T | undefined): void {
    if (this.published) this.pending.set(key, doc);
    else if (doc === undefined) this.current.delete(key);
    else this.current.set(key, doc);
  }
}

/**
 * A full read. The mapped storage (src/db/storage/mapped-storage.ts, where the app keeps the catalogue)
 * hands out its documents in one go; on any other storage (RxDB's query walks an IndexedDB cursor one
 * document at a time on Dexie) this falls back to a plain find().
 */
async function readAll<T extends object>(collection: RxCollection<T>): Promise<T[]> {
  const internals = (await collection.storageInstance.internals) as Partial<MappedStorageInternals<T>> | null;
  if (internals?.mapped === true && typeof internals.allDocuments === 'function') {
    const docs: T[] = [];
    for (const data of internals.allDocuments()) if (!data._deleted) docs.push(data as T);
    return docs;
  }
  const docs = await collection.find().exec();
  return docs.map((doc) => doc.toMutableJSON() as T);
}

interface Mirrors {
  products: CollectionMirror<ProductDoc>;
  categories: CollectionMirror<CategoryDoc>;
  suppliers: CollectionMirror<SupplierDoc>;
}

function buildSnapshot(version: number, mirrors: Mirrors, previous: CatalogSnapshot | undefined): CatalogSnapshot {
  // Unchanged collections keep their arrays: consumers may cache by array identity.
  const bySku = previous && !mirrors.products.changed ? previous.bySku : mirrors.products.publish();
  const products = previous && !mirrors.products.changed ? previous.products : Object.freeze([...bySku.values()]);
  const categories =
    previous && !mirrors.categories.changed ? previous.categories : Object.freeze([...mirrors.categories.publish().values()]);
  const suppliers = previous && !mirrors.suppliers.changed ? previous.suppliers : Object.freeze([...mirrors.suppliers.publish().values()]);
  mirrors.products.changed = false;
  mirrors.categories.changed = false;
  mirrors.suppliers.changed = false;
  return Object.freeze({ version, products, bySku, categories, suppliers });
}

function createSnapshotStream(db: AppDatabase): Observable<CatalogSnapshot> {
  return new Observable<CatalogSnapshot>((subscriber) => {
    const mirrors: Mirrors = {
      products: new CollectionMirror<ProductDoc>((doc) => doc.sku, isListableProduct),
      categories: new CollectionMirror<CategoryDoc>(
        (doc) => doc.id,
        () => true,
      ),
      suppliers: new CollectionMirror<SupplierDoc>(
        (doc) => doc.id,
        () => true,
      ),
    };
    let loaded = false;
    let current: CatalogSnapshot | undefined;
    let lastEmit = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const buffered: Array<() => void> = [];

    const flush = (): void => {
      timer = undefined;
      waiting = 0;
      if (!mirrors.products.changed && !mirrors.categories.changed && !mirrors.suppliers.changed) return;
      current = buildSnapshot((current?.version ?? 0) + 1, mirrors, current);
      lastEmit = Date.now();
      subscriber.next(current);
    };
    let waiting = 0;
    const schedule = (changes: number): void => {
      waiting += changes;
      const wait = waiting >= SNAPSHOT_BULK_CHANGES ? SNAPSHOT_BULK_THROTTLE_MS : SNAPSHOT_THROTTLE_MS;
      const due = Math.max(0, lastEmit + wait - Date.now());
      // A batch that makes the wait longer moves a timer set for a short one.
      if (timer !== undefined && (wait === SNAPSHOT_THROTTLE_MS || waiting - changes >= SNAPSHOT_BULK_CHANGES)) return;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, due);
    };
    const follow = <T extends object>(collection: RxCollection<T>, mirror: CollectionMirror<T>): Subscription =>
      collection.eventBulks$.subscribe((bulk: RxChangeEventBulk<T>) => {
        // Events that race the first full read are replayed in order after it: the end state wins.
        if (!loaded) buffered.push(() => mirror.applyBulk(bulk));
        else {
          mirror.applyBulk(bulk);
          schedule(bulk.events.length);
        }
      });

    const subscriptions = [
      follow(db.products, mirrors.products),
      follow(db.categories, mirrors.categories),
      follow(db.suppliers, mirrors.suppliers),
    ];
    Promise.all([readAll(db.products), readAll(db.categories), readAll(db.suppliers)])
      .then(([products, categories, suppliers]) => {
        for (const doc of products) mirrors.products.put(doc);
        for (const doc of categories) mirrors.categories.put(doc);
        for (const doc of suppliers) mirrors.suppliers.put(doc);
        for (const apply of buffered.splice(0)) apply();
        loaded = true;
        current = buildSnapshot(1, mirrors, undefined);
        lastEmit = Date.now();
        subscriber.next(current);
      })
      .catch((error: unknown) => subscriber.error(error));

    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  });
}

const streams = new WeakMap<AppDatabase, Observable<CatalogSnapshot>>();

/**
 * The catalogue snapshot of a database, shared by every subscriber: one full read at the first
 * subscription, then incremental updates from collection change events, at most one new snapshot
 * per SNAPSHOT_THROTTLE_MS. Stays subscribed while the database lives (pages come and go; the
 * full read should not repeat on every navigation).
 */
export function catalogSnapshot$(db: AppDatabase): Observable<CatalogSnapshot> {
  let stream = streams.get(db);
  if (!stream) {
    stream = createSnapshotStream(db).pipe(shareReplay({ bufferSize: 1, refCount: false }));
    streams.set(db, stream);
  }
  return stream;
}
