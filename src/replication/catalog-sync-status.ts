import { z } from 'zod';
import { SYNC_COLLECTIONS, type SyncCollection } from '../contracts/sync';
import type { PulledPage } from './catalog-pull';

export interface CollectionSync {
  /** Documents received so far during the first sync (tombstones included). */
  received: number;
  /** received + what the bridge still has; null until the bridge said. */
  total: number | null;
  /** Everything the bridge had is stored locally (in this session or an earlier one). */
  ready: boolean;
}

export type CatalogSyncSnapshot = Record<SyncCollection, CollectionSync>;

/** The first-sync state of the catalogue, shared by every tab of the browser. */
export interface CatalogSyncStatus {
  get(): CatalogSyncSnapshot;
  subscribe(listener: () => void): () => void;
  /** Called by the catalogue pull for every stored page that brought changes: counts only. */
  record(page: PulledPage): void;
  /** Called once the catalogue pull has stored a caught-up page of the collection (catalog-replication onCaughtUp). */
  markReady(collection: SyncCollection): void;
}

/** The part of Web Storage the status needs (localStorage in the browser, a Map in tests). */
export interface StatusStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface CatalogSyncStatusOptions {
  storage?: StatusStorage | null;
  /** Storage key; include the bridge origin so a different bridge starts over. */
  key: string;
  /** Cross-tab updates (window 'storage' events); returns an unsubscribe. */
  onExternalChange?: (key: string, listener: () => void) => () => void;
}

const collectionSyncSchema = z.object({ received: z.number().int().min(0), total: z.number().int().min(0).nullable(), ready: z.boolean() });
const snapshotSchema = z.object(
  Object.fromEntries(SYNC_COLLECTIONS.map((c) => [c, collectionSyncSchema])) as Record<SyncCollection, typeof collectionSyncSchema>,
);

function emptySnapshot(): CatalogSyncSnapshot {
  const fresh = (): CollectionSync => ({ received: 0, total: null, ready: false });
  return { products: fresh(), categories: fresh(), suppliers: fresh(), catalog_meta: fresh() };
}

function load(storage: StatusStorage | null | undefined, key: string): CatalogSyncSnapshot {
  const raw = storage?.getItem(key) ?? null;
  if (raw === null) return emptySnapshot();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    // A corrupted entry only costs a progress bar that starts from zero; the data itself is in IndexedDB.
    return emptySnapshot();
  }
  const parsed = snapshotSchema.safeParse(json);
  return parsed.success ? parsed.data : emptySnapshot();
}

/**
 * After the first full pull the counts no longer matter. A caught-up page fixes the total; `ready` is
 * set by markReady, which the pull calls once that page is written.
 */
function advance(current: CollectionSync, page: PulledPage): CollectionSync {
  if (current.ready) return current;
  const received = current.received + page.documents;
  const total = page.remaining === undefined ? current.total : received + page.remaining;
  return { received, total: page.caughtUp ? received : total, ready: false };
}

/**
 * The persisted first-sync status. It lives in Web Storage, not in memory, because only the leader tab
 * replicates: the other tabs learn of progress and readiness through the storage event.
 */
export function createCatalogSyncStatus(options: CatalogSyncStatusOptions): CatalogSyncStatus {
  const { storage, key } = options;
  let snapshot = load(storage, key);
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };
  let stopExternal: (() => void) | undefined;
  const update = (collection: SyncCollection, next: CollectionSync): void => {
    if (next === snapshot[collection]) return;
    snapshot = { ...snapshot, [collection]: next };
    storage?.setItem(key, JSON.stringify(snapshot));
    notify();
  };
  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      stopExternal ??= options.onExternalChange?.(key, () => {
        snapshot = load(storage, key);
        notify();
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopExternal?.();
          stopExternal = undefined;
        }
      };
    },
    record(page) {
      update(page.collection, advance(snapshot[page.collection], page));
    },
    markReady(collection) {
      const current = snapshot[collection];
      if (!current.ready) update(collection, { ...current, total: current.received, ready: true });
    },
  };
}

export function isCatalogReady(snapshot: CatalogSyncSnapshot): boolean {
  return SYNC_COLLECTIONS.every((c) => snapshot[c].ready);
}

export function memoryStatusStorage(): StatusStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return { entries, getItem: (k) => entries.get(k) ?? null, setItem: (k, v) => void entries.set(k, v) };
}
