// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { messages } from '../../../locales/en-US/messages.po';
import {
  createCatalogSyncStatus,
  memoryStatusStorage,
  type CatalogSyncSnapshot,
  type CatalogSyncStatus,
} from '../../../replication/catalog-sync-status';
import { CatalogSyncStatusProvider, useCatalogReady } from './catalog-sync-context';
import { CatalogSyncProgress, CatalogSyncProgressView } from './catalog-sync-progress';

function snapshot(products: { received: number; total: number | null; ready?: boolean }): CatalogSyncSnapshot {
  const done = { received: 10, total: 10, ready: true };
  return { products: { ready: false, ...products }, categories: done, suppliers: done, catalog_meta: done };
}

function ReadyProbe() {
  const suppliersReady = useCatalogReady('suppliers');
  return (
    <>
      <p>{useCatalogReady() ? 'ready' : 'being prepared'}</p>
      <p>{suppliersReady ? 'suppliers ready' : 'suppliers being prepared'}</p>
    </>
  );
}

function renderConnected(status: CatalogSyncStatus) {
  return render(
    <I18nProvider i18n={i18n}>
      <CatalogSyncStatusProvider status={status}>
        <CatalogSyncProgress />
        <ReadyProbe />
      </CatalogSyncStatusProvider>
    </I18nProvider>,
  );
}

describe('first-sync progress bar', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en-US', messages }));
  afterEach(cleanup);

  it('shows the products received of the total, as text and as an accessible progressbar', () => {
    render(
      <I18nProvider i18n={i18n}>
        <CatalogSyncProgressView snapshot={snapshot({ received: 1000, total: 3000 })} />
      </I18nProvider>,
    );
    expect(screen.getByText('Downloading catalogue: 1,000 of 3,000 products')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Catalogue download' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1000');
    expect(bar.getAttribute('aria-valuemax')).toBe('3000');
    expect(bar.getAttribute('aria-valuetext')).toBe('Downloading catalogue: 1,000 of 3,000 products');
  });

  it('is indeterminate until the bridge has said how many products there are', () => {
    render(
      <I18nProvider i18n={i18n}>
        <CatalogSyncProgressView snapshot={snapshot({ received: 0, total: null })} />
      </I18nProvider>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Catalogue download' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByText('Downloading catalogue…')).toBeTruthy();
  });

  it('follows the pulled pages and disappears when every collection has been downloaded once', () => {
    const status = createCatalogSyncStatus({ storage: memoryStatusStorage(), key: 'sync' });
    renderConnected(status);
    expect(screen.getByText('being prepared')).toBeTruthy();
    act(() => {
      for (const collection of ['categories', 'suppliers', 'catalog_meta'] as const) {
        status.record({ collection, documents: 5, remaining: 0, caughtUp: true, checkpoint: 5 });
        status.markReady(collection);
      }
      status.record({ collection: 'products', documents: 1000, remaining: 1500, caughtUp: false, checkpoint: 1000 });
    });
    expect(screen.getByText('Downloading catalogue: 1,000 of 2,500 products')).toBeTruthy();
    expect(screen.getByText('suppliers ready')).toBeTruthy();
    expect(screen.getByText('being prepared')).toBeTruthy();
    act(() => status.record({ collection: 'products', documents: 1000, remaining: 500, caughtUp: false, checkpoint: 2000 }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2000');
    act(() => status.record({ collection: 'products', documents: 500, remaining: 0, caughtUp: true, checkpoint: 2500 }));
    // The last page has arrived but is not stored yet: the bar stays until the replication says it is.
    expect(screen.getByText('Downloading catalogue: 2,500 of 2,500 products')).toBeTruthy();
    act(() => status.markReady('products'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('ready')).toBeTruthy();
  });

  it('stays hidden after a restart once the first sync has completed (the status is persisted)', () => {
    const storage = memoryStatusStorage();
    const first = createCatalogSyncStatus({ storage, key: 'sync' });
    for (const collection of ['products', 'categories', 'suppliers', 'catalog_meta'] as const) {
      first.record({ collection, documents: 3, remaining: 0, caughtUp: true, checkpoint: 3 });
      first.markReady(collection);
    }
    renderConnected(createCatalogSyncStatus({ storage, key: 'sync' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('ready')).toBeTruthy();
  });
});
