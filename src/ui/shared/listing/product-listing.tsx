import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CatalogSnapshot } from '../../../db/queries/catalog-snapshot';
import { scopedProducts, sortedListing, type ListingScope } from '../../../db/queries/listing-products';
import { systemClock } from '../../../domain/clock';
import { filterProducts, listingQueryToSearch, paginate, parseListingQuery, type ListingQuery } from '../../../domain/listing';
import { isAtLeast } from '../../styles/breakpoints';
import { useNotify } from '../notifications/notifications';
import { buildFacets } from './facets';
import { FiltersPanel } from './filters-panel';
import { Pagination } from './pagination';
import { cardQuickAdd } from '../cart/add-to-cart';
import { PriceAppearanceButton } from '../catalog/price-appearance';
import { ProductGrid } from '../catalog/product-grid';
import { SortSelect } from './sort-select';
import { usePriceView } from '../catalog/use-catalog-snapshot';
import card from '../../components/card.module.css';
import styles from './listing-controls.module.css';

interface ProductListingProps {
  snapshot: CatalogSnapshot;
  scope: ListingScope;
  /** id of the page heading that names the product list. */
  labelledBy: string;
  /** Injected in tests and the benchmark; special prices are checked against it. */
  now?: number;
}

/** docs/product-rules.md §8: an empty category warns once per listing, with OK, and shows an empty list. */
function useEmptyCategoryWarning(empty: boolean, scopeKey: string): void {
  const notify = useNotify();
  const { t } = useLingui();
  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (!empty || warned.current === scopeKey) return;
    warned.current = scopeKey;
    notify({
      type: 'warning',
      message: t`No products synchronized for this category. Please come back while online!`,
      timeToLive: 0,
      action: { label: t`OK`, onClick: () => undefined },
    });
  }, [empty, scopeKey, notify, t]);
}

/** Sort, filters and page live in the URL query: shareable, and the back button undoes each change. */
function useListingQuery(): [ListingQuery, (next: ListingQuery) => void, (page: number) => string] {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const query = useMemo(() => parseListingQuery(search), [search]);
  const update = useCallback((next: ListingQuery) => setSearch(listingQueryToSearch(next)), [setSearch]);
  const hrefOf = useCallback(
    (page: number) => {
      const qs = listingQueryToSearch({ ...query, page }).toString();
      return qs ? `${pathname}?${qs}` : pathname;
    },
    [pathname, query],
  );
  return [query, update, hrefOf];
}

/** The shared product list of category, supplier and "all products" pages (pages of 50, docs/product-rules.md §9). */
export function ProductListing({ snapshot, scope, labelledBy, now: fixedNow }: ProductListingProps) {
  const { t } = useLingui();
  const [now] = useState(() => fixedNow ?? systemClock.now());
  const price = usePriceView(now);
  const [query, setQuery, hrefOf] = useListingQuery();
  const scoped = scopedProducts(snapshot, scope);
  const sorted = sortedListing(snapshot, scope, query.sort, price);
  const filtered = useMemo(
    () => filterProducts(sorted, { priceRange: query.priceRange, attributes: query.attributes, priceOf: price.priceOf }),
    [sorted, query.priceRange, query.attributes, price],
  );
  const facets = useMemo(() => buildFacets(scoped), [scoped]);
  const page = paginate(filtered, query.page);
  const scopeKey = `${scope.categoryId}|${scope.includeSubcategories}|${scope.supplierId}`;
  useEmptyCategoryWarning(scoped.length === 0, scopeKey);

  const toggle = (code: string, value: string, on: boolean): void => {
    const current = query.attributes[code] ?? [];
    const values = on ? [...current, value] : current.filter((v) => v !== value);
    setQuery({ ...query, page: 1, attributes: { ...query.attributes, [code]: values } });
  };
  return (
    <div className={styles.layout}>
      <details className={`${card.card} ${card.flush} ${styles.filtersToggle}`} open={isAtLeast('lg')}>
        <summary>{t`Filters`}</summary>
        <FiltersPanel
          priceRange={query.priceRange}
          attributes={query.attributes}
          facets={facets}
          onPriceRange={(priceRange) => setQuery({ ...query, page: 1, priceRange })}
          onToggle={toggle}
          onClear={() => setQuery({ ...query, page: 1, priceRange: null, attributes: {} })}
        />
      </details>
      <div>
        <div className={styles.toolbar}>
          <p className={styles.count} role="status">
            <Plural value={page.total} one="# product" other="# products" />
          </p>
          <div className={styles.toolbarEnd}>
            <PriceAppearanceButton />
            <SortSelect value={query.sort} onChange={(sort) => setQuery({ ...query, page: 1, sort })} />
          </div>
        </div>
        {page.total === 0 ? (
          <p className={styles.empty}>
            {scoped.length === 0 ? <Trans>No products in this category yet.</Trans> : <Trans>No products match these filters.</Trans>}
          </p>
        ) : (
          <ProductGrid products={page.items} labelledBy={labelledBy} now={now} action={cardQuickAdd} atTop />
        )}
        <Pagination page={page.page} pageCount={page.pageCount} hrefOf={hrefOf} />
      </div>
    </div>
  );
}
