import { useEffect, useMemo, useState } from 'react';
import { observeProductsBySku } from '../../../db/queries/product-by-sku';
import { handOverPicturesSeenBeforeControl, pinOfflineImages, releaseImagesOnQuotaError } from '../../../replication/offline-images';
import { whenIdle } from '../../components/when-idle';
import { useCart } from '../cart/cart-context';
import { useDatabase } from '../database/database-provider';
import { useObservable } from '../database/use-observable';
import { useFavorites } from '../favorites/favorites-context';
import { pinnedImageUrls } from './pinned-image-urls';

/** A burst of cart or favourites changes (a sync, "add all") sends one list. */
const SETTLE_MS = 2_000;
const IDLE_TIMEOUT_MS = 10_000;

/**
 * Keeps the thumbnails of the cart and the favourites on the device even when the buyer never looked at them here
 * (docs/decisions/029-images-offline.md): when either list changes, and once the service worker controls the page,
 * the list of their pictures goes to the worker in idle time, which fetches the missing ones a few at a time. Also
 * lets the pictures give their room up first when storage is full. Renders nothing.
 */
export function OfflineImagePins() {
  const db = useDatabase();
  const { view } = useCart();
  const { favorites } = useFavorites();
  const favoriteSkus = useMemo(() => (favorites ?? []).map((f) => f.sku), [favorites]);
  const skuKey = favoriteSkus.join(' ');
  const products = useObservable(
    () => (db && skuKey ? observeProductsBySku(db, skuKey.split(' ')) : null),
    // Only a different set of favourites asks again, not every re-render of the list.
    [db, skuKey],
  );
  const cartImages = useMemo(() => (view?.suppliers ?? []).flatMap((s) => s.lines.map((l) => l.image)), [view]);
  const urls = useMemo(
    // Waits for the favourites' products too: a list sent without them would let their thumbnails go.
    () => (view && favorites && (!skuKey || products) ? pinnedImageUrls(cartImages, favoriteSkus, (sku) => products?.get(sku)) : null),
    [view, favorites, skuKey, cartImages, favoriteSkus, products],
  );
  const key = urls?.join('\n') ?? null;

  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  const [controlled, setControlled] = useState(() => Boolean(container?.controller));
  useEffect(() => {
    if (!container) return undefined;
    const changed = (): void => {
      // The first install claims an open page: what it drew before is handed over to be kept too.
      if (container.controller)
        handOverPicturesSeenBeforeControl(container, performance.getEntriesByType('resource') as PerformanceResourceTiming[]);
      setControlled(Boolean(container.controller));
    };
    container.addEventListener('controllerchange', changed);
    return () => container.removeEventListener('controllerchange', changed);
  }, [container]);

  useEffect(() => {
    if (key === null || !controlled) return undefined;
    let stopped = false;
    const timer = window.setTimeout(() => {
      void whenIdle(IDLE_TIMEOUT_MS).then(() => {
        if (!stopped) pinOfflineImages(container, key ? key.split('\n') : []);
      });
    }, SETTLE_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [key, controlled, container]);

  useEffect(() => releaseImagesOnQuotaError(window, typeof caches === 'undefined' ? undefined : caches), []);
  return null;
}
