import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createIndexedDbTokenStore, LEGACY_TOKENS_KEY } from './indexeddb-token-store';
import { broadcastTabSignal, type TabSignal } from './tab-signal';
import type { TokenPair, TokenStore } from './token-store';

const P1: TokenPair = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 1_000 };
const P2: TokenPair = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: 2_000 };
const P3: TokenPair = { accessToken: 'access-3', refreshToken: 'refresh-3', expiresAt: 3_000 };

/** localStorage of one origin, shared by its tabs. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const signals: TabSignal[] = [];
let origins = 0;

afterEach(() => {
  for (const signal of signals.splice(0)) signal.close();
});

/** One browser origin: its IndexedDB, its localStorage, and a channel name no other test uses. */
function origin() {
  origins += 1;
  const indexedDB = new IDBFactory();
  const legacy = new MemoryStorage();
  const channel = `tokens-test-${origins}`;
  return {
    legacy,
    /** A tab of this origin (its own copy in memory, its own channel end). */
    tab(): TokenStore {
      const signal = broadcastTabSignal(channel);
      signals.push(signal);
      return createIndexedDbTokenStore({ indexedDB, legacy, signal });
    },
  };
}

/** Returns a wait for the next read-only transaction opened on `factory`'s databases. */
function watchReads(factory: IDBFactory): () => Promise<void> {
  let notify: () => void = () => undefined;
  const open = factory.open.bind(factory);
  factory.open = (name: string, version?: number) => {
    const request = open(name, version);
    request.addEventListener('success', () => {
      const db = request.result;
      const transaction = db.transaction.bind(db);
      db.transaction = ((stores: string | string[], mode?: IDBTransactionMode) => {
        if (mode === 'readonly') notify();
        return transaction(stores, mode);
      }) as IDBDatabase['transaction'];
    });
    return request;
  };
  return () => new Promise<void>((resolve) => (notify = resolve));
}

/** Resolves when `listener`-style notification arrives (BroadcastChannel delivers asynchronously). */
function nextChange(store: TokenStore): Promise<void> {
  return new Promise((resolve) => {
    const stop = store.onExternalChange(() => {
      stop();
      resolve();
    });
  });
}

describe('tokens in IndexedDB', () => {
  it('a new tab reads what another tab wrote; read() needs a load first and never waits', async () => {
    const site = origin();
    const first = site.tab();
    expect(await first.load()).toBeNull();
    await first.write(P1);
    expect(first.read()).toEqual(P1);

    const second = site.tab();
    expect(second.read()).toBeNull();
    expect(await second.load()).toEqual(P1);
    expect(second.read()).toEqual(P1);
  });

  it('other tabs follow a write, a refresh and a logout without loading themselves, and are told', async () => {
    const site = origin();
    const [a, b, c] = [site.tab(), site.tab(), site.tab()];
    await Promise.all([a.load(), b.load(), c.load()]);

    let told = Promise.all([nextChange(b), nextChange(c)]);
    await a.write(P1);
    await told;
    expect([b.read(), c.read()]).toEqual([P1, P1]);

    told = Promise.all([nextChange(a), nextChange(c)]);
    expect(await b.replace('refresh-1', P2)).toBe(true);
    await told;
    expect([a.read(), c.read()]).toEqual([P2, P2]);

    told = Promise.all([nextChange(a), nextChange(b)]);
    await c.clear();
    await told;
    expect([a.read(), b.read(), c.read()]).toEqual([null, null, null]);
  });

  it('replace is compare-and-set across tabs: of two tabs replacing the same pair, one wins', async () => {
    const site = origin();
    const [a, b] = [site.tab(), site.tab()];
    await a.write(P1);
    await b.load();
    const results = await Promise.all([a.replace('refresh-1', P2), b.replace('refresh-1', P3)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? P2 : P3;
    // The loser now holds what is stored, not its own pair.
    expect([a.read(), b.read(), await site.tab().load()]).toEqual([winner, winner, winner]);
  });

  it('replace after a logout in another tab stores nothing (the user stays logged out)', async () => {
    const site = origin();
    const [a, b] = [site.tab(), site.tab()];
    await a.write(P1);
    await b.load();
    await b.clear();
    expect(await a.replace('refresh-1', P2)).toBe(false);
    expect(a.read()).toBeNull();
    expect(await site.tab().load()).toBeNull();
  });

  it('a load that read the shared store before a local logout cannot bring the tokens back', async () => {
    const factory = new IDBFactory();
    const readStarted = watchReads(factory);
    const tab = createIndexedDbTokenStore({ indexedDB: factory });
    await tab.write(P1);
    const loading = tab.load();
    // Its read runs before the logout's delete (IndexedDB keeps the order transactions were made in).
    await readStarted();
    await tab.clear();
    expect(await loading).toBeNull();
    expect(tab.read()).toBeNull();
  });
});

describe('moving the tokens out of localStorage', () => {
  it('once: the pair an earlier version stored moves to IndexedDB and leaves localStorage', async () => {
    const site = origin();
    site.legacy.setItem(LEGACY_TOKENS_KEY, JSON.stringify(P1));
    expect(await site.tab().load()).toEqual(P1);
    expect(site.legacy.getItem(LEGACY_TOKENS_KEY)).toBeNull();
    // Another tab, or the next start, finds it in IndexedDB.
    expect(await site.tab().load()).toEqual(P1);
  });

  it('never over a pair already in IndexedDB (an old tab wrote late); the stale entry is dropped', async () => {
    const site = origin();
    await site.tab().write(P2);
    site.legacy.setItem(LEGACY_TOKENS_KEY, JSON.stringify(P1));
    expect(await site.tab().load()).toEqual(P2);
    expect(site.legacy.getItem(LEGACY_TOKENS_KEY)).toBeNull();
  });

  it('a damaged entry is dropped and counts as no session', async () => {
    const site = origin();
    site.legacy.setItem(LEGACY_TOKENS_KEY, '{not json');
    expect(await site.tab().load()).toBeNull();
    expect(site.legacy.getItem(LEGACY_TOKENS_KEY)).toBeNull();
    site.legacy.setItem(LEGACY_TOKENS_KEY, JSON.stringify({ accessToken: 'a' }));
    expect(await site.tab().load()).toBeNull();
    expect(site.legacy.getItem(LEGACY_TOKENS_KEY)).toBeNull();
  });
});

describe('without a working IndexedDB', () => {
  it('the tab keeps its own copy: signed in until it closes', async () => {
    const broken = {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
      },
    } as unknown as IDBFactory;
    const tab = createIndexedDbTokenStore({ indexedDB: broken });
    expect(await tab.load()).toBeNull();
    await tab.write(P1);
    expect(await tab.load()).toEqual(P1);
    expect(await tab.replace('refresh-other', P2)).toBe(false);
    expect(await tab.replace('refresh-1', P2)).toBe(true);
    expect(tab.read()).toEqual(P2);
    await tab.clear();
    expect(tab.read()).toBeNull();
  });
});
