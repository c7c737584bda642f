import { useId } from 'react';
import { Link, useMatches, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CatalogSnapshot } from '../../../db/queries/catalog-snapshot';
import { categoryTree } from '../../../db/queries/category-tree';
import { scopedProducts, type ListingScope } from '../../../db/queries/listing-products';
import { supplierIndex } from '../../../db/queries/supplier-index';
import type { CategoryDoc } from '../../../db/schema/categories';
import type { SupplierDoc } from '../../../db/schema/suppliers';
import { PageHeading } from '../../components/page-heading';
import { to } from '../../routes/paths';
import { isPageHandle } from '../../routes/route-handle';
import { Breadcrumbs, type Crumb } from '../../shared/catalog/breadcrumbs';
import { ListingLoading, NotInCatalog } from '../../shared/catalog/catalog-states';
import { useCategoryName } from '../../shared/catalog/use-category-name';
import { ProductListing } from '../../shared/listing/product-listing';
import { useCatalogSnapshot } from '../../shared/catalog/use-catalog-snapshot';
import { LockedSupplierNotice } from '../../shared/catalog/locked-supplier-notice';
import { CategoryTiles } from '../../shared/catalog/category-tiles';
import page from '../../shared/catalog/catalog-page.module.css';
import styles from './category-page.module.css';

/** Which of the docs/product-rules.md §2 category routes matched: with subcategories ("/all") or not. */
function useWithSubcategories(): boolean {
  const page = useMatches().findLast((match) => isPageHandle(match.handle))?.handle;
  return (
    isPageHandle(page) &&
    (page.page === 'categoryWithSubcategories' || page.page === 'categoryWithSubcategoriesOfSupplier' || page.page === 'supplierProducts')
  );
}

/**
 * `/c/{slug}`, `/c/{slug}/all`, `/c/{slug}/s/{supplier}`, `/c/{slug}/all/s/{supplier}` and
 * `/c/all/s/{supplier}`, all read from the in-memory catalogue snapshot (works offline).
 */
export function Component() {
  const { slug = 'all', supplier: supplierSlug } = useParams();
  const withSubcategories = useWithSubcategories();
  const snapshot = useCatalogSnapshot();
  if (!snapshot) return <ListingLoading />;
  const category = slug === 'all' && supplierSlug ? null : (categoryTree(snapshot).bySlug.get(slug) ?? undefined);
  const supplier = supplierSlug ? supplierIndex(snapshot).bySlug.get(supplierSlug) : null;
  if (category === undefined || (category && !category.is_active) || supplier === undefined || supplier?.status === 'inactive') {
    return <NotInCatalog />;
  }
  return <CategoryView snapshot={snapshot} category={category} supplier={supplier} withSubcategories={withSubcategories} />;
}

interface CategoryViewProps {
  snapshot: CatalogSnapshot;
  /** null: every category (/c/all/s/{supplier}). */
  category: CategoryDoc | null;
  supplier: SupplierDoc | null;
  withSubcategories: boolean;
}

function useCrumbs(snapshot: CatalogSnapshot, category: CategoryDoc | null, supplier: SupplierDoc | null): Crumb[] {
  const nameOf = useCategoryName();
  const crumbs: Crumb[] = [];
  if (supplier) crumbs.push({ label: supplier.name, to: to.supplier(supplier.slug) });
  if (category) {
    for (const c of categoryTree(snapshot).pathOf(category.id)) {
      crumbs.push({ label: nameOf(c), to: to.category(c.slug, supplier ? { supplier: supplier.slug } : {}) });
    }
  }
  return crumbs;
}

function CategoryView({ snapshot, category, supplier, withSubcategories }: CategoryViewProps) {
  const { t } = useLingui();
  const headingId = useId();
  const nameOf = useCategoryName();
  const crumbs = useCrumbs(snapshot, category, supplier);
  const categoryName = category ? nameOf(category) : t`All products`;
  const heading = supplier ? `${categoryName} – ${supplier.name}` : categoryName;
  const children = category && !withSubcategories ? categoryTree(snapshot).childrenOf(category.id) : [];
  const ownScope: ListingScope = {
    categoryId: category?.id ?? null,
    includeSubcategories: withSubcategories,
    supplierId: supplier?.id ?? null,
  };
  // A parent category without products of its own lists everything below it: tiles narrow it down.
  const scope: ListingScope =
    children.length > 0 && scopedProducts(snapshot, ownScope).length === 0 ? { ...ownScope, includeSubcategories: true } : ownScope;
  const supplierOption = supplier ? { supplier: supplier.slug } : {};
  if (supplier && category === null) crumbs.push({ label: categoryName });
  return (
    <div className={page.page}>
      <Breadcrumbs crumbs={crumbs} />
      <PageHeading>{heading}</PageHeading>
      <span id={headingId} hidden>
        {t`Products of ${heading}`}
      </span>
      {children.length > 0 && category ? (
        <nav aria-label={t`Subcategories`}>
          <CategoryTiles categories={children} linkOf={(child) => to.category(child.slug, supplierOption)} />
          <p>
            <Link className={styles.allLink} to={to.category(category.slug, { ...supplierOption, withSubcategories: true })}>
              <Trans>All products in {categoryName}</Trans>
            </Link>
          </p>
        </nav>
      ) : null}
      {supplier?.status === 'locked' ? (
        <LockedSupplierNotice supplier={supplier} />
      ) : (
        <ProductListing
          key={`${scope.categoryId}|${scope.supplierId}|${scope.includeSubcategories}`}
          snapshot={snapshot}
          scope={scope}
          labelledBy={headingId}
        />
      )}
    </div>
  );
}
