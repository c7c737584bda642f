import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { addCatalogLines } from '../../../db/commands/reorder';
import { observeBuyerOrders } from '../../../db/queries/orders';
import { supplierIndex } from '../../../db/queries/supplier-index';
import type { ProductDoc } from '../../../db/schema/products';
import { systemClock } from '../../../domain/clock';
import { FAVORITE_SORTS, parseFavoriteSort, sortFavorites, type FavoriteRow, type FavoriteSort } from '../../../domain/favorites';
import { paginate } from '../../../domain/listing';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { useCart } from '../../shared/cart/cart-context';
import { CardQuickAdd } from '../../shared/cart/add-to-cart';
import { ListingLoading, NotInCatalog } from '../../shared/catalog/catalog-states';
import { ProductGrid, type CardAction } from '../../shared/catalog/product-grid';
import { useCatalogSnapshot, usePriceView } from '../../shared/catalog/use-catalog-snapshot';
import { useProductName } from '../../shared/catalog/use-product-name';
import { useDatabase } from '../../shared/database/database-provider';
import { useObservable } from '../../shared/database/use-observable';
import { useFavorites } from '../../shared/favorites/favorites-context';
import { Pagination } from '../../shared/listing/pagination';
import { SortSelect } from '../../shared/listing/sort-select';
import { useNotify } from '../../shared/notifications/notifications';
import { useSession } from '../../shared/session/session-context';
import { to } from '../../routes/paths';
import controls from '../../shared/listing/listing-controls.module.css';
import styles from './favorites-page.module.css';

/** docs/product-rules.md §9: the listing sorts plus Popularity and By supplier. */
const FAVORITE_SORT_LABELS: Record<FavoriteSort, MessageDescriptor> = {
  latest: msg`Latest`,
  popularity: msg`Popularity`,
  supplier: msg`By supplier`,
  price_asc: msg`Price low to high`,
  price_desc: msg`Price high to low`,
  name_az: msg`Alphabetical`,
  category: msg`By category`,
};

/** Pieces of each sku in the buyer's orders on this device: the favourites' "Popularity". */
function useOrderedCounts(buyerId: string | null): ReadonlyMap<string, number> {
  const db = useDatabase();
  const orders = useObservable(() => (db && buyerId ? observeBuyerOrders(db, buyerId) : null), [db, buyerId]);
  return useMemo(() => {
    const counts = new Map<string, number>();
    for (const order of orders ?? []) {
      for (const line of order.lines) {
        const sku = line.parentSku ?? line.sku;
        counts.set(sku, (counts.get(sku) ?? 0) + line.qty);
      }
    }
    return counts;
  }, [orders]);
}

/**
 * `/my-account/favorites` and `/my-account/favorites/s/{supplier}`: the selected buyer's favourites (decision
 * 022), read from the device, so the page works offline. Sorted by the favourites sorts, narrowed to one
 * supplier, pages of 50; the buyer adds all of them, or those ticked, to the cart at today's prices.
 */
export function Component() {
  const { t } = useLingui();
  const nameOf = useProductName();
  const headingId = useId();
  const db = useDatabase();
  const snapshot = useCatalogSnapshot();
  const { customer, selectedBuyerId } = useSession();
  const { favorites, reSync } = useFavorites();
  const { actions } = useCart();
  const notify = useNotify();
  const { supplier: supplierSlug } = useParams();
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const [now] = useState(() => systemClock.now());
  const price = usePriceView(now);
  const ordered = useOrderedCounts(selectedBuyerId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const sort = parseFavoriteSort(search.get('sort'));
  const pageNumber = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

  // A colleague's favourites arrive with the next pull: ask for it when the page opens.
  useEffect(() => reSync(), [reSync]);

  const suppliers = useMemo(() => (snapshot ? supplierIndex(snapshot) : null), [snapshot]);
  const supplier = supplierSlug ? suppliers?.bySlug.get(supplierSlug) : null;

  const rows = useMemo((): { found: FavoriteRow<ProductDoc>[]; missing: number } => {
    if (!snapshot || !favorites) return { found: [], missing: 0 };
    const found: FavoriteRow<ProductDoc>[] = [];
    let missing = 0;
    for (const favorite of favorites) {
      const product = snapshot.bySku.get(favorite.sku);
      if (!product) {
        missing += 1;
        continue;
      }
      found.push({
        product,
        favoriteSince: favorite.favorite_since,
        ordered: ordered.get(product.sku) ?? 0,
        supplierName: product.supplier_name,
      });
    }
    return { found, missing };
  }, [snapshot, favorites, ordered]);

  const bySupplier = useMemo(() => {
    const counts = new Map<string, { name: string; slug: string | undefined; count: number }>();
    for (const row of rows.found) {
      const id = row.product.supplier_id;
      const entry = counts.get(id) ?? { name: row.supplierName, slug: suppliers?.byId.get(id)?.slug, count: 0 };
      entry.count += 1;
      counts.set(id, entry);
    }
    return [...counts.entries()].sort(([, a], [, b]) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }, [rows.found, suppliers]);

  const shown = useMemo(() => {
    const scoped = supplier ? rows.found.filter((row) => row.product.supplier_id === supplier.id) : rows.found;
    return sortFavorites(scoped, sort, { priceOf: price.priceOf });
  }, [rows.found, supplier, sort, price]);
  const page = paginate(shown, pageNumber);

  const toggle = useCallback((sku: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(sku);
      else next.delete(sku);
      return next;
    });
  }, []);
  const action = useCallback<CardAction>(
    (product, name, at) => (
      <div className={styles.cardActions}>
        <label className={styles.pick}>
          <input type="checkbox" checked={selected.has(product.sku)} onChange={(event) => toggle(product.sku, event.target.checked)} />
          <span className="visually-hidden">{t`Select ${name}`}</span>
        </label>
        <CardQuickAdd product={product} name={name} now={at} />
      </div>
    ),
    [selected, toggle, t],
  );

  if (!snapshot || !favorites) return <ListingLoading />;
  if (supplierSlug && !supplier) return <NotInCatalog />;

  const addToCart = async (products: readonly ProductDoc[]) => {
    if (!db || !customer || !selectedBuyerId || products.length === 0) return;
    setAdding(true);
    try {
      // Variants and bundle options are chosen on the product's page: only simple products go in from here.
      const simple = products.filter((p) => p.type_id === 'simple');
      const lines = simple.map((p) => ({ sku: p.sku, name: nameOf(p), typeId: p.type_id, qty: 1 }));
      const scope = { customerId: customer.id, buyerId: selectedBuyerId };
      const result = await addCatalogLines(db, scope, lines, systemClock.now(), navigator.onLine);
      const skipped = result.skipped + (products.length - simple.length);
      actions?.refreshStock();
      setSelected(new Set());
      notify({
        type: skipped > 0 ? 'warning' : 'success',
        message:
          skipped > 0
            ? t`${result.added} products are in your cart; ${skipped} could not be added (a variant or option is chosen on the product's page, or it is out of stock).`
            : t`The products are in your cart.`,
      });
    } finally {
      setAdding(false);
    }
  };
  const chosen = shown.filter((row) => selected.has(row.product.sku)).map((row) => row.product);
  const heading = supplier ? t`Favourites – ${supplier.name}` : t`Favourites`;
  const hrefOf = (n: number) => {
    const next = new URLSearchParams(search);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    const qs = next.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };

  return (
    <div className={styles.page}>
      <PageHeading>{heading}</PageHeading>
      <span id={headingId} hidden>
        {t`Favourite products`}
      </span>
      {rows.found.length === 0 && rows.missing === 0 ? (
        <p className={styles.empty}>
          <Trans>You have no favourites yet. Tap the heart on a product to keep it here, for your whole company.</Trans>
        </p>
      ) : (
        <>
          <nav aria-label={t`Favourites by supplier`} className={styles.suppliers}>
            <Link to={to.favorites()} className={styles.chip} aria-current={supplier ? undefined : 'page'}>
              <Trans>All suppliers</Trans> ({rows.found.length})
            </Link>
            {bySupplier.map(([id, entry]) =>
              entry.slug ? (
                <Link
                  key={id}
                  to={to.favorites(entry.slug)}
                  className={styles.chip}
                  aria-current={supplier?.id === id ? 'page' : undefined}
                >
                  {entry.name} ({entry.count})
                </Link>
              ) : null,
            )}
          </nav>
          <div className={controls.toolbar}>
            <p className={controls.count} role="status">
              <Plural value={shown.length} one="# product" other="# products" />
            </p>
            <SortSelect
              value={sort}
              options={FAVORITE_SORTS}
              labels={FAVORITE_SORT_LABELS}
              onChange={(next) => setSearch(next === 'latest' ? {} : { sort: next })}
            />
          </div>
          <div className={styles.bulk}>
            <Button
              size="small"
              variant="primary"
              busy={adding}
              disabled={shown.length === 0}
              onClick={() => void addToCart(shown.map((r) => r.product))}
            >
              <Trans>Add all to cart</Trans>
            </Button>
            <Button size="small" busy={adding} disabled={chosen.length === 0} onClick={() => void addToCart(chosen)}>
              <Plural value={chosen.length} _0="Add selected to cart" one="Add # selected to cart" other="Add # selected to cart" />
            </Button>
          </div>
          {rows.missing > 0 ? (
            <p className={styles.note}>
              <Plural
                value={rows.missing}
                one="# favourite is not in the catalogue on this device (it may come with the next sync, or is no longer sold)."
                other="# favourites are not in the catalogue on this device (they may come with the next sync, or are no longer sold)."
              />
            </p>
          ) : null}
          <ProductGrid products={page.items.map((row) => row.product)} labelledBy={headingId} now={now} action={action} />
          <Pagination page={page.page} pageCount={page.pageCount} hrefOf={hrefOf} />
        </>
      )}
    </div>
  );
}
