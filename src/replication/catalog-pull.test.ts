import { describe, expect, it } from 'vitest';
import { createBridgeClient } from './bridge-client';
import { createBridgeEvents } from './bridge-events';
import { catalogPullHandler, toLocalDoc } from './catalog-pull';
import { createMemoryTokenStore } from './token-store';

describe('catalogue pull handler', () => {
  it('fills a product tombstone so that the local schema accepts it, keeping its sku', () => {
    const doc = toLocalDoc('products', { sku: 'PAP-000123', _deleted: true });
    expect(doc).toMatchObject({ sku: 'PAP-000123', _deleted: true, barcode: '', category_ids: [] });
    expect(toLocalDoc('catalog_meta', { key: 'cms_page:privacy', _deleted: true })).toMatchObject({ key: 'cms_page:privacy', data: {} });
  });

  it('reports a 426 from the bridge as update-required', async () => {
    const events = createBridgeEvents();
    let updateRequired = 0;
    events.on('update-required', () => (updateRequired += 1));
    const client = createBridgeClient({
      fetch: async () =>
        new Response(JSON.stringify({ code: 426, result: null, errors: [{ description: 'Please update' }] }), {
          status: 426,
          headers: { 'content-type': 'application/json' },
        }),
      tokens: createMemoryTokenStore({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 60_000 }),
      events,
    });
    const pull = catalogPullHandler(client, 'products', () => undefined);
    await expect(pull({ seq: 5 }, 1000)).rejects.toThrow();
    expect(updateRequired).toBe(1);
  });
});
