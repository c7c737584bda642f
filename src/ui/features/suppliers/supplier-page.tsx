import { useId } from 'react';
import { useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CatalogSnapshot } from '../../../db/queries/catalog-snapshot';
import { categoryTree } from '../../../db/queries/category-tree';
import { scopedProducts, type ListingScope } from '../../../db/queries/listing-products';
import { supplierIndex } from '../../../db/queries/supplier-index';
import type { SupplierDoc } from '../../../db/schema/suppliers';
import { PageHeading } from '../../components/page-heading';
import { to } from '../../routes/paths';
import { useFormatMoney } from '../../shared/i18n/use-formatters';
import { useLocale } from '../../shared/i18n/locale-provider';
import { Breadcrumbs } from '../../shared/catalog/breadcrumbs';
import { ListingLoading, NotInCatalog } from '../../shared/catalog/catalog-states';
import { ProductListing } from '../../shared/listing/product-listing';
import { useCatalogSnapshot } from '../../shared/catalog/use-catalog-snapshot';
import { LockedSupplierNotice } from '../../shared/catalog/locked-supplier-notice';
import card from '../../components/card.module.css';
import listing from '../../shared/catalog/catalog-page.module.css';
import { CategoryTiles } from '../../shared/catalog/category-tiles';
import styles from './suppliers.module.css';

/** `/s/{slug}`: who the supplier is, its top categories and its products (docs/product-rules.md §2). Inactive suppliers are not shown. */
export function Component() {
  const { slug = '' } = useParams();
  const snapshot = useCatalogSnapshot();
  if (!snapshot) return <ListingLoading />;
  const supplier = supplierIndex(snapshot).bySlug.get(slug);
  if (!supplier || supplier.status === 'inactive') return <NotInCatalog />;
  return <SupplierView snapshot={snapshot} supplier={supplier} />;
}

function About({ supplier }: { supplier: SupplierDoc }) {
  const formatMoney = useFormatMoney();
  const { locale } = useLocale();
  const description = locale === 'el-GR' ? supplier.description : supplier.description_en || supplier.description;
  const delivery = locale === 'el-GR' ? supplier.delivery_time_el || supplier.delivery_time : supplier.delivery_time;
  const minimum = formatMoney(supplier.minimum_order);
  return (
    <section className={`${card.card} ${card.roomy} ${styles.about}`}>
      {description ? <p>{description}</p> : null}
      <p>
        <Trans>Minimum order {minimum}</Trans>
        {delivery ? (
          <>
            {' · '}
            <Trans>Delivery {delivery}</Trans>
          </>
        ) : null}
      </p>
    </section>
  );
}

function SupplierView({ snapshot, supplier }: { snapshot: CatalogSnapshot; supplier: SupplierDoc }) {
  const { t } = useLingui();
  const headingId = useId();
  const scope: ListingScope = { categoryId: null, includeSubcategories: true, supplierId: supplier.id };
  const own = new Set(scopedProducts(snapshot, scope).flatMap((p) => p.category_ids));
  const tops = categoryTree(snapshot).tops.filter((c) => own.has(c.id));
  return (
    <div className={listing.page}>
      <Breadcrumbs crumbs={[{ label: t`Suppliers`, to: to.suppliers() }, { label: supplier.name }]} />
      <PageHeading>{supplier.name}</PageHeading>
      <span id={headingId} hidden>
        {t`Products of ${supplier.name}`}
      </span>
      <About supplier={supplier} />
      {supplier.status === 'locked' ? (
        <LockedSupplierNotice supplier={supplier} />
      ) : (
        <>
          {tops.length > 0 ? (
            <nav aria-label={t`Categories of ${supplier.name}`}>
              <CategoryTiles
                categories={tops}
                linkOf={(category) => to.category(category.slug, { supplier: supplier.slug, withSubcategories: true })}
              />
            </nav>
          ) : null}
          <ProductListing key={supplier.id} snapshot={snapshot} scope={scope} labelledBy={headingId} />
        </>
      )}
    </div>
  );
}
