import { Trans } from '@lingui/react/macro';
import { from } from 'rxjs';
import type { AppDatabase } from '../../../db/database';
import { findRelatedProducts } from '../../../db/queries/product-related';
import type { ProductDoc } from '../../../db/schema/products';
import { ProductGrid } from '../../shared/catalog/product-grid';
import { useObservable } from '../../shared/database/use-observable';
import styles from './product-page.module.css';

/** Up to 8 related products (docs/product-rules.md §5, §9); nothing is shown when there are none. */
export function RelatedProducts({ db, product }: { db: AppDatabase; product: ProductDoc }) {
  const related = useObservable(() => from(findRelatedProducts(db, product)), [db, product.sku, product.updated_at]);
  if (!related || related.length === 0) return null;
  return (
    <section className={styles.section}>
      <h2 id="related-heading">
        <Trans>Related products</Trans>
      </h2>
      <ProductGrid products={related} labelledBy="related-heading" headingLevel={3} />
    </section>
  );
}
