import { describe, expect, it } from 'vitest';
import { createCatalogSyncStatus, isCatalogReady, memoryStatusStorage } from './catalog-sync-status';

describe('catalogue first-sync status', () => {
  it('counts received of received + remaining; a caught-up page fixes the total, markReady makes it ready', () => {
    const status = createCatalogSyncStatus({ storage: memoryStatusStorage(), key: 'k' });
    status.record({ collection: 'products', documents: 1000, remaining: 2000, caughtUp: false, checkpoint: 1000 });
    expect(status.get().products).toEqual({ received: 1000, total: 3000, ready: false });
    status.record({ collection: 'products', documents: 1000, remaining: 1000, caughtUp: false, checkpoint: 2000 });
    status.record({ collection: 'products', documents: 1000, remaining: 0, caughtUp: true, checkpoint: 3000 });
    // Pulled is not stored: the replication calls markReady once RxDB has written the page.
    expect(status.get().products).toEqual({ received: 3000, total: 3000, ready: false });
    status.markReady('products');
    expect(status.get().products).toEqual({ received: 3000, total: 3000, ready: true });
    expect(isCatalogReady(status.get())).toBe(false);
  });

  it('resumes the counts of an interrupted first sync and keeps readiness across restarts', () => {
    const storage = memoryStatusStorage();
    createCatalogSyncStatus({ storage, key: 'k' }).record({
      collection: 'products',
      documents: 1000,
      remaining: 2000,
      caughtUp: false,
      checkpoint: 1000,
    });
    const restarted = createCatalogSyncStatus({ storage, key: 'k' });
    expect(restarted.get().products.received).toBe(1000);
    restarted.record({ collection: 'products', documents: 1000, remaining: 1000, caughtUp: false, checkpoint: 2000 });
    expect(restarted.get().products).toEqual({ received: 2000, total: 3000, ready: false });
    for (const collection of ['products', 'categories', 'suppliers', 'catalog_meta'] as const) {
      restarted.record({ collection, documents: 0, remaining: 0, caughtUp: true, checkpoint: 1 });
      restarted.markReady(collection);
    }
    expect(isCatalogReady(createCatalogSyncStatus({ storage, key: 'k' }).get())).toBe(true);
  });

  it('tells a tab that does not replicate about progress written by the leader tab', () => {
    const storage = memoryStatusStorage();
    const external: (() => void)[] = [];
    const follower = createCatalogSyncStatus({
      storage,
      key: 'k',
      onExternalChange: (_key, listener) => (external.push(listener), () => undefined),
    });
    let seen = 0;
    follower.subscribe(() => (seen = follower.get().products.received));
    createCatalogSyncStatus({ storage, key: 'k' }).record({
      collection: 'products',
      documents: 500,
      remaining: 10,
      caughtUp: false,
      checkpoint: 500,
    });
    external.forEach((listener) => listener());
    expect(seen).toBe(500);
  });

  it('starts over from zero when the stored entry is corrupted', () => {
    const storage = memoryStatusStorage();
    storage.setItem('k', '{not json');
    expect(createCatalogSyncStatus({ storage, key: 'k' }).get().products).toEqual({ received: 0, total: null, ready: false });
  });
});
