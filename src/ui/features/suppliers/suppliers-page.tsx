import { useId, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  filterSuppliers,
  parseSupplierFilters,
  SUPPLIER_PAGE_SIZE,
  SUPPLIER_SORTS,
  supplierIndex,
  supplierRegions,
  type SupplierFilters,
  type SupplierSort,
} from '../../../db/queries/supplier-index';
import { paginate } from '../../../domain/listing';
import { PageHeading } from '../../components/page-heading';
import { ListingLoading } from '../../shared/catalog/catalog-states';
import { Pagination } from '../../shared/listing/pagination';
import { useCatalogSnapshot } from '../../shared/catalog/use-catalog-snapshot';
import { SupplierCard } from '../../shared/catalog/supplier-card';
import card from '../../components/card.module.css';
import controls from '../../shared/listing/listing-controls.module.css';
import { RequestButton } from '../../shared/requests/request-dialog';
import styles from './suppliers.module.css';

const SORT_LABELS: Record<SupplierSort, MessageDescriptor> = {
  activation_date: msg`Newest first`,
  name_az: msg`Alphabetical`,
  minimum_order: msg`Lowest minimum order`,
};

/** docs/product-rules.md §4 payment methods: 1 card, 2 cash on delivery, 3 credit, 4 IRIS. */
const PAYMENT_LABELS: Record<number, MessageDescriptor> = {
  1: msg`Card`,
  2: msg`Cash on delivery`,
  3: msg`Credit`,
  4: msg`IRIS`,
};

function toSearch(filters: SupplierFilters, page: number): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.sort !== 'activation_date') search.set('sort', filters.sort);
  if (filters.payment !== null) search.set('payment', String(filters.payment));
  if (filters.credit) search.set('credit', '1');
  if (filters.region) search.set('region', filters.region);
  if (page > 1) search.set('page', String(page));
  return search;
}

function SupplierFiltersForm({
  filters,
  regions,
  onChange,
}: {
  filters: SupplierFilters;
  regions: readonly string[];
  onChange: (f: SupplierFilters) => void;
}) {
  const { t, i18n } = useLingui();
  const sortId = useId();
  const paymentId = useId();
  const regionId = useId();
  return (
    <section className={`${card.card} ${styles.filters}`} aria-label={t`Filters`}>
      <div className={controls.field}>
        <label htmlFor={sortId} className={controls.label}>{t`Sort by`}</label>
        <select
          id={sortId}
          className={controls.select}
          value={filters.sort}
          onChange={(e) => onChange({ ...filters, sort: e.target.value as SupplierSort })}
        >
          {SUPPLIER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {i18n._(SORT_LABELS[sort])}
            </option>
          ))}
        </select>
      </div>
      <div className={controls.field}>
        <label htmlFor={paymentId} className={controls.label}>{t`Payment method`}</label>
        <select
          id={paymentId}
          className={controls.select}
          value={filters.payment ?? ''}
          onChange={(e) => onChange({ ...filters, payment: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t`Any`}</option>
          {[1, 2, 3, 4].map((id) => (
            <option key={id} value={id}>
              {i18n._(PAYMENT_LABELS[id] ?? msg`Any`)}
            </option>
          ))}
        </select>
      </div>
      {regions.length > 0 ? (
        <div className={controls.field}>
          <label htmlFor={regionId} className={controls.label}>{t`Region`}</label>
          <select
            id={regionId}
            className={controls.select}
            value={filters.region ?? ''}
            onChange={(e) => onChange({ ...filters, region: e.target.value || null })}
          >
            <option value="">{t`Any`}</option>
            {regions.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <label className={styles.check}>
        <input type="checkbox" checked={filters.credit} onChange={(e) => onChange({ ...filters, credit: e.target.checked })} />
        {t`Offers credit`}
      </label>
    </section>
  );
}

/** `/suppliers`: active and locked suppliers, 40 per page, newest first; filters live in the URL query (docs/product-rules.md §2). */
export function Component() {
  const { t } = useLingui();
  const headingId = useId();
  const snapshot = useCatalogSnapshot();
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const filters = useMemo(() => parseSupplierFilters(search), [search]);
  const pageNumber = Number.parseInt(search.get('page') ?? '1', 10) || 1;
  if (!snapshot) return <ListingLoading />;
  const index = supplierIndex(snapshot);
  const page = paginate(filterSuppliers(index, filters), pageNumber, SUPPLIER_PAGE_SIZE);
  const hrefOf = (p: number): string => {
    const qs = toSearch(filters, p).toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };
  return (
    <div className={styles.page}>
      <PageHeading>{t`Suppliers`}</PageHeading>
      <p>
        <RequestButton
          label={t`Ask for more suppliers`}
          title={t`Add suppliers request`}
          description={t`Tell the marketplace which suppliers you would like to order from; they will contact them for your company.`}
          request={{ kind: 'add_suppliers' }}
        />
      </p>
      <SupplierFiltersForm filters={filters} regions={supplierRegions(index)} onChange={(next) => setSearch(toSearch(next, 1))} />
      <p className={controls.count} role="status" id={headingId}>
        <Plural value={page.total} one="# supplier" other="# suppliers" />
      </p>
      {page.total === 0 ? (
        <p className={controls.empty}>
          <Trans>No suppliers match these filters.</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-labelledby={headingId}>
          {page.items.map((supplier) => (
            <li key={supplier.id}>
              <SupplierCard supplier={supplier} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} hrefOf={hrefOf} />
    </div>
  );
}
