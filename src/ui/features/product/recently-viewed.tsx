import { useEffect, useMemo } from 'react';
import { Trans } from '@lingui/react/macro';
import { of, switchMap } from 'rxjs';
import { recordRecentlyViewedProduct } from '../../../db/commands/record-recently-viewed';
import type { AppDatabase } from '../../../db/database';
import { observeProductsBySku } from '../../../db/queries/product-by-sku';
import { observeRecentlyViewed } from '../../../db/queries/product-recently-viewed';
import { recentlyViewedSkus } from '../../../domain/recently-viewed';
import { ProductGrid } from '../../shared/catalog/product-grid';
import { useObservable } from '../../shared/database/use-observable';
import styles from './product-page.module.css';

export const RECENTLY_VIEWED_SHOWN = 8;

/** Records this visit, then lists the customer's other recently viewed products, newest first. */
export function RecentlyViewed({ db, customerId, sku }: { db: AppDatabase; customerId: string; sku: string }) {
  useEffect(() => {
    recordRecentlyViewedProduct(db, customerId, sku).catch((error: unknown) => console.error('Could not record the viewed product', error));
  }, [db, customerId, sku]);

  const products = useObservable(
    () =>
      observeRecentlyViewed(db, customerId).pipe(
        switchMap((list) => {
          const skus = recentlyViewedSkus(list, sku, RECENTLY_VIEWED_SHOWN);
          return skus.length === 0
            ? of({ skus, bySku: new Map() })
            : observeProductsBySku(db, skus).pipe(switchMap((bySku) => of({ skus, bySku })));
        }),
      ),
    [db, customerId, sku],
  );
  const shown = useMemo(() => (products ? products.skus.flatMap((s) => products.bySku.get(s) ?? []) : []), [products]);
  if (shown.length === 0) return null;
  return (
    <section className={styles.section}>
      <h2 id="recently-viewed-heading">
        <Trans>Recently viewed</Trans>
      </h2>
      <ProductGrid products={shown} labelledBy="recently-viewed-heading" headingLevel={3} />
    </section>
  );
}
