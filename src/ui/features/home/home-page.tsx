import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { CatalogSnapshot } from '../../../db/queries/catalog-snapshot';
import { categoryTree } from '../../../db/queries/category-tree';
import { supplierIndex } from '../../../db/queries/supplier-index';
import { systemClock } from '../../../domain/clock';
import { selectBestsellers, selectCarousel, selectNewCollection } from '../../../domain/listing';
import { PageHeading } from '../../components/page-heading';
import { to } from '../../routes/paths';
import { ListingLoading } from '../../shared/catalog/catalog-states';
import { CategoryTiles } from '../../shared/catalog/category-tiles';
import { ProductGrid } from '../../shared/catalog/product-grid';
import { useCatalogSnapshot } from '../../shared/catalog/use-catalog-snapshot';
import { SupplierCard } from '../../shared/catalog/supplier-card';
import styles from './home-page.module.css';

/** The carousel order changes once a day (decision record 010), not on every visit or re-render. */
function daySeed(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Per snapshot: the home lists are a few sorts over the whole catalogue, not worth redoing per render. */
const homeLists = new WeakMap<CatalogSnapshot, { fresh: CatalogSnapshot['products']; best: CatalogSnapshot['products'] }>();
function listsOf(snapshot: CatalogSnapshot) {
  let lists = homeLists.get(snapshot);
  if (!lists) {
    const fresh = selectNewCollection(snapshot.products);
    const best = selectBestsellers(snapshot.products, undefined, new Set(fresh.map((p) => p.sku)));
    lists = { fresh, best };
    homeLists.set(snapshot, lists);
  }
  return lists;
}

function HomeSection({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function HomeView({ snapshot, now }: { snapshot: CatalogSnapshot; now: number }) {
  const { t } = useLingui();
  const ids = { carousel: useId(), fresh: useId(), best: useId(), categories: useId() };
  const carousel = useMemo(() => selectCarousel(supplierIndex(snapshot).listed, daySeed(now)), [snapshot, now]);
  const { fresh, best } = listsOf(snapshot);
  const tops = categoryTree(snapshot).tops;
  return (
    <div className={styles.page}>
      <PageHeading>{t`Home`}</PageHeading>
      {carousel.length > 0 ? (
        <HomeSection title={t`New suppliers`} id={ids.carousel}>
          <ul className={styles.carousel} aria-labelledby={ids.carousel} tabIndex={0}>
            {carousel.map((supplier) => (
              <li key={supplier.id} className={styles.slide}>
                <SupplierCard supplier={supplier} />
              </li>
            ))}
          </ul>
          <Link to={to.suppliers()}>{t`All suppliers`}</Link>
        </HomeSection>
      ) : null}
      {tops.length > 0 ? (
        <HomeSection title={t`Categories`} id={ids.categories}>
          <CategoryTiles categories={tops} linkOf={(category) => to.category(category.slug)} />
        </HomeSection>
      ) : null}
      {fresh.length > 0 ? (
        <HomeSection title={t`New collection`} id={ids.fresh}>
          <ProductGrid products={fresh} labelledBy={ids.fresh} now={now} headingLevel={3} />
        </HomeSection>
      ) : null}
      {best.length > 0 ? (
        <HomeSection title={t`Bestsellers`} id={ids.best}>
          <ProductGrid products={best} labelledBy={ids.best} now={now} headingLevel={3} />
        </HomeSection>
      ) : null}
    </div>
  );
}

/** `/` (docs/product-rules.md §2, §9): supplier carousel, top categories, new collection and bestsellers, from the local catalogue. */
export function Component() {
  const snapshot = useCatalogSnapshot();
  const [now] = useState(() => systemClock.now());
  if (!snapshot) return <ListingLoading />;
  return <HomeView snapshot={snapshot} now={now} />;
}
