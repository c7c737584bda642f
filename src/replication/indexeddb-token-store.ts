import type { TabSignal } from './tab-signal';
import type { TokenPair, TokenStore } from './token-store';
import { parseTokenPair } from './token-store';

/**
 * Where the session's tokens live (decision 005, "Refreshing from several tabs"): IndexedDB, which every tab
 * and the service worker can read (a service worker cannot read localStorage). One record, `current`, in the
 * object store `tokens` of the database `b2b-session`, shaped like TokenPair.
 */
export const TOKEN_DB_NAME = 'b2b-session';
export const TOKEN_OBJECT_STORE = 'tokens';
const TOKEN_DB_VERSION = 1;
const CURRENT = 'current';
/** Where earlier versions kept the pair; moved to IndexedDB once, then removed. */
export const LEGACY_TOKENS_KEY = 'b2b.session.tokens';

export interface IndexedDbTokenStoreOptions {
  indexedDB: IDBFactory;
  /** The page's localStorage, for the one-time move of a pair an earlier version stored there. */
  legacy?: Storage;
  /** Tells the other tabs about a write and hears about theirs; null: nobody to tell (service worker). */
  signal?: TabSignal | null;
  dbName?: string;
}

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, TOKEN_DB_VERSION);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(TOKEN_OBJECT_STORE)) request.result.createObjectStore(TOKEN_OBJECT_STORE);
  };
  return settled(request).then((db) => {
    // A later version of the app upgrading the database must not wait for this tab.
    db.onversionchange = () => db.close();
    return db;
  });
}

function readLegacy(storage: Storage | undefined): TokenPair | null {
  const raw = storage?.getItem(LEGACY_TOKENS_KEY);
  if (raw === null || raw === undefined) return null;
  try {
    return parseTokenPair(JSON.parse(raw));
  } catch (error) {
    // A damaged entry is as good as none: the user logs in again.
    console.warn('Stored tokens: unreadable legacy entry ignored', error);
    return null;
  }
}

/**
 * The tokens in IndexedDB, with this tab's copy in memory for synchronous reads. A local write changes the
 * copy at once; a read of the shared store (load) replaces it only if this tab wrote nothing meanwhile, so a
 * slow read cannot bring back tokens this tab has just replaced or cleared. When IndexedDB is unavailable
 * (blocked, broken) the store keeps working on the copy alone: this tab stays signed in, others do not learn.
 */
export function createIndexedDbTokenStore(options: IndexedDbTokenStoreOptions): TokenStore {
  const name = options.dbName ?? TOKEN_DB_NAME;
  let pair: TokenPair | null = null;
  /** Local writes so far: a read of the shared store that overlapped one must not replace what it wrote. */
  let localWrites = 0;
  let database: Promise<IDBDatabase> | null = null;
  let migration: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  function db(): Promise<IDBDatabase> {
    database ??= openDatabase(options.indexedDB, name).catch((error: unknown) => {
      database = null;
      throw error;
    });
    return database;
  }

  async function transaction<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
    const tx = (await db()).transaction(TOKEN_OBJECT_STORE, mode);
    const done = committed(tx);
    const result = await work(tx.objectStore(TOKEN_OBJECT_STORE));
    await done;
    return result;
  }

  /** Moves a pair an earlier version kept in localStorage, unless IndexedDB already holds a newer one. */
  function migrate(): Promise<void> {
    const legacy = readLegacy(options.legacy);
    if (!legacy && options.legacy?.getItem(LEGACY_TOKENS_KEY) == null) return Promise.resolve();
    migration ??= transaction('readwrite', async (store) => {
      const current = parseTokenPair(await settled(store.get(CURRENT)));
      if (!current && legacy) store.put(legacy, CURRENT);
    }).then(() => options.legacy?.removeItem(LEGACY_TOKENS_KEY));
    return migration;
  }

  function announce(): void {
    options.signal?.post();
  }

  // Closing the signal (its owner's job) ends this subscription too.
  options.signal?.subscribe(() => {
    const before = pair;
    void store.load().then((after) => {
      if (after?.accessToken === before?.accessToken && after?.refreshToken === before?.refreshToken) return;
      for (const listener of [...listeners]) listener();
    });
  });

  const store: TokenStore = {
    read: () => pair,

    async load() {
      // Reads that overlap each other need no order: IndexedDB runs a read made before a write before
      // that write, and one made after it after it, so the read that finishes last has the newest pair.
      const started = localWrites;
      let stored: TokenPair | null;
      try {
        await migrate();
        stored = await transaction('readonly', async (s) => parseTokenPair(await settled(s.get(CURRENT))));
      } catch (error) {
        console.error('Stored tokens: IndexedDB could not be read; this tab keeps its own copy', error);
        return pair;
      }
      if (started === localWrites) pair = stored;
      return pair;
    },

    async write(next) {
      localWrites += 1;
      pair = next;
      try {
        await transaction('readwrite', (s) => settled(s.put(next, CURRENT)));
        announce();
      } catch (error) {
        console.error('Stored tokens: could not be written; only this tab keeps them', error);
      }
    },

    async replace(previous, next) {
      let outcome: { replaced: boolean; stored: TokenPair | null };
      try {
        // Read and write in one readwrite transaction: IndexedDB runs those one at a time per store, across tabs.
        outcome = await transaction('readwrite', async (s) => {
          const stored = parseTokenPair(await settled(s.get(CURRENT)));
          if (stored?.refreshToken !== previous) return { replaced: false, stored };
          s.put(next, CURRENT);
          return { replaced: true, stored: next };
        });
      } catch (error) {
        console.error('Stored tokens: could not be replaced; only this tab keeps them', error);
        outcome = pair?.refreshToken === previous ? { replaced: true, stored: next } : { replaced: false, stored: pair };
      }
      localWrites += 1;
      pair = outcome.stored;
      if (outcome.replaced) announce();
      return outcome.replaced;
    },

    async clear() {
      localWrites += 1;
      pair = null;
      try {
        await transaction('readwrite', (s) => settled(s.delete(CURRENT)));
        announce();
      } catch (error) {
        console.error('Stored tokens: could not be removed from IndexedDB', error);
      }
    },

    onExternalChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
