import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { findProductRouteTarget, observeProduct } from '../../../db/queries/product-by-sku';
import type { AppDatabase } from '../../../db/database';
import { NotFoundPage } from '../../routes/pages/not-found-page';
import { to } from '../../routes/paths';
import { OfflineRedirect } from '../../shared/offline/offline-redirect';
import { ProductView } from './product-view';
import { useDatabase } from '../../shared/database/database-provider';
import { useObservable } from '../../shared/database/use-observable';
import styles from './product-page.module.css';

/** childSku is a route segment (`/p/PARENT/slug/CHILD`) or, without the URL dispatcher, `?childSku=`. */
function useRouteSkus(): { parentSku: string; childSku: string | null } {
  const params = useParams();
  const [search] = useSearchParams();
  return { parentSku: params.parentSku ?? '', childSku: params.childSku ?? search.get('childSku') };
}

/**
 * `/p/{parentSku}/{slug}` (docs/product-rules.md §2, §4 Product load), read from the local database so it works offline
 * and updates live when replication brings a new price or stock.
 */
export function Component() {
  const { parentSku, childSku } = useRouteSkus();
  const db = useDatabase();
  const product = useObservable(() => (db ? observeProduct(db, parentSku) : null), [db, parentSku]);

  if (!db || product === undefined) return <Loading />;
  if (product === null) return <NotInLocalDatabase db={db} sku={parentSku} />;
  // docs/product-rules.md §4: status 2 or more is an error (the feed normally sends such products as tombstones).
  if (product.status >= 2) return <NotFoundPage />;
  return <ProductView product={product} childSku={childSku} />;
}

function Loading() {
  return (
    <p className={styles.loading} role="status" aria-busy="true">
      <Trans>Loading…</Trans>
    </p>
  );
}

/**
 * A child variant (visibility 1) is not a document of its own: replace the history entry with its
 * parent and the child selected (docs/product-rules.md §4). Otherwise the product is unknown here: offline that is
 * "not synchronised yet" (redirect home, docs/product-rules.md §2), online it does not exist.
 */
function NotInLocalDatabase({ db, sku }: { db: AppDatabase; sku: string }) {
  const navigate = useNavigate();
  const [missingSku, setMissingSku] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    findProductRouteTarget(db, sku).then(
      (target) => {
        if (!active) return;
        if (target.kind === 'child') void navigate(to.product(target.parent.sku, target.parent.slug, target.childSku), { replace: true });
        else setMissingSku(sku);
      },
      (error: unknown) => {
        console.error('Product lookup failed', error);
        if (active) setMissingSku(sku);
      },
    );
    return () => {
      active = false;
    };
  }, [db, sku, navigate]);
  if (missingSku !== sku) return <Loading />;
  return navigator.onLine ? <NotFoundPage /> : <OfflineRedirect />;
}
